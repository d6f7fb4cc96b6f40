import { startBuiltServer } from '../../../server/test/builtServer.js';

export const E2E_CAPTCHA = 'E2E1';
export const E2E_ADMIN = { email: 'admin@boreline.local', password: 'E2e-admin-pass-1' } as const;

export interface RunningServer {
  /** `http://127.0.0.1:<port>/client_web` */
  base: string;
  /** `http://127.0.0.1:<port>`, for calls to the API. */
  origin: string;
  stop(): void;
}

/**
 * The built server with the built app, on a fresh SQLite database, as `npm start` runs it.
 * `env` adds or overrides settings (e.g. `DEMO_HISTORY_DAYS` for screens that need figures).
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const server = await startBuiltServer({ CAPTCHA_TEST_ANSWER: E2E_CAPTCHA, ADMIN_PASSWORD: E2E_ADMIN.password, ...env });
  return { base: `${server.origin}/client_web`, origin: server.origin, stop: server.stop };
}
