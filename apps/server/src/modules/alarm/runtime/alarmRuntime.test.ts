import { adminContract, alarmContract, endpointUrl, KEY_TAGS, messagesContract, telemetryContract } from '@boreline/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app.js';
import { buildRun, buildUser, call, ringRecord, signIn } from '../../../../test/factories.js';
import { ADMIN, createTestApp, envelope, type TestApp } from '../../../../test/testApp.js';

const S = 1000;
const M = 60_000;
/** Friday 20 November 2026, 10:00 in Rome (CET): the day shift (07:00–19:00) of that date. */
const T0 = Date.UTC(2026, 10, 20, 9, 0);
const TORQUE = KEY_TAGS.cutterTorque;

type AlarmRow = { id: number; number: number; point: string; kind: string; level: string; start_ts: number; end_ts: number | null; ring_no: number | null; shift_date: string | null; shift_no: number | null; start_chainage: number | null; end_chainage: number | null; backfill: number; repeats: number; end_reason: string | null };

describe('alarm runtime: frames stored over HTTP raise, group, survive a restart, end', () => {
  let t: TestApp;
  let sa: string;
  let reader: string;
  let runId = 0;
  let stateRunId = 0;
  let key = '';
  let stateKey = '';
  let restarted: TestApp['app'] | null = null;

  const post = async (endpoint: { base: 'main' | 'project'; path: string }, payload: object, token = sa, lang = 'en_US') =>
    envelope(await call(t.app, 'POST', endpointUrl(endpoint), { token, payload, lang }));
  const ok = async (endpoint: { base: 'main' | 'project'; path: string }, payload: object) => {
    const body = await post(endpoint, payload);
    expect(body.code, body.msg).toBe(0);
    return body.data as { id: number; key: string };
  };
  const runtime = () => t.app.platform.services.get('alarmRuntime');
  const ingest = async (token: string, frames: { ts: number; values: Record<string, number> }[]) => {
    const body = envelope(await call(t.app, 'POST', endpointUrl(telemetryContract.ingestFrames), { token, payload: { frames } }));
    expect(body.code, body.msg).toBe(0);
    await runtime().settled();
    return body.data as { accepted: number; late: number };
  };
  const alarms = async (run = runId): Promise<AlarmRow[]> =>
    (await t.db.kysely.selectFrom('alarms').selectAll().where('run_id', '=', run).orderBy('number').execute()).map((r) => ({
      ...r,
      start_ts: Number(r.start_ts),
      end_ts: r.end_ts === null ? null : Number(r.end_ts),
    }));
  const bell = async (lang = 'en_US') => (await post(messagesContract.getPersonal, { limit: 20, unreadOnly: true }, reader, lang)).data as { records: { type: string; title: string; object: { kind: string; id: number } | null }[] };
  const setting = (extra: object = {}) => ({ runId, tagCode: TORQUE, enabled: true, notify: true, lowAlarm: null, lowWarn: null, highWarn: 5000, highAlarm: 6000, delaySeconds: 0, ...extra });
  const torque = (ts: number, value: number) => ({ ts, values: { [TORQUE]: value, [KEY_TAGS.chainage]: 1011.25 } });

  beforeAll(async () => {
    t = await createTestApp();
    sa = await signIn(t.app, ADMIN.email, ADMIN.password, { ip: '10.96.0.1' });
    const root = ((await post(adminContract.orgQuery, {})).data as { id: number }[])[0]?.id ?? 1;
    const group = (await ok(adminContract.orgAdd, { parentId: root, name: 'Alarm contractor', type: 'company', sort: 1 })).id;
    runId = await buildRun(t.db, group, { projectName: 'Metro M6', timeZone: 'Europe/Rome' });
    stateRunId = await buildRun(t.db, group, { projectName: 'Metro M6 north', timeZone: 'Europe/Rome' });
    await ok(adminContract.orgResourcesEdit, { orgId: group, codes: ['alarm.message.read', 'alarm.record.read'] });
    const role = (await ok(adminContract.roleAdd, { name: 'Alarm readers', kind: 'custom', orgId: group, sort: 1 })).id;
    await ok(adminContract.roleResourcesUpdate, { roleId: role, codes: ['alarm.message.read', 'alarm.record.read'] });
    const user = await buildUser(t.db);
    await t.db.kysely.updateTable('users').set({ org_id: group }).where('id', '=', user.id).execute();
    await ok(adminContract.userAssignRoles, { userId: user.id, roleIds: [role] });
    reader = await signIn(t.app, user.phone, user.password, { ip: '10.96.0.2' });
    // Ring 7 ended before the frames: the machine is on ring 8.
    await t.db.kysely.insertInto('rings').values(ringRecord(runId, 7, T0 - 3 * 3_600 * S, T0 - 3_600 * S, { start_chainage: 1008, end_chainage: 1009.5 })).execute();
    key = (await ok(telemetryContract.ingestKeyRotate, { runId })).key;
    stateKey = (await ok(telemetryContract.ingestKeyRotate, { runId: stateRunId })).key;
    await ok(adminContract.warnSettingUpdate, setting());
  });
  afterAll(async () => {
    if (restarted) await restarted.close();
    await t.close();
  });

  it('a frame past the warning limit creates an alarm with ring, shift and chainage, and one message in the bell of a user of the run', async () => {
    await ingest(key, [torque(T0, 3000), torque(T0 + S, 5500), torque(T0 + 2 * S, 5600)]);
    const [alarm, ...others] = await alarms();
    expect(others).toEqual([]);
    expect(alarm).toMatchObject({ number: 1, point: TORQUE, kind: 'point', level: 'warning', start_ts: T0 + S, end_ts: null, ring_no: 8, shift_date: '2026-11-20', shift_no: 1, start_chainage: 1011.25, backfill: 0 });
    const { records } = await bell();
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ type: 'monitoringAlarm', object: { kind: 'alarm', id: alarm?.id } });
    expect(records[0]?.title).toMatch(/is 5500 kN·m, above its warning limit of 5000 kN·m$/);
    expect((await bell('it_IT')).records[0]?.title).toMatch(/è 5500 kN·m, sopra il limite di preallarme di 5000 kN·m$/);
    const actions = await t.db.kysely.selectFrom('alarm_actions').select('action').where('alarm_id', '=', alarm?.id ?? 0).execute();
    expect(actions.map((a) => a.action)).toEqual(['raised']);
  });

  it('escalates the same record to alarm, then clears it; a second raise within the grouping window adds a repeat and no message', async () => {
    await ingest(key, [torque(T0 + 3 * S, 6500), torque(T0 + 4 * S, 3000), torque(T0 + 60 * S, 5800)]);
    const [first, second] = await alarms();
    expect(first).toMatchObject({ level: 'alarm', end_ts: T0 + 4 * S, end_chainage: 1011.25, end_reason: 'normal', repeats: 1 });
    expect(second).toMatchObject({ number: 2, level: 'warning', start_ts: T0 + 60 * S, end_ts: null });
    expect((await bell()).records).toHaveLength(1);
  });

  it('continues an active alarm across a restart: a new app on the same database ends the same record', async () => {
    await t.app.close();
    restarted = await buildApp(t.config);
    t.app = restarted;
    // The active warning of before is the engine's again: the value back inside ends that same record.
    await ingest(key, [torque(T0 + 120 * S, 3000)]);
    const rows = await alarms();
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({ number: 2, end_ts: T0 + 120 * S, end_reason: 'normal' });
    // Raised again, one active record.
    await ingest(key, [torque(T0 + 121 * S, 5900)]);
    expect((await alarms()).filter((r) => r.end_ts === null)).toHaveLength(1);
  });

  it('switching the setting off ends the active alarm', async () => {
    expect((await alarms())[2]).toMatchObject({ number: 3, end_ts: null });
    await ok(adminContract.warnSettingUpdate, setting({ enabled: false }));
    await runtime().settled();
    expect((await alarms())[2]?.end_ts).not.toBeNull();
    expect((await alarms())[2]?.end_reason).toBe('disabled');
    await ingest(key, [torque(T0 + 180 * S, 7000)]);
    expect(await alarms()).toHaveLength(3);
    await ok(adminContract.warnSettingUpdate, setting());
  });

  it('late frames raise a backfill alarm at their own time, without a message', async () => {
    const before = (await bell()).records.length;
    const late = T0 - 3_600 * S;
    const result = await ingest(key, [torque(late, 3000), torque(late + S, 6200), torque(late + 2 * S, 6300)]);
    expect(result.late).toBe(3);
    const backfill = (await alarms()).filter((r) => r.backfill === 1);
    expect(backfill).toHaveLength(1);
    expect(backfill[0]).toMatchObject({ start_ts: late + S, level: 'alarm', end_ts: null, shift_date: '2026-11-20', shift_no: 1 });
    await ingest(key, [torque(late + 3 * S, 3000)]);
    expect((await alarms()).find((r) => r.backfill === 1)?.end_ts).toBe(late + 3 * S);
    expect((await bell()).records).toHaveLength(before);
  });

  it('a machine that falls silent raises a connection-lost alarm, cleared when it is heard again', async () => {
    await ingest(stateKey, [{ ts: T0, values: { [KEY_TAGS.advanceSpeed]: 0 } }]);
    t.app.platform.events.emit('connectionChanged', { runId: stateRunId, connected: false, at: T0 + 5 * M });
    await runtime().settled();
    expect((await alarms(stateRunId)).map((r) => [r.point, r.kind, r.level, r.start_ts, r.end_ts])).toEqual([[alarmContract.MACHINE_STATE_POINTS.connectionLost, 'connectionLost', 'alarm', T0 + 5 * M, null]]);
    t.app.platform.events.emit('connectionChanged', { runId: stateRunId, connected: true, at: T0 + 9 * M });
    await runtime().settled();
    expect((await alarms(stateRunId))[0]).toMatchObject({ end_ts: T0 + 9 * M, end_reason: 'reconnected' });
  });

  it('a stop longer than the run threshold raises a long-stop alarm, cleared when the machine advances again', async () => {
    await t.db.kysely.insertInto('alarm_run_settings').values({ run_id: stateRunId, escalate_after_min: 30, long_stop_min: 1, guidance_warn_mm: 50, guidance_alarm_mm: 100, group_window_min: 10, updated_by: null, updated_at: T0 }).execute();
    await runtime().settingsChanged(stateRunId);
    const start = T0 + 20 * M;
    const stopped = Array.from({ length: 13 }, (_, i) => ({ ts: start + i * 10 * S, values: { [KEY_TAGS.advanceSpeed]: 0, [KEY_TAGS.advanceMode]: 0 } }));
    await ingest(stateKey, stopped);
    const longStop = (await alarms(stateRunId)).find((r) => r.point === alarmContract.MACHINE_STATE_POINTS.longStop);
    expect(longStop).toMatchObject({ kind: 'longStop', level: 'alarm', end_ts: null });
    const advancing = Array.from({ length: 6 }, (_, i) => ({ ts: start + 130 * S + i * 10 * S, values: { [KEY_TAGS.advanceSpeed]: 40, [KEY_TAGS.advanceMode]: 1, [KEY_TAGS.cutterSpeed]: 2 } }));
    await ingest(stateKey, advancing);
    // One stop, one alarm: the closed stop interval that follows the live check raises nothing again.
    const [ended, ...again] = (await alarms(stateRunId)).filter((r) => r.point === alarmContract.MACHINE_STATE_POINTS.longStop);
    expect(again).toEqual([]);
    expect(ended?.end_ts).not.toBeNull();
    expect(ended?.end_reason).toBe('running');
  });
});
