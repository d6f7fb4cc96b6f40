import { Readable } from 'node:stream';
import { adminContract, endpointUrl, filesContract, KEY_TAGS, repairContract as c, telemetryContract } from '@boreline/contracts';
import { type Locale, type MessageKey, type MessageParams, translate } from '@boreline/i18n';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { buildRun, buildUser, call, ringRecord, signIn } from '../../../test/factories.js';
import { ADMIN, createTestApp, envelope, type TestApp } from '../../../test/testApp.js';
import { headOf } from '../files/files.fixture.js';

type FromAlarm = z.output<typeof c.repairFromAlarm.output>;
type Body = { code: number; msg: string; data: unknown };
type Endpoint = { base: 'main' | 'project'; path: string };
const LANG: Record<Locale, string> = { 'en-US': 'en_US', 'zh-CN': 'zh_CN', 'it-IT': 'it_IT', 'de-AT': 'de_AT', 'pt-PT': 'pt_PT', 'tr-TR': 'tr_TR' };
const MB = 1024 * 1024;
const MIN = 60_000;

const fieldSays = (locale: Locale, field: string, key: MessageKey, params: MessageParams = {}) =>
  translate(locale, 'common.error.fieldInvalid', { field: translate(locale, `field.${field}` as MessageKey), message: translate(locale, key, params) });

describe('repair records and the case base: permissions, rules of spec §5, photos and videos, alarms, cases across runs', () => {
  let t: TestApp;
  let sa: string;
  /** Repair read, write and publish in the run's organization. */
  let writer: string;
  /** Repair read only. */
  let reader: string;
  /** In the organization without repair codes. */
  let plain: string;
  /** Every repair code in another organization (another tenant). */
  let stranger: string;
  let runId = 0;
  /** A second run of the same organization. */
  let siblingId = 0;
  let otherRunId = 0;

  const post = async (endpoint: Endpoint, payload: object, token = writer, lang = 'en_US'): Promise<Body> => envelope(await call(t.app, 'POST', endpointUrl(endpoint), { token, payload, lang }));
  const get = async (endpoint: Endpoint, query: Record<string, string | number>, token = writer): Promise<Body> =>
    envelope(await call(t.app, 'GET', `${endpointUrl(endpoint)}?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString()}`, { token }));
  const data = <T>(body: Body): T => {
    expect(body.code, body.msg).toBe(0);
    return body.data as T;
  };
  const multipart = (fields: Record<string, string>, name: string, type: string) => {
    const boundary = '----repair-test';
    const head = Buffer.from(
      `${Object.entries(fields)
        .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
        .join('')}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
    );
    return { boundary, head, tail: Buffer.from(`\r\n--${boundary}--\r\n`) };
  };
  const upload = async (purpose: 'repairPhoto' | 'repairVideo', run = runId, token = writer): Promise<string> => {
    const file = purpose === 'repairPhoto' ? await sharp({ create: { width: 40, height: 30, channels: 3, background: '#468' } }).png().toBuffer() : Buffer.concat([headOf('mp4'), Buffer.alloc(4096, 0x30)]);
    const form = multipart({ purpose, runId: String(run) }, purpose === 'repairPhoto' ? 'leak.png' : 'leak.mp4', purpose === 'repairPhoto' ? 'image/png' : 'video/mp4');
    const response = await t.app.inject({
      method: 'POST',
      url: endpointUrl(filesContract.upload),
      payload: Buffer.concat([form.head, file, form.tail]),
      headers: { 'content-type': `multipart/form-data; boundary=${form.boundary}`, authorization: token },
    });
    return data<{ id: string }>(envelope(response)).id;
  };
  const fields = (overrides: Record<string, unknown> = {}) => ({
    runId,
    finder: 'Marco Rossi',
    foundAt: Date.parse('2026-11-20T08:00:00Z'),
    system: 'Main drive',
    component: 'Main bearing seal',
    title: 'Main bearing seal leaking',
    description: 'Grease and oil leaking at the outer lip seal of the main bearing',
    ...overrides,
  });

  beforeAll(async () => {
    t = await createTestApp();
    sa = await signIn(t.app, ADMIN.email, ADMIN.password, { ip: '10.97.0.1' });
    const ok = async (endpoint: { path: string }, payload: object) => {
      const body = envelope(await call(t.app, 'POST', `/server_main${endpoint.path}`, { token: sa, payload }));
      expect(body.code, body.msg).toBe(0);
      return Number((body.data as { id?: number }).id);
    };
    const root = (envelope(await call(t.app, 'POST', endpointUrl(adminContract.orgQuery), { token: sa, payload: {} })).data as { id: number }[])[0]?.id ?? 1;
    const group = await ok(adminContract.orgAdd, { parentId: root, name: 'Tunnel contractor', type: 'company', sort: 1 });
    const other = await ok(adminContract.orgAdd, { parentId: root, name: 'Other contractor', type: 'company', sort: 2 });
    runId = await buildRun(t.db, group, { projectName: 'Metro M5' });
    siblingId = await buildRun(t.db, group, { projectName: 'Metro M6' });
    otherRunId = await buildRun(t.db, other, { projectName: 'Other metro' });
    const codes = ['maintenance.repair.read', 'maintenance.repair.write', 'maintenance.case.publish'];
    for (const orgId of [group, other]) await ok(adminContract.orgResourcesEdit, { orgId, codes });
    const role = async (orgId: number, name: string, roleCodes: string[]) => {
      const id = await ok(adminContract.roleAdd, { name, kind: 'custom', orgId, sort: 1 });
      await ok(adminContract.roleResourcesUpdate, { roleId: id, codes: roleCodes });
      return id;
    };
    const writers = await role(group, 'Repair writers', codes);
    const readers = await role(group, 'Repair readers', ['maintenance.repair.read']);
    const strangers = await role(other, 'Other writers', codes);
    const userIn = async (orgId: number, roleIds: number[], ip: string) => {
      const user = await buildUser(t.db);
      await t.db.kysely.updateTable('users').set({ org_id: orgId }).where('id', '=', user.id).execute();
      if (roleIds.length > 0) await ok(adminContract.userAssignRoles, { userId: user.id, roleIds });
      return signIn(t.app, user.phone, user.password, { ip });
    };
    writer = await userIn(group, [writers], '10.97.0.2');
    reader = await userIn(group, [readers], '10.97.0.3');
    plain = await userIn(group, [], '10.97.0.4');
    stranger = await userIn(other, [strangers], '10.97.0.5');
  });
  afterAll(() => t.close());

  it('adds, reads, lists and updates a repair; readers read, others are refused', async () => {
    const added = data<c.Repair>(await post(c.repairAdd, fields()));
    expect(added).toMatchObject({ runId, project: 'Metro M5', finder: 'Marco Rossi', state: 'open', caseState: 'none', cause: null, photos: [], videos: [], alarm: null, fingerprint: null });
    expect(data<c.Repair>(await get(c.repairDetail, { runId, id: added.id }, reader))).toMatchObject({ id: added.id, title: 'Main bearing seal leaking' });
    expect(data<c.Repair[]>(await get(c.repairByTbm, { runId }, reader)).map((r) => r.id)).toContain(added.id);
    const updated = data<c.Repair>(await post(c.repairUpdate, { ...fields({ cause: 'Lip seal worn', result: 'Seal replaced', repairedAt: Date.parse('2026-11-20T14:00:00Z'), failureMode: 'leakage' }), id: added.id }));
    expect(updated).toMatchObject({ state: 'repaired', failureMode: 'leakage', cause: 'Lip seal worn' });
    const page = data<{ total: number; records: c.Repair[] }>(await post(c.repairPage, { runId, state: 'repaired', keyword: 'seal', page: 1, pageSize: 20 }, reader));
    expect(page.records.map((r) => r.id)).toEqual([added.id]);
    expect(data<{ total: number }>(await post(c.repairPage, { runId, keyword: 'conveyor', page: 1, pageSize: 20 }, reader)).total).toBe(0);

    expect((await post(c.repairAdd, fields(), reader)).code).toBe(2);
    expect((await post(c.repairPublish, { runId, id: added.id, publish: true }, reader)).code).toBe(2);
    expect((await get(c.repairDetail, { runId, id: added.id }, plain)).code).toBe(2);
    expect((await post(c.repairPage, { runId, page: 1, pageSize: 20 }, stranger)).code).toBe(2);
    expect(envelope(await call(t.app, 'POST', endpointUrl(c.repairPage), { payload: { runId } })).code).toBe(1);
  });

  for (const locale of ['zh-CN', 'de-AT'] as const) {
    it(`enforces the rules of spec §5 in ${locale}: required fields, 5 photos, 5 videos, repair date, publishing a repaired fault only`, async () => {
      const lang = LANG[locale];
      for (const field of ['finder', 'foundAt', 'system', 'component', 'title', 'description']) {
        const without = Object.fromEntries(Object.entries(fields()).filter(([name]) => name !== field));
        expect(await post(c.repairAdd, without, writer, lang)).toMatchObject({ code: 3, msg: fieldSays(locale, field, 'validation.required') });
      }
      expect(await post(c.repairAdd, fields({ title: '   ' }), writer, lang)).toMatchObject({ code: 3, msg: fieldSays(locale, 'title', 'validation.required') });
      const photos = await Promise.all(Array.from({ length: 6 }, () => upload('repairPhoto')));
      const videos = await Promise.all(Array.from({ length: 6 }, () => upload('repairVideo')));
      expect(await post(c.repairAdd, fields({ photoIds: photos }), writer, lang)).toMatchObject({ code: 3, msg: fieldSays(locale, 'photoIds', 'repair.refused.tooManyPhotos') });
      expect(await post(c.repairAdd, fields({ videoIds: videos }), writer, lang)).toMatchObject({ code: 3, msg: fieldSays(locale, 'videoIds', 'repair.refused.tooManyVideos') });
      // Five of each are kept; the sixth, sent on an update, is refused by the contract too.
      const added = data<c.Repair>(await post(c.repairAdd, fields({ photoIds: photos.slice(0, 5), videoIds: videos.slice(0, 5) }), writer, lang));
      expect([added.photos.length, added.videos.length]).toEqual([5, 5]);
      expect(added.photos[0]?.thumbUrl).toBeDefined();
      expect(await post(c.repairUpdate, { ...fields({ videoIds: videos }), id: added.id }, writer, lang)).toMatchObject({ code: 3, msg: fieldSays(locale, 'videoIds', 'repair.refused.tooManyVideos') });
      // Replacing: the sixth photo in place of the first; the first is gone.
      const replaced = data<c.Repair>(await post(c.repairUpdate, { ...fields({ photoIds: [...photos.slice(1, 5), photos[5]], videoIds: videos.slice(0, 2) }), id: added.id }, writer, lang));
      expect(replaced.photos.map((p) => p.id).sort()).toEqual([...photos.slice(1, 6)].sort());
      expect(replaced.videos).toHaveLength(2);
      expect(await post(c.repairAdd, fields({ repairedAt: Date.parse('2026-11-19T08:00:00Z') }), writer, lang)).toMatchObject({ code: 3, msg: translate(locale, 'repair.refused.repairedBeforeFound') });
      // Publishing an open repair names what it lacks, in the caller's language.
      const missing = [translate(locale, 'field.cause'), translate(locale, 'field.result'), translate(locale, 'field.repairedAt')].join(', ');
      expect(await post(c.repairPublish, { runId, id: added.id, publish: true }, writer, lang)).toMatchObject({ code: 3, msg: translate(locale, 'repair.refused.notRepaired', { missing }) });
      data(await post(c.repairUpdate, { ...fields({ cause: 'Dichtung verschlissen, Überhitzung 主驱动密封磨损', photoIds: [], videoIds: [] }), id: added.id }, writer, lang));
      // Words of the cause find it: two Chinese characters inside a longer term, a German word with its umlaut in any case.
      for (const keyword of ['密封', 'überhitzung', 'ÜBERHITZUNG verschlissen']) {
        expect(data<{ records: c.Repair[] }>(await post(c.repairPage, { runId, keyword, page: 1, pageSize: 50 }, writer, lang)).records.map((r) => r.id)).toContain(added.id);
      }
      expect(data<{ records: c.Repair[] }>(await post(c.repairPage, { runId, keyword: 'überhitzung Förderschnecke', page: 1, pageSize: 50 }, writer, lang)).records).toEqual([]);
      const stillMissing = [translate(locale, 'field.result'), translate(locale, 'field.repairedAt')].join(', ');
      expect(await post(c.repairPublish, { runId, id: added.id, publish: true }, writer, lang)).toMatchObject({ code: 3, msg: translate(locale, 'repair.refused.notRepaired', { missing: stillMissing }) });
    });
  }

  it('refuses a 100 MB + 1 byte video while it streams in, with memory staying flat', async () => {
    const form = multipart({ purpose: 'repairVideo', runId: String(runId) }, 'long.mp4', 'video/mp4');
    const total = c.REPAIR_LIMITS.videoMaxBytes + 1;
    const chunk = Buffer.alloc(MB, 0x30);
    const held = () => {
      const m = process.memoryUsage();
      return m.heapUsed + m.arrayBuffers;
    };
    const before = held();
    let sent = 0;
    let peak = before;
    async function* body(): AsyncGenerator<Buffer> {
      yield form.head;
      yield headOf('mp4');
      sent = headOf('mp4').length;
      while (sent < total) {
        const n = Math.min(MB, total - sent);
        sent += n;
        // Sampled while the video flows: what the server holds of it shows here.
        if (sent % (8 * MB) === 0) peak = Math.max(peak, held());
        yield n === MB ? chunk : chunk.subarray(0, n);
      }
      yield form.tail;
    }
    const response = await t.app.inject({
      method: 'POST',
      url: endpointUrl(filesContract.upload),
      payload: Readable.from(body()),
      headers: { 'content-type': `multipart/form-data; boundary=${form.boundary}`, authorization: writer },
    });
    expect(envelope(response)).toMatchObject({ code: 3, msg: 'The file must be at most 100 MB' });
    expect(sent).toBe(total);
    // Neither the request nor the file service held the video: at no time did memory grow by anything near its 100 MB.
    expect(Math.max(peak, held()) - before).toBeLessThan(48 * MB);
    const kept = await t.db.kysely.selectFrom('files').select('id').where('name', '=', 'long.mp4').where('state', '=', 'complete').execute();
    expect(kept).toEqual([]);
  }, 120_000);

  it("refuses another run's and another tenant's files, alarms, records and repairs, answering as for missing ones", async () => {
    const foreignPhoto = await upload('repairPhoto', otherRunId, stranger);
    const siblingPhoto = await upload('repairPhoto', siblingId);
    const invalid = { code: 3, msg: translate('en-US', 'files.attach.invalid') };
    expect(await post(c.repairAdd, fields({ photoIds: [foreignPhoto] }))).toMatchObject(invalid);
    expect(await post(c.repairAdd, fields({ photoIds: [siblingPhoto] }))).toMatchObject(invalid);
    expect(await post(c.repairAdd, fields({ photoIds: ['missingFileIdAAAAAAAAA'] }))).toMatchObject(invalid);
    // A video sent as a photo is refused too.
    expect(await post(c.repairAdd, fields({ photoIds: [await upload('repairVideo')] }))).toMatchObject(invalid);
    const now = Date.now();
    const alarmOf = async (run: number) =>
      (
        await t.db.kysely
          .insertInto('alarms')
          .values({ run_id: run, number: 1, kind: 'longStop', point: 'state.longStop', subsystem: null, level: 'warning', direction: null, start_ts: now, end_ts: null, fault_ts: now, start_value: null, peak_value: null, limit_value: null, ring_no: null, shift_date: null, shift_no: null, start_chainage: null, end_chainage: null, created_at: now })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const alarmNotFound = { code: 3, msg: translate('en-US', 'repair.refused.alarmNotFound') };
    for (const alarmId of [await alarmOf(otherRunId), await alarmOf(siblingId), 999_999]) {
      expect(await post(c.repairAdd, fields({ alarmId }))).toMatchObject(alarmNotFound);
      expect(await post(c.repairFromAlarm, { runId, alarmId })).toMatchObject(alarmNotFound);
    }
    expect(await post(c.repairAdd, fields({ maintenanceRecordId: 999_999 }))).toMatchObject({ code: 3, msg: translate('en-US', 'repair.refused.maintenanceRecordNotFound') });
    const theirs = data<c.Repair>(await post(c.repairAdd, fields({ runId: otherRunId }), stranger));
    const notFound = { code: 3, msg: translate('en-US', 'repair.refused.notFound') };
    expect(await get(c.repairDetail, { runId, id: theirs.id })).toMatchObject(notFound);
    expect(await post(c.repairUpdate, { ...fields(), id: theirs.id })).toMatchObject(notFound);
    expect(await post(c.repairPublish, { runId, id: theirs.id, publish: false })).toMatchObject(notFound);
    expect((await get(c.repairDetail, { runId: otherRunId, id: theirs.id })).code).toBe(2);
  });

  it('publishes cases; the case base finds them across the organization’s runs, never another tenant’s; withdrawing hides them', async () => {
    const repaired = (overrides: Record<string, unknown>) => fields({ cause: 'Screw conveyor gate jammed by a boulder', result: 'Boulder removed, gate cylinder checked', repairedAt: Date.parse('2026-11-21T10:00:00Z'), ...overrides });
    const here = data<c.Repair>(await post(c.repairAdd, repaired({ title: 'Gate jammed here', system: 'Screw conveyor' })));
    const sibling = data<c.Repair>(await post(c.repairAdd, repaired({ runId: siblingId, title: 'Gate jammed on M6', system: 'Screw conveyor' })));
    const foreign = data<c.Repair>(await post(c.repairAdd, repaired({ runId: otherRunId, title: 'Gate jammed elsewhere', system: 'Screw conveyor' }), stranger));
    for (const [id, run, token] of [[here.id, runId, writer], [sibling.id, siblingId, writer], [foreign.id, otherRunId, stranger]] as const) {
      expect(data<c.Repair>(await post(c.repairPublish, { runId: run, id, publish: true }, token))).toMatchObject({ caseState: 'published', publishedAt: expect.any(Number) });
    }
    const cases = async (payload: object, token = reader) => data<{ total: number; records: (c.Repair & { snippet: c.Snippet })[] }>(await post(c.casePage, { runId, page: 1, pageSize: 50, ...payload }, token));
    const all = await cases({ keyword: 'boulder' });
    expect(all.records.map((r) => r.id).sort()).toEqual([here.id, sibling.id].sort());
    expect(all.records.find((r) => r.id === sibling.id)).toMatchObject({ project: 'Metro M6', runId: siblingId });
    const snippet = all.records[0]?.snippet;
    expect(snippet?.marks.length).toBeGreaterThan(0);
    expect(snippet?.text.slice(snippet.marks[0]?.[0], snippet.marks[0]?.[1]).toLowerCase()).toBe('boulder');
    expect((await cases({ scope: 'run', keyword: 'boulder' })).records.map((r) => r.id)).toEqual([here.id]);
    expect((await cases({ system: 'Screw conveyor' })).records.map((r) => r.runId)).not.toContain(otherRunId);
    // The other tenant's own case base holds its case only.
    // The other tenant asking with A's run is refused; its own case base holds its case only.
    expect((await post(c.casePage, { runId, page: 1, pageSize: 50 }, stranger)).code).toBe(2);
    const theirs = data<{ records: c.Repair[] }>(await post(c.casePage, { runId: otherRunId, keyword: 'boulder', page: 1, pageSize: 50 }, stranger));
    expect(theirs.records.map((r) => r.id)).toEqual([foreign.id]);
    // A published case stays one: an update that drops its cause is refused.
    expect(await post(c.repairUpdate, { ...repaired({ title: 'Gate jammed here', system: 'Screw conveyor', cause: null }), id: here.id })).toMatchObject({
      code: 3,
      msg: translate('en-US', 'repair.refused.notRepaired', { missing: translate('en-US', 'field.cause') }),
    });
    expect(data<c.Repair>(await post(c.repairPublish, { runId: siblingId, id: sibling.id, publish: false }))).toMatchObject({ caseState: 'none', publishedAt: null });
    expect((await cases({ keyword: 'boulder' })).records.map((r) => r.id)).toEqual([here.id]);
  });

  it('prefills a repair from an alarm with its point, values, ring and the fingerprint of the 30 minutes before', async () => {
    const key = data<{ key: string }>(await post(telemetryContract.ingestKeyRotate, { runId }, sa)).key;
    const start = Math.floor(Date.now() / MIN) * MIN - 60 * MIN;
    const frame = (ts: number, torque: number, speed: number) => ({ ts, values: { [KEY_TAGS.cutterTorque]: torque, [KEY_TAGS.advanceSpeed]: speed } });
    const frames = [frame(start - 31 * MIN, 2100, 45), frame(start - 30 * MIN - 1000, 2150, 44), frame(start - 2000, 5100, 12), frame(start - 1000, 5200, 10)];
    expect(envelope(await call(t.app, 'POST', endpointUrl(telemetryContract.ingestFrames), { token: key, payload: { frames } })).code).toBe(0);
    await t.db.kysely.insertInto('rings').values(ringRecord(runId, 41, start - 50 * MIN, start - 40 * MIN)).execute();
    const insert = async (values: { number: number; point: string; subsystem: string | null; level: string; start_ts: number; start_value: number | null; limit_value: number | null; ring_no: number | null; direction: string | null }) =>
      (
        await t.db.kysely
          .insertInto('alarms')
          .values({ run_id: runId, kind: 'point', end_ts: null, fault_ts: values.start_ts, peak_value: values.start_value, start_chainage: null, end_chainage: null, shift_date: null, shift_no: null, created_at: Date.now(), ...values })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    await insert({ number: 10, point: KEY_TAGS.totalThrust, subsystem: 'thrust', level: 'warning', start_ts: start - 10 * MIN, start_value: 30000, limit_value: 28000, ring_no: 42, direction: 'high' });
    await insert({ number: 9, point: KEY_TAGS.penetration, subsystem: 'thrust', level: 'warning', start_ts: start - 45 * MIN, start_value: 2, limit_value: 3, ring_no: 42, direction: 'low' });
    const alarmId = await insert({ number: 11, point: KEY_TAGS.cutterTorque, subsystem: 'cutterhead', level: 'alarm', start_ts: start, start_value: 5200, limit_value: 5000, ring_no: 42, direction: 'high' });

    for (const locale of ['zh-CN', 'de-AT'] as const) {
      const form = data<FromAlarm>(await post(c.repairFromAlarm, { runId, alarmId }, writer, LANG[locale]));
      expect(form).toMatchObject({ foundAt: start, ringNo: 42, alarmId, system: translate(locale, 'telemetry.subsystem.cutterhead') });
      expect(form.title).toContain('11');
      expect(form.description).toContain('5200');
      expect(form.description).toContain('5000');
      // Only the alarm of the 30 minutes before, not the alarm itself nor the one 45 minutes before.
      expect(form.fingerprint?.alarms.map((a) => a.point)).toEqual([KEY_TAGS.totalThrust]);
      const torque = form.fingerprint?.values.find((v) => v.tag === KEY_TAGS.cutterTorque);
      expect(torque).toMatchObject({ before: 2150, at: 5200, unit: 'kN·m' });
      expect(form.fingerprint?.values.find((v) => v.tag === KEY_TAGS.advanceSpeed)).toMatchObject({ before: 44, at: 10 });
      expect(form.fingerprint?.values.length).toBeGreaterThanOrEqual(8);
    }
    // Saved from the alarm: the repair keeps the alarm, its ring and the fingerprint.
    const form = data<FromAlarm>(await post(c.repairFromAlarm, { runId, alarmId }));
    const saved = data<c.Repair>(await post(c.repairAdd, fields({ ...form, finder: 'Shift leader', fingerprint: undefined, ringNo: undefined })));
    expect(saved).toMatchObject({ alarm: { id: alarmId, point: KEY_TAGS.cutterTorque, ringNo: 42 }, ringNo: 42, fingerprint: { at: start } });
    expect(saved.fingerprint?.alarms).toHaveLength(1);
    // Without an alarm the ring is the one being built when the fault was found; none before the first ring.
    expect(data<c.Repair>(await post(c.repairAdd, fields({ foundAt: start - 45 * MIN }))).ringNo).toBe(41);
    expect(data<c.Repair>(await post(c.repairAdd, fields({ foundAt: start - 30 * MIN }))).ringNo).toBe(42);
    expect(data<c.Repair>(await post(c.repairAdd, fields({ foundAt: start - 90 * MIN }))).ringNo).toBeNull();
  });
});

