import { adminContract, endpointUrl, feedbackContract as c, filesContract, LIMITS, messagesContract } from '@boreline/contracts';
import { type Locale, type MessageKey, translate } from '@boreline/i18n';
import ExcelJS from 'exceljs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, call, imageCaptcha, signIn } from '../../../test/factories.js';
import { ADMIN, createTestApp, envelope, TEST_CAPTCHA, type TestApp } from '../../../test/testApp.js';

type Body = { code: number; msg: string; data: unknown };
type Item = c.FeedbackItem;

const fieldSays = (locale: Locale, field: string, key: MessageKey) =>
  translate(locale, 'common.error.fieldInvalid', { field: translate(locale, `field.${field}` as MessageKey), message: translate(locale, key) });

/** The field problems of a refused input (`data.fields`). */
const problems = (body: Body): { field: string; message: string }[] => (body.data as { fields?: { field: string; message: string }[] } | null)?.fields ?? [];

const XSS = '<img src=x onerror=alert(1)><script>alert(2)</script>';

describe('feedback: the open form, its abuse limits, the administrators list, replies and states', () => {
  let t: TestApp;
  let sa: string;
  /** feedback.record.read and .write in organization A. */
  let adminA: string;
  /** feedback.record.read only, in A. */
  let readerA: string;
  /** Signed in, no feedback code, in A's site (below A). */
  let memberA = { id: 0, token: '' };
  /** Both codes in organization B (another tenant). */
  let adminB: string;
  let memberB = { id: 0, token: '' };
  let ipSequence = 0;
  /** A fresh address per test, so the per-address limit of one test does not reach another. */
  const nextIp = () => `10.97.${Math.floor(ipSequence / 200)}.${(ipSequence++ % 200) + 1}`;

  const post = async (endpoint: { base: 'main' | 'project'; path: string }, payload: object, token?: string, lang = 'en_US', ip = '127.0.0.1'): Promise<Body> =>
    envelope(await call(t.app, 'POST', endpointUrl(endpoint), { payload, lang, ip, ...(token ? { token } : {}) }));
  const data = <T>(body: Body): T => {
    expect(body.code, body.msg).toBe(0);
    return body.data as T;
  };
  /** Sends feedback as a browser would: a captcha first from the same address, then the form. */
  const send = async (fields: object, options: { token?: string; ip?: string; lang?: string; captcha?: string; endpoint?: typeof c.addV1 | typeof c.add } = {}) => {
    const ip = options.ip ?? nextIp();
    const state = await imageCaptcha(t.app, ip);
    return post(options.endpoint ?? c.addV1, { state, captcha: options.captcha ?? TEST_CAPTCHA, ...fields }, options.token, options.lang ?? 'en_US', ip);
  };
  const full = (content: string) => ({ name: 'Giulia', contact: 'giulia@example.it', content });
  const list = async (token: string, filters: object = {}) => data<{ total: number; records: Item[] }>(await post(c.queryList, { page: 1, pageSize: 50, ...filters }, token));

  beforeAll(async () => {
    t = await createTestApp();
    sa = await signIn(t.app, ADMIN.email, ADMIN.password, { ip: '10.97.250.1' });
    const ok = async (endpoint: { path: string }, payload: object) => {
      const body = envelope(await call(t.app, 'POST', `/server_main${endpoint.path}`, { token: sa, payload }));
      expect(body.code, body.msg).toBe(0);
      return Number((body.data as { id?: number }).id);
    };
    const root = (envelope(await call(t.app, 'POST', endpointUrl(adminContract.orgQuery), { token: sa, payload: {} })).data as { id: number }[])[0]?.id ?? 1;
    const orgA = await ok(adminContract.orgAdd, { parentId: root, name: 'Contractor A', type: 'company', sort: 1 });
    const siteA = await ok(adminContract.orgAdd, { parentId: orgA, name: 'Site A', type: 'organization', sort: 1 });
    const orgB = await ok(adminContract.orgAdd, { parentId: root, name: 'Contractor B', type: 'company', sort: 2 });
    const codes = ['menu.feedback.list', 'feedback.record.read', 'feedback.record.write'];
    for (const orgId of [orgA, siteA, orgB]) await ok(adminContract.orgResourcesEdit, { orgId, codes });
    const role = async (orgId: number, name: string, roleCodes: string[]) => {
      const id = await ok(adminContract.roleAdd, { name, kind: 'custom', orgId, sort: 1 });
      await ok(adminContract.roleResourcesUpdate, { roleId: id, codes: roleCodes });
      return id;
    };
    const adminsA = await role(orgA, 'Feedback A', codes);
    const readersA = await role(orgA, 'Feedback readers A', ['feedback.record.read']);
    const adminsB = await role(orgB, 'Feedback B', codes);
    const userIn = async (orgId: number, roleIds: number[], ip: string) => {
      const user = await buildUser(t.db);
      await t.db.kysely.updateTable('users').set({ org_id: orgId }).where('id', '=', user.id).execute();
      if (roleIds.length > 0) await ok(adminContract.userAssignRoles, { userId: user.id, roleIds });
      return { id: user.id, token: await signIn(t.app, user.phone, user.password, { ip }) };
    };
    adminA = (await userIn(orgA, [adminsA], '10.97.250.2')).token;
    readerA = (await userIn(orgA, [readersA], '10.97.250.3')).token;
    memberA = await userIn(siteA, [], '10.97.250.4');
    adminB = (await userIn(orgB, [adminsB], '10.97.250.5')).token;
    memberB = await userIn(orgB, [], '10.97.250.6');
  });
  afterAll(() => t.close());

  it('takes feedback without a token on both open paths, keeps the texts as written and answers in the caller language', async () => {
    const sent = await send(full(XSS), { lang: 'it_IT' });
    expect(sent.msg).toBe(translate('it-IT', 'feedback.notice.sent'));
    const { id } = data<{ id: number; submittedAt: number }>(sent);
    // The short form: content alone.
    const short = data<{ id: number }>(await send({ content: 'Only the content' }, { endpoint: c.add }));
    const records = (await list(sa)).records;
    expect(records.find((r) => r.id === id)).toMatchObject({ name: 'Giulia', contact: 'giulia@example.it', content: XSS, state: 'new', userId: null, reply: null });
    expect(records.find((r) => r.id === short.id)).toMatchObject({ name: null, contact: null, content: 'Only the content' });
  });

  it('refuses a wrong captcha, and the required fields of spec §5 in the caller language', async () => {
    const wrong = await send(full('Wrong captcha'), { captcha: 'NOPE', lang: 'de_AT' });
    expect(wrong.code).toBe(3);
    expect(wrong.msg).toBe(translate('de-AT', 'auth.login.captchaWrong'));
    // A captcha answers once: sending it again is refused.
    const ip = nextIp();
    const state = await imageCaptcha(t.app, ip);
    data(await post(c.addV1, { state, captcha: TEST_CAPTCHA, ...full('Once') }, undefined, 'en_US', ip));
    expect((await post(c.addV1, { state, captcha: TEST_CAPTCHA, ...full('Twice') }, undefined, 'en_US', ip)).code).toBe(3);

    for (const [lang, locale] of [
      ['en_US', 'en-US'],
      ['zh_CN', 'zh-CN'],
    ] as const) {
      const missing = await send({ name: ' ', contact: '', content: '' }, { lang });
      expect(missing.code).toBe(3);
      expect(missing.msg).toBe(fieldSays(locale, 'name', 'validation.required'));
      expect(problems(missing)).toEqual(['name', 'contact', 'content'].map((field) => ({ field, message: fieldSays(locale, field, 'validation.required') })));
      // The short form asks the content alone.
      const short = await send({ name: '', contact: '', content: '' }, { lang, endpoint: c.add });
      expect(short.msg).toBe(fieldSays(locale, 'content', 'validation.required'));
      expect(problems(short).map((p) => p.field)).toEqual(['content']);
    }
    const long = await send({ name: 'n'.repeat(LIMITS.feedbackNameMaxLength + 1), contact: 'c'.repeat(LIMITS.feedbackContactMaxLength + 1), content: 'x'.repeat(LIMITS.feedbackContentMaxLength + 1) });
    expect(long.code).toBe(3);
    expect(problems(long).map((p) => p.field)).toEqual(['name', 'contact', 'content']);
    // At the limits exactly: accepted.
    data(await send({ name: 'n'.repeat(LIMITS.feedbackNameMaxLength), contact: 'c'.repeat(LIMITS.feedbackContactMaxLength), content: 'x'.repeat(LIMITS.feedbackContentMaxLength) }));
  });

  it('refuses an address past its hourly limit, in the caller language, and lets other addresses send', async () => {
    const ip = nextIp();
    for (let i = 0; i < LIMITS.feedbackPerAddressPerHour; i += 1) data(await send(full(`Burst ${i}`), { ip }));
    const refused = await send(full('One too many'), { ip, lang: 'pt_PT' });
    expect(refused.code).toBe(3);
    expect(refused.msg).toBe(translate('pt-PT', 'common.error.tooManyAttempts', { minutes: 60 }));
    // Wrong captchas count too: guessing does not get around the limit.
    expect((await send(full('Still too many'), { ip, captcha: 'NOPE' })).code).toBe(3);
    data(await send(full('Another address'), { ip: nextIp() }));
    const stored = await t.db.kysely.selectFrom('feedback_items').select('id').where('content', 'in', ['One too many', 'Still too many']).execute();
    expect(stored).toEqual([]);
  });

  it('keeps a signed-in sender; screenshots only from a signed-in sender; a reply reaches their messages', async () => {
    const image = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#468' } }).png().toBuffer();
    const form = new FormData();
    form.append('purpose', 'feedbackScreenshot');
    form.append('file', new Blob([new Uint8Array(image)]), 'screen.png');
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    const uploaded = envelope(
      await t.app.inject({ method: 'POST', url: endpointUrl(filesContract.upload), payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type') ?? '', authorization: memberA.token } }),
    );
    const fileId = data<{ id: string }>(uploaded).id;
    // Without the session the same ids are refused, and nothing is stored.
    const anonymous = await send({ ...full('With a screenshot'), screenshotIds: [fileId] });
    expect(anonymous.msg).toBe(translate('en-US', 'feedback.error.screenshotNeedsSignIn'));
    const { id } = data<{ id: number }>(await send({ ...full('Ring counter stuck at 412'), screenshotIds: [fileId] }, { token: memberA.token }));
    const item = (await list(adminA)).records.find((r) => r.id === id);
    expect(item).toMatchObject({ userId: memberA.id, screenshotIds: [fileId] });
    const shot = await call(t.app, 'GET', `${endpointUrl(c.screenshot)}?id=${id}&fileId=${fileId}`, { token: adminA });
    expect(shot.headers['content-type']).toBe('image/png');
    expect(shot.rawPayload.equals(image)).toBe(true);
    // B's administrator cannot read it (answered as a missing feedback).
    expect(envelope(await call(t.app, 'GET', `${endpointUrl(c.screenshot)}?id=${id}&fileId=${fileId}`, { token: adminB })).msg).toBe(translate('en-US', 'feedback.error.notFound'));

    const replied = data<Item>(await post(c.reply, { id, text: `Fixed in the next release ${XSS}` }, adminA));
    expect(replied).toMatchObject({ state: 'answered', reply: `Fixed in the next release ${XSS}` });
    const bell = data<{ records: messagesContract.Message[] }>(await post(messagesContract.getPersonal, { limit: 10 }, memberA.token, 'it_IT'));
    const message = bell.records.find((m) => m.text === `Fixed in the next release ${XSS}`);
    expect(message?.title).toBe(translate('it-IT', 'feedback.message.replied', { reply: `Fixed in the next release ${XSS}` }));
  });

  it('scopes the list: the super administrator sees all, an organization administrator its users, visitors for the super administrator only', async () => {
    const visitor = data<{ id: number }>(await send(full('From a visitor')));
    const fromA = data<{ id: number }>(await send(full('From A site'), { token: memberA.token }));
    const fromB = data<{ id: number }>(await send(full('From B'), { token: memberB.token }));
    const ids = async (token: string) => (await list(token)).records.map((r) => r.id);
    expect(await ids(sa)).toEqual(expect.arrayContaining([visitor.id, fromA.id, fromB.id]));
    const seenByA = await ids(adminA);
    expect(seenByA).toContain(fromA.id);
    expect(seenByA).not.toContain(fromB.id);
    expect(seenByA).not.toContain(visitor.id);
    const seenByB = await ids(adminB);
    expect(seenByB).toEqual([fromB.id]);

    // Another tenant's id answers as a missing one, and changes nothing.
    for (const [endpoint, payload] of [
      [c.reply, { id: fromB.id, text: 'Not yours' }],
      [c.setState, { id: fromB.id, state: 'closed' }],
    ] as const) {
      const theirs = await post(endpoint, payload, adminA);
      const missing = await post(endpoint, { ...payload, id: 987_654 }, adminA);
      expect(theirs).toEqual(missing);
      expect(theirs.msg).toBe(translate('en-US', 'feedback.error.notFound'));
      expect((await post(endpoint, { ...payload, id: visitor.id }, adminA)).msg).toBe(translate('en-US', 'feedback.error.notFound'));
    }
    expect((await list(adminB)).records[0]).toMatchObject({ id: fromB.id, state: 'new', reply: null });
  });

  it('asks its codes: a reader lists but cannot answer, a member without codes cannot list, a visitor is asked to sign in', async () => {
    const { id } = data<{ id: number }>(await send(full('Permissions'), { token: memberA.token }));
    expect((await post(c.list, { page: 1, pageSize: 10 }, readerA)).code).toBe(0);
    expect((await post(c.reply, { id, text: 'No' }, readerA)).code).toBe(2);
    expect((await post(c.setState, { id, state: 'closed' }, readerA)).code).toBe(2);
    expect((await post(c.list, { page: 1, pageSize: 10 }, memberA.token)).code).toBe(2);
    expect((await post(c.queryList, { page: 1, pageSize: 10 })).code).toBe(1);
  });

  it('moves states, refuses answered without a reply and a reply to a closed one; filters by state, text and time; exports', async () => {
    const started = Date.now();
    const { id } = data<{ id: number }>(await send(full('Segment page: Ring 77 drawn twice'), { token: memberA.token }));
    expect(data<Item>(await post(c.setState, { id, state: 'inProgress' }, adminA)).state).toBe('inProgress');
    expect((await post(c.setState, { id, state: 'answered' }, adminA, 'tr_TR')).msg).toBe(translate('tr-TR', 'feedback.error.answerNeedsReply'));
    expect((await post(c.reply, { id, text: 'x'.repeat(LIMITS.feedbackReplyMaxLength + 1) }, adminA)).code).toBe(3);
    expect(data<Item>(await post(c.setState, { id, state: 'closed' }, adminA)).state).toBe('closed');
    expect((await post(c.reply, { id, text: 'Too late' }, adminA)).msg).toBe(translate('en-US', 'feedback.error.closed'));

    expect((await list(adminA, { text: 'ring 77' })).records.map((r) => r.id)).toEqual([id]);
    expect((await list(adminA, { text: 'ring 77', state: 'new' })).total).toBe(0);
    expect((await list(adminA, { state: 'closed', from: started })).records.map((r) => r.id)).toEqual([id]);
    expect((await list(adminA, { text: 'ring 77', to: started - 1 })).total).toBe(0);
    // A text with LIKE's wildcards finds them literally.
    expect((await list(adminA, { text: '100%_' })).total).toBe(0);
    expect((await post(c.queryList, { page: 1, pageSize: 10, from: started, to: started - 1 }, adminA)).code).toBe(3);

    const exported = await t.app.inject({ method: 'POST', url: endpointUrl(c.exportList), payload: { text: 'ring 77', timeZone: 'Europe/Rome' }, headers: { authorization: adminA, lang: 'de_AT' } });
    expect(exported.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet?.getRow(1).getCell(4).value).toBe(translate('de-AT', 'feedback.field.content'));
    expect(sheet?.getRow(2).getCell(4).value).toBe('Segment page: Ring 77 drawn twice');
    expect(sheet?.getRow(2).getCell(6).value).toBe(translate('de-AT', 'feedback.state.closed'));
    expect(sheet?.rowCount).toBe(2);
    const none = envelope(await t.app.inject({ method: 'POST', url: endpointUrl(c.exportList), payload: { text: 'nothing like this' }, headers: { authorization: adminA, lang: 'en_US' } }));
    expect(none.msg).toBe(translate('en-US', 'feedback.error.nothingToExport'));
  });
});
