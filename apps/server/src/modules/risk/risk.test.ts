import { adminContract, endpointUrl, filesContract, messagesContract, riskContract as c } from '@boreline/contracts';
import { type Locale, type MessageKey, type MessageParams, translate } from '@boreline/i18n';
import ExcelJS from 'exceljs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRun, buildUser, call, ringRecord, signIn } from '../../../test/factories.js';
import { ADMIN, createTestApp, envelope, type TestApp } from '../../../test/testApp.js';

type Body = { code: number; msg: string; data: unknown };
const LANG: Record<Locale, string> = { 'en-US': 'en_US', 'zh-CN': 'zh_CN', 'it-IT': 'it_IT', 'de-AT': 'de_AT', 'pt-PT': 'pt_PT', 'tr-TR': 'tr_TR' };

/** The refusal of one field as the server words it in a language. */
const fieldSays = (locale: Locale, field: string, key: MessageKey, params: MessageParams = {}) =>
  translate(locale, 'common.error.fieldInvalid', { field: translate(locale, `field.${field}` as MessageKey), message: translate(locale, key, params) });

describe('risk points: form-encoded add, edit, delete; rules of spec §5; pictures; states and announcements', () => {
  let t: TestApp;
  let sa: string;
  /** alarm.risk.read and alarm.risk.write in the run's organization. */
  let writer: string;
  let writerId = 0;
  /** alarm.risk.read only. */
  let reader: string;
  let readerId = 0;
  /** In the organization without any risk code. */
  let plain: string;
  /** Both codes in another organization (another tenant). */
  let stranger: string;
  let runId = 0;
  let otherRunId = 0;

  const post = async (endpoint: { base: 'main' | 'project'; path: string }, payload: object, token = writer, lang = 'en_US'): Promise<Body> =>
    envelope(await call(t.app, 'POST', endpointUrl(endpoint), { token, payload, lang }));
  const get = async (endpoint: { base: 'main' | 'project'; path: string }, query: Record<string, string | number>, token = writer): Promise<Body> =>
    envelope(await call(t.app, 'GET', `${endpointUrl(endpoint)}?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString()}`, { token }));
  /** A form-encoded call as a browser form sends it: every value text, lists as repeated fields. */
  const form = async (endpoint: { base: 'main' | 'project'; path: string }, fields: Record<string, string | number | readonly string[]>, token = writer, lang = 'en_US'): Promise<Body> => {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(fields)) {
      if (Array.isArray(v)) for (const item of v as readonly string[]) params.append(k, item);
      else params.append(k, String(v as string | number));
    }
    return envelope(
      await t.app.inject({ method: 'POST', url: endpointUrl(endpoint), payload: params.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded', lang, authorization: token } }),
    );
  };
  const data = <T>(body: Body): T => {
    expect(body.code, body.msg).toBe(0);
    return body.data as T;
  };
  const upload = async (run: number, token = writer, color = '#888'): Promise<string> => {
    const image = await sharp({ create: { width: 40, height: 30, channels: 3, background: color } }).png().toBuffer();
    const body = new FormData();
    body.append('purpose', 'riskPicture');
    body.append('runId', String(run));
    body.append('file', new Blob([new Uint8Array(image)]), 'zone.png');
    const request = new Request('http://localhost/', { method: 'POST', body });
    const response = await t.app.inject({
      method: 'POST',
      url: endpointUrl(filesContract.uploadV2),
      payload: Buffer.from(await request.arrayBuffer()),
      headers: { 'content-type': request.headers.get('content-type') ?? '', authorization: token },
    });
    return data<{ id: string }>(envelope(response)).id;
  };
  const zoneFields = (overrides: Record<string, string | number | readonly string[]> = {}) => ({
    runId,
    code: 'R-1',
    position: '1165',
    name: 'River crossing',
    startChainage: '1+150',
    endChainage: '1180',
    remark: 'Cover 1.5 D',
    settlementLevel: 'high',
    vibrationLevel: 'medium',
    description: 'Saturated sand under the river',
    ...overrides,
  });
  const list = async (token = writer, filters: object = {}) => data<{ total: number; records: c.RiskPoint[] }>(await post(c.riskQuery, { runId, ...filters }, token));

  beforeAll(async () => {
    t = await createTestApp();
    sa = await signIn(t.app, ADMIN.email, ADMIN.password, { ip: '10.96.0.1' });
    const ok = async (endpoint: { path: string }, payload: object) => {
      const body = envelope(await call(t.app, 'POST', `/server_main${endpoint.path}`, { token: sa, payload }));
      expect(body.code, body.msg).toBe(0);
      return Number((body.data as { id?: number }).id);
    };
    const root = ((envelope(await call(t.app, 'POST', endpointUrl(adminContract.orgQuery), { token: sa, payload: {} })).data as { id: number }[])[0]?.id) ?? 1;
    const group = await ok(adminContract.orgAdd, { parentId: root, name: 'Tunnel contractor', type: 'company', sort: 1 });
    const other = await ok(adminContract.orgAdd, { parentId: root, name: 'Other contractor', type: 'company', sort: 2 });
    runId = await buildRun(t.db, group, { projectName: 'Metro M5' });
    otherRunId = await buildRun(t.db, other);
    const codes = ['alarm.risk.read', 'alarm.risk.write'];
    for (const orgId of [group, other]) await ok(adminContract.orgResourcesEdit, { orgId, codes });
    const role = async (orgId: number, name: string, roleCodes: string[]) => {
      const id = await ok(adminContract.roleAdd, { name, kind: 'custom', orgId, sort: 1 });
      await ok(adminContract.roleResourcesUpdate, { roleId: id, codes: roleCodes });
      return id;
    };
    const writers = await role(group, 'Risk writers', codes);
    const readers = await role(group, 'Risk readers', ['alarm.risk.read']);
    const strangers = await role(other, 'Other writers', codes);
    const userIn = async (orgId: number, roleIds: number[], ip: string) => {
      const user = await buildUser(t.db);
      await t.db.kysely.updateTable('users').set({ org_id: orgId }).where('id', '=', user.id).execute();
      if (roleIds.length > 0) await ok(adminContract.userAssignRoles, { userId: user.id, roleIds });
      return { id: user.id, token: await signIn(t.app, user.phone, user.password, { ip }) };
    };
    ({ id: writerId, token: writer } = await userIn(group, [writers], '10.96.0.2'));
    ({ id: readerId, token: reader } = await userIn(group, [readers], '10.96.0.3'));
    plain = (await userIn(group, [], '10.96.0.4')).token;
    stranger = (await userIn(other, [strangers], '10.96.0.5')).token;
  });
  afterAll(() => t.close());

  it('adds, edits and deletes form-encoded: numbers and chainage arrive as text, 1+150 is 1150 m', async () => {
    const added = data<{ id: number }>(await form(c.riskAdd, zoneFields()));
    const [zone] = (await list()).records;
    expect(zone).toMatchObject({ id: added.id, code: 'R-1', position: 1165, startChainage: 1150, endChainage: 1180, startRing: 101, endRing: 121, settlementLevel: 'high', vibrationLevel: 'medium', state: 'ahead', ringsToGo: 100, pictureCount: 0 });

    // Edit: an optional field left empty is cleared.
    data(await form(c.riskEdit, { ...zoneFields({ name: 'River Adda crossing', remark: '', endChainage: '1+200.5' }), id: added.id }));
    expect((await list()).records[0]).toMatchObject({ name: 'River Adda crossing', remark: null, endChainage: 1200.5 });

    // JSON is accepted too.
    data(await post(c.riskEdit, { ...zoneFields({ name: 'River crossing (JSON)' }), runId: undefined, id: added.id, position: 1166.25 }));
    expect((await list()).records[0]).toMatchObject({ name: 'River crossing (JSON)', position: 1166.25 });

    data(await form(c.riskDelete, { id: added.id }));
    expect((await list()).total).toBe(0);
  });

  it('describes add, edit and delete as form-encoded calls in the OpenAPI document (JSON accepted too)', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/server_main/g/web/sys/openapi/v1' })).json() as { paths: Record<string, { post?: { requestBody?: { content: Record<string, unknown> } } }> };
    for (const endpoint of [c.riskAdd, c.riskEdit, c.riskDelete]) {
      expect(Object.keys(doc.paths[endpointUrl(endpoint)]?.post?.requestBody?.content ?? {})).toEqual(['application/x-www-form-urlencoded', 'application/json']);
    }
    expect(Object.keys(doc.paths[endpointUrl(c.riskQuery)]?.post?.requestBody?.content ?? {})).toEqual(['application/json']);
  });

  it('refuses callers without the codes: reading needs alarm.risk.read, changing alarm.risk.write', async () => {
    data(await form(c.riskAdd, zoneFields({ code: 'P-1' })));
    expect((await post(c.riskQuery, { runId }, plain)).code).toBe(2);
    expect((await list(reader)).total).toBe(1);
    expect((await form(c.riskAdd, zoneFields({ code: 'P-2' }), reader)).code).toBe(2);
    const [zone] = (await list()).records;
    expect((await form(c.riskDelete, { id: zone?.id ?? 0 }, reader)).code).toBe(2);
    expect((await get(c.riskSettings, { runId }, plain)).code).toBe(2);
    expect((await post(c.riskSettingsSave, { runId, warnRings: 5 }, reader)).code).toBe(2);
    expect(envelope(await call(t.app, 'POST', endpointUrl(c.riskQuery), { payload: { runId } })).code).toBe(1);
    data(await form(c.riskDelete, { id: zone?.id ?? 0 }));
  });

  for (const locale of ['en-US', 'zh-CN'] as const) {
    it(`enforces every rule of spec §5 at and past its limit, in ${locale}`, async () => {
      const lang = LANG[locale];
      const refused = async (fields: Record<string, string | number | readonly string[]>, field: string, key: MessageKey, params: MessageParams = {}) => {
        const body = await form(c.riskAdd, fields, writer, lang);
        expect(body.code, JSON.stringify(fields)).toBe(3);
        expect(body.msg).toBe(fieldSays(locale, field, key, params));
      };
      // Required: code, position, name, alarm start and end.
      for (const field of ['code', 'position', 'name', 'startChainage', 'endChainage']) {
        const fields = Object.fromEntries(Object.entries(zoneFields({ code: `${locale}-req` })).filter(([name]) => name !== field));
        await refused(fields, field, 'validation.required');
        await refused({ ...fields, [field]: '' }, field, 'validation.required');
      }
      // Position and chainage: integer or decimal (chainage also 12+345).
      await refused(zoneFields({ position: '12.5m' }), 'position', 'validation.number');
      await refused(zoneFields({ startChainage: '1+15' }), 'startChainage', 'risk.validation.chainage');
      await refused(zoneFields({ endChainage: 'km 1' }), 'endChainage', 'risk.validation.chainage');
      // Start not greater than end: equal is accepted, one millimetre more is refused.
      await refused(zoneFields({ startChainage: '1180.001', endChainage: '1180' }), 'endChainage', 'risk.validation.startAfterEnd');
      const equal = data<{ id: number }>(await form(c.riskAdd, zoneFields({ code: `${locale}-eq`, startChainage: '1+180', endChainage: '1180', position: '-3' }), writer, lang));
      // Lengths: the code holds 50 characters, the name 100.
      await refused(zoneFields({ code: 'C'.repeat(51) }), 'code', 'validation.maxLength', { max: 50 });
      await refused(zoneFields({ name: 'N'.repeat(101) }), 'name', 'validation.maxLength', { max: 100 });
      const long = data<{ id: number }>(await form(c.riskAdd, zoneFields({ code: `${locale}-${'C'.repeat(44)}`.slice(0, 50), name: 'N'.repeat(100) }), writer, lang));
      // A code is one zone's within the run.
      const taken = await form(c.riskAdd, zoneFields({ code: `${locale}-eq` }), writer, lang);
      expect(taken).toMatchObject({ code: 3, msg: translate(locale, 'risk.error.codeTaken', { code: `${locale}-eq` }) });
      for (const id of [equal.id, long.id]) data(await form(c.riskDelete, { id }));
    });
  }

  it('holds six pictures: the seventh is refused by the server, in the caller language; pictures are listed and removed one by one', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 7; i += 1) ids.push(await upload(runId, writer, `#${String(i * 11).padStart(2, '0')}8080`));
    for (const locale of ['en-US', 'zh-CN'] as const) {
      const seven = await form(c.riskAdd, zoneFields({ code: 'PIC-7', pictureIds: ids }), writer, LANG[locale]);
      expect(seven).toMatchObject({ code: 3, msg: fieldSays(locale, 'pictureIds', 'risk.validation.tooManyPictures') });
    }
    const zone = data<{ id: number }>(await form(c.riskAdd, zoneFields({ code: 'PIC-6', pictureIds: ids.slice(0, 6) })));
    const pictures = data<{ id: string; thumbUrl?: string }[]>(await post(c.riskPictures, { id: zone.id }, reader));
    expect(pictures.map((p) => p.id).sort()).toEqual(ids.slice(0, 6).sort());
    expect(pictures.every((p) => p.thumbUrl)).toBe(true);
    expect((await list()).records.find((r) => r.id === zone.id)?.pictureCount).toBe(6);
    // Editing with the seventh beside the six: refused, the six stay.
    const edit = await form(c.riskEdit, { ...zoneFields({ code: 'PIC-6', pictureIds: ids }), id: zone.id });
    expect(edit.code).toBe(3);
    // The file service's own count refuses a seventh attached beside six as well.
    const files = t.app.platform.services.get('files');
    await expect(files.attach([ids[6] ?? ''], { kind: 'riskPoint', id: zone.id }, { runId })).rejects.toMatchObject({ messageKey: 'files.attach.tooMany' });
    // One removed: five left; then the seventh fits.
    expect((await post(c.riskDeletePicture, { fileId: ids[0] ?? '' }, reader)).code).toBe(2);
    data(await post(c.riskDeletePicture, { fileId: ids[0] ?? '' }));
    expect(data<unknown[]>(await post(c.riskPictures, { id: zone.id }))).toHaveLength(5);
    data(await form(c.riskEdit, { ...zoneFields({ code: 'PIC-6', pictureIds: [...ids.slice(1, 6), ids[6] ?? ''] }), id: zone.id }));
    expect(data<unknown[]>(await post(c.riskPictures, { id: zone.id }))).toHaveLength(6);
    // An empty list removes them all.
    data(await form(c.riskEdit, { ...zoneFields({ code: 'PIC-6' }), pictureIds: [''], id: zone.id }));
    expect(data<unknown[]>(await post(c.riskPictures, { id: zone.id }))).toHaveLength(0);
    data(await form(c.riskDelete, { id: zone.id }));
  });

  it("refuses another tenant's zone, run and picture ids exactly as missing ones", async () => {
    const picture = await upload(runId);
    const zone = data<{ id: number }>(await form(c.riskAdd, zoneFields({ code: 'T-1', pictureIds: [picture] })));
    const noPermission = { code: 2, msg: translate('en-US', 'common.error.noPermission') };
    const notFound = { code: 3, msg: translate('en-US', 'risk.error.notFound') };
    const answers = (body: Body, expected: { code: number; msg: string }) => expect({ code: body.code, msg: body.msg }).toEqual(expected);
    // The other tenant, holding both codes in its own organization: A's run is refused...
    answers(await post(c.riskQuery, { runId }, stranger), noPermission);
    answers(await post(c.riskCurrent, { runId }, stranger), noPermission);
    answers(await get(c.riskRings, { runId }, stranger), noPermission);
    answers(await get(c.riskRingSpec, { runId, ring: 101 }, stranger), noPermission);
    answers(await form(c.riskAdd, zoneFields({ code: 'T-2' }), stranger), noPermission);
    // ...and A's zone and picture answer exactly as a missing zone and a missing picture do.
    for (const [aimed, absent] of [
      [await post(c.riskPictures, { id: zone.id }, stranger), await post(c.riskPictures, { id: 987_654 }, stranger)],
      [await form(c.riskEdit, { ...zoneFields({ code: 'T-1' }), id: zone.id }, stranger), await form(c.riskEdit, { ...zoneFields({ code: 'T-1' }), id: 987_654 }, stranger)],
      [await form(c.riskDelete, { id: zone.id }, stranger), await form(c.riskDelete, { id: 987_654 }, stranger)],
      [await post(c.riskDeletePicture, { fileId: picture }, stranger), await post(c.riskDeletePicture, { fileId: 'missingFileIdAAAAAAAAA' }, stranger)],
    ] as const) {
      answers(aimed, notFound);
      answers(absent, notFound);
    }
    // A reader of A's run is told he may not change the zone.
    answers(await form(c.riskDelete, { id: zone.id }, reader), { code: 2, msg: translate('en-US', 'common.error.forbidden') });
    // A's writer cannot aim at the other run, nor attach the other tenant's upload.
    answers(await form(c.riskAdd, { ...zoneFields({ code: 'T-3' }), runId: otherRunId }), noPermission);
    const theirs = await upload(otherRunId, stranger);
    const foreign = await form(c.riskAdd, zoneFields({ code: 'T-4', pictureIds: [theirs] }));
    const absent = await form(c.riskAdd, zoneFields({ code: 'T-4', pictureIds: ['missingFileIdAAAAAAAAA'] }));
    expect(foreign).toMatchObject({ code: 3, msg: absent.msg });
    // Nothing of A changed.
    expect(data<unknown[]>(await post(c.riskPictures, { id: zone.id }))).toHaveLength(1);
    expect((await list()).records.map((r) => r.code)).toEqual(['T-1']);
    data(await form(c.riskDelete, { id: zone.id }));
  });

  it('exports the list to Excel in the caller language; with none it warns', async () => {
    for (const [lang, locale] of [['en_US', 'en-US'], ['zh_CN', 'zh-CN']] as const) {
      expect(await post(c.riskExport, { runId }, reader, lang)).toMatchObject({ code: 3, msg: translate(locale, 'risk.error.nothingToExport') });
    }
    const zone = data<{ id: number }>(await form(c.riskAdd, zoneFields({ code: 'X-1' })));
    const response = await call(t.app, 'POST', endpointUrl(c.riskExport), { token: reader, payload: { runId }, lang: 'zh_CN' });
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet?.getRow(1).getCell(1).value).toBe(translate('zh-CN', 'risk.field.code'));
    expect(sheet?.getRow(2).getCell(1).value).toBe('X-1');
    expect(sheet?.getRow(2).getCell(4).value).toBe('1+150.000');
    expect(sheet?.getRow(2).getCell(8).value).toBe(translate('zh-CN', 'risk.level.high'));
    data(await form(c.riskDelete, { id: zone.id }));
  });

  it('tells the state of each zone as the machine advances and announces approaching once and inside once to the run users', async () => {
    // The warning distance: 10 rings by default; the reader may read it, only the writer set it.
    expect(data(await get(c.riskSettings, { runId }, reader))).toEqual({ runId, warnRings: 10 });
    expect(await post(c.riskSettingsSave, { runId, warnRings: 0 })).toMatchObject({ code: 3, msg: fieldSays('en-US', 'warnRings', 'risk.validation.warnRings') });
    expect((await post(c.riskSettingsSave, { runId, warnRings: 1001 })).code).toBe(3);
    data(await post(c.riskSettingsSave, { runId, warnRings: 1000 }));
    data(await post(c.riskSettingsSave, { runId, warnRings: 10 }));

    const zone = data<{ id: number }>(await form(c.riskAdd, zoneFields({ code: 'S-1' })));
    const far = data<{ id: number }>(await form(c.riskAdd, zoneFields({ code: 'S-2', name: 'Fault zone', position: '1400', startChainage: '1+400', endChainage: '1+420' })));
    const watch = t.app.platform.services.get('riskWatch');
    const messagesOf = async (userId: number) =>
      t.db.kysely.selectFrom('messages').select(['content_key', 'content_params', 'object_id', 'type']).where('user_id', '=', userId).where('object_kind', '=', 'riskPoint').orderBy('id').execute();
    /** Rings 1..n bored, 1.5 m each from 1+000, each completing as the machine would. */
    let built = 0;
    const advanceTo = async (n: number) => {
      for (let ring = built + 1; ring <= n; ring += 1) {
        const start = Date.UTC(2026, 0, 1) + ring * 3_600_000;
        await t.db.kysely.insertInto('rings').values(ringRecord(runId, ring, start, start + 3_000_000, { start_chainage: 1000 + 1.5 * (ring - 1), end_chainage: 1000 + 1.5 * ring })).execute();
      }
      built = n;
      t.app.platform.events.emit('ringCompleted', { runId, ring: { runId, ringNo: n } as never });
      await watch.settled();
    };
    const current = async () => data<c.RiskCurrent>(await post(c.riskCurrent, { runId }, reader));

    await advanceTo(80);
    expect((await current()).nearest).toMatchObject({ id: zone.id, state: 'ahead', ringsToGo: 20 });
    expect(await messagesOf(readerId)).toEqual([]);

    // 10 rings before the zone: approaching, one message to each user holding alarm.risk.read.
    await advanceTo(90);
    const now = await current();
    expect(now.position).toEqual({ ring: 91, chainage: 1135, direction: 1 });
    expect(now.zones.map((z) => [z.code, z.state, z.ringsToGo])).toEqual([
      ['S-1', 'approaching', 10],
      ['S-2', 'ahead', 177],
    ]);
    for (const userId of [readerId, writerId]) {
      expect(await messagesOf(userId)).toEqual([{ content_key: 'risk.message.approaching', content_params: JSON.stringify({ code: 'S-1', name: 'River crossing', rings: 10 }), object_id: zone.id, type: 'monitoringAlarm' }]);
    }
    // The reader reads it in his language from the message centre.
    const inbox = data<{ records: { text: string; title: string }[] }>(await post(messagesContract.reminderPage, { page: 1, pageSize: 10 }, reader, 'zh_CN'));
    expect(JSON.stringify(inbox.records[0])).toContain(translate('zh-CN', 'risk.message.approaching', { code: 'S-1', name: 'River crossing', rings: 10 }));

    // Further rings while approaching: no second message.
    await advanceTo(95);
    expect(await messagesOf(readerId)).toHaveLength(1);
    // Entering: inside, one message.
    await advanceTo(100);
    expect((await current()).zones[0]).toMatchObject({ state: 'inside', ringsToGo: 0 });
    await advanceTo(105);
    expect((await messagesOf(readerId)).map((m) => m.content_key)).toEqual(['risk.message.approaching', 'risk.message.inside']);
    expect(data(await get(c.riskRingSpec, { runId, ring: 110 }, reader))).toMatchObject([{ id: zone.id, code: 'S-1' }]);
    expect(data(await get(c.riskRingSpec, { runId, ring: 130 }, reader))).toEqual([]);
    expect(data(await get(c.riskRings, { runId }, reader))).toEqual([
      { id: zone.id, code: 'S-1', name: 'River crossing', startRing: 101, endRing: 121, state: 'inside' },
      { id: far.id, code: 'S-2', name: 'Fault zone', startRing: 267, endRing: 281, state: 'ahead' },
    ]);
    expect(data(await post(c.riskGetRiskRings, { runId }, reader))).toHaveLength(2);
    // Beyond the far edge: passed; the nearest is the next zone; the list filters by state.
    await advanceTo(122);
    const after = await current();
    expect(after.zones[0]?.state).toBe('passed');
    expect(after.nearest).toMatchObject({ id: far.id, state: 'ahead' });
    expect((await list(reader, { state: 'passed' })).records.map((r) => r.code)).toEqual(['S-1']);
    expect((await list(reader, { keyword: 'fault' })).records.map((r) => r.code)).toEqual(['S-2']);
    expect((await messagesOf(readerId)).length).toBe(2);
    // A plain user of the organization gets nothing.
    for (const id of [zone.id, far.id]) data(await form(c.riskDelete, { id }));
  });
});
