import { adminContract, announcementContract as c, endpointUrl, type messagesContract } from '@boreline/contracts';
import { type Locale, type MessageKey, type MessageParams, translate } from '@boreline/i18n';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRun, buildUser, call, signIn } from '../../../test/factories.js';
import { ADMIN, createTestApp, envelope, type TestApp } from '../../../test/testApp.js';

type Body = { code: number; msg: string; data: unknown };
type Endpoint = { base: 'main' | 'project'; path: string };
const LANG: Record<Locale, string> = { 'en-US': 'en_US', 'zh-CN': 'zh_CN', 'it-IT': 'it_IT', 'de-AT': 'de_AT', 'pt-PT': 'pt_PT', 'tr-TR': 'tr_TR' };
const HOUR = 3_600_000;

const fieldSays = (locale: Locale, field: string, key: MessageKey, params: MessageParams = {}) =>
  translate(locale, 'common.error.fieldInvalid', { field: translate(locale, `field.${field}` as MessageKey), message: translate(locale, key, params) });

const XSS = '<img src=x onerror=alert(1)><script>alert(2)</script><a href="javascript:alert(3)">x</a>';

describe('announcements: writers in their scope, cleaned bodies, audiences, read marks, history', () => {
  let t: TestApp;
  let sa: string;
  const ids = { orgA: 0, subA: 0, orgB: 0, runA: 0, runB: 0 };
  const users = { writerA: '', subWriter: '', writerB: '', readerSubA: '', readerB: '', runReaderA: '', plainA: '' };
  let readerSubAId = 0;

  const post = async (endpoint: Endpoint, payload: object, token: string, lang = 'en_US'): Promise<Body> => envelope(await call(t.app, 'POST', endpointUrl(endpoint), { token, payload, lang }));
  const data = <T>(body: Body): T => {
    expect(body.code, body.msg).toBe(0);
    return body.data as T;
  };
  const fields = (overrides: Partial<c.AnnouncementAdd> = {}): c.AnnouncementAdd => ({
    title: 'Shift change',
    content: '<p>From Monday at <b>19:30</b></p>',
    start: Date.now() - HOUR,
    end: Date.now() + 24 * HOUR,
    orgIds: [ids.orgA],
    runIds: [],
    pinned: false,
    ...overrides,
  });
  const current = async (token: string) => data<c.Announcement[]>(await post(c.announcementCurrent, {}, token));
  const history = async (token: string) => data<{ total: number; records: c.Announcement[] }>(await post(c.announcementHistory, { page: 1, pageSize: 50 }, token));
  const managed = async (token: string) => data<{ total: number; records: c.ManagedAnnouncement[] }>(await post(c.announcementList, { page: 1, pageSize: 50 }, token));

  beforeAll(async () => {
    t = await createTestApp();
    sa = await signIn(t.app, ADMIN.email, ADMIN.password, { ip: '10.97.0.1' });
    const ok = async (endpoint: { path: string }, payload: object) => {
      const body = envelope(await call(t.app, 'POST', `/server_main${endpoint.path}`, { token: sa, payload }));
      expect(body.code, body.msg).toBe(0);
      return Number((body.data as { id?: number }).id);
    };
    const root = ((envelope(await call(t.app, 'POST', endpointUrl(adminContract.orgQuery), { token: sa, payload: {} })).data as { id: number }[])[0]?.id) ?? 1;
    ids.orgA = await ok(adminContract.orgAdd, { parentId: root, name: 'Contractor A', type: 'company', sort: 1 });
    ids.subA = await ok(adminContract.orgAdd, { parentId: ids.orgA, name: 'Site of A', type: 'organization', sort: 1 });
    ids.orgB = await ok(adminContract.orgAdd, { parentId: root, name: 'Contractor B', type: 'company', sort: 2 });
    ids.runA = await buildRun(t.db, ids.orgA, { projectName: 'Metro A' });
    ids.runB = await buildRun(t.db, ids.orgB, { projectName: 'Metro B' });
    const codes = ['messages.announcement.write', 'project.run.read'];
    for (const orgId of [ids.orgA, ids.subA, ids.orgB]) await ok(adminContract.orgResourcesEdit, { orgId, codes });
    const role = async (orgId: number, name: string, roleCodes: string[]) => {
      const id = await ok(adminContract.roleAdd, { name, kind: 'custom', orgId, sort: 1 });
      await ok(adminContract.roleResourcesUpdate, { roleId: id, codes: roleCodes });
      return id;
    };
    const writersA = await role(ids.orgA, 'Writers A', codes);
    const writersSub = await role(ids.subA, 'Writers of the site', codes);
    const writersB = await role(ids.orgB, 'Writers B', codes);
    const runReaders = await role(ids.orgA, 'Project readers A', ['project.run.read']);
    let ip = 10;
    const userIn = async (orgId: number, roleIds: number[]) => {
      const user = await buildUser(t.db);
      await t.db.kysely.updateTable('users').set({ org_id: orgId }).where('id', '=', user.id).execute();
      if (roleIds.length > 0) await ok(adminContract.userAssignRoles, { userId: user.id, roleIds });
      ip += 1;
      return { id: user.id, token: await signIn(t.app, user.phone, user.password, { ip: `10.97.0.${ip}` }) };
    };
    users.writerA = (await userIn(ids.orgA, [writersA])).token;
    users.subWriter = (await userIn(ids.subA, [writersSub])).token;
    users.writerB = (await userIn(ids.orgB, [writersB])).token;
    const readerSubA = await userIn(ids.subA, []);
    users.readerSubA = readerSubA.token;
    readerSubAId = readerSubA.id;
    users.readerB = (await userIn(ids.orgB, [])).token;
    users.runReaderA = (await userIn(ids.orgA, [runReaders])).token;
    users.plainA = (await userIn(ids.orgA, [])).token;
  });
  afterAll(() => t.close());

  it('lets only holders of the write code manage announcements', async () => {
    for (const token of [users.readerSubA, users.runReaderA]) {
      expect((await post(c.announcementAdd, fields(), token)).code).toBe(2);
      expect((await post(c.announcementList, { page: 1, pageSize: 20 }, token)).code).toBe(2);
      expect((await post(c.announcementDelete, { id: 1 }, token)).code).toBe(2);
    }
    // Reading one's own announcements needs no grant.
    expect(await current(users.plainA)).toEqual([]);
  });

  it('stores the body cleaned: scripts, handlers and javascript: links go, the safe subset stays', async () => {
    const content = `<h3>Notice</h3><p>Keep <strong>left</strong> <em>please</em> <u>always</u></p><ul><li>one</li></ul>${XSS}<a href="https://example.com/rules">rules</a><blockquote>quote</blockquote>`;
    const { id } = data<{ id: number }>(await post(c.announcementAdd, fields({ title: 'Cleaned', content }), users.writerA));
    const stored = (await t.db.kysely.selectFrom('announcements').select('content').where('id', '=', id).executeTakeFirstOrThrow()).content;
    expect(stored).not.toMatch(/<script|onerror|<img|javascript:|alert\(2\)/i);
    expect(stored).toContain('<h3>Notice</h3><p>Keep <strong>left</strong> <em>please</em> <u>always</u></p><ul><li>one</li></ul>');
    expect(stored).toContain('<a href="https://example.com/rules" rel="noopener noreferrer" target="_blank">rules</a>');
    expect(stored).toContain('<blockquote>quote</blockquote>');
    // What readers get is the cleaned body.
    const seen = (await current(users.readerSubA)).find((a) => a.id === id);
    expect(seen?.content).toBe(stored);
    // A body with nothing left once cleaned is refused; so is one longer than the limit.
    expect(await post(c.announcementAdd, fields({ content: '<script>alert(1)</script><img src=x onerror=alert(1)>' }), users.writerA)).toMatchObject({
      code: 3,
      msg: translate('en-US', 'announcement.error.emptyContent'),
    });
    expect((await post(c.announcementAdd, fields({ content: 'x'.repeat(20_001) }), users.writerA)).code).toBe(3);
    data(await post(c.announcementDelete, { id }, users.writerA));
  });

  it('shows an announcement for organization A to the users of A and below, never to B; sends them a message', async () => {
    const { id, recipients } = data<{ id: number; recipients: number }>(await post(c.announcementAdd, fields({ title: 'For A only', pinned: true }), users.writerA));
    expect(recipients).toBeGreaterThanOrEqual(4);
    expect((await current(users.readerSubA)).map((a) => a.title)).toContain('For A only');
    expect((await current(users.plainA)).map((a) => a.title)).toContain('For A only');
    expect((await current(users.readerB)).map((a) => a.title)).not.toContain('For A only');
    expect((await history(users.readerB)).records.map((a) => a.id)).not.toContain(id);
    // B may not mark it read, nor manage it: answered as a missing one.
    const missing = translate('en-US', 'announcement.error.notFound');
    expect(await post(c.announcementRead, { id }, users.readerB)).toMatchObject({ code: 3, msg: missing });
    expect(await post(c.announcementRead, { id: 987_654 }, users.readerB)).toMatchObject({ code: 3, msg: missing });
    expect(await post(c.announcementEdit, { ...fields(), id }, users.writerB)).toMatchObject({ code: 3, msg: missing });
    expect(await post(c.announcementDelete, { id }, users.writerB)).toMatchObject({ code: 3, msg: missing });
    expect((await managed(users.writerB)).records.map((a) => a.id)).not.toContain(id);
    // The writer of the site below A may not manage what addresses all of A.
    expect((await managed(users.subWriter)).records.map((a) => a.id)).not.toContain(id);
    // What each writer may address: their organization tree and the runs they write at.
    const optionsA = data<c.AudienceOptions>(await post(c.announcementAudience, {}, users.writerA));
    expect(optionsA.orgs.map((o) => [o.name, o.depth])).toEqual([['Contractor A', 0], ['Site of A', 1]]);
    expect(optionsA.runs.map((r) => r.id)).toEqual([ids.runA]);
    const optionsB = data<c.AudienceOptions>(await post(c.announcementAudience, {}, users.writerB));
    expect([optionsB.orgs.map((o) => o.id), optionsB.runs.map((r) => r.id)]).toEqual([[ids.orgB], [ids.runB]]);
    expect((await managed(users.writerA)).records.find((a) => a.id === id)).toMatchObject({ orgIds: [ids.orgA], orgs: [{ id: ids.orgA, name: 'Contractor A' }], pinned: true });
    // The audience got one announcement message each, through the message centre.
    const messages = await t.db.kysely.selectFrom('messages').select(['user_id', 'type', 'object_kind', 'object_id', 'text']).where('object_kind', '=', 'announcement').where('object_id', '=', id).execute();
    expect(messages.map((m) => m.user_id)).toContain(readerSubAId);
    expect(new Set(messages.map((m) => m.type))).toEqual(new Set<messagesContract.MessageType>(['announcement']));
    expect(messages[0]?.text).toBe('From Monday at 19:30');
    data(await post(c.announcementDelete, { id }, users.writerA));
    expect((await current(users.readerSubA)).map((a) => a.id)).not.toContain(id);
  });

  it('addresses a run: its readers see it, users who cannot see the run do not', async () => {
    const { id } = data<{ id: number }>(await post(c.announcementAdd, fields({ title: 'Run A notice', orgIds: [], runIds: [ids.runA] }), users.writerA));
    expect((await current(users.runReaderA)).map((a) => a.id)).toContain(id);
    expect((await current(users.plainA)).map((a) => a.id)).not.toContain(id);
    expect((await current(users.readerB)).map((a) => a.id)).not.toContain(id);
    data(await post(c.announcementDelete, { id }, users.writerA));
  });

  it("refuses another tenant's organizations and runs, and organizations above the writer's, as missing ones", async () => {
    const orgMissing = translate('en-US', 'announcement.error.orgNotFound');
    const runMissing = translate('en-US', 'announcement.error.runNotFound');
    expect(await post(c.announcementAdd, fields({ orgIds: [ids.orgA] }), users.writerB)).toMatchObject({ code: 3, msg: orgMissing });
    expect(await post(c.announcementAdd, fields({ orgIds: [987_654] }), users.writerB)).toMatchObject({ code: 3, msg: orgMissing });
    expect(await post(c.announcementAdd, fields({ orgIds: [], runIds: [ids.runA] }), users.writerB)).toMatchObject({ code: 3, msg: runMissing });
    expect(await post(c.announcementAdd, fields({ orgIds: [], runIds: [987_654] }), users.writerB)).toMatchObject({ code: 3, msg: runMissing });
    expect(await post(c.announcementAdd, fields({ orgIds: [ids.orgA] }), users.subWriter)).toMatchObject({ code: 3, msg: orgMissing });
    data(await post(c.announcementAdd, fields({ title: 'Site only', orgIds: [ids.subA] }), users.subWriter));
    // A super administrator addresses any organization.
    data(await post(c.announcementAdd, fields({ title: 'For B from above', orgIds: [ids.orgB] }), sa));
    expect((await current(users.readerB)).map((a) => a.title)).toContain('For B from above');
    expect((await current(users.readerSubA)).map((a) => a.title)).toEqual(expect.arrayContaining(['Site only']));
    expect((await current(users.plainA)).map((a) => a.title)).not.toContain('Site only');
  });

  it('says in the caller language when the end is not after the start, or nobody is addressed', async () => {
    for (const locale of ['en-US', 'it-IT'] as const) {
      const start = Date.now();
      const body = await post(c.announcementAdd, fields({ start, end: start }), users.writerA, LANG[locale]);
      expect(body).toMatchObject({ code: 3, msg: fieldSays(locale, 'end', 'announcement.validation.endAfterStart') });
      const earlier = await post(c.announcementAdd, fields({ start, end: start - HOUR }), users.writerA, LANG[locale]);
      expect(earlier.msg).toBe(fieldSays(locale, 'end', 'announcement.validation.endAfterStart'));
      const nobody = await post(c.announcementAdd, fields({ orgIds: [], runIds: [] }), users.writerA, LANG[locale]);
      expect(nobody).toMatchObject({ code: 3, msg: fieldSays(locale, 'orgIds', 'announcement.validation.audience') });
      const long = await post(c.announcementAdd, fields({ title: 'x'.repeat(101) }), users.writerA, LANG[locale]);
      expect(long).toMatchObject({ code: 3, msg: fieldSays(locale, 'title', 'validation.maxLength', { max: 100 }) });
    }
    expect(fieldSays('it-IT', 'end', 'announcement.validation.endAfterStart')).not.toBe(fieldSays('en-US', 'end', 'announcement.validation.endAfterStart'));
  });

  it('keeps read marks per user; the history lists past and current ones, not future ones', async () => {
    const now = Date.now();
    const past = data<{ id: number }>(await post(c.announcementAdd, fields({ title: 'Past', start: now - 48 * HOUR, end: now - 24 * HOUR }), users.writerA)).id;
    const live = data<{ id: number }>(await post(c.announcementAdd, fields({ title: 'Live' }), users.writerA)).id;
    const future = data<{ id: number }>(await post(c.announcementAdd, fields({ title: 'Future', start: now + 24 * HOUR, end: now + 48 * HOUR }), users.writerA)).id;
    const currentIds = (await current(users.readerSubA)).map((a) => a.id);
    expect(currentIds).toContain(live);
    expect(currentIds).not.toContain(past);
    expect(currentIds).not.toContain(future);
    const listed = (await history(users.readerSubA)).records;
    expect(listed.map((a) => a.id)).toEqual(expect.arrayContaining([past, live]));
    expect(listed.map((a) => a.id)).not.toContain(future);
    expect(listed.find((a) => a.id === past)).toMatchObject({ current: false, read: false });
    // A future one cannot be marked yet; writers see it in their list.
    expect((await post(c.announcementRead, { id: future }, users.readerSubA)).code).toBe(3);
    expect((await managed(users.writerA)).records.map((a) => a.id)).toContain(future);

    expect((await current(users.readerSubA)).find((a) => a.id === live)?.read).toBe(false);
    expect(data(await post(c.announcementRead, { id: live }, users.readerSubA))).toEqual({ changed: 1 });
    expect(data(await post(c.announcementRead, { id: live }, users.readerSubA))).toEqual({ changed: 0 });
    expect((await current(users.readerSubA)).find((a) => a.id === live)?.read).toBe(true);
    // Another reader's mark is their own.
    expect((await current(users.plainA)).find((a) => a.id === live)?.read).toBe(false);

    // Editing keeps the marks; the cleaned body is stored again.
    data(await post(c.announcementEdit, { ...fields({ title: 'Live (edited)', content: `<p>new</p>${XSS}` }), id: live }, users.writerA));
    const edited = (await current(users.readerSubA)).find((a) => a.id === live);
    expect(edited).toMatchObject({ title: 'Live (edited)', read: true });
    expect(edited?.content).not.toMatch(/onerror|<script|javascript:/);
  });

  it('lists pinned announcements first', async () => {
    const now = Date.now();
    const pinned = data<{ id: number }>(await post(c.announcementAdd, fields({ title: 'Pinned old', start: now - 10 * HOUR, pinned: true }), users.writerA)).id;
    data(await post(c.announcementAdd, fields({ title: 'Newer' }), users.writerA));
    const list = await current(users.readerSubA);
    expect(list[0]?.id).toBe(pinned);
  });
});
