import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltServer, startBuiltServer } from './builtServer.js';

/** The built server as `npm start` runs it: a real process on a real port, from another directory. */
describe('built server (smoke)', () => {
  let server: BuiltServer;
  let base: string;
  let dataDir: string;
  let output = '';

  beforeAll(async () => {
    server = await startBuiltServer({ CAPTCHA_TEST_ANSWER: 'SMOKE1' });
    base = server.origin;
    dataDir = server.dataDir;
    output = server.output();
    expect(output).toContain(`Boreline is running: ${base}/client_web/`);
  });

  afterAll(() => server.stop());

  it('answers GET /client_web/ and an app route with the built page', async () => {
    for (const path of ['/client_web/', '/client_web/login']) {
      const response = await fetch(`${base}${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/html');
      expect(await response.text()).toContain('<div id="root"></div>');
    }
  });

  it('prints the first sign-in once and signs in with it over HTTP, then signs out', async () => {
    const password = /Password \(shown this once[^:]*\): (\S+)/.exec(output)?.[1] ?? '';
    expect(password.length).toBeGreaterThanOrEqual(16);
    const state = 'smoke-state-0123456789';
    const captcha = await fetch(`${base}/server_main/g/web/sys/getKaptcha/?state=${state}`);
    expect(captcha.headers.get('content-type')).toContain('image/png');
    const login = await fetch(`${base}/server_main/g/web/sys/login/v1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', lang: 'en_US' },
      body: JSON.stringify({ account: 'admin@boreline.local', password, state, captcha: 'SMOKE1' }),
    });
    const body = (await login.json()) as { code: number; data: { token: string; user: { sa: boolean } } };
    expect(body.code).toBe(0);
    expect(body.data.user.sa).toBe(true);
    const me = await fetch(`${base}/server_main/u/web/sys/user/queryUserInfo/v1`, {
      method: 'POST',
      headers: { authorization: body.data.token, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(((await me.json()) as { code: number }).code).toBe(0);
    const out = await fetch(`${base}/server_main/g/web/sys/logout/v1`, { headers: { authorization: body.data.token } });
    expect(((await out.json()) as { code: number }).code).toBe(0);
    expect(existsSync(join(dataDir, 'boreline.db'))).toBe(true);
  });
});
