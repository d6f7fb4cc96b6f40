import { adminContract, alarmContract as c, type EndpointDefinition, endpointUrl, inputSource, monitorContract, RESULT_CODE, tagCatalogue } from '@boreline/contracts';
import ExcelJS from 'exceljs';
import type { Insertable } from 'kysely';
import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildRun, buildUser, type BuiltUser, call, signIn } from '../../../../test/factories.js';
import { ADMIN, createTestApp, envelope, type TestApp } from '../../../../test/testApp.js';
import type { AlarmTable } from '../../../db/schema/alarm.js';
import { JobRunsRepo } from '../../../jobs/jobRuns.repo.js';

const MIN = 60_000;
const HOUR = 60 * MIN;
/** The server's clock in this suite (moved by the escalation test). */
let clock = Date.UTC(2026, 10, 20, 12, 0, 0);

const HYDRAULIC = tagCatalogue('epb').find((t) => t.subsystem === 'hydraulic' && t.unit === '°C');
const THRUST = tagCatalogue('epb').find((t) => t.subsystem === 'thrust' && t.unit === 'kN');
if (!HYDRAULIC || !THRUST) throw new Error('catalogue without a hydraulic temperature or a thrust force');

type Alarm = c.Alarm;
type Page = { total: number; records: Alarm[] };

describe('alarm calls (/u/web/alarm/*, /u/TBMAlarm/*)', () => {
  let t: TestApp;
  let sa: string;
  const ids = { orgA: 0, orgB: 0, runA: 0, runA2: 0, runB: 0, handlerRole: 0, readerRole: 0, roleB: 0 };
  const users = {} as Record<'handler' | 'reader' | 'plain' | 'other', BuiltUser>;
  const tokens = {} as Record<'handler' | 'reader' | 'plain' | 'other', string>;
  const numbers = new Map<number, number>();
  /** Alarm notices published on the bus (what the pages watching a run's alarm topic get). */
  const notices: { runId: number; body: c.AlarmNoticeBody }[] = [];

  /** `token`: the handler's unless given; '' sends none. */
  const send = async (endpoint: EndpointDefinition, input: object, given?: string, lang = 'en_US') => {
    const token = given === undefined ? tokens.handler : given || undefined;
    const inQuery = inputSource(endpoint) === 'query';
    const query = inQuery ? `?${new URLSearchParams(Object.entries(input).map(([k, v]): [string, string] => [k, String(v)])).toString()}` : '';
    return call(t.app, endpoint.method, `${endpointUrl(endpoint)}${query}`, { token, lang, ...(inQuery ? {} : { payload: input }) });
  };
  const api = async (endpoint: EndpointDefinition, input: object, token?: string, lang?: string) => envelope(await send(endpoint, input, token, lang));
  const ok = async <T,>(endpoint: EndpointDefinition, input: object, token?: string): Promise<T> => {
    const body = await api(endpoint, input, token);
    expect(body.code, body.msg).toBe(0);
    return body.data as T;
  };
  const admin = async (endpoint: { path: string; base: 'main' | 'project' }, payload: object) => {
    const body = envelope(await call(t.app, 'POST', endpointUrl(endpoint), { token: sa, payload }));
    if (body.code !== 0) throw new Error(`${endpoint.path}: ${body.msg}`);
    return body.data as { id: number };
  };

  /** An alarm row of a run, written as the engine would. */
  const insertAlarm = async (runId: number, extra: Partial<Insertable<AlarmTable>> = {}) => {
    const number = (numbers.get(runId) ?? 0) + 1;
    numbers.set(runId, number);
    const start = extra.start_ts ?? clock - 30 * MIN;
    const row = await t.db.kysely
      .insertInto('alarms')
      .values({
        run_id: runId,
        number,
        kind: 'point',
        point: HYDRAULIC.code,
        subsystem: 'hydraulic',
        level: 'alarm',
        direction: 'high',
        start_ts: start,
        end_ts: null,
        fault_ts: start - 5_000,
        start_value: 78.43,
        peak_value: 81.2,
        limit_value: 75,
        ring_no: 120,
        shift_date: '2026-11-20',
        shift_no: 1,
        start_chainage: 1180.5,
        end_chainage: null,
        created_at: start,
        ...extra,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };

  beforeAll(async () => {
    t = await createTestApp({}, { now: () => clock });
    t.app.platform.bus.onMessage((raw) => {
      const message = JSON.parse(raw) as { type?: string; runId: number; body: c.AlarmNoticeBody };
      if (message.type === 'alarm') notices.push({ runId: message.runId, body: message.body });
    });
    sa = await signIn(t.app, ADMIN.email, ADMIN.password, { ip: '10.91.0.1' });
    const root = ((await admin(adminContract.orgQuery, {})) as unknown as { id: number }[])[0]?.id ?? 1;
    ids.orgA = (await admin(adminContract.orgAdd, { parentId: root, name: 'Contractor A', type: 'company', sort: 1 })).id;
    ids.orgB = (await admin(adminContract.orgAdd, { parentId: root, name: 'Contractor B', type: 'company', sort: 2 })).id;
    const codes = ['alarm.record.read', 'alarm.record.handle', 'alarm.settings.write', 'monitor.h5Link.write', 'monitor.realData.read'];
    for (const orgId of [ids.orgA, ids.orgB]) await admin(adminContract.orgResourcesEdit, { orgId, codes });
    ids.handlerRole = (await admin(adminContract.roleAdd, { name: 'Alarm handlers', kind: 'custom', orgId: ids.orgA, sort: 1 })).id;
    ids.readerRole = (await admin(adminContract.roleAdd, { name: 'Alarm readers', kind: 'custom', orgId: ids.orgA, sort: 2 })).id;
    ids.roleB = (await admin(adminContract.roleAdd, { name: 'B handlers', kind: 'custom', orgId: ids.orgB, sort: 1 })).id;
    await admin(adminContract.roleResourcesUpdate, { roleId: ids.handlerRole, codes });
    await admin(adminContract.roleResourcesUpdate, { roleId: ids.readerRole, codes: ['alarm.record.read'] });
    await admin(adminContract.roleResourcesUpdate, { roleId: ids.roleB, codes });
    const place = async (name: keyof typeof users, nickname: string, orgId: number, roleIds: number[], ip: string) => {
      users[name] = await buildUser(t.db, { nickname });
      await t.db.kysely.updateTable('users').set({ org_id: orgId }).where('id', '=', users[name].id).execute();
      if (roleIds.length > 0) await admin(adminContract.userAssignRoles, { userId: users[name].id, roleIds });
      tokens[name] = await signIn(t.app, users[name].phone, users[name].password, { ip });
    };
    await place('handler', 'Shift engineer', ids.orgA, [ids.handlerRole], '10.91.0.2');
    await place('reader', 'Ring builder', ids.orgA, [ids.readerRole], '10.91.0.3');
    await place('plain', 'Visitor', ids.orgA, [], '10.91.0.4');
    await place('other', 'B engineer', ids.orgB, [ids.roleB], '10.91.0.5');
    ids.runA = await buildRun(t.db, ids.orgA, { projectName: 'Metro A', tbmCode: 'TBM-A1' });
    ids.runA2 = await buildRun(t.db, ids.orgA, { projectName: 'Metro A second drive', tbmCode: 'TBM-A2' });
    ids.runB = await buildRun(t.db, ids.orgB, { projectName: 'Metro B', tbmCode: 'TBM-B1' });
  });
  afterAll(() => t.close());

  it('refuses every call without a session (code 1) and without the resource code (code 2); readers only read', async () => {
    const alarmId = await insertAlarm(ids.runA);
    const samples: [EndpointDefinition, object][] = [
      [c.alarmHistoryQuery, { runId: ids.runA }],
      [c.alarmHistoryExport, { runId: ids.runA }],
      [c.alarmHistoryParams, { runId: ids.runA }],
      [c.alarmCurrentQuery, { runId: ids.runA }],
      [c.alarmAvailableRings, { runId: ids.runA }],
      [c.alarmQueryAlarmHis, { runId: ids.runA, ringStart: 1, ringEnd: 500 }],
      [c.alarmDetail, { runId: ids.runA, id: alarmId }],
      [c.alarmSettingsQuery, { runId: ids.runA }],
      [c.alarmPerformance, { runId: ids.runA, from: clock - HOUR, to: clock }],
      [c.alarmAck, { runId: ids.runA, ids: [alarmId] }],
      [c.alarmAssignees, { runId: ids.runA }],
      [c.alarmAssign, { runId: ids.runA, id: alarmId, userId: null }],
      [c.alarmShelve, { runId: ids.runA, point: HYDRAULIC.code, minutes: 10, reason: 'Sensor check' }],
      [c.alarmUnshelve, { runId: ids.runA, point: HYDRAULIC.code }],
      [c.alarmSettingsEdit, { runId: ids.runA, ...c.ALARM_RUN_SETTINGS_DEFAULT }],
    ];
    const readOnly = new Set<EndpointDefinition>(samples.slice(0, 9).map(([e]) => e));
    for (const [endpoint, input] of samples) {
      expect((await api(endpoint, input, '')).code, endpoint.id).toBe(RESULT_CODE.unauthenticated);
      expect((await api(endpoint, input, tokens.plain)).code, endpoint.id).toBe(RESULT_CODE.forbidden);
      const reader = await send(endpoint, input, tokens.reader);
      const readerCode = String(reader.headers['content-type']).includes('json') ? envelope(reader).code : 0;
      expect(readerCode, endpoint.id).toBe(readOnly.has(endpoint) ? 0 : RESULT_CODE.forbidden);
      // The other tenant holds every code, at its own organization: A's run is out of its reach.
      expect((await api(endpoint, input, tokens.other)).code, endpoint.id).toBe(RESULT_CODE.forbidden);
    }
    await t.db.kysely.deleteFrom('alarms').execute();
  });

  it("presents an alarm in the reader's language with its content, suggestion, PLC variable and users", async () => {
    await t.db.kysely.insertInto('tag_mappings').values({ run_id: ids.runA, raw_name: 'PLC_HYD_OIL_T', tag_code: HYDRAULIC.code }).execute();
    const id = await insertAlarm(ids.runA, { acked_at: clock - MIN, acked_by: users.reader.id, ack_comment: 'Cooler fan restarted' });
    const english = (await ok<Page>(c.alarmHistoryQuery, { runId: ids.runA })).records[0];
    expect(english).toMatchObject({
      id,
      number: expect.any(Number),
      state: 'activeAcked',
      plcVariable: 'PLC_HYD_OIL_T',
      address: HYDRAULIC.address,
      unit: '°C',
      workingHours: 2,
      knowledge: [],
      ackedBy: { id: users.reader.id, name: 'Ring builder' },
      shelvedUntil: null,
    });
    expect(english?.content).toContain(`${english?.name} 78.4 °C above the alarm limit 75 °C`);
    expect(english?.repairSuggestion).toContain('oil cooler');
    const chinese = envelope(await send(c.alarmHistoryQuery, { runId: ids.runA }, tokens.handler, 'zh_CN')).data as Page;
    expect(chinese.records[0]?.content).toMatch(/高于报警上限 75 °C/);
    expect(chinese.records[0]?.repairSuggestion).toContain('油冷却器');
    await t.db.kysely.deleteFrom('alarms').execute();
  });

  it('checks every limit with messages in the caller language (en-US and zh-CN)', async () => {
    const msg = async (endpoint: EndpointDefinition, input: object, lang = 'en_US') => {
      const body = await api(endpoint, input, tokens.handler, lang);
      expect(body.code, JSON.stringify(input).slice(0, 80)).toBe(RESULT_CODE.business);
      return body.msg;
    };
    const shelve = (extra: object) => ({ runId: ids.runA, point: HYDRAULIC.code, minutes: 30, reason: 'Sensor check', ...extra });
    expect((await api(c.alarmShelve, shelve({ minutes: 720 }))).code).toBe(0);
    expect(await msg(c.alarmShelve, shelve({ minutes: 721 }))).toMatch(/^Minutes: .*720/);
    expect(await msg(c.alarmShelve, shelve({ minutes: 721 }), 'zh_CN')).toMatch(/^分钟数.*720/);
    expect((await api(c.alarmShelve, shelve({ reason: 'r'.repeat(200) }))).code).toBe(0);
    expect(await msg(c.alarmShelve, shelve({ reason: 'r'.repeat(201) }))).toMatch(/^Reason: .*200/);
    expect(await msg(c.alarmShelve, shelve({ reason: 'r'.repeat(201) }), 'zh_CN')).toMatch(/^原因.*200/);

    const many = await t.db.kysely
      .insertInto('alarms')
      .values(Array.from({ length: 201 }, (_, i) => ({ run_id: ids.runA, number: 1000 + i, kind: 'point', point: `${THRUST.code}`, subsystem: 'thrust', level: 'warning', direction: 'high', start_ts: clock - HOUR + i, end_ts: clock - HOUR + i + 1, fault_ts: clock - HOUR, start_value: 1, peak_value: 1, limit_value: 1, ring_no: null, shift_date: null, shift_no: null, start_chainage: null, end_chainage: null, created_at: clock })))
      .returning('id')
      .execute();
    const allIds = many.map((r) => r.id);
    expect(await msg(c.alarmAck, { runId: ids.runA, ids: allIds })).toMatch(/^Alarms: .*200/);
    expect(await msg(c.alarmAck, { runId: ids.runA, ids: allIds }, 'zh_CN')).toMatch(/^报警.*200/);
    expect(await msg(c.alarmAck, { runId: ids.runA, ids: allIds.slice(0, 1), comment: 'c'.repeat(501) })).toMatch(/^Comment: .*500/);
    expect(await msg(c.alarmAck, { runId: ids.runA, ids: allIds.slice(0, 1), comment: 'c'.repeat(501) }, 'zh_CN')).toMatch(/^备注.*500/);
    expect(await ok(c.alarmAck, { runId: ids.runA, ids: allIds.slice(0, 200), comment: 'c'.repeat(500) })).toEqual({ acked: 200 });

    expect(await msg(c.alarmHistoryQuery, { runId: ids.runA, ringStart: 10, ringEnd: 9 })).toContain('The start ring must not be greater than the end ring');
    expect(await msg(c.alarmQueryAlarmHis, { runId: ids.runA, ringStart: 10, ringEnd: 9 }, 'zh_CN')).toContain('起始环号不能大于结束环号');
    expect((await api(c.alarmQueryAlarmHis, { runId: ids.runA, ringStart: 10, ringEnd: 10 })).code).toBe(0);
    expect(await msg(c.alarmHistoryQuery, { runId: ids.runA, from: clock, to: clock - 1 })).toContain('The end time must not be before the start time');
    expect(await msg(c.alarmHistoryExport, { runId: ids.runA, from: clock, to: clock - 1 }, 'zh_CN')).toContain('结束时间不能早于开始时间');
    const settings = { runId: ids.runA, ...c.ALARM_RUN_SETTINGS_DEFAULT, guidanceWarnMm: 100, guidanceAlarmMm: 100 };
    expect(await msg(c.alarmSettingsEdit, settings)).toContain('The guidance warning band must be narrower than the alarm band');
    expect(await msg(c.alarmSettingsEdit, settings, 'zh_CN')).toContain('导向预警带宽必须小于报警带宽');
    const day = 86_400_000;
    expect((await api(c.alarmPerformance, { runId: ids.runA, from: clock - 92 * day, to: clock })).code).toBe(0);
    expect(await msg(c.alarmPerformance, { runId: ids.runA, from: clock - 92 * day - 1, to: clock })).toContain('The period can be at most 92 days');
    expect(await msg(c.alarmPerformance, { runId: ids.runA, from: clock - 92 * day - 1, to: clock }, 'zh_CN')).toContain('统计时段最长为 92 天');
    await t.db.kysely.deleteFrom('alarms').execute();
    await t.db.kysely.deleteFrom('alarm_shelves').execute();
  });

  it("refuses another tenant's run and another run's alarm exactly as a missing one", async () => {
    const mine = await insertAlarm(ids.runA);
    const theirs = await insertAlarm(ids.runB);
    const missing = 987_654_321;
    for (const [endpoint, input] of [
      [c.alarmDetail, (id: number) => ({ runId: ids.runA, id })],
      [c.alarmAck, (id: number) => ({ runId: ids.runA, ids: [mine, id] })],
      [c.alarmAssign, (id: number) => ({ runId: ids.runA, id, userId: null })],
    ] as const) {
      const foreign = await api(endpoint, input(theirs));
      expect(foreign).toEqual(await api(endpoint, input(missing)));
      expect(foreign).toMatchObject({ code: RESULT_CODE.business, msg: 'This alarm does not exist in this project' });
    }
    // Nothing was acknowledged by the refused call.
    expect((await t.db.kysely.selectFrom('alarms').select('acked_at').where('id', '=', mine).executeTakeFirstOrThrow()).acked_at).toBeNull();
    expect(await api(c.alarmCurrentQuery, { runId: ids.runB })).toEqual(await api(c.alarmCurrentQuery, { runId: missing }));
    expect((await api(c.alarmCurrentQuery, { runId: ids.runB })).code).toBe(RESULT_CODE.forbidden);
    await t.db.kysely.deleteFrom('alarms').execute();
  });

  it('lists the current alarms worst first with counts, and the history newest first with every filter', async () => {
    const oldAlarm = await insertAlarm(ids.runA, { start_ts: clock - 3 * HOUR, ring_no: 118 });
    const warning = await insertAlarm(ids.runA, { level: 'warning', point: THRUST.code, subsystem: 'thrust', start_ts: clock - MIN, ring_no: 121, shift_no: 2 });
    const ackedAlarm = await insertAlarm(ids.runA, { point: 'state.longStop', kind: 'longStop', subsystem: null, direction: null, start_value: 150, limit_value: 120, start_ts: clock - 2 * MIN, acked_at: clock - MIN, acked_by: users.handler.id, ring_no: 121 });
    const clearedUnacked = await insertAlarm(ids.runA, { point: 'state.connectionLost', kind: 'connectionLost', subsystem: null, direction: null, start_ts: clock - 4 * HOUR, end_ts: clock - 3 * HOUR, ring_no: 117 });
    const clearedAcked = await insertAlarm(ids.runA, { start_ts: clock - 5 * HOUR, end_ts: clock - 4 * HOUR, acked_at: clock - 4 * HOUR, acked_by: users.handler.id, ring_no: 116 });
    const current = await ok<c.CurrentAlarms>(c.alarmCurrentQuery, { runId: ids.runA });
    expect(current.alarms.map((a) => a.id)).toEqual([oldAlarm, clearedUnacked, ackedAlarm, warning]);
    expect(current.counts).toEqual({ warning: 1, alarm: 3, unacked: 3 });
    expect(current.alarms.find((a) => a.id === ackedAlarm)?.content).toBe('The machine has been stopped for 150 min, longer than the 120 min allowed');
    expect(current.alarms.find((a) => a.id === clearedUnacked)).toMatchObject({ state: 'clearedUnacked', name: 'Machine data connection', plcVariable: null });
    expect((await ok<c.CurrentAlarms>(c.alarmCurrentQuery, { runId: ids.runA, level: 'warning' })).alarms.map((a) => a.id)).toEqual([warning]);

    const page = async (input: object) => (await ok<Page>(c.alarmHistoryQuery, { runId: ids.runA, ...input })).records.map((a) => a.id);
    expect(await page({})).toEqual([warning, ackedAlarm, oldAlarm, clearedUnacked, clearedAcked]);
    expect(await page({ pageSize: 2, page: 2 })).toEqual([oldAlarm, clearedUnacked]);
    expect((await ok<Page>(c.alarmHistoryQuery, { runId: ids.runA, pageSize: 2 })).total).toBe(5);
    expect(await page({ state: 'cleared' })).toEqual([clearedUnacked, clearedAcked]);
    expect(await page({ state: 'active' })).toEqual([warning, ackedAlarm, oldAlarm]);
    expect(await page({ state: 'unacked' })).toEqual([warning, oldAlarm, clearedUnacked]);
    expect(await page({ state: 'acked' })).toEqual([ackedAlarm, clearedAcked]);
    expect(await page({ ringStart: 117, ringEnd: 118 })).toEqual([oldAlarm, clearedUnacked]);
    expect(await page({ from: clock - 3 * HOUR, to: clock - 2 * MIN })).toEqual([ackedAlarm, oldAlarm]);
    expect(await page({ level: 'warning' })).toEqual([warning]);
    expect(await page({ kind: 'longStop' })).toEqual([ackedAlarm]);
    expect(await page({ subsystem: 'thrust' })).toEqual([warning]);
    expect(await page({ point: HYDRAULIC.code })).toEqual([oldAlarm, clearedAcked]);
    expect(await page({ shiftDate: '2026-11-20', shiftNo: 2 })).toEqual([warning]);

    const byRings = await ok<Page>(c.alarmQueryAlarmHis, { runId: ids.runA, ringStart: 116, ringEnd: 121, level: 'alarm' });
    expect(byRings.records.map((a) => a.id)).toEqual([clearedAcked, clearedUnacked, oldAlarm, ackedAlarm]);
    expect(await ok(c.alarmAvailableRings, { runId: ids.runA })).toEqual({ rings: [116, 117, 118, 121] });
    expect(await ok(c.alarmAvailableRings, { runId: ids.runA, from: clock - 3 * HOUR })).toEqual({ rings: [118, 121] });
    const params = await ok<z.infer<typeof c.AlarmParamsSchema>>(c.alarmHistoryParams, { runId: ids.runA });
    expect(params).toMatchObject({ ringMin: 116, ringMax: 121, firstTs: clock - 5 * HOUR, lastTs: clock - MIN });
    expect(params.points.map((p) => p.code).sort()).toEqual([HYDRAULIC.code, THRUST.code, 'state.connectionLost', 'state.longStop'].sort());
    expect(params.subsystems).toContainEqual({ code: 'hydraulic', name: 'Hydraulics' });
    await t.db.kysely.deleteFrom('alarms').execute();
  });

  it('acknowledges in bulk with a comment, leaving acknowledged ones as they are, and audits it', async () => {
    const a = await insertAlarm(ids.runA);
    const b = await insertAlarm(ids.runA, { point: THRUST.code, subsystem: 'thrust' });
    const done = await insertAlarm(ids.runA, { point: 'state.longStop', kind: 'longStop', acked_at: clock - HOUR, acked_by: users.reader.id, ack_comment: 'Earlier' });
    notices.length = 0;
    expect(await api(c.alarmAck, { runId: ids.runA, ids: [a, b, done], comment: 'Cooler cleaned' })).toMatchObject({ code: 0, msg: 'Acknowledged', data: { acked: 2 } });
    await vi.waitFor(() => expect(notices.map((n) => [n.runId, n.body.event, n.body.alarmId]).sort()).toEqual([[ids.runA, 'acked', a], [ids.runA, 'acked', b]].sort()));
    const detail = await ok<c.AlarmDetail>(c.alarmDetail, { runId: ids.runA, id: a });
    expect(detail.alarm).toMatchObject({ state: 'activeAcked', ackedAt: clock, ackedBy: { id: users.handler.id, name: 'Shift engineer' }, ackComment: 'Cooler cleaned' });
    expect(detail.actions).toEqual([{ at: clock, action: 'acked', by: { id: users.handler.id, name: 'Shift engineer' }, text: 'Cooler cleaned' }]);
    const untouched = await ok<c.AlarmDetail>(c.alarmDetail, { runId: ids.runA, id: done });
    expect(untouched.alarm).toMatchObject({ ackedBy: { id: users.reader.id, name: 'Ring builder' }, ackComment: 'Earlier' });
    expect(untouched.actions).toEqual([]);
    expect(await ok(c.alarmAck, { runId: ids.runA, ids: [a] })).toEqual({ acked: 0 });
    await t.db.kysely.deleteFrom('alarms').execute();
  });

  it('assigns to users who may read the run and tells the assignee through the message centre', async () => {
    const id = await insertAlarm(ids.runA);
    const assignees = await ok<{ id: number; name: string }[]>(c.alarmAssignees, { runId: ids.runA });
    expect(assignees).toEqual([
      { id: users.reader.id, name: 'Ring builder' },
      { id: users.handler.id, name: 'Shift engineer' },
    ]);
    for (const userId of [users.other.id, users.plain.id, 987_654_321]) {
      expect(await api(c.alarmAssign, { runId: ids.runA, id, userId })).toMatchObject({ code: 3, msg: 'This user cannot be given alarms of this project' });
    }
    await t.db.kysely.updateTable('users').set({ enabled: 0 }).where('id', '=', users.reader.id).execute();
    expect((await api(c.alarmAssign, { runId: ids.runA, id, userId: users.reader.id })).code).toBe(3);
    await t.db.kysely.updateTable('users').set({ enabled: 1 }).where('id', '=', users.reader.id).execute();
    const assigned = await api(c.alarmAssign, { runId: ids.runA, id, userId: users.reader.id });
    expect(assigned).toMatchObject({ code: 0, msg: 'Assigned', data: { id, assignee: { id: users.reader.id, name: 'Ring builder' } } });
    const messages = await t.db.kysely.selectFrom('messages').selectAll().where('user_id', '=', users.reader.id).execute();
    expect(messages).toEqual([expect.objectContaining({ type: 'monitoringAlarm', run_id: ids.runA, content_key: 'alarm.message.assigned', object_kind: 'alarm', object_id: id })]);
    expect(JSON.parse(messages[0]?.content_params ?? '{}')).toMatchObject({ tbm: 'TBM-A1' });
    const back = await ok<Alarm>(c.alarmAssign, { runId: ids.runA, id, userId: null });
    expect(back.assignee).toBeNull();
    const detail = await ok<c.AlarmDetail>(c.alarmDetail, { runId: ids.runA, id });
    expect(detail.actions.map((a) => [a.action, a.text])).toEqual([
      ['assigned', 'Ring builder'],
      ['assigned', null],
    ]);
    await t.db.kysely.deleteFrom('alarms').execute();
    await t.db.kysely.deleteFrom('messages').execute();
  });

  it('shelves a point with a reason (a second shelving replaces the first), shows it, and unshelves it, all audited', async () => {
    const id = await insertAlarm(ids.runA);
    const first = await api(c.alarmShelve, { runId: ids.runA, point: HYDRAULIC.code, minutes: 60, reason: 'Sensor replaced' });
    expect(first).toMatchObject({ code: 0, msg: 'Shelved', data: { point: HYDRAULIC.code, from: clock, until: clock + HOUR, reason: 'Sensor replaced', by: { id: users.handler.id, name: 'Shift engineer' } } });
    const second = await ok<c.Shelf>(c.alarmShelve, { runId: ids.runA, point: HYDRAULIC.code, minutes: 15, reason: 'Shorter after all' });
    expect(second.until).toBe(clock + 15 * MIN);
    const current = await ok<c.CurrentAlarms>(c.alarmCurrentQuery, { runId: ids.runA });
    expect(current.shelved).toEqual([expect.objectContaining({ point: HYDRAULIC.code, until: clock + 15 * MIN, reason: 'Shorter after all' })]);
    expect(current.alarms[0]?.shelvedUntil).toBe(clock + 15 * MIN);
    const shelves = await t.db.kysely.selectFrom('alarm_shelves').selectAll().orderBy('id').execute();
    expect(shelves.map((s) => [s.reason, s.ended_at, s.ended_by])).toEqual([
      ['Sensor replaced', clock, users.handler.id],
      ['Shorter after all', null, null],
    ]);
    expect((await api(c.alarmShelve, { runId: ids.runA, point: 'thrust.noSuchPoint', minutes: 5, reason: 'x' })).msg).toBe('This machine has no such monitored point');
    expect((await api(c.alarmShelve, { runId: ids.runA, point: 'state.longStop', minutes: 5, reason: 'Planned stop' })).code).toBe(0);
    // Notices go out after the answer: the last shelving's arrives before the list is cleared.
    await vi.waitFor(() => expect(notices).toContainEqual(expect.objectContaining({ body: expect.objectContaining({ event: 'shelved', point: 'state.longStop' }) })));
    notices.length = 0;
    expect(await api(c.alarmUnshelve, { runId: ids.runA, point: HYDRAULIC.code })).toMatchObject({ code: 0, data: { unshelved: true } });
    await vi.waitFor(() => expect(notices).toEqual([{ runId: ids.runA, body: { event: 'unshelved', alarmId: id, point: HYDRAULIC.code, level: 'alarm' } }]));
    expect(await ok(c.alarmUnshelve, { runId: ids.runA, point: HYDRAULIC.code })).toEqual({ unshelved: false });
    expect((await ok<c.CurrentAlarms>(c.alarmCurrentQuery, { runId: ids.runA })).shelved.map((s) => s.point)).toEqual(['state.longStop']);
    const detail = await ok<c.AlarmDetail>(c.alarmDetail, { runId: ids.runA, id });
    expect(detail.actions.map((a) => [a.action, a.text])).toEqual([
      ['shelved', 'Sensor replaced'],
      ['shelved', 'Shorter after all'],
      ['unshelved', null],
    ]);
    await t.db.kysely.deleteFrom('alarms').execute();
    await t.db.kysely.deleteFrom('alarm_shelves').execute();
  });

  it("keeps a run's alarm settings (defaults until saved) and gives an alarm's detail with its limits and values", async () => {
    expect(await ok(c.alarmSettingsQuery, { runId: ids.runA })).toEqual(c.ALARM_RUN_SETTINGS_DEFAULT);
    const saved = { escalateAfterMinutes: 5, longStopMinutes: 60, guidanceWarnMm: 40, guidanceAlarmMm: 80, groupWindowMinutes: 0 };
    expect(await api(c.alarmSettingsEdit, { runId: ids.runA, ...saved })).toMatchObject({ code: 0, data: saved });
    expect(await ok(c.alarmSettingsQuery, { runId: ids.runA })).toEqual(saved);
    expect(await ok(c.alarmSettingsQuery, { runId: ids.runA2 })).toEqual(c.ALARM_RUN_SETTINGS_DEFAULT);

    await t.db.kysely
      .insertInto('warn_settings')
      .values({ run_id: ids.runA, tag_code: HYDRAULIC.code, enabled: 1, notify: 1, low_alarm: null, low_warn: 10, high_warn: 70, high_alarm: 75, delay_s: 5, updated_by: null, updated_at: clock })
      .execute();
    const id = await insertAlarm(ids.runA, { start_ts: clock - 20 * MIN, end_ts: clock - 15 * MIN });
    const detail = await ok<c.AlarmDetail>(c.alarmDetail, { runId: ids.runA, id });
    expect(detail.limits).toEqual({ lowAlarm: null, lowWarn: 10, highWarn: 70, highAlarm: 75 });
    expect(detail.series).toEqual({ ts: [], values: [] });
    const stop = await insertAlarm(ids.runA, { point: 'state.longStop', kind: 'longStop' });
    expect(await ok<c.AlarmDetail>(c.alarmDetail, { runId: ids.runA, id: stop })).toMatchObject({ series: null, limits: null });
    await t.db.kysely.deleteFrom('alarms').execute();
  });

  it('exports the filtered history as a workbook in the caller language, or says there is nothing to export', async () => {
    const empty = await api(c.alarmHistoryExport, { runId: ids.runA });
    expect(empty).toMatchObject({ code: 3, msg: 'No data can be exported now' });
    await insertAlarm(ids.runA, { start_ts: clock - 2 * HOUR });
    await insertAlarm(ids.runA, { level: 'warning', point: THRUST.code, subsystem: 'thrust', start_ts: clock - HOUR, acked_at: clock, acked_by: users.handler.id });
    const response = await send(c.alarmHistoryExport, { runId: ids.runA }, tokens.handler, 'zh_CN');
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(String(response.headers['content-disposition'])).toMatch(/^attachment; filename=".*TBM-A1.*\.xlsx"; filename\*=UTF-8''%E6%8A%A5%E8%AD%A6/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet?.name).toBe('报警');
    const header = (sheet?.getRow(1).values as unknown[]).slice(1);
    expect(header.slice(0, 7)).toEqual(['编号', '开始时间', '结束时间', '故障时间', '名称', '内容', '级别']);
    expect(sheet?.rowCount).toBe(3);
    const newest = sheet?.getRow(2);
    expect(newest?.getCell(7).value).toBe('预警');
    expect(newest?.getCell(22).value).toBe('Shift engineer');
    expect(String(sheet?.getRow(3).getCell(6).value)).toContain('高于报警上限');
    const english = await send(c.alarmHistoryExport, { runId: ids.runA, level: 'alarm' }, tokens.handler);
    const bookEn = new ExcelJS.Workbook();
    await bookEn.xlsx.load(english.rawPayload as unknown as ArrayBuffer);
    expect((bookEn.worksheets[0]?.getRow(1).values as unknown[]).slice(1, 4)).toEqual(['No.', 'Start time', 'End time']);
    expect(bookEn.worksheets[0]?.rowCount).toBe(2);
    await t.db.kysely.deleteFrom('alarms').execute();
  });

  it('gives performance figures over a span, optionally of one shift', async () => {
    for (let i = 0; i < 10; i += 1) await insertAlarm(ids.runA, { point: THRUST.code, start_ts: clock - HOUR + i * MIN, end_ts: clock - HOUR + i * MIN + 1000, shift_no: i < 6 ? 1 : 2 });
    const all = await ok<c.AlarmPerformance>(c.alarmPerformance, { runId: ids.runA, from: clock - 2 * HOUR, to: clock });
    expect(all).toMatchObject({ total: 10, per10MinMax: 10, floods: [{ start: clock - HOUR, end: clock - 50 * MIN, count: 10 }] });
    expect(all.top[0]).toMatchObject({ point: THRUST.code, count: 10, percent: 100 });
    const second = await ok<c.AlarmPerformance>(c.alarmPerformance, { runId: ids.runA, from: clock - 2 * HOUR, to: clock, shiftDate: '2026-11-20', shiftNo: 2 });
    expect(second).toMatchObject({ total: 4, floods: [], perShift: [{ shiftDate: '2026-11-20', shiftNo: 2, count: 4 }] });
    await t.db.kysely.deleteFrom('alarms').execute();
  });

  it("answers the current alarms to an H5 session's token in the path, for its own run only", async () => {
    await insertAlarm(ids.runA);
    const link = monitorContract.h5LinkIssue.output.parse((await api(monitorContract.h5LinkIssue, { runId: ids.runA })).data);
    const exchanged = await api(monitorContract.h5Exchange, { token: link.token, runId: ids.runA }, '');
    const h5 = monitorContract.h5Exchange.output.parse(exchanged.data).token;
    const byToken = (token: string, runId: number, lang = 'en_US') =>
      call(t.app, 'GET', `${endpointUrl(c.alarmCurrentQueryByToken).replace(':token', token)}?runId=${runId}`, { lang }).then(envelope);
    const own = await byToken(h5, ids.runA);
    expect(own.code).toBe(0);
    expect((own.data as c.CurrentAlarms).alarms).toHaveLength(1);
    expect((await byToken(h5, ids.runA2)).code).toBe(RESULT_CODE.forbidden);
    expect((await byToken(h5, ids.runB)).code).toBe(RESULT_CODE.forbidden);
    expect((await byToken('x'.repeat(40), ids.runA)).code).toBe(RESULT_CODE.unauthenticated);
    // A console session's token is not taken in an address.
    expect((await byToken(tokens.reader, ids.runA)).code).toBe(RESULT_CODE.forbidden);
    // The same session through the header works too (alarm.record.read is an H5 code).
    expect((await api(c.alarmCurrentQuery, { runId: ids.runA }, h5)).code).toBe(0);
    expect((await api(c.alarmAck, { runId: ids.runA, ids: [1] }, h5)).code).toBe(RESULT_CODE.forbidden);
    await t.db.kysely.deleteFrom('alarms').execute();
  });

  it("tells the run's supervisors once about an alarm unacknowledged past the run's escalation time", async () => {
    await t.db.kysely.deleteFrom('messages').execute();
    // Run A escalates after 5 minutes (saved above), run A2 after the default 30; a run set to 0 never does.
    const start = clock;
    const a = await insertAlarm(ids.runA, { start_ts: start });
    const a2 = await insertAlarm(ids.runA2, { start_ts: start });
    const acked = await insertAlarm(ids.runA, { start_ts: start, point: THRUST.code, acked_at: start + MIN, acked_by: users.handler.id });
    const backfill = await insertAlarm(ids.runA, { start_ts: start, point: 'state.longStop', kind: 'longStop', backfill: 1 });
    const runs = t.app.platform.jobs;
    // The job's lease row (written when the platform starts, which this suite does not).
    await new JobRunsRepo(t.db.kysely).ensure(['alarm.escalation']);
    const escalated = async () => (await t.db.kysely.selectFrom('alarms').select(['id', 'escalated_at']).where('escalated_at', 'is not', null).orderBy('id').execute()).map((r) => r.id);
    await runs.runDue('alarm.escalation', start + 4 * MIN);
    expect(await escalated()).toEqual([]);
    clock = start + 6 * MIN;
    await runs.runDue('alarm.escalation', clock);
    expect(await escalated()).toEqual([a]);
    clock = start + 7 * MIN;
    await runs.runDue('alarm.escalation', clock);
    const sent = await t.db.kysely.selectFrom('messages').select(['user_id', 'content_key', 'object_id']).orderBy('user_id').execute();
    // Only the handler holds alarm.record.handle in A; once, however often the job runs.
    expect(sent).toEqual([{ user_id: users.handler.id, content_key: 'alarm.message.escalation', object_id: a }]);
    const detail = await ok<c.AlarmDetail>(c.alarmDetail, { runId: ids.runA, id: a });
    expect(detail.alarm.escalatedAt).toBe(start + 6 * MIN);
    expect(detail.actions.map((x) => x.action)).toEqual(['escalationSent']);
    clock = start + 31 * MIN;
    await runs.runDue('alarm.escalation', clock);
    expect(await escalated()).toEqual([a, a2]);
    expect((await escalated()).includes(acked) || (await escalated()).includes(backfill)).toBe(false);
    await ok(c.alarmSettingsEdit, { runId: ids.runA, ...c.ALARM_RUN_SETTINGS_DEFAULT, escalateAfterMinutes: 0 });
    const never = await insertAlarm(ids.runA, { start_ts: clock - 10 * HOUR, point: 'state.connectionLost', kind: 'connectionLost' });
    clock += MIN;
    await runs.runDue('alarm.escalation', clock);
    expect(await escalated()).not.toContain(never);
  });
});
