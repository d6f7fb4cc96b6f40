import { startBuiltServer } from '../../../server/test/builtServer.js';

export const E2E_CAPTCHA = 'E2E1';
export const E2E_ADMIN = { email: 'admin@boreline.local', password: 'E2e-admin-pass-1' } as const;

export interface RunningServer {
  base: string;
  stop(): void;
}

/** The built server with the built app, on a fresh SQLite database, as `npm start` runs it. */
export async function startServer(): Promise<RunningServer> {
  const server = await startBuiltServer({ CAPTCHA_TEST_ANSWER: E2E_CAPTCHA, ADMIN_PASSWORD: E2E_ADMIN.password });
  return { base: `${server.origin}/client_web`, stop: server.stop };
}
