import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, call, imageCaptcha, loginV1, signIn } from '../../../test/factories.js';
import { ADMIN, createTestApp, envelope, TEST_CAPTCHA, type TestApp } from '../../../test/testApp.js';

const M = '/server_main';
const ME = `${M}/u/web/sys/user/queryUserInfo/v1`;

describe('accounts and passwords', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  describe('POST /g/sys/user/register/v1', () => {
    let n = 0;
    const register = async (overrides: Record<string, unknown> = {}, ip = '10.20.0.1') => {
      n += 1;
      const state = await imageCaptcha(t.app, ip);
      return t.app.inject({
        method: 'POST',
        url: `${M}/g/sys/user/register/v1`,
        remoteAddress: ip,
        payload: {
          phone: `1550000000${n}`,
          nickname: 'Site engineer',
          email: `Reg${n}@Example.test`,
          newPassword: 'Tunnel-2026!',
          confirmPassword: 'Tunnel-2026!',
          acceptPrivacy: true,
          confirmAdult: true,
          state,
          captcha: TEST_CAPTCHA,
          ...overrides,
        },
      });
    };

    it('creates an account that can sign in by its lower-cased e-mail', async () => {
      const response = await register({ phone: '15512345678', email: 'New.User@Example.test' });
      expect(envelope(response)).toMatchObject({ code: 0, msg: 'Registered, please sign in' });
      expect(envelope(await loginV1(t.app, 'new.user@example.test', 'Tunnel-2026!')).code).toBe(0);
    });

    it('refuses inconsistent passwords with the spec text', async () => {
      const body = envelope(await register({ confirmPassword: 'Something-else1' }));
      expect(body.code).toBe(3);
      expect(body.msg).toBe('Confirm password: The two passwords are inconsistent');
    });

    it('requires the privacy consent and the 18+ confirmation', async () => {
      expect(envelope(await register({ acceptPrivacy: false })).msg).toBe('Privacy policy: Please read and accept the privacy policy');
      expect(envelope(await register({ confirmAdult: undefined })).msg).toBe('Age: You must be 18 or older to use this service');
    });

    it('validates phone, e-mail, name and password length', async () => {
      expect(envelope(await register({ phone: '123456789012345678901' })).msg).toContain('Wrong phone format');
      expect(envelope(await register({ email: 'not-an-email' })).msg).toContain('Wrong email format');
      expect(envelope(await register({ nickname: 'x'.repeat(51) })).msg).toBe('Name: At most 50 characters');
      expect(envelope(await register({ newPassword: 'short', confirmPassword: 'short' })).msg).toContain('8 to 64');
    });

    it('refuses a phone or e-mail already taken, and a wrong captcha', async () => {
      const existing = await buildUser(t.db);
      expect(envelope(await register({ phone: existing.phone })).msg).toBe('An account with this phone or email already exists');
      expect(envelope(await register({ email: existing.email.toUpperCase() })).msg).toBe(
        'An account with this phone or email already exists',
      );
      expect(envelope(await register({ captcha: 'NOPE' })).code).toBe(3);
    });
  });

  describe('POST /u/web/sys/user/changePwd/v1', () => {
    const change = (token: string | undefined, payload: object) =>
      call(t.app, 'POST', `${M}/u/web/sys/user/changePwd/v1`, { ...(token ? { token } : {}), payload });

    it('needs a session', async () => {
      const response = await change(undefined, { oldPassword: 'a', newPassword: 'Abcdefgh1', confirmPassword: 'Abcdefgh1' });
      expect(envelope(response).code).toBe(1);
    });

    it('needs the original password and matching new ones', async () => {
      const user = await buildUser(t.db);
      const token = await signIn(t.app, user.phone, user.password);
      expect(envelope(await change(token, { oldPassword: 'wrong-one', newPassword: 'Abcdefgh1', confirmPassword: 'Abcdefgh1' })).msg).toBe(
        'The original password is wrong',
      );
      expect(envelope(await change(token, { oldPassword: user.password, newPassword: 'Abcdefgh1', confirmPassword: 'Abcdefgh2' })).msg).toBe(
        'Confirm password: The two passwords are inconsistent',
      );
    });

    it('changes the password and ends every session of the account', async () => {
      const user = await buildUser(t.db);
      const token = await signIn(t.app, user.phone, user.password);
      const body = envelope(await change(token, { oldPassword: user.password, newPassword: 'Fresh-pass-9', confirmPassword: 'Fresh-pass-9' }));
      expect(body).toEqual({ code: 0, msg: 'Password changed, please sign in again', data: null });
      expect(envelope(await call(t.app, 'POST', ME, { token, payload: {} })).code).toBe(1);
      expect(envelope(await loginV1(t.app, user.phone, user.password, { ip: '10.21.0.1' })).code).toBe(3);
      expect(envelope(await loginV1(t.app, user.phone, 'Fresh-pass-9', { ip: '10.21.0.1' })).code).toBe(0);
    });
  });

  describe('POST /u/web/sys/user/resetWebPwdByUserId/v1', () => {
    const reset = (token: string | undefined, payload: object) =>
      call(t.app, 'POST', `${M}/u/web/sys/user/resetWebPwdByUserId/v1`, { ...(token ? { token } : {}), payload });

    it('answers code 1 without a session and code 2 for a user without the resource', async () => {
      const target = await buildUser(t.db);
      const payload = { userId: target.id, adminPassword: target.password, newPassword: 'Reset-pass-1', confirmPassword: 'Reset-pass-1' };
      expect(envelope(await reset(undefined, payload)).code).toBe(1);
      const plain = await buildUser(t.db);
      const token = await signIn(t.app, plain.phone, plain.password);
      const refused = await reset(token, payload);
      expect(refused.statusCode).toBe(403);
      expect(envelope(refused).code).toBe(2);
      expect(envelope(await loginV1(t.app, target.phone, target.password, { ip: '10.22.0.9' })).code).toBe(0);
    });

    it("needs the administrator's own password, an existing user and valid input", async () => {
      const target = await buildUser(t.db);
      const token = await signIn(t.app, ADMIN.email, ADMIN.password, { ip: '10.22.0.1' });
      const base = { userId: target.id, adminPassword: ADMIN.password, newPassword: 'Reset-pass-1', confirmPassword: 'Reset-pass-1' };
      expect(envelope(await reset(token, { ...base, adminPassword: 'not-admin-pw' })).msg).toBe('The administrator password is wrong');
      expect(envelope(await reset(token, { ...base, userId: 999_999 })).msg).toBe('The user does not exist');
      expect(envelope(await reset(token, { ...base, confirmPassword: 'x' })).code).toBe(3);
      expect(envelope(await reset(token, { ...base, userId: 'abc' })).code).toBe(3);
    });

    it("sets the user's password and ends the user's sessions", async () => {
      const target = await buildUser(t.db);
      const targetToken = await signIn(t.app, target.phone, target.password, { ip: '10.22.1.1' });
      const token = await signIn(t.app, ADMIN.email, ADMIN.password, { ip: '10.22.1.2' });
      const body = envelope(
        await reset(token, { userId: target.id, adminPassword: ADMIN.password, newPassword: 'Reset-pass-1', confirmPassword: 'Reset-pass-1' }),
      );
      expect(body).toEqual({ code: 0, msg: 'Reset successfully', data: null });
      expect(envelope(await call(t.app, 'POST', ME, { token: targetToken, payload: {} })).code).toBe(1);
      expect(envelope(await call(t.app, 'POST', ME, { token, payload: {} })).code).toBe(0);
      expect(envelope(await loginV1(t.app, target.phone, 'Reset-pass-1', { ip: '10.22.1.3' })).code).toBe(0);
    });
  });
});
