import { adminContract, type EndpointDefinition, endpointUrl, KEY_TAGS, monitorContract, ownTagsContract as o, statisticContract, telemetryContract as c } from '@boreline/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildRun, buildUser, call, signIn } from '../../../test/factories.js';
import { ADMIN, createTestApp, type Envelope, envelope, type TestApp } from '../../../test/testApp.js';

type Endpoint = EndpointDefinition;

/** A Wednesday 10:00 UTC. */
const T0 = Date.UTC(2026, 10, 18, 10, 0, 0);
const READ = ['telemetry.tagMapping.read'] as const;
const WRITE = ['telemetry.tagMapping.read', 'telemetry.tagMapping.write'] as const;
const FieldsSchema = z.object({ fields: z.array(z.object({ field: z.string(), message: z.string() })) });
const WEAR = {
  code: 'own.discWear',
  name_zh_CN: '滚刀磨损',
  name_en_US: 'Disc cutter wear',
  unit: 'mm',
  subsystem: 'cutter',
  rangeMin: 0,
  rangeMax: 25,
  precision: 1,
} as const;

describe('own tags of a run (/u/web/monitor/ownTag/*): stored, charted, live, in statistics and part alarms', () => {
  let t: TestApp;
  const tokens = { sa: '', writer: '', reader: '', plain: '', other: '' };
  const ids = { orgA: 0, orgB: 0, runA: 0, runB: 0 };
  let key = '';

  const send = async (endpoint: Endpoint, payload: object, token: string = tokens.sa, lang = 'en_US'): Promise<Envelope> => {
    const url = endpointUrl(endpoint);
    if (endpoint.method === 'POST') return envelope(await call(t.app, 'POST', url, { token, payload, lang }));
    const query = new URLSearchParams(Object.entries(payload).map(([k, v]): [string, string] => [k, String(v)]));
    return envelope(await call(t.app, 'GET', `${url}?${query}`, { token, lang }));
  };
  const ok = async (endpoint: Endpoint, payload: object, token: string = tokens.sa, lang = 'en_US'): Promise<unknown> => {
    const body = await send(endpoint, payload, token, lang);
    expect(body.code, body.msg).toBe(0);
    return body.data;
  };
  const created = async (endpoint: Endpoint, payload: object) => z.object({ id: z.number() }).parse(await ok(endpoint, payload)).id;
  const userIn = async (orgId: number, codes: readonly string[], ip: string) => {
    const user = await buildUser(t.db);
    await t.db.kysely.updateTable('users').set({ org_id: orgId }).where('id', '=', user.id).execute();
    if (codes.length > 0) {
      const roleId = await created(adminContract.roleAdd, { name: `Role ${user.id}`, kind: 'custom', orgId, sort: 1 });
      await ok(adminContract.roleResourcesUpdate, { roleId, codes });
      await ok(adminContract.userAssignRoles, { userId: user.id, roleIds: [roleId] });
    }
    return signIn(t.app, user.phone, user.password, { ip });
  };
  const ingest = async (frames: object[]) => {
    const body = envelope(await call(t.app, 'POST', endpointUrl(c.ingestFrames), { token: key, payload: { frames } }));
    expect(body.code, body.msg).toBe(0);
    return body.data as { accepted: number; unknownTags: string[] };
  };
  const list = async (token = tokens.reader, lang = 'en_US') => z.array(o.OwnTagSchema).parse(await ok(o.ownTagQuery, { runId: ids.runA }, token, lang));
  const series = async (code: string, from: number, to: number) =>
    c.seriesQuery.output.parse(await ok(c.seriesQuery, { runId: ids.runA, tags: [code], from, to })).series[0]?.points ?? [];

  beforeAll(async () => {
    t = await createTestApp();
    tokens.sa = await signIn(t.app, ADMIN.email, ADMIN.password, { ip: '10.75.0.1' });
    const root = z.array(z.object({ id: z.number() })).parse(await ok(adminContract.orgQuery, {}))[0]?.id ?? 1;
    ids.orgA = await created(adminContract.orgAdd, { parentId: root, name: 'Own tags contractor A', type: 'company', sort: 1 });
    ids.orgB = await created(adminContract.orgAdd, { parentId: root, name: 'Own tags contractor B', type: 'company', sort: 2 });
    for (const orgId of [ids.orgA, ids.orgB]) await ok(adminContract.orgResourcesEdit, { orgId, codes: [...WRITE] });
    ids.runA = await buildRun(t.db, ids.orgA, { projectName: 'Own tags line A' });
    ids.runB = await buildRun(t.db, ids.orgB, { projectName: 'Own tags line B' });
    tokens.writer = await userIn(ids.orgA, WRITE, '10.75.0.2');
    tokens.reader = await userIn(ids.orgA, READ, '10.75.0.3');
    tokens.plain = await userIn(ids.orgA, [], '10.75.0.4');
    tokens.other = await userIn(ids.orgB, WRITE, '10.75.0.5');
    key = z.object({ key: z.string() }).parse(await ok(c.ingestKeyRotate, { runId: ids.runA })).key;
  });
  afterAll(() => t.close());

  it('stores frames carrying an own tag added while the run already takes data, and answers them in series and live values', async () => {
    // Before the tag exists its code is an unknown name.
    expect((await ingest([{ ts: T0, values: { [KEY_TAGS.advanceSpeed]: 40, [WEAR.code]: 3 } }])).unknownTags).toEqual([WEAR.code]);

    const added = o.OwnTagSchema.parse(await ok(o.ownTagAdd, { runId: ids.runA, ...WEAR }, tokens.writer, 'zh_CN'));
    expect(added).toMatchObject({ code: WEAR.code, name: '滚刀磨损', unit: 'mm', subsystem: 'cutter', rangeMin: 0, rangeMax: 25, precision: 1 });
    expect((await list(tokens.reader, 'en_US')).map((x) => x.name)).toEqual(['Disc cutter wear']);
    // A language without a name of its own shows the Chinese one.
    expect((await list(tokens.reader, 'de_AT'))[0]?.name).toBe('滚刀磨损');

    // Frames of the same 10-minute window now store it (rounded to its precision), by code and by a mapped gateway name.
    await ok(c.tagMappingSave, { runId: ids.runA, mappings: [{ rawName: 'PLC7.Verschleiss', tagCode: WEAR.code }] }, tokens.writer);
    const result = await ingest([
      { ts: T0 + 1000, values: { [KEY_TAGS.advanceSpeed]: 41, [WEAR.code]: 3.14 } },
      { ts: T0 + 2000, values: { [KEY_TAGS.advanceSpeed]: 42, 'PLC7.Verschleiss': 3.26 } },
    ]);
    expect(result).toMatchObject({ accepted: 2, unknownTags: [] });
    expect(await series(WEAR.code, T0 - 1000, T0 + 60_000)).toEqual([
      [T0 + 1000, 3.1],
      [T0 + 2000, 3.3],
    ]);
    // The catalogue tag goes on across the layout change.
    expect((await series(KEY_TAGS.advanceSpeed, T0 - 1000, T0 + 60_000)).map((p) => p[1])).toEqual([40, 41, 42]);
    // A frame of the next window closes the first one: the values stay readable from the stored chunks.
    await ingest([{ ts: T0 + 11 * 60_000, values: { [WEAR.code]: 4 } }]);
    expect((await series(WEAR.code, T0 - 1000, T0 + 12 * 60_000)).map((p) => p[1])).toEqual([3.1, 3.3, 4]);

    const live = monitorContract.realDataQuery.output.parse(await ok(monitorContract.realDataQuery, { runId: ids.runA }));
    expect(live.values[WEAR.code]).toBe(4);
    // The real-time pages learn the tag from the run's tag definitions, named in the reader's language.
    const defs = o.ownTagDefs.output.parse(await ok(o.ownTagDefs, { runId: ids.runA }, tokens.sa, 'zh_CN'));
    expect(defs).toEqual([expect.objectContaining({ code: WEAR.code, subsystem: 'cutter', unit: 'mm', min: 0, max: 25, precision: 1, label: '滚刀磨损' })]);
    expect((await send(o.ownTagDefs, { runId: ids.runA }, tokens.reader)).code).toBe(2);
    const cached = monitorContract.cachedRealData.output.parse(await ok(monitorContract.cachedRealData, { runId: ids.runA, tags: [WEAR.code] }));
    expect(cached.values).toEqual({ [WEAR.code]: 4 });
  });

  it('offers the own tag in the statistics tag picker and accepts part alarm thresholds on it', async () => {
    const groups = statisticContract.pointGroups.output.parse(await ok(statisticContract.pointGroups, { runId: ids.runA }));
    const cutter = groups.groups.find((g) => g.subsystem === 'cutter');
    expect(cutter?.tags.find((x) => x.code === WEAR.code)).toMatchObject({ unit: 'mm', precision: 1, label: 'Disc cutter wear' });

    const page = adminContract.warnSettingPage.output.parse(await ok(adminContract.warnSettingPage, { runId: ids.runA, page: 1, pageSize: 50, keyword: 'own.' }, tokens.sa, 'zh_CN'));
    expect(page.records).toEqual([expect.objectContaining({ tagCode: WEAR.code, name: '滚刀磨损', subsystem: 'cutter', unit: 'mm', rangeMin: 0, rangeMax: 25, enabled: false })]);
    const saved = adminContract.warnSettingUpdate.output.parse(
      await ok(adminContract.warnSettingUpdate, { runId: ids.runA, tagCode: WEAR.code, enabled: true, notify: false, lowAlarm: null, lowWarn: null, highWarn: 18, highAlarm: 22, delaySeconds: 0 }),
    );
    expect(saved).toMatchObject({ tagCode: WEAR.code, enabled: true, highWarn: 18, highAlarm: 22 });
    // A code no tag of the run has is refused.
    expect((await send(adminContract.warnSettingUpdate, { runId: ids.runA, tagCode: 'own.noSuch', enabled: false, notify: false, lowAlarm: null, lowWarn: null, highWarn: 1, highAlarm: null, delaySeconds: 0 })).code).toBe(3);
  });

  it('changes names, unit and precision; a deleted tag is no longer stored and its mapped names are unmapped', async () => {
    const edited = o.OwnTagSchema.parse(await ok(o.ownTagEdit, { runId: ids.runA, ...WEAR, name_zh_CN: '', name_en_US: 'Cutter wear', unit: 'cm', precision: 2 }, tokens.writer));
    expect(edited).toMatchObject({ name: 'Cutter wear', unit: 'cm', precision: 2, names: { en_US: 'Cutter wear' } });
    await ingest([{ ts: T0 + 12 * 60_000, values: { [WEAR.code]: 4.567 } }]);
    expect((await series(WEAR.code, T0 + 11 * 60_000, T0 + 13 * 60_000)).map((p) => p[1])).toEqual([4, 4.57]);

    expect(await ok(o.ownTagDelete, { runId: ids.runA, code: WEAR.code }, tokens.writer)).toEqual({ code: WEAR.code });
    expect(await list()).toEqual([]);
    expect(await ok(c.tagMappingQuery, { runId: ids.runA }, tokens.reader)).toEqual([]);
    expect((await ingest([{ ts: T0 + 13 * 60_000, values: { [WEAR.code]: 9 } }])).unknownTags).toEqual([WEAR.code]);
    // Values stored before the delete stay.
    expect((await series(WEAR.code, T0 - 1000, T0 + 14 * 60_000)).map((p) => p[1])).toEqual([3.1, 3.3, 4, 4.57]);
    const refused = await send(c.tagMappingSave, { runId: ids.runA, mappings: [{ rawName: 'PLC7.Verschleiss', tagCode: WEAR.code }] }, tokens.writer);
    expect(refused.code).toBe(3);
    expect((await send(o.ownTagDelete, { runId: ids.runA, code: WEAR.code }, tokens.writer)).msg).toBe('This own tag does not exist');
    expect((await send(o.ownTagEdit, { runId: ids.runA, ...WEAR }, tokens.writer)).code).toBe(3);
  });

  it('refuses a malformed or taken code, no name, a reversed range and a precision beyond 6 at their fields, in the caller language', async () => {
    const add = (patch: object, lang = 'en_US') => send(o.ownTagAdd, { runId: ids.runA, ...WEAR, code: 'own.flowRate', ...patch }, tokens.writer, lang);
    const fields = async (patch: object, lang = 'en_US') => FieldsSchema.parse((await add(patch, lang)).data).fields;
    expect(await fields({ code: 'cutter.wear' })).toEqual([{ field: 'code', message: expect.stringContaining('Use own. followed by a letter') }]);
    expect((await fields({ code: 'thrust.advanceSpeed' }, 'zh_CN'))[0]?.message).toContain('以 own. 开头');
    expect(await fields({ name_zh_CN: undefined, name_en_US: '  ' })).toEqual([{ field: 'name_zh_CN', message: expect.stringContaining('Give a name in at least one language') }]);
    expect(await fields({ rangeMin: 5, rangeMax: 5 })).toEqual([{ field: 'rangeMax', message: expect.stringContaining('The maximum must be greater than the minimum') }]);
    expect((await fields({ rangeMin: 5, rangeMax: 1 }, 'de_AT'))[0]?.message).toContain('Das Maximum muss größer als das Minimum sein');
    expect((await fields({ precision: 7 }))[0]?.field).toBe('precision');
    expect((await fields({ subsystem: 'kitchen' }))[0]?.field).toBe('subsystem');
    expect((await fields({ subsystem: 'state' }))[0]?.field).toBe('subsystem');
    // An EPB machine has no slurry circuit.
    expect(await fields({ subsystem: 'slurryCircuit' })).toEqual([{ field: 'subsystem', message: 'Not a subsystem of this machine' }]);
    // JSON numbers only.
    expect((await fields({ rangeMax: '25' }))[0]?.field).toBe('rangeMax');
    await ok(o.ownTagAdd, { runId: ids.runA, ...WEAR, code: 'own.flowRate' }, tokens.writer);
    const taken = await add({});
    expect(taken).toMatchObject({ code: 3 });
    expect(FieldsSchema.parse(taken.data).fields).toEqual([{ field: 'code', message: 'The code own.flowRate is already used by this machine' }]);
  });

  it('needs the tag-mapping permissions and keeps to the caller organization', async () => {
    const payload = { runId: ids.runA, ...WEAR, code: 'own.permCheck' };
    expect((await send(o.ownTagQuery, { runId: ids.runA }, tokens.plain)).code).toBe(2);
    expect((await send(o.ownTagAdd, payload, tokens.reader)).code).toBe(2);
    expect((await send(o.ownTagEdit, { ...payload, code: 'own.flowRate' }, tokens.reader)).code).toBe(2);
    expect((await send(o.ownTagDelete, { runId: ids.runA, code: 'own.flowRate' }, tokens.reader)).code).toBe(2);
    // Another organization's writer: refused for run A as for a run that does not exist.
    const foreign = await send(o.ownTagAdd, payload, tokens.other);
    const missing = await send(o.ownTagAdd, { ...payload, runId: 999_999 }, tokens.other);
    expect(foreign.code).toBe(2);
    expect({ code: missing.code, msg: missing.msg }).toEqual({ code: foreign.code, msg: foreign.msg });
    expect((await send(o.ownTagQuery, { runId: ids.runA }, tokens.other)).code).toBe(2);
    // Its own run has its own list.
    expect(await ok(o.ownTagQuery, { runId: ids.runB }, tokens.other)).toEqual([]);
    expect((await list()).map((x) => x.code)).toEqual(['own.flowRate']);
  });
});
