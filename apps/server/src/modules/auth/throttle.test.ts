import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, call, imageCaptcha, loginV1, signIn } from '../../../test/factories.js';
import { ADMIN, createTestApp, envelope, type TestApp } from '../../../test/testApp.js';
import { SLIDE_TEST_X } from './captcha.service.js';
import { ISSUE_LIMITS, SIGN_IN_LIMITS } from './throttle.js';

const M = '/server_main';
const LOCKED = /^Too many attempts, please try again in \d+ min$/;

/** Every path that checks a secret, each a function (account, secret, ip) -> answer. */
function paths(t: TestApp) {
  return {
    v1: (account: string, password: string, ip: string) => loginV1(t.app, account, password, { ip }),
    v2: async (account: string, password: string, ip: string) => {
      const puzzle = envelope(await t.app.inject({ method: 'GET', url: `${M}/g/web/sys/getSlideCaptcha/v1`, remoteAddress: ip }));
      const { captchaId } = puzzle.data as { captchaId: string };
      return t.app.inject({
        method: 'POST',
        url: `${M}/g/web/sys/login/v2`,
        remoteAddress: ip,
        payload: { account, password, captchaId, slideX: SLIDE_TEST_X },
      });
    },
    v3: (mobile: string, code: string, ip: string) =>
      t.app.inject({ method: 'POST', url: `${M}/g/web/sys/login/v3`, remoteAddress: ip, payload: { mobile, code } }),
  };
}

describe('sign-in throttling across all sign-in paths', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('locks an account after 5 failures on one path for every other path, even with the right password', async () => {
    const user = await buildUser(t.db);
    const p = paths(t);
    for (let i = 0; i < SIGN_IN_LIMITS.failuresPerAccount; i += 1) {
      const wrong = envelope(await p.v1(user.email, 'wrong-password', `10.1.0.${i}`));
      expect(wrong.msg).toBe('Wrong account or password');
    }
    const v1 = await p.v1(user.phone, user.password, '10.1.1.1');
    expect(v1.statusCode).toBe(429);
    expect(Number(v1.headers['retry-after'])).toBeGreaterThan(0);
    expect(envelope(v1)).toMatchObject({ code: 3, msg: expect.stringMatching(LOCKED) });
    expect(envelope(await p.v2(user.email, user.password, '10.1.1.2')).msg).toMatch(LOCKED);
    expect(envelope(await p.v3(user.phone, '123456', '10.1.1.3')).msg).toMatch(LOCKED);
    const log = await t.db.kysely.selectFrom('login_logs').select('result').where('account', 'in', [user.phone, user.email]).execute();
    expect(log.filter((r) => r.result === 'throttled').length).toBe(3);
    expect(log.filter((r) => r.result === 'success').length).toBe(0);
  });

  it('locks v3 after 5 wrong SMS codes', async () => {
    const user = await buildUser(t.db);
    const p = paths(t);
    for (let i = 0; i < SIGN_IN_LIMITS.failuresPerAccount; i += 1) {
      expect(envelope(await p.v3(user.phone, '000000', `10.2.0.${i}`)).msg).toBe('The SMS code is wrong or has expired');
    }
    expect(envelope(await p.v1(user.phone, user.password, '10.2.1.1')).msg).toMatch(LOCKED);
  });

  it('locks an address after 30 failures across accounts, and not another address', async () => {
    const ip = '10.3.0.1';
    const p = paths(t);
    for (let i = 0; i < SIGN_IN_LIMITS.failuresPerIp; i += 1) {
      const answer = envelope(await p.v1(`1770000${String(i).padStart(4, '0')}`, 'nope-nope', ip));
      expect(answer.code).toBe(3);
    }
    const fresh = await buildUser(t.db);
    expect(envelope(await p.v1(fresh.phone, fresh.password, ip)).msg).toMatch(LOCKED);
    expect(envelope(await p.v2(fresh.phone, fresh.password, ip)).msg).toMatch(LOCKED);
    expect(envelope(await p.v1(fresh.phone, fresh.password, '10.3.0.2')).code).toBe(0);
  });

  it('counts wrong captchas against the address', async () => {
    const ip = '10.4.0.1';
    for (let i = 0; i < SIGN_IN_LIMITS.failuresPerIp; i += 1) {
      const state = await imageCaptcha(t.app, ip);
      await t.app.inject({
        method: 'POST',
        url: `${M}/g/web/sys/login/v1`,
        remoteAddress: ip,
        payload: { account: 'x@example.test', password: 'whatever', state, captcha: 'NOPE' },
      });
    }
    const user = await buildUser(t.db);
    expect(envelope(await loginV1(t.app, user.phone, user.password, { ip })).msg).toMatch(LOCKED);
  });

  it('locks the own-password change after 5 wrong originals', async () => {
    const user = await buildUser(t.db);
    const token = await signIn(t.app, user.phone, user.password, { ip: '10.5.0.1' });
    const change = (oldPassword: string) =>
      call(t.app, 'POST', `${M}/u/web/sys/user/changePwd/v1`, {
        token,
        ip: '10.5.0.1',
        payload: { oldPassword, newPassword: 'Another-pass-1', confirmPassword: 'Another-pass-1' },
      });
    for (let i = 0; i < SIGN_IN_LIMITS.failuresPerAccount; i += 1) {
      expect(envelope(await change('wrong-original')).msg).toBe('The original password is wrong');
    }
    expect(envelope(await change(user.password)).msg).toMatch(LOCKED);
  });

  it("locks the administrator reset after 5 wrong administrator passwords", async () => {
    const target = await buildUser(t.db);
    const token = await signIn(t.app, ADMIN.email, ADMIN.password, { ip: '10.6.0.1' });
    const reset = (adminPassword: string) =>
      call(t.app, 'POST', `${M}/u/web/sys/user/resetWebPwdByUserId/v1`, {
        token,
        ip: '10.6.0.1',
        payload: { userId: target.id, adminPassword, newPassword: 'Reset-pass-123', confirmPassword: 'Reset-pass-123' },
      });
    for (let i = 0; i < SIGN_IN_LIMITS.failuresPerAccount; i += 1) {
      expect(envelope(await reset('wrong-admin-pw')).msg).toBe('The administrator password is wrong');
    }
    expect(envelope(await reset(ADMIN.password)).msg).toMatch(LOCKED);
  });

  it('limits how many captchas one address may ask for in a minute', async () => {
    const ip = '10.7.0.1';
    let refused = 0;
    for (let i = 0; i < ISSUE_LIMITS.captchasPerIpPerMinute + 5; i += 1) {
      const response = await t.app.inject({ method: 'GET', url: `${M}/g/web/sys/getSlideCaptcha/v1`, remoteAddress: ip });
      if (response.statusCode === 429) refused += 1;
    }
    expect(refused).toBe(5);
  });
});
