import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, call, signIn } from '../../../test/factories.js';
import { createTestApp, envelope, type TestApp } from '../../../test/testApp.js';

const M = '/server_main';
// Real images: avatars are decoded on upload, not just sniffed by their first bytes.
const PNG = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a7' } }).png().toBuffer();
const JPG = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#a73' } }).jpeg().toBuffer();

function multipart(file: Buffer, filename: string, type: string) {
  const boundary = '----boreline-test-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('personal settings', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  describe('POST /u/web/sys/user/editUserInfo/v1', () => {
    it('answers code 1 without a session', async () => {
      expect(envelope(await call(t.app, 'POST', `${M}/u/web/sys/user/editUserInfo/v1`, { payload: {} })).code).toBe(1);
    });

    it('saves name, e-mail, phone and language, and the account signs in with the new phone', async () => {
      const user = await buildUser(t.db);
      const token = await signIn(t.app, user.phone, user.password);
      const body = envelope(
        await call(t.app, 'POST', `${M}/u/web/sys/user/editUserInfo/v1`, {
          token,
          payload: { nickname: 'Shift lead', email: 'Lead@Example.test', phone: '13512345670', lang: 'it_IT' },
        }),
      );
      expect(body).toMatchObject({ code: 0, msg: 'Saved successfully', data: { nickname: 'Shift lead', email: 'lead@example.test', phone: '13512345670', lang: 'it_IT' } });
      await signIn(t.app, '13512345670', user.password, { ip: '10.50.0.1' });
    });

    it("refuses another account's phone or e-mail and invalid fields", async () => {
      const user = await buildUser(t.db);
      const other = await buildUser(t.db);
      const token = await signIn(t.app, user.phone, user.password);
      const edit = (payload: object) => call(t.app, 'POST', `${M}/u/web/sys/user/editUserInfo/v1`, { token, payload });
      const base = { nickname: 'A', email: user.email, phone: user.phone, lang: 'en_US' };
      expect(envelope(await edit({ ...base, phone: other.phone })).msg).toBe('An account with this phone or email already exists');
      expect(envelope(await edit({ ...base, email: other.email })).msg).toBe('An account with this phone or email already exists');
      expect(envelope(await edit({ ...base, phone: '12ab' })).msg).toContain('Wrong phone format');
      expect(envelope(await edit({ ...base, lang: 'fr_FR' })).code).toBe(3);
      expect(envelope(await edit({ ...base, nickname: '' })).msg).toBe('Name: This field is required');
    });
  });

  describe('POST /u/web/uploadAvatar/v1 and GET /u/web/sys/user/avatar/v1', () => {
    it('answers code 1 without a session', async () => {
      const upload = multipart(PNG, 'me.png', 'image/png');
      const response = await t.app.inject({ method: 'POST', url: `${M}/u/web/uploadAvatar/v1`, ...upload });
      expect(envelope(response).code).toBe(1);
    });

    it('stores a PNG or JPG avatar and serves it back to its owner only', async () => {
      const user = await buildUser(t.db);
      const token = await signIn(t.app, user.phone, user.password);
      const upload = multipart(PNG, '../../etc/passwd.png', 'image/png');
      const response = await t.app.inject({ method: 'POST', url: `${M}/u/web/uploadAvatar/v1`, headers: { ...upload.headers, authorization: token }, payload: upload.payload });
      const body = envelope(response);
      expect(body.code).toBe(0);
      const avatarUrl = (body.data as { avatarUrl: string }).avatarUrl;
      expect(avatarUrl).toMatch(/^\/server_main\/u\/web\/sys\/user\/avatar\/v1\?v=/);
      const image = await call(t.app, 'GET', avatarUrl, { token });
      expect(image.headers['content-type']).toBe('image/png');
      expect(image.rawPayload.equals(PNG)).toBe(true);
      const jpg = multipart(JPG, 'me.jpg', 'image/jpeg');
      const second = envelope(await t.app.inject({ method: 'POST', url: `${M}/u/web/uploadAvatar/v1`, headers: { ...jpg.headers, authorization: token }, payload: jpg.payload }));
      expect((second.data as { avatarUrl: string }).avatarUrl).not.toBe(avatarUrl);
      const other = await buildUser(t.db);
      const otherToken = await signIn(t.app, other.phone, other.password);
      expect(envelope(await call(t.app, 'GET', `${M}/u/web/sys/user/avatar/v1`, { token: otherToken })).msg).toBe('The file does not exist');
    });

    it('refuses a file that is not an image by its bytes, and one over 1 MB', async () => {
      const user = await buildUser(t.db);
      const token = await signIn(t.app, user.phone, user.password);
      const fake = multipart(Buffer.from('<svg onload=alert(1)>'), 'evil.png', 'image/png');
      const notImage = envelope(await t.app.inject({ method: 'POST', url: `${M}/u/web/uploadAvatar/v1`, headers: { ...fake.headers, authorization: token }, payload: fake.payload }));
      expect(notImage).toMatchObject({ code: 3, msg: 'Please choose a JPG or PNG image' });
      const big = multipart(Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]), 'big.png', 'image/png');
      const tooBig = envelope(await t.app.inject({ method: 'POST', url: `${M}/u/web/uploadAvatar/v1`, headers: { ...big.headers, authorization: token }, payload: big.payload }));
      expect(tooBig).toMatchObject({ code: 3, msg: 'The file must be at most 1024 KB' });
      // A real image with an HTML page after it is not an avatar, whatever it is called or declared.
      const html = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
      for (const [data, name, type] of [[Buffer.concat([PNG, html]), 'me.png', 'image/png'], [Buffer.concat([JPG, html]), 'me.jpg', 'image/jpeg'], [Buffer.concat([PNG, html]), 'me.html', 'text/html']] as const) {
        const polyglot = multipart(data, name, type);
        const refused = envelope(await t.app.inject({ method: 'POST', url: `${M}/u/web/uploadAvatar/v1`, headers: { ...polyglot.headers, authorization: token }, payload: polyglot.payload }));
        expect([name, refused.code, refused.msg]).toEqual([name, 3, 'The file holds more than an image: data follows the end of the picture; please save it again as a plain JPG or PNG']);
      }
      const none = envelope(await call(t.app, 'POST', `${M}/u/web/uploadAvatar/v1`, { token, payload: {} }));
      expect(none).toMatchObject({ code: 3, msg: 'Please choose a file' });
      const me = envelope(await call(t.app, 'POST', `${M}/u/web/sys/user/queryUserInfo/v1`, { token, payload: {} }));
      expect((me.data as { user: { avatarUrl: string | null } }).user.avatarUrl).toBeNull();
    });
  });
});
