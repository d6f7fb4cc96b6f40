import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, call, imageCaptcha, loginV1, type BuiltUser } from '../../../test/factories.js';
import { ADMIN, createTestApp, envelope, TEST_CAPTCHA, type TestApp } from '../../../test/testApp.js';
import { SLIDE_TEST_X } from './captcha.service.js';
import type { SmsSender } from './sms.js';
import { ISSUE_LIMITS } from './throttle.js';

const M = '/server_main';
const decodeDataUrl = (dataUrl: string) => Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');

class CapturingSms implements SmsSender {
  readonly sent: { phone: string; text: string }[] = [];
  async send(phone: string, text: string): Promise<void> {
    this.sent.push({ phone, text });
  }
}

describe('sign-in', () => {
  let t: TestApp;
  let user: BuiltUser;
  const sms = new CapturingSms();

  beforeAll(async () => {
    t = await createTestApp({}, { sms });
    user = await buildUser(t.db);
  });
  afterAll(() => t.close());

  describe('GET /g/web/sys/getKaptcha/', () => {
    it('draws the captcha as pixels for the state (a PNG), never as text or glyph outlines', async () => {
      const response = await t.app.inject({ method: 'GET', url: `${M}/g/web/sys/getKaptcha/?state=abcdefghijklmnopq1` });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('image/png');
      expect(response.headers['cache-control']).toBe('no-store');
      const meta = await sharp(response.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'png', width: 240, height: 80 });
      expect(response.rawPayload.toString('latin1')).not.toMatch(/<svg|<path|TEST/i);
    });

    it('refuses a missing or malformed state with code 3', async () => {
      for (const url of [`${M}/g/web/sys/getKaptcha/`, `${M}/g/web/sys/getKaptcha/?state=short`]) {
        const response = await t.app.inject({ method: 'GET', url });
        expect(envelope(response).code, url).toBe(3);
      }
    });
  });

  describe('POST /g/web/sys/login/v1', () => {
    it('signs in by phone or by e-mail in any case and returns a fresh opaque token', async () => {
      const byPhone = envelope(await loginV1(t.app, user.phone, user.password));
      const byMail = envelope(await loginV1(t.app, user.email.toUpperCase(), user.password));
      expect(byPhone.code).toBe(0);
      expect(byMail.code).toBe(0);
      const first = byPhone.data as { token: string; user: { id: number; sa: boolean }; resources: string[] };
      const second = byMail.data as { token: string };
      expect(first.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(second.token).not.toBe(first.token);
      expect(first.user).toMatchObject({ id: user.id, sa: false });
      expect(first.resources).toEqual([]);
    });

    it('gives the super administrator every resource', async () => {
      const body = envelope(await loginV1(t.app, ADMIN.email, ADMIN.password));
      expect(body.code).toBe(0);
      expect((body.data as { resources: string[] }).resources).toContain('admin.user.resetPassword');
    });

    it('answers an unknown account exactly as a wrong password', async () => {
      const wrong = await loginV1(t.app, user.phone, 'not-the-password', { ip: '10.0.0.1' });
      const unknown = await loginV1(t.app, '19999999999', 'not-the-password', { ip: '10.0.0.1' });
      expect(wrong.statusCode).toBe(unknown.statusCode);
      expect(envelope(wrong)).toEqual(envelope(unknown));
      expect(envelope(wrong)).toEqual({ code: 3, msg: 'Wrong account or password', data: null });
    });

    it('refuses a wrong captcha, and a captcha answer works once only', async () => {
      const wrong = envelope(await loginV1(t.app, user.phone, user.password, { captcha: 'ZZZZ', ip: '10.0.0.2' }));
      expect(wrong).toMatchObject({ code: 3, msg: 'The verification code is wrong or has expired, please get a new one' });
      const state = await imageCaptcha(t.app, '10.0.0.2');
      const payload = { account: user.phone, password: user.password, state, captcha: TEST_CAPTCHA };
      const once = await t.app.inject({ method: 'POST', url: `${M}/g/web/sys/login/v1`, payload, remoteAddress: '10.0.0.2' });
      const twice = await t.app.inject({ method: 'POST', url: `${M}/g/web/sys/login/v1`, payload, remoteAddress: '10.0.0.2' });
      expect(envelope(once).code).toBe(0);
      expect(envelope(twice)).toMatchObject({ code: 3, msg: expect.stringContaining('verification code') });
    });

    it('refuses an expired captcha', async () => {
      const state = await imageCaptcha(t.app, '10.0.0.3');
      await t.db.kysely.updateTable('challenges').set({ expires_at: Date.now() - 1 }).where('id', '=', `img:${state}`).execute();
      const response = await t.app.inject({
        method: 'POST',
        url: `${M}/g/web/sys/login/v1`,
        payload: { account: user.phone, password: user.password, state, captcha: TEST_CAPTCHA },
        remoteAddress: '10.0.0.3',
      });
      expect(envelope(response).code).toBe(3);
    });

    it('names every missing field, in the caller language', async () => {
      const response = await t.app.inject({ method: 'POST', url: `${M}/g/web/sys/login/v1`, payload: {}, headers: { lang: 'it_IT' } });
      const body = envelope(response);
      expect(response.statusCode).toBe(400);
      expect(body.code).toBe(3);
      const fields = (body.data as { fields: { field: string }[] }).fields.map((f) => f.field).sort();
      expect(fields).toEqual(['account', 'captcha', 'password', 'state']);
      expect(body.msg).not.toContain('required');
    });

    it('tells a disabled account only after the right password', async () => {
      const disabled = await buildUser(t.db, { enabled: false });
      const wrong = envelope(await loginV1(t.app, disabled.phone, 'nope-nope', { ip: '10.0.0.4' }));
      const right = envelope(await loginV1(t.app, disabled.phone, disabled.password, { ip: '10.0.0.4' }));
      expect(wrong.msg).toBe('Wrong account or password');
      expect(right).toMatchObject({ code: 3, msg: 'This account is disabled, please contact the administrator' });
    });
  });

  describe('GET /g/web/sys/getSlideCaptcha/v1 and POST /g/web/sys/login/v2', () => {
    const slide = async (ip: string) => {
      const body = envelope(await t.app.inject({ method: 'GET', url: `${M}/g/web/sys/getSlideCaptcha/v1`, remoteAddress: ip }));
      expect(body.code).toBe(0);
      return body.data as { captchaId: string; background: string; piece: string; width: number; height: number; pieceSize: number; pieceY: number };
    };
    const login = (captchaId: string, slideX: number, ip: string) =>
      t.app.inject({
        method: 'POST',
        url: `${M}/g/web/sys/login/v2`,
        remoteAddress: ip,
        payload: { account: user.email, password: user.password, captchaId, slideX },
      });

    it('serves a puzzle as two raster images: a JPEG background and a transparent PNG piece', async () => {
      const puzzle = await slide('10.0.1.1');
      expect(puzzle.background).toMatch(/^data:image\/jpeg;base64,/);
      expect(puzzle.piece).toMatch(/^data:image\/png;base64,/);
      const background = await sharp(decodeDataUrl(puzzle.background)).metadata();
      const piece = await sharp(decodeDataUrl(puzzle.piece)).metadata();
      expect(background).toMatchObject({ format: 'jpeg', width: puzzle.width, height: puzzle.height });
      expect(piece).toMatchObject({ format: 'png', width: puzzle.pieceSize, height: puzzle.pieceSize, hasAlpha: true });
      expect(puzzle.width).toBe(300);
      expect(puzzle.pieceY + puzzle.pieceSize).toBeLessThanOrEqual(puzzle.height);
    });

    it('gives a script reading the pictures as markup no gap to find', async () => {
      // The attack on vector pictures: take the background path drawn like the piece's and read its place.
      const attack = (puzzle: { background: string; piece: string }) => {
        const paths = (dataUrl: string) => [...decodeDataUrl(dataUrl).toString('latin1').matchAll(/\bd="M\s*(-?[\d.]+)[^"]*"/g)];
        const shape = (d: string) => d.replace(/-?\d+(\.\d+)?/g, '#');
        const [piece] = paths(puzzle.piece);
        const gap = piece && paths(puzzle.background).find((p) => shape(p[0]) === shape(piece[0]));
        return gap && piece ? Number(gap[1]) - Number(piece[1]) : undefined;
      };
      for (const ip of ['10.0.1.4', '10.0.1.5', '10.0.1.6']) {
        const puzzle = await slide(ip);
        expect(attack(puzzle)).toBeUndefined();
        for (const image of [puzzle.background, puzzle.piece]) expect(decodeDataUrl(image).toString('latin1')).not.toMatch(/<svg|<path/);
      }
    });

    it('signs in when the piece is in its gap, within a few pixels, once', async () => {
      const puzzle = await slide('10.0.1.2');
      expect(envelope(await login(puzzle.captchaId, SLIDE_TEST_X + 3, '10.0.1.2')).code).toBe(0);
      expect(envelope(await login(puzzle.captchaId, SLIDE_TEST_X, '10.0.1.2')).code).toBe(3);
    });

    it('accepts the piece up to five pixels either side of its gap and no further', async () => {
      const tries = [
        [SLIDE_TEST_X - 5, 0],
        [SLIDE_TEST_X + 5, 0],
        [SLIDE_TEST_X - 6, 3],
        [SLIDE_TEST_X + 6, 3],
      ] as const;
      for (const [i, [slideX, code]] of tries.entries()) {
        const ip = `10.0.1.${20 + i}`;
        const puzzle = await slide(ip);
        expect(envelope(await login(puzzle.captchaId, slideX, ip)).code, `slideX ${slideX}`).toBe(code);
      }
    });

    it('validates the puzzle answer', async () => {
      for (const payload of [{}, { account: user.email, password: user.password, captchaId: 'x', slideX: 'left' }]) {
        const response = await t.app.inject({ method: 'POST', url: `${M}/g/web/sys/login/v2`, payload });
        expect(response.statusCode).toBe(400);
        expect(envelope(response).code).toBe(3);
      }
    });

    it('refuses a piece left far from its gap', async () => {
      const puzzle = await slide('10.0.1.3');
      const body = envelope(await login(puzzle.captchaId, SLIDE_TEST_X + 40, '10.0.1.3'));
      expect(body).toMatchObject({ code: 3, msg: expect.stringContaining('verification code') });
    });
  });

  describe('GET /g/web/sys/getMobileCode and POST /g/web/sys/login/v3', () => {
    const askCode = async (mobile: string, ip: string, captcha = TEST_CAPTCHA) => {
      const state = await imageCaptcha(t.app, ip);
      return t.app.inject({
        method: 'GET',
        url: `${M}/g/web/sys/getMobileCode?mobile=${mobile}&state=${state}&captcha=${captcha}`,
        remoteAddress: ip,
      });
    };
    const loginV3 = (mobile: string, code: string, ip: string) =>
      t.app.inject({ method: 'POST', url: `${M}/g/web/sys/login/v3`, remoteAddress: ip, payload: { mobile, code } });

    it('delivers the code through the SMS sender, never in the HTTP answer, and signs in with it', async () => {
      const owner = await buildUser(t.db);
      const response = await askCode(owner.phone, '10.0.2.1');
      expect(envelope(response)).toMatchObject({ code: 0, data: { expiresInSeconds: 300, resendAfterSeconds: 60 } });
      const message = sms.sent.find((m) => m.phone === owner.phone);
      const code = /\b(\d{6})\b/.exec(message?.text ?? '')?.[1] ?? '';
      expect(code).toMatch(/^\d{6}$/);
      expect(response.body).not.toContain(code);
      const login = envelope(await loginV3(owner.phone, code, '10.0.2.1'));
      expect(login.code).toBe(0);
      expect(envelope(await loginV3(owner.phone, code, '10.0.2.1')).code).toBe(3);
    });

    it('answers an unknown number as a known one and sends nothing', async () => {
      const before = sms.sent.length;
      const response = await askCode('18888888888', '10.0.2.2');
      expect(envelope(response).code).toBe(0);
      expect(sms.sent.length).toBe(before);
    });

    it('requires the image captcha and refuses a second code within a minute', async () => {
      const owner = await buildUser(t.db);
      expect(envelope(await askCode(owner.phone, '10.0.2.3', 'WRNG')).code).toBe(3);
      expect(envelope(await askCode(owner.phone, '10.0.2.3')).code).toBe(0);
      const again = envelope(await askCode(owner.phone, '10.0.2.3'));
      expect(again.code).toBe(3);
      expect(again.msg).toMatch(/^Please wait \d+ seconds/);
    });

    it('counts codes sent, not requests answered "please wait", against the hourly limit of a phone', async () => {
      const owner = await buildUser(t.db);
      const ip = '10.0.2.40';
      const sentTo = () => sms.sent.filter((m) => m.phone === owner.phone).length;
      // Six requests within a minute: the first sends, the others are asked to wait.
      expect(envelope(await askCode(owner.phone, ip)).code).toBe(0);
      for (let i = 0; i < 5; i += 1) expect(envelope(await askCode(owner.phone, ip)).msg).toMatch(/^Please wait \d+ seconds/);
      expect(sentTo()).toBe(1);
      const aMinuteLater = () =>
        t.db.kysely
          .updateTable('challenges')
          .set({ created_at: Date.now() - 61_000 })
          .where('id', '=', `sms:${owner.phone}`)
          .execute();
      // A minute later the owner gets a code and signs in with it.
      await aMinuteLater();
      expect(envelope(await askCode(owner.phone, ip)).code).toBe(0);
      const code = /\b(\d{6})\b/.exec(sms.sent.filter((m) => m.phone === owner.phone).at(-1)?.text ?? '')?.[1] ?? '';
      expect(envelope(await loginV3(owner.phone, code, ip)).code).toBe(0);
      // Five codes an hour: the sixth code sent within the hour is refused.
      for (let i = sentTo(); i < ISSUE_LIMITS.smsPerPhonePerHour; i += 1) {
        await aMinuteLater();
        expect(envelope(await askCode(owner.phone, ip)).code).toBe(0);
      }
      expect(sentTo()).toBe(ISSUE_LIMITS.smsPerPhonePerHour);
      await aMinuteLater();
      const refused = await askCode(owner.phone, ip);
      expect(refused.statusCode).toBe(429);
      expect(envelope(refused).msg).toMatch(/^Too many attempts/);
    });

    it('sends one code to requests racing for one phone', async () => {
      const owner = await buildUser(t.db);
      const answers = await Promise.all(Array.from({ length: 4 }, () => askCode(owner.phone, '10.0.2.50')));
      expect(answers.map((a) => envelope(a).code).sort()).toEqual([0, 3, 3, 3]);
      expect(sms.sent.filter((m) => m.phone === owner.phone)).toHaveLength(1);
    });

    it('sends no more codes than the hourly limit of an address to requests racing from it', async () => {
      const owners = await Promise.all(Array.from({ length: ISSUE_LIMITS.smsPerIpPerHour + 5 }, () => buildUser(t.db)));
      const phones = new Set(owners.map((o) => o.phone));
      const before = sms.sent.filter((m) => phones.has(m.phone)).length;
      const answers = await Promise.all(owners.map((o) => askCode(o.phone, '10.0.2.51')));
      expect(answers.filter((a) => envelope(a).code === 0)).toHaveLength(ISSUE_LIMITS.smsPerIpPerHour);
      expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(5);
      expect(sms.sent.filter((m) => phones.has(m.phone)).length - before).toBe(ISSUE_LIMITS.smsPerIpPerHour);
    });

    it('ends a code after five wrong tries', async () => {
      const owner = await buildUser(t.db);
      await askCode(owner.phone, '10.0.2.4');
      const code = /\b(\d{6})\b/.exec(sms.sent.filter((m) => m.phone === owner.phone).at(-1)?.text ?? '')?.[1] ?? '';
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < 5; i += 1) expect(envelope(await loginV3(owner.phone, wrong, `10.0.2.${10 + i}`)).code).toBe(3);
      const left = await t.db.kysely.selectFrom('challenges').select('id').where('id', '=', `sms:${owner.phone}`).execute();
      expect(left).toEqual([]);
      expect(envelope(await loginV3(owner.phone, code, '10.0.2.20')).code).toBe(3);
    });

    it('validates the SMS sign-in: six digits and a phone number', async () => {
      const bad = envelope(await loginV3('13900000000', '12ab', '10.0.2.30'));
      expect(bad).toMatchObject({ code: 3, msg: 'SMS code: The code has 6 digits' });
      expect(envelope(await loginV3('phone', '123456', '10.0.2.30')).msg).toContain('Wrong phone format');
    });

    it('validates the phone format', async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: `${M}/g/web/sys/getMobileCode?mobile=+39abc&state=abcdefghijklmnopq2&captcha=x`,
      });
      expect(envelope(response)).toMatchObject({ code: 3, msg: 'Phone: Wrong phone format (digits only, at most 20)' });
    });
  });

  describe('the embedded SMS outbox (POST /u/web/sys/smsOutbox/query/v1)', () => {
    it('lets the administrator read sent codes, refuses others', async () => {
      const real = await createTestApp();
      try {
        const target = await buildUser(real.db);
        const state = await imageCaptcha(real.app, '10.0.3.1');
        await real.app.inject({
          method: 'GET',
          url: `${M}/g/web/sys/getMobileCode?mobile=${target.phone}&state=${state}&captcha=${TEST_CAPTCHA}`,
          remoteAddress: '10.0.3.1',
        });
        const adminToken = (envelope(await loginV1(real.app, ADMIN.email, ADMIN.password)).data as { token: string }).token;
        const invalid = envelope(await call(real.app, 'POST', `${M}/u/web/sys/smsOutbox/query/v1`, { token: adminToken, payload: { pageSize: 1000 } }));
        expect(invalid.code).toBe(3);
        const outbox = envelope(await call(real.app, 'POST', `${M}/u/web/sys/smsOutbox/query/v1`, { token: adminToken, payload: { phone: target.phone } }));
        expect(outbox.code).toBe(0);
        const page = outbox.data as { total: number; records: { phone: string; text: string }[] };
        expect(page.total).toBe(1);
        expect(page.records[0]?.text).toMatch(/\b\d{6}\b/);
        const userToken = (envelope(await loginV1(real.app, target.phone, target.password, { ip: '10.0.3.2' })).data as { token: string }).token;
        const refused = await call(real.app, 'POST', `${M}/u/web/sys/smsOutbox/query/v1`, { token: userToken, payload: {} });
        expect(refused.statusCode).toBe(403);
        expect(envelope(refused)).toMatchObject({ code: 2, msg: 'Insufficient permissions, please contact the administrator' });
        expect(envelope(await call(real.app, 'POST', `${M}/u/web/sys/smsOutbox/query/v1`, { payload: {} })).code).toBe(1);
      } finally {
        await real.close();
      }
    });
  });
});
