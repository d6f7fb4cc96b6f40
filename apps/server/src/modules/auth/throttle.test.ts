import { authContract } from '@boreline/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, type BuiltUser, call, imageCaptcha, loginV1, signIn } from '../../../test/factories.js';
import { ADMIN, createTestApp, envelope, type TestApp } from '../../../test/testApp.js';
import { SLIDE_TEST_X } from './captcha.service.js';
import { ISSUE_LIMITS, SIGN_IN_LIMITS } from './throttle.js';

const M = '/server_main';
const LOCKED = /^Too many attempts, please try again in \d+ min$/;
const PUZZLE = 'Many failed sign-ins for this account or from this network: please sign in with the slide puzzle';

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

  it('refuses an address that failed 5 times on an account, on every path, and only that address', async () => {
    const user = await buildUser(t.db);
    const p = paths(t);
    const stranger = '10.1.0.1';
    for (let i = 0; i < SIGN_IN_LIMITS.failuresPerPair; i += 1) {
      const wrong = envelope(await p.v1(i % 2 ? user.email : user.phone, 'wrong-password', stranger));
      expect(wrong.msg).toBe('Wrong account or password');
    }
    const v1 = await p.v1(user.phone, user.password, stranger);
    expect(v1.statusCode).toBe(429);
    expect(Number(v1.headers['retry-after'])).toBeGreaterThan(0);
    expect(envelope(v1)).toMatchObject({ code: 3, msg: expect.stringMatching(LOCKED) });
    expect(envelope(await p.v2(user.email, user.password, stranger)).msg).toMatch(LOCKED);
    expect(envelope(await p.v3(user.phone, '123456', stranger)).msg).toMatch(LOCKED);
    // The owner, from their own address, is not refused.
    expect(envelope(await p.v1(user.email, user.password, '10.1.9.9')).code).toBe(0);
    const log = await t.db.kysely.selectFrom('login_logs').select('result').where('account', 'in', [user.phone, user.email]).execute();
    expect(log.filter((r) => r.result === 'throttled').length).toBe(3);
    expect(log.filter((r) => r.result === 'success').length).toBe(1);
  });

  it('a stranger failing many times from other addresses never stops the super administrator signing in', async () => {
    // An app of its own: the super administrator's account stays under pressure for the window.
    const own = await createTestApp();
    try {
      await strangerThenOwner(own);
    } finally {
      await own.close();
    }
  });

  async function strangerThenOwner(app: TestApp) {
    const p = paths(app);
    let refused = 0;
    // A stranger solving puzzles from six addresses, each past its own limit: 30 failures, each 6th try refused.
    for (let a = 0; a < 6; a += 1) {
      for (let i = 0; i <= SIGN_IN_LIMITS.failuresPerPair; i += 1) {
        const answer = await p.v2(i % 2 ? ADMIN.email : ADMIN.phone, 'guessed-password', `10.8.${a}.1`);
        if (answer.statusCode === 429) refused += 1;
        else expect(envelope(answer).msg).toBe('Wrong account or password');
      }
    }
    expect(refused).toBe(6);
    const owner = '10.8.99.1';
    // With the right password the owner gets in: the image captcha is no longer enough, the puzzle is.
    const first = await p.v1(ADMIN.email, ADMIN.password, owner);
    expect(first.statusCode).toBe(400);
    expect(envelope(first)).toEqual({ code: 3, msg: PUZZLE, data: authContract.PUZZLE_REQUIRED });
    const second = envelope(await p.v2(ADMIN.email, ADMIN.password, owner));
    expect(second.code).toBe(0);
    expect((second.data as { user: { sa: boolean } }).user.sa).toBe(true);
    // And the SMS path is not refused to the owner either.
    expect(envelope(await p.v3(ADMIN.phone, '000000', owner)).msg).toBe('The SMS code is wrong or has expired');
  }

  it('counts an IPv6 network as one address: rotating within it does not reset the limit', async () => {
    const user = await buildUser(t.db);
    const p = paths(t);
    for (let i = 1; i <= SIGN_IN_LIMITS.failuresPerPair; i += 1) {
      expect(envelope(await p.v1(user.phone, 'wrong-password', `2001:db8:7:1::${i}`)).msg).toBe('Wrong account or password');
    }
    expect(envelope(await p.v1(user.phone, user.password, '2001:db8:7:1:ffff::99')).msg).toMatch(LOCKED);
    expect(envelope(await p.v1(user.phone, user.password, '2001:db8:7:2::1')).code).toBe(0);
  });

  it('refuses v3 after 5 wrong SMS codes from one address, not the owner elsewhere', async () => {
    const user = await buildUser(t.db);
    const p = paths(t);
    for (let i = 0; i < SIGN_IN_LIMITS.failuresPerPair; i += 1) {
      expect(envelope(await p.v3(user.phone, '000000', '10.2.0.1')).msg).toBe('The SMS code is wrong or has expired');
    }
    expect(envelope(await p.v1(user.phone, user.password, '10.2.0.1')).msg).toMatch(LOCKED);
    expect(envelope(await p.v1(user.phone, user.password, '10.2.1.1')).code).toBe(0);
  });

  it('a crew behind one address keeps signing in while some members mistype', async () => {
    const nat = '10.3.0.1';
    const p = paths(t);
    const crew = await Promise.all(Array.from({ length: 16 }, () => buildUser(t.db)));
    const mistyping = crew.slice(0, 6);
    // Six members mistype their password six times each: 30 failures from the one address.
    for (const member of mistyping) {
      for (let i = 0; i <= SIGN_IN_LIMITS.failuresPerPair; i += 1) await p.v1(member.phone, 'fat-fingered', nat);
    }
    const [first] = mistyping as [BuiltUser];
    expect(envelope(await p.v1(first.phone, first.password, nat)).msg).toMatch(LOCKED);
    // Everyone else signs in with the right password, with the slide puzzle once the address is busy.
    for (const member of crew.slice(mistyping.length)) {
      const byImage = await p.v1(member.email, member.password, nat);
      expect(byImage.statusCode).not.toBe(429);
      const body = envelope(byImage);
      if (body.code !== 0) {
        expect(body).toMatchObject({ code: 3, msg: PUZZLE, data: authContract.PUZZLE_REQUIRED });
        expect(envelope(await p.v2(member.email, member.password, nat)).code).toBe(0);
      }
    }
    // Past the address's limit, the image captcha alone no longer lets a password be tried from there.
    const next = crew.at(-1) as BuiltUser;
    expect(envelope(await p.v1(next.phone, next.password, nat)).data).toEqual(authContract.PUZZLE_REQUIRED);
    expect(envelope(await p.v1(next.phone, next.password, '10.3.0.2')).code).toBe(0);
  });

  it('answers an unknown account exactly as a known one, through every limit', async () => {
    const known = await buildUser(t.db);
    const p = paths(t);
    const answers = async (account: string, net: string) => {
      const seen: unknown[] = [];
      for (const ip of [`${net}.1`, `${net}.2`]) {
        for (let i = 0; i <= SIGN_IN_LIMITS.failuresPerPair; i += 1) {
          const r = await p.v1(account, 'not-the-password', ip);
          seen.push([r.statusCode, envelope(r)]);
        }
      }
      const r = await p.v1(account, 'not-the-password', `${net}.3`);
      seen.push([r.statusCode, envelope(r)]);
      return seen;
    };
    const forKnown = await answers(known.phone, '10.9.1');
    const forUnknown = await answers('13800000999', '10.9.2');
    expect(forUnknown).toEqual(forKnown);
    expect(forKnown.at(-1)).toEqual([400, { code: 3, msg: PUZZLE, data: authContract.PUZZLE_REQUIRED }]);
  });

  it('counts wrong captchas against the address: a password from there then needs the puzzle', async () => {
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
    expect(envelope(await loginV1(t.app, user.phone, user.password, { ip })).data).toEqual(authContract.PUZZLE_REQUIRED);
    expect(envelope(await paths(t).v2(user.phone, user.password, ip)).code).toBe(0);
  });

  it('refuses the own-password change after 5 wrong originals', async () => {
    const user = await buildUser(t.db);
    const token = await signIn(t.app, user.phone, user.password, { ip: '10.5.0.1' });
    const change = (oldPassword: string) =>
      call(t.app, 'POST', `${M}/u/web/sys/user/changePwd/v1`, {
        token,
        ip: '10.5.0.1',
        payload: { oldPassword, newPassword: 'Another-pass-1', confirmPassword: 'Another-pass-1' },
      });
    for (let i = 0; i < SIGN_IN_LIMITS.failuresPerPair; i += 1) {
      expect(envelope(await change('wrong-original')).msg).toBe('The original password is wrong');
    }
    expect(envelope(await change(user.password)).msg).toMatch(LOCKED);
  });

  it("refuses the administrator reset after 5 wrong administrator passwords", async () => {
    const target = await buildUser(t.db);
    const token = await signIn(t.app, ADMIN.email, ADMIN.password, { ip: '10.6.0.1' });
    const reset = (adminPassword: string) =>
      call(t.app, 'POST', `${M}/u/web/sys/user/resetWebPwdByUserId/v1`, {
        token,
        ip: '10.6.0.1',
        payload: { userId: target.id, adminPassword, newPassword: 'Reset-pass-123', confirmPassword: 'Reset-pass-123' },
      });
    for (let i = 0; i < SIGN_IN_LIMITS.failuresPerPair; i += 1) {
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
