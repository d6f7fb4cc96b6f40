import { adminContract, endpointUrl, KEY_TAGS, projectContract, runAdminContract, telemetryContract } from '@boreline/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildUser, call, ringRecord, signIn } from '../../../test/factories.js';
import { ADMIN, createTestApp, envelope, type TestApp } from '../../../test/testApp.js';

type Endpoint = { base: 'main' | 'project'; path: string; method: 'GET' | 'POST' };
type Detail = runAdminContract.RunAdminDetail;

const c = runAdminContract;
const NO_SESSION = '';
const MISSING = 987_654_321;

/** A complete "new project" form, as the project list's dialog sends it. */
const runForm = (orgId: number, extra: object = {}) => ({
  orgId,
  projectName: 'Metro M4 Lot 5 – Linate',
  projectCode: 'M4-L5',
  plannedStart: '2026-12-01',
  plannedCompletion: '2028-03-31',
  plannedRingsPerDay: 12,
  plannedLengthPerDay: 18,
  tunnelLength: 2700,
  segmentSpec: 'Universal ring 5+1, 1.5 m × 300 mm',
  startChainage: '4+219.833',
  endChainage: '1+519.833',
  lineName: 'M4 eastbound',
  projectManager: 'Giulia Bianchi',
  siteManager: 'Marco Rossi',
  contacts: 'Site office 0200000000',
  totalRings: 1800,
  startRing: 1,
  country: 'it',
  timeZone: 'Europe/Rome',
  tbmCode: 'S-1200',
  machineType: 'epb',
  tbmName: 'Beatrice',
  manufacturer: 'Herrenknecht',
  cutterheadDiameter: 6.72,
  serialNumber: 'S-1200-2025',
  purchaseDate: '2025-10-01',
  deliveryDate: '2026-01-15',
  owner: 'M4 S.p.A.',
  contractor: 'Tunnel Builders JV',
  responsiblePerson: 'Luca Verdi',
  contactPhone: '393330000000',
  machineLength: 95,
  maxThrust: 42_750,
  maxWorkingPressure: 3,
  designPressure: 4.5,
  ringWidthMm: 1500,
  source: 'http',
  shifts: [
    { name: 'Morning', start: '06:00', end: '14:00', handoverTime: '06:00' },
    { name: 'Afternoon', start: '14:00', end: '22:00', handoverTime: '14:00' },
    { name: 'Night', start: '22:00', end: '06:00', handoverTime: '22:00' },
  ],
  ...extra,
});

const { shifts: _shifts, ...editBase } = runForm(0);
const editForm = (runId: number, orgId: number, extra: object = {}) => ({ ...editBase, runId, orgId, ...extra });

describe('run administration (/u/web/sts/run/add, edit, detail, queryAdmin, queryOrg, finish, reopen, delete)', () => {
  let t: TestApp;
  let sa: string;
  /** Org administrators of tenant A and of tenant B (every run code), a writer of A who may not delete, a reader of A. */
  let adminA: string;
  let adminB: string;
  let writerA: string;
  let readerA: string;
  /** An administrator of A limited to one run of A. */
  let limitedA: string;
  const ids = { root: 0, a: 0, aSite: 0, b: 0, runB: 0, limitedUser: 0, adminAUser: 0 };

  const send = async (endpoint: Endpoint, payload: object, token: string = sa, lang = 'en_US') => {
    const url = endpointUrl(endpoint);
    if (endpoint.method === 'POST') return envelope(await call(t.app, 'POST', url, { token, payload, lang }));
    const query = new URLSearchParams(Object.entries(payload).map(([k, v]): [string, string] => [k, String(v)]));
    return envelope(await call(t.app, 'GET', `${url}?${query}`, { token, lang }));
  };
  const ok = async <T = Record<string, unknown>>(endpoint: Endpoint, payload: object, token: string = sa) => {
    const body = await send(endpoint, payload, token);
    expect(body.code, body.msg).toBe(0);
    return body.data as T;
  };
  const userIn = async (orgId: number, roleIds: number[], nickname: string, ip: string) => {
    const user = await buildUser(t.db, { nickname });
    await t.db.kysely.updateTable('users').set({ org_id: orgId }).where('id', '=', user.id).execute();
    if (roleIds.length > 0) await ok(adminContract.userAssignRoles, { userId: user.id, roleIds });
    return { id: user.id, token: await signIn(t.app, user.phone, user.password, { ip }) };
  };
  const role = async (orgId: number, name: string, codes: string[]) => {
    const id = Number((await ok(adminContract.roleAdd, { name, kind: 'org_admin', orgId, sort: 1 })).id);
    await ok(adminContract.roleResourcesUpdate, { roleId: id, codes });
    return id;
  };
  const ALL = ['project.run.read', 'project.run.write', 'project.run.delete', 'project.basicInfo.read', 'project.shift.read'];

  beforeAll(async () => {
    t = await createTestApp();
    sa = await signIn(t.app, ADMIN.email, ADMIN.password, { ip: '10.74.0.1' });
    ids.root = ((await send(adminContract.orgQuery, {})).data as { id: number }[])[0]?.id ?? 1;
    ids.a = Number((await ok(adminContract.orgAdd, { parentId: ids.root, name: 'Milano contractor', type: 'company', sort: 1 })).id);
    ids.aSite = Number((await ok(adminContract.orgAdd, { parentId: ids.a, name: 'Milano site office', type: 'organization', sort: 1 })).id);
    ids.b = Number((await ok(adminContract.orgAdd, { parentId: ids.root, name: 'Torino contractor', type: 'company', sort: 2 })).id);
    for (const orgId of [ids.a, ids.b]) await ok(adminContract.orgResourcesEdit, { orgId, codes: ALL });
    const admins = await role(ids.a, 'A administrators', ALL);
    const writers = await role(ids.a, 'A planners', ['project.run.read', 'project.run.write']);
    const readers = await role(ids.a, 'A viewers', ['project.run.read']);
    const adminsB = await role(ids.b, 'B administrators', ALL);
    const a = await userIn(ids.a, [admins], 'Admin of A', '10.74.0.2');
    adminA = a.token;
    ids.adminAUser = a.id;
    adminB = (await userIn(ids.b, [adminsB], 'Admin of B', '10.74.0.3')).token;
    writerA = (await userIn(ids.a, [writers], 'Planner of A', '10.74.0.4')).token;
    readerA = (await userIn(ids.a, [readers], 'Viewer of A', '10.74.0.5')).token;
    const limited = await userIn(ids.a, [admins], 'Limited admin of A', '10.74.0.6');
    limitedA = limited.token;
    ids.limitedUser = limited.id;
    ids.runB = (await ok<Detail>(c.runAdd, runForm(ids.b, { projectName: 'Torino line 2' }), adminB)).runId;
    const first = (await ok<Detail>(c.runAdd, runForm(ids.a, { projectName: 'Assigned drive' }))).runId;
    await t.db.kysely.insertInto('user_runs').values({ user_id: ids.limitedUser, run_id: first }).execute();
  });
  afterAll(() => t.close());

  it('answers code 1 without a session and code 2 without the run codes', async () => {
    expect((await send(c.runAdd, runForm(ids.a), NO_SESSION)).code).toBe(1);
    expect((await send(c.runFinish, { runId: ids.runB }, NO_SESSION)).code).toBe(1);
    expect((await send(c.runAdd, runForm(ids.a), readerA)).code).toBe(2);
    expect((await send(c.runOrgOptions, {}, readerA)).code).toBe(2);
    const own = (await ok<Detail>(c.runAdd, runForm(ids.a, { projectName: 'Planned by the planner' }), writerA)).runId;
    // The planner may write but not delete.
    expect(await send(c.runDelete, { runId: own }, writerA)).toMatchObject({ code: 2, msg: 'Insufficient permissions, please contact the administrator' });
    expect((await send(c.runEdit, editForm(own, ids.a), readerA)).code).toBe(2);
    expect((await send(c.runFinish, { runId: own }, readerA)).code).toBe(2);
    // The list of administrable runs is empty for a reader, not refused.
    expect(await ok(c.runAdminStates, {}, readerA)).toEqual([]);
  });

  it('creates a run with its project, machine, shifts and data source, in an organization the caller administers', async () => {
    const created = await ok<Detail>(c.runAdd, runForm(ids.aSite), adminA);
    expect(created).toMatchObject({
      orgId: ids.aSite,
      orgName: 'Milano site office',
      projectName: 'Metro M4 Lot 5 – Linate',
      startChainage: 4219.833,
      endChainage: 1519.833,
      // The chainage falls as the machine advances.
      direction: 'down',
      country: 'IT',
      timeZone: 'Europe/Rome',
      machineType: 'epb',
      tbmName: 'Beatrice',
      maxThrust: 42_750,
      source: 'http',
      finishedAt: null,
      hasData: false,
    });
    // The project screens read what was created: basic info, shifts, the project list.
    const info = await ok(projectContract.runQuery, { runId: created.runId }, adminA);
    expect(info).toMatchObject({ tbmCode: 'S-1200', ringWidthMm: 1500, plannedRings: 1800 });
    const shifts = await ok<{ isDefault: boolean; shifts: { name: string; start: string }[] }>({ base: 'project', method: 'GET', path: '/u/web/shift/query/v1' }, { runId: created.runId }, adminA);
    expect(shifts.isDefault).toBe(false);
    expect(shifts.shifts.map((s) => `${s.name} ${s.start}`)).toEqual(['Morning 06:00', 'Afternoon 14:00', 'Night 22:00']);
    const list = await ok<{ runId: number; status: string }[]>(projectContract.runQueryAll, {}, adminA);
    expect(list.map((r) => r.runId)).toContain(created.runId);
    // The organizations offered are A's, never B's.
    const orgs = await ok<{ orgId: number }[]>(c.runOrgOptions, {}, adminA);
    expect(orgs.map((o) => o.orgId).sort()).toEqual([ids.a, ids.aSite].sort());
  });

  it("refuses another tenant's organization exactly as a missing one, and its runs as missing runs", async () => {
    const foreign = await send(c.runAdd, runForm(ids.b), adminA);
    const missing = await send(c.runAdd, runForm(MISSING), adminA);
    expect(foreign).toEqual(missing);
    expect(foreign.code).toBe(3);
    const runA = (await ok<Detail>(c.runAdd, runForm(ids.a, { projectName: 'Kept from B' }), adminA)).runId;
    for (const endpoint of [c.runDetail, c.runFinish, c.runReopen, c.runDelete]) {
      const theirs = await send(endpoint, { runId: runA }, adminB);
      expect(theirs).toEqual(await send(endpoint, { runId: MISSING }, adminB));
      expect(theirs.code).toBe(2);
    }
    expect((await send(c.runEdit, editForm(runA, ids.b), adminB)).code).toBe(2);
    // Nor may A move its run into B.
    expect(await send(c.runEdit, editForm(runA, ids.b), adminA)).toEqual(await send(c.runEdit, editForm(runA, MISSING), adminA));
    // B's list of administrable runs holds only B's.
    const states = await ok<{ runId: number }[]>(c.runAdminStates, {}, adminB);
    expect(states.map((s) => s.runId)).toEqual([ids.runB]);
    expect((await ok<Detail>(c.runDetail, { runId: runA }, adminA)).projectName).toBe('Kept from B');
  });

  it('names the field and the rule of bad input, in English and in Chinese', async () => {
    const msg = async (extra: object, lang = 'en_US') => (await send(c.runAdd, runForm(ids.a, extra), adminA, lang)).msg;
    expect(await msg({ startChainage: '4219.833' })).toBe('Start chainage: Please write the chainage like 12+345.678');
    expect(await msg({ startChainage: '4219.833' }, 'zh_CN')).toBe('起点里程：里程请按12+345.678的格式填写');
    expect(await msg({ endChainage: '4+219.833' })).toBe('End chainage: Must differ from the start chainage');
    expect(await msg({ plannedStart: '2027-01-10', plannedCompletion: '2026-12-31' })).toBe('Planned completion: Must not be before the planned start');
    expect(await msg({ plannedStart: '2027-01-10', plannedCompletion: '2026-12-31' }, 'zh_CN')).toBe('计划完工日期：不能早于计划开工日期');
    expect(await msg({ timeZone: 'Mars/Olympus_Mons' })).toBe('Time zone: Unknown time zone; please choose one like Europe/Rome');
    expect(await msg({ machineType: 'tbm' })).toBe('Machine type: Please choose EPB or slurry');
    expect(await msg({ machineType: 'tbm' }, 'zh_CN')).toBe('盾构机类型：请选择土压平衡或泥水');
    expect(await msg({ source: 'ftp' })).toBe('Data source: Please choose the simulator, HTTP batch or MQTT');
    expect(await msg({ source: 'ftp' }, 'zh_CN')).toBe('数据来源：请选择模拟器、HTTP 批量或 MQTT');
    expect(await msg({ ringWidthMm: 0 })).toBe('Ring width: Please enter an integer greater than 0');
    expect(await msg({ projectName: 'x'.repeat(101) })).toBe('Project name: At most 100 characters');
    expect(await msg({ projectName: 'x'.repeat(101) }, 'zh_CN')).toBe('项目名称：最多100个字符');
    expect(await msg({ tunnelLength: '2700' })).toBe('Tunnel length: Please enter a number');
    expect(await msg({ orgId: undefined })).toBe('Organization: This field is required');
    expect(await msg({ shifts: [{ name: 'Day', start: '07:00', end: '19:00', handoverTime: '07:00' }, { name: 'Late', start: '18:00', end: '23:00', handoverTime: '18:00' }] })).toMatch(/^The shifts Day \(07:00–19:00\) and Late \(18:00–23:00\) overlap/);
  });

  it('gives the creator access to the run: a user limited to some runs gets the new one among them', async () => {
    const before = await ok<{ runId: number }[]>(projectContract.runQueryAll, {}, limitedA);
    expect(before).toHaveLength(1);
    const created = (await ok<Detail>(c.runAdd, runForm(ids.a, { projectName: 'Limited admin drive' }), limitedA)).runId;
    const after = await ok<{ runId: number }[]>(projectContract.runQueryAll, {}, limitedA);
    expect(after.map((r) => r.runId)).toEqual([...before.map((r) => r.runId), created]);
    expect((await ok<Detail>(c.runDetail, { runId: created }, limitedA)).projectName).toBe('Limited admin drive');
    // An administrator who sees every run of A is not narrowed to the one he created.
    await ok(c.runAdd, runForm(ids.a, { projectName: 'Unlimited admin drive' }), adminA);
    const rows = await t.db.kysely.selectFrom('user_runs').select('run_id').where('user_id', '=', ids.adminAUser).execute();
    expect(rows).toEqual([]);
  });

  it('edits every field, and keeps the machine type once the run holds data', async () => {
    const runId = (await ok<Detail>(c.runAdd, runForm(ids.a, { projectName: 'To be edited' }), adminA)).runId;
    const edited = await ok<Detail>(c.runEdit, editForm(runId, ids.aSite, { projectName: 'Edited drive', machineType: 'slurry', ringWidthMm: 2000, startChainage: '0+100', endChainage: '2+800', source: 'mqtt' }), adminA);
    expect(edited).toMatchObject({ projectName: 'Edited drive', orgId: ids.aSite, machineType: 'slurry', ringWidthMm: 2000, direction: 'up', source: 'mqtt' });
    expect((await send(c.runEdit, editForm(runId, ids.a, { plannedStart: '2027-01-10', plannedCompletion: '2026-12-31' }), adminA, 'zh_CN')).msg).toBe('计划完工日期：不能早于计划开工日期');
    await t.db.kysely.insertInto('rings').values(ringRecord(runId, 1, Date.now() - 3_600_000, Date.now() - 1_800_000)).execute();
    const locked = await send(c.runEdit, editForm(runId, ids.aSite, { machineType: 'epb' }), adminA);
    expect(locked).toMatchObject({ code: 3, msg: 'The machine type cannot change once the project holds data' });
  });

  it('finishes a run: its data stays readable, HTTP batches are refused with a clear message, and reopening accepts them again', async () => {
    const runId = (await ok<Detail>(c.runAdd, runForm(ids.a, { projectName: 'Finishing drive', startChainage: '1+000', endChainage: '2+500' }), adminA)).runId;
    const key = (await ok<{ key: string }>(telemetryContract.ingestKeyRotate, { runId })).key;
    const ts = Date.now() - 60_000;
    const ingest = async (second: number) =>
      envelope(await call(t.app, 'POST', endpointUrl(telemetryContract.ingestFrames), { token: key, payload: { frames: [{ ts: ts + second * 1000, values: { [KEY_TAGS.advanceSpeed]: 42 } }] } }));
    expect((await ingest(0)).data).toMatchObject({ accepted: 1 });

    const finished = await ok<Detail>(c.runFinish, { runId }, adminA);
    expect(finished.finishedAt).toEqual(expect.any(Number));
    expect(finished.hasData).toBe(true);
    const refused = await ingest(1);
    expect(refused).toMatchObject({ code: 3, msg: 'The project is finished: its machine data is no longer accepted' });
    const refusedZh = envelope(
      await call(t.app, 'POST', endpointUrl(telemetryContract.ingestFrames), { token: key, lang: 'zh_CN', payload: { frames: [{ ts: ts + 2000, values: { [KEY_TAGS.advanceSpeed]: 42 } }] } }),
    );
    expect(refusedZh.msg).toBe('该项目已完结：不再接收其机器数据');
    // MQTT asks the same decoder lookup: a finished run has none, so its messages are rejected too.
    expect(await t.app.platform.services.get('telemetry').decoderOf(runId)).toBeNull();
    // The list shows the TBM state Finish; the run's screens still read.
    const row = (await ok<{ runId: number; status: string }[]>(projectContract.runQueryAll, {}, adminA)).find((r) => r.runId === runId);
    expect(row?.status).toBe('finish');
    expect(await ok(projectContract.runStateQuery, { runId }, adminA)).toMatchObject({ status: 'finish' });
    expect((await ok(projectContract.runQuery, { runId }, adminA)).projectName).toBe('Finishing drive');
    expect(await send(c.runFinish, { runId }, adminA)).toMatchObject({ code: 3, msg: 'The project is already finished' });
    const state = (await ok<{ runId: number; finishedAt: number | null; hasData: boolean }[]>(c.runAdminStates, {}, adminA)).find((s) => s.runId === runId);
    expect(state).toMatchObject({ finishedAt: finished.finishedAt, hasData: true });

    expect((await ok<Detail>(c.runReopen, { runId }, adminA)).finishedAt).toBeNull();
    expect((await ingest(3)).data).toMatchObject({ accepted: 1 });
    expect(await send(c.runReopen, { runId }, adminA)).toMatchObject({ code: 3, msg: 'The project is not finished' });
  });

  it('deletes only a run without data, permanently', async () => {
    const empty = (await ok<Detail>(c.runAdd, runForm(ids.a, { projectName: 'Created by mistake' }), adminA)).runId;
    expect(await ok(c.runDelete, { runId: empty }, adminA)).toEqual({ runId: empty });
    expect((await send(c.runDetail, { runId: empty }, adminA)).code).toBe(2);
    expect((await ok<{ runId: number }[]>(projectContract.runQueryAll, {}, adminA)).map((r) => r.runId)).not.toContain(empty);
    const settings = await t.db.kysely.selectFrom('shifts').select('id').where('run_id', '=', empty).execute();
    expect(settings).toEqual([]);

    const reported = (await ok<Detail>(c.runAdd, runForm(ids.a, { projectName: 'Reported drive' }), adminA)).runId;
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(Date.now());
    await ok({ base: 'project', method: 'POST', path: '/u/web/report/shift/saveShiftMain/v1' }, { runId: reported, date: today, shiftNo: 1, leader: 'Anna' });
    expect(await send(c.runDelete, { runId: reported }, adminA)).toMatchObject({
      code: 3,
      msg: 'The project already holds data (machine data, rings, reports or files) and cannot be deleted; finish it instead',
    });
    expect((await send(c.runDelete, { runId: reported }, adminA, 'zh_CN')).msg).toBe('该项目已有数据（机器数据、环、报表或文件），不能删除；请改为完结项目');
    expect((await ok<Detail>(c.runDetail, { runId: reported }, adminA)).hasData).toBe(true);
  });
});

describe('run administration with the built-in simulator', () => {
  let t: TestApp;
  let sa: string;

  beforeAll(async () => {
    t = await createTestApp({ SIMULATOR: 'true' });
    sa = await signIn(t.app, ADMIN.email, ADMIN.password, { ip: '10.74.1.1' });
  });
  afterAll(() => t.close());

  it('starts producing data for a new simulator run without a restart, stops when it is finished and resumes when reopened', async () => {
    const root = await t.db.kysely.selectFrom('orgs').select('id').where('parent_id', 'is', null).executeTakeFirstOrThrow();
    const created = envelope(await call(t.app, 'POST', endpointUrl(c.runAdd), { token: sa, payload: runForm(root.id, { source: 'simulator', projectName: 'Training drive' }) }));
    expect(created.code, created.msg).toBe(0);
    const { runId } = created.data as Detail;
    const simulator = t.app.platform.services.get('simulator');
    expect(simulator.has(runId)).toBe(true);
    await simulator.tick(Date.now() + 3_000);
    const latest = await t.app.platform.latest.get(runId);
    expect(latest?.ts).toEqual(expect.any(Number));

    expect(envelope(await call(t.app, 'POST', endpointUrl(c.runFinish), { token: sa, payload: { runId } })).code).toBe(0);
    expect(simulator.has(runId)).toBe(false);
    expect(envelope(await call(t.app, 'POST', endpointUrl(c.runReopen), { token: sa, payload: { runId } })).code).toBe(0);
    expect(simulator.has(runId)).toBe(true);
    // It holds data now: it can be finished, not deleted.
    expect(envelope(await call(t.app, 'POST', endpointUrl(c.runDelete), { token: sa, payload: { runId } })).code).toBe(3);
    expect(simulator.has(runId)).toBe(true);
  });

  it('follows a run finished on another instance as soon as the bus brings the change', async () => {
    const root = await t.db.kysely.selectFrom('orgs').select('id').where('parent_id', 'is', null).executeTakeFirstOrThrow();
    const created = envelope(await call(t.app, 'POST', endpointUrl(c.runAdd), { token: sa, payload: runForm(root.id, { source: 'simulator', projectName: 'Second training drive' }) }));
    const { runId } = created.data as Detail;
    const simulator = t.app.platform.services.get('simulator');
    const telemetry = t.app.platform.services.get('telemetry');
    expect(await telemetry.decoderOf(runId)).not.toBeNull();
    // Another instance finished it: the row changed and its message came over the bus.
    await t.db.kysely.updateTable('runs').set({ finished_at: Date.now() }).where('id', '=', runId).execute();
    t.app.platform.bus.publish(JSON.stringify({ type: 'runChanged', runId }));
    await vi.waitFor(() => expect(simulator.has(runId)).toBe(false));
    expect(await telemetry.decoderOf(runId)).toBeNull();
  });
});

