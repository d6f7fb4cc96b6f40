import { adminContract, type EndpointDefinition, endpointUrl, inputSource, shiftReportContract as c } from '@boreline/contracts';
import { afterAll, beforeAll, expect } from 'vitest';
import { z } from 'zod';
import { buildRun, buildUser, call, signIn } from '../../../test/factories.js';
import { ADMIN, createTestApp, type Envelope, envelope, type TestApp } from '../../../test/testApp.js';

/**
 * The shared ground of the shift-report route suites: an app on a clock the tests move, two
 * tenants, users with and without the report resources, and one scripted week of machine data
 * (state intervals and rings as the cycle engine writes them) of a project in Rome.
 */

export type Endpoint = Pick<EndpointDefinition, 'base' | 'path' | 'method' | 'inputFrom'>;

export const NO_SESSION = '';
export const H = 3_600_000;
export const M = 60_000;
/** The edit window of the suites' app: three hours after a shift's end. */
export const WINDOW_MINUTES = 180;
/** An instant written on the wall clock of Rome in winter (UTC+1), as a site engineer reads it. */
export const rome = (local: string) => Date.parse(`${local}:00+01:00`);
export const iso = (local: string) => new Date(rome(local)).toISOString();
const CODES = ['report.shift.read', 'report.shift.write'];

const FieldsSchema = z.object({ fields: z.array(z.object({ field: z.string(), message: z.string() })) });
/** The fields a validation answer (code 3) names. */
export const fieldsOf = (body: Envelope): string[] => FieldsSchema.parse(body.data).fields.map((f) => f.field);

/** Records as a person reads them on the time bar: what, whether locked, from, to. */
export const bar = (records: readonly c.ShiftRecord[]) =>
  records.map((r) => [r.kind === 'process' ? r.process : `stop:${r.stopReason ?? '?'}`, r.primary, new Date(r.start).toISOString(), new Date(r.end).toISOString()]);

type StateRow = [string, number, number, number | null];

/** The machine's week: a day shift with two rings, a night across midnight, a running shift, nights over DST. */
const SCRIPT: StateRow[] = [
  // Day shift of 23 Nov 2026: standby from before the shift, two rings, the drive ends at 18:00.
  ['waiting', rome('2026-11-23T06:00'), rome('2026-11-23T07:30'), 100],
  ['advance', rome('2026-11-23T07:30'), rome('2026-11-23T08:30'), 101],
  ['advance', rome('2026-11-23T08:30'), rome('2026-11-23T09:00'), 101],
  ['ringBuild', rome('2026-11-23T09:00'), rome('2026-11-23T09:45'), 101],
  ['waiting', rome('2026-11-23T09:45'), rome('2026-11-23T10:00'), 101],
  ['waiting', rome('2026-11-23T10:00'), rome('2026-11-23T11:00'), 101],
  ['advance', rome('2026-11-23T11:00'), rome('2026-11-23T13:00'), 102],
  ['ringBuild', rome('2026-11-23T13:00'), rome('2026-11-23T13:40'), 102],
  ['waiting', rome('2026-11-23T13:40'), rome('2026-11-23T18:00'), 102],
  ['finish', rome('2026-11-23T18:00'), rome('2026-11-23T19:00'), 102],
  // The night after: ring 103 is built across midnight.
  ['advance', rome('2026-11-23T19:00'), rome('2026-11-23T23:30'), 103],
  ['ringBuild', rome('2026-11-23T23:30'), rome('2026-11-24T00:30'), 103],
  ['waiting', rome('2026-11-24T00:30'), rome('2026-11-24T07:00'), 103],
  // 25 Nov: a shift still running at 09:30.
  ['advance', rome('2026-11-25T07:00'), rome('2026-11-25T09:00'), 104],
  ['waiting', rome('2026-11-25T09:00'), rome('2026-11-25T10:00'), 104],
  // 26 Nov: the shift generated five times at once.
  ['advance', rome('2026-11-26T07:00'), rome('2026-11-26T10:00'), 105],
  ['ringBuild', rome('2026-11-26T10:00'), rome('2026-11-26T11:00'), 105],
  ['waiting', rome('2026-11-26T11:00'), rome('2026-11-26T19:00'), 105],
  // Nights over the daylight-saving changes: 28 Mar (11 h) and 24 Oct 2026 (13 h), half advance, half standby.
  ['advance', Date.UTC(2026, 2, 28, 18), Date.UTC(2026, 2, 28, 23, 30), 50],
  ['waiting', Date.UTC(2026, 2, 28, 23, 30), Date.UTC(2026, 2, 29, 5), 50],
  ['advance', Date.UTC(2026, 9, 24, 17), Date.UTC(2026, 9, 24, 23, 30), 80],
  ['waiting', Date.UTC(2026, 9, 24, 23, 30), Date.UTC(2026, 9, 25, 6), 80],
];

/** Rings as [number, start, end, tail gap top]. */
const RINGS: [number, number, number, number][] = [
  [100, rome('2026-11-23T05:00'), rome('2026-11-23T06:30'), 40],
  [101, rome('2026-11-23T07:30'), rome('2026-11-23T09:45'), 41],
  [102, rome('2026-11-23T11:00'), rome('2026-11-23T13:40'), 42],
  [103, rome('2026-11-23T19:00'), rome('2026-11-24T00:30'), 43],
];

/** Registers the suite's hooks; the returned context is filled before the first test runs. */
export function shiftReportSuite() {
  let app: TestApp | undefined;
  const testApp = (): TestApp => {
    if (app === undefined) throw new Error('the shift report suite is not set up yet');
    return app;
  };
  /** The server's wall clock: each test sets it where its shift needs it. */
  const clock = { now: rome('2026-11-23T12:00') };
  const tokens = { sa: '', engineer: '', reader: '', plain: '', other: '' };
  const ids = { run: 0, runB: 0, reportB: 0 };

  const send = async (endpoint: Endpoint, payload: object, token: string = tokens.engineer, lang = 'en_US'): Promise<Envelope> => {
    const url = endpointUrl(endpoint);
    if (inputSource(endpoint) === 'body') return envelope(await call(testApp().app, 'POST', url, { token, payload, lang }));
    const query = new URLSearchParams(Object.entries(payload).map(([k, v]): [string, string] => [k, String(v)]));
    return envelope(await call(testApp().app, endpoint.method, `${url}?${query}`, { token, lang }));
  };
  const ok = async (endpoint: Endpoint, payload: object, token?: string): Promise<unknown> => {
    const body = await send(endpoint, payload, token);
    expect(body.code, body.msg).toBe(0);
    return body.data;
  };
  const report = async (endpoint: Endpoint, payload: object, token?: string): Promise<c.ShiftReport> => c.ShiftReportSchema.parse(await ok(endpoint, payload, token));
  const generate = (date: string, shiftNo: number, overwrite = false): Promise<Envelope> => send(c.autoGenShiftRecord, { runId: ids.run, date, shiftNo, overwrite });
  const query = (shiftRecId: number): Promise<c.ShiftReport> => report(c.shiftReportQuery, { runId: ids.run, shiftRecId });

  const IdSchema = z.object({ id: z.number() });
  const created = async (endpoint: Endpoint, payload: object) => IdSchema.parse(await ok(endpoint, payload, tokens.sa)).id;
  const userIn = async (orgId: number, codes: readonly string[], ip: string, nickname: string) => {
    const user = await buildUser(testApp().db, { nickname });
    await testApp().db.kysely.updateTable('users').set({ org_id: orgId }).where('id', '=', user.id).execute();
    if (codes.length > 0) {
      const roleId = await created(adminContract.roleAdd, { name: `Role ${user.id}`, kind: 'custom', orgId, sort: 1 });
      await ok(adminContract.roleResourcesUpdate, { roleId, codes }, tokens.sa);
      await ok(adminContract.userAssignRoles, { userId: user.id, roleIds: [roleId] }, tokens.sa);
    }
    return signIn(testApp().app, user.phone, user.password, { ip });
  };

  beforeAll(async () => {
    app = await createTestApp({ SHIFT_EDIT_WINDOW_MINUTES: String(WINDOW_MINUTES) }, { now: () => clock.now });
    const db = testApp().db.kysely;
    tokens.sa = await signIn(testApp().app, ADMIN.email, ADMIN.password, { ip: '10.93.0.1' });
    const root = z.array(z.object({ id: z.number() })).parse(await ok(adminContract.orgQuery, {}, tokens.sa))[0]?.id ?? 1;
    const orgA = await created(adminContract.orgAdd, { parentId: root, name: 'Brenner tunnel contractor', type: 'company', sort: 1 });
    const orgB = await created(adminContract.orgAdd, { parentId: root, name: 'Other contractor', type: 'company', sort: 2 });
    for (const orgId of [orgA, orgB]) await ok(adminContract.orgResourcesEdit, { orgId, codes: CODES }, tokens.sa);
    ids.run = await buildRun(testApp().db, orgA, { timeZone: 'Europe/Rome' });
    ids.runB = await buildRun(testApp().db, orgB);
    tokens.engineer = await userIn(orgA, CODES, '10.93.0.2', 'Shift engineer');
    tokens.reader = await userIn(orgA, ['report.shift.read'], '10.93.0.3', 'Report reader');
    tokens.plain = await userIn(orgA, [], '10.93.0.4', 'No grants');
    tokens.other = await userIn(orgB, CODES, '10.93.0.5', 'Other engineer');

    await db
      .insertInto('tbm_states')
      .values(SCRIPT.map(([state, start, end, ring]) => ({ run_id: ids.run, state, start_ts: start, end_ts: end, ring_no: ring })))
      .execute();
    const none = { start_chainage: null, end_chainage: null, thrust_avg: null, thrust_max: null, torque_avg: null, torque_max: null, speed_avg: null, speed_max: null };
    const noGrout = { penetration_avg: null, face_pressure_avg: null, grout_volume: null, grout_pressure_avg: null, foam_volume: null, bentonite_volume: null, head_horizontal: null, head_vertical: null };
    await db
      .insertInto('rings')
      .values(
        RINGS.map(([ringNo, start, end, gap]) => ({
          run_id: ids.run, ring_no: ringNo, start_ts: start, end_ts: end, advance_ms: 40 * M, ring_build_ms: 35 * M, waiting_ms: 5 * M, frames: 4800,
          ...none, ...noGrout, tail_horizontal: 12, tail_vertical: -8,
          tail_gap_top: gap, tail_gap_bottom: gap + 10, tail_gap_left: gap + 20, tail_gap_right: gap + 30,
        })),
      )
      .execute();

    const b = await report(c.saveShiftMain, { runId: ids.runB, date: '2026-11-23', shiftNo: 1, leader: 'Leader of B' }, tokens.sa);
    ids.reportB = b.main.shiftRecId;
  });
  afterAll(() => testApp().close());

  return { get t() { return testApp(); }, clock, tokens, ids, send, ok, report, generate, query };
}
