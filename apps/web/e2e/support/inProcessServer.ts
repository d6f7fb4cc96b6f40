import { fileURLToPath } from 'node:url';
import type { MessageCentre } from '../../../server/src/modules/messages/index.js';
import { createTestApp, type TestApp } from '../../../server/test/testApp.js';
import { E2E_ADMIN, E2E_CAPTCHA, type RunningServer } from './server.js';

const webDist = fileURLToPath(new URL('../../dist/', import.meta.url));

export interface InProcessServer extends RunningServer {
  test: TestApp;
  /** The server's own message centre: what a module calls to tell users something. */
  messageCentre: MessageCentre;
}

/**
 * The server with the built app (`npm run build`), in this process on a fresh SQLite database,
 * started as `main.ts` starts it (listen, then the modules' start work: the demo projects and their
 * messages). For flows where the server itself must act while the page is open — a module sending
 * a message — which no endpoint can ask of the built server.
 */
export async function startInProcessServer(env: Record<string, string> = {}): Promise<InProcessServer> {
  const test = await createTestApp({
    WEB_DIST: webDist,
    CAPTCHA_TEST_ANSWER: E2E_CAPTCHA,
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    ...env,
  });
  await test.app.listen({ port: 0, host: '127.0.0.1' });
  await test.app.platform.start();
  const address = test.app.server.address();
  if (typeof address !== 'object' || address === null) throw new Error('not listening');
  const origin = `http://127.0.0.1:${address.port}`;
  return {
    test,
    messageCentre: test.app.platform.services.get('messageCentre'),
    base: `${origin}/client_web`,
    origin,
    stop: () => void test.close(),
  };
}
