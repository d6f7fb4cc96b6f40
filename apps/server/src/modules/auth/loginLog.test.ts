import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, call, loginV1, signIn } from '../../../test/factories.js';
import { ADMIN, createTestApp, envelope, type TestApp } from '../../../test/testApp.js';

const URL = '/server_project/u/user/listLoginLog';

interface Entry {
  account: string;
  userId: number | null;
  ip: string;
  userAgent: string;
  method: string;
  result: string;
  time: number;
}
const page = (data: unknown) => data as { total: number; page: number; pageSize: number; records: Entry[] };

describe('POST /u/user/listLoginLog', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers code 1 without a session', async () => {
    expect(envelope(await call(t.app, 'POST', URL, { payload: {} })).code).toBe(1);
  });

  it("shows a user their own sign-ins only: time, account, address, user agent, result", async () => {
    const user = await buildUser(t.db);
    const other = await buildUser(t.db);
    await loginV1(t.app, user.phone, 'wrong-password', { ip: '10.30.0.1', userAgent: 'Tablet <script>alert(1)</script>' });
    await signIn(t.app, other.phone, other.password, { ip: '10.30.0.2' });
    const token = await signIn(t.app, user.email, user.password, { ip: '10.30.0.3', userAgent: 'Site laptop' });
    const body = envelope(await call(t.app, 'POST', URL, { token, payload: { page: 1, pageSize: 10 } }));
    expect(body.code).toBe(0);
    const { total, records } = page(body.data);
    expect(total).toBe(2);
    expect(records.map((r) => r.result)).toEqual(['success', 'bad_credentials']);
    expect(records[0]).toMatchObject({ account: user.email, ip: '10.30.0.3', userAgent: 'Site laptop', method: 'password_image', userId: user.id });
    expect(records[1]?.userAgent).toBe('Tablet <script>alert(1)</script>');
    expect(records.every((r) => r.account !== other.phone)).toBe(true);
    expect(records[0]?.time).toBeGreaterThan(Date.now() - 60_000);
  });

  it('lets the super administrator read every account with filters and pages', async () => {
    const user = await buildUser(t.db);
    for (let i = 0; i < 3; i += 1) await loginV1(t.app, user.phone, `wrong-${i}-pw`, { ip: '10.31.0.1' });
    const token = await signIn(t.app, ADMIN.email, ADMIN.password, { ip: '10.31.0.2' });
    const filtered = page(envelope(await call(t.app, 'POST', URL, { token, payload: { account: user.phone, result: 'bad_credentials', pageSize: 2 } })).data);
    expect(filtered.total).toBe(3);
    expect(filtered.records).toHaveLength(2);
    const second = page(envelope(await call(t.app, 'POST', URL, { token, payload: { account: user.phone, pageSize: 2, page: 2 } })).data);
    expect(second.records).toHaveLength(1);
    const future = page(envelope(await call(t.app, 'POST', URL, { token, payload: { from: Date.now() + 60_000 } })).data);
    expect(future.total).toBe(0);
  });

  it('validates paging and filters', async () => {
    const token = await signIn(t.app, ADMIN.email, ADMIN.password, { ip: '10.32.0.1' });
    expect(envelope(await call(t.app, 'POST', URL, { token, payload: { pageSize: 500 } })).code).toBe(3);
    expect(envelope(await call(t.app, 'POST', URL, { token, payload: { result: 'maybe' } })).code).toBe(3);
    expect(envelope(await call(t.app, 'POST', URL, { token, payload: { page: 0 } })).code).toBe(3);
  });
});
