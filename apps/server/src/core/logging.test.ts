import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, loginV1, signIn } from '../../test/factories.js';
import { ADMIN, createTestApp, type TestApp } from '../../test/testApp.js';

describe('logs', () => {
  let t: TestApp;
  const lines: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: 'debug' }, { logStream: { write: (line) => lines.push(line) } });
  });
  afterAll(() => t.close());

  it('record requests but never a password or a session token', async () => {
    await loginV1(t.app, ADMIN.email, 'Wrong-password-zz9', { ip: '10.40.0.1' });
    const token = await signIn(t.app, ADMIN.email, ADMIN.password, { ip: '10.40.0.2' });
    await call(t.app, 'POST', '/server_main/u/web/sys/user/queryUserInfo/v1', { token, payload: {} });
    await call(t.app, 'GET', '/server_main/g/web/sys/logout/v1', { token });
    const log = lines.join('\n');
    expect(log).toContain('/server_main/g/web/sys/login/v1');
    expect(log).toContain('/server_main/u/web/sys/user/queryUserInfo/v1');
    for (const secret of [ADMIN.password, 'Wrong-password-zz9', token]) expect(log).not.toContain(secret);
  });

  it('never record a token that travels in the path (the H5 view\'s current alarms)', async () => {
    const pathToken = 'h5PathTokenAbCdEfGhIjKlMnOp';
    await call(t.app, 'GET', `/server_project/u/web/alarm/current/query/v1/${pathToken}?runId=1`, {});
    const log = lines.join('\n');
    expect(log).toContain('/server_project/u/web/alarm/current/query/v1/[redacted]');
    expect(log).not.toContain(pathToken);
  });
});
