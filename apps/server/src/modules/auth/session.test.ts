import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, call, signIn } from '../../../test/factories.js';
import { createTestApp, envelope, type TestApp } from '../../../test/testApp.js';

const ME = '/server_main/u/web/sys/user/queryUserInfo/v1';
const LOGOUT = '/server_main/g/web/sys/logout/v1';
const FORCED = 'The current account has logged in at another location, you are forced to offline.';
const EXPIRED = 'Authentication failed or session expired, please sign in again';

describe('sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SESSION_IDLE_MINUTES: '30', SESSION_ABSOLUTE_HOURS: '12' });
  });
  afterAll(() => t.close());

  describe('POST /u/web/sys/user/queryUserInfo/v1', () => {
    it('returns the signed-in user with a Bearer or a bare token', async () => {
      const user = await buildUser(t.db, { nickname: 'Night shift engineer' });
      const token = await signIn(t.app, user.phone, user.password);
      for (const authorization of [token, `Bearer ${token}`]) {
        const response = await t.app.inject({ method: 'POST', url: ME, headers: { authorization }, payload: {} });
        expect(envelope(response)).toMatchObject({
          code: 0,
          data: { user: { id: user.id, nickname: 'Night shift engineer', sa: false, zb: false }, resources: [] },
        });
      }
    });

    it('answers code 1 (HTTP 401) without a token, with a malformed one and with an unknown one', async () => {
      for (const headers of [{}, { authorization: 'x' }, { authorization: 'A'.repeat(43) }]) {
        const response = await t.app.inject({ method: 'POST', url: ME, headers, payload: {} });
        expect(response.statusCode).toBe(401);
        expect(envelope(response)).toEqual({ code: 1, msg: EXPIRED, data: { reason: 'expired' } });
      }
    });
  });

  it('stores only a hash of the token', async () => {
    const user = await buildUser(t.db);
    const token = await signIn(t.app, user.phone, user.password);
    const rows = await t.db.kysely.selectFrom('sessions').select('token_hash').where('user_id', '=', user.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]?.token_hash).not.toContain(token);
  });

  it('forces the old session offline when the account signs in elsewhere, in the caller language', async () => {
    const user = await buildUser(t.db);
    const first = await signIn(t.app, user.phone, user.password, { ip: '10.9.0.1' });
    const second = await signIn(t.app, user.email, user.password, { ip: '10.9.0.2' });
    const old = await call(t.app, 'POST', ME, { token: first, payload: {} });
    expect(old.statusCode).toBe(401);
    expect(envelope(old)).toEqual({ code: 1, msg: FORCED, data: { reason: 'forced_offline' } });
    const oldZh = envelope(await call(t.app, 'POST', ME, { token: first, payload: {}, lang: 'zh_CN' }));
    expect(oldZh.code).toBe(1);
    expect(oldZh.msg).not.toBe(FORCED);
    expect(envelope(await call(t.app, 'POST', ME, { token: second, payload: {} })).code).toBe(0);
  });

  describe('GET /g/web/sys/logout/v1', () => {
    it('ends the session: the token answers code 1 afterwards', async () => {
      const user = await buildUser(t.db);
      const token = await signIn(t.app, user.phone, user.password);
      const out = envelope(await call(t.app, 'GET', LOGOUT, { token }));
      expect(out).toEqual({ code: 0, msg: 'Signed out', data: null });
      expect(envelope(await call(t.app, 'POST', ME, { token, payload: {} }))).toEqual({ code: 1, msg: EXPIRED, data: { reason: 'expired' } });
    });

    it('answers success without a session (the client is logging out anyway)', async () => {
      expect(envelope(await call(t.app, 'GET', LOGOUT)).code).toBe(0);
    });
  });

  it('expires a session idle for longer than the idle limit', async () => {
    const user = await buildUser(t.db);
    const token = await signIn(t.app, user.phone, user.password);
    expect(envelope(await call(t.app, 'POST', ME, { token, payload: {} })).code).toBe(0);
    await t.db.kysely.updateTable('sessions').set({ last_seen_at: Date.now() - 31 * 60_000 }).where('user_id', '=', user.id).execute();
    expect(envelope(await call(t.app, 'POST', ME, { token, payload: {} })).code).toBe(1);
  });

  it('keeps an active session alive past the idle limit counted from sign-in', async () => {
    const user = await buildUser(t.db);
    const token = await signIn(t.app, user.phone, user.password);
    await t.db.kysely
      .updateTable('sessions')
      .set({ created_at: Date.now() - 3 * 3_600_000, last_seen_at: Date.now() - 20 * 60_000 })
      .where('user_id', '=', user.id)
      .execute();
    expect(envelope(await call(t.app, 'POST', ME, { token, payload: {} })).code).toBe(0);
    const row = await t.db.kysely.selectFrom('sessions').select('last_seen_at').where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(Date.now() - row.last_seen_at).toBeLessThan(60_000);
  });

  it('ends every session at its absolute expiry, however active', async () => {
    const user = await buildUser(t.db);
    const token = await signIn(t.app, user.phone, user.password);
    await t.db.kysely.updateTable('sessions').set({ expires_at: Date.now() - 1 }).where('user_id', '=', user.id).execute();
    expect(envelope(await call(t.app, 'POST', ME, { token, payload: {} })).code).toBe(1);
  });

  it('ends the session of an account disabled meanwhile, at its very next call', async () => {
    const user = await buildUser(t.db);
    const token = await signIn(t.app, user.phone, user.password);
    await t.db.kysely.updateTable('users').set({ enabled: 0 }).where('id', '=', user.id).execute();
    expect(envelope(await call(t.app, 'POST', ME, { token, payload: {} })).code).toBe(1);
  });
});
