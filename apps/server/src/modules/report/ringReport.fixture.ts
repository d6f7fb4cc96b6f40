import { adminContract, endpointUrl } from '@boreline/contracts';
import { expect } from 'vitest';
import { buildRun, buildUser, call, ringRecord, signIn } from '../../../test/factories.js';
import { ADMIN, createTestApp, envelope, type TestApp } from '../../../test/testApp.js';
import { zonedToUtc } from '../../core/timeZone.js';

/**
 * Scripted drives for the report suites: rings, machine states and shift reports at wall times of
 * Rome, where 29 March 2026 lasts 23 hours and 25 October 2026 lasts 25.
 */
export const TZ = 'Europe/Rome';
export const HOUR = 3_600_000;

/** An instant given as a wall time in Rome. */
export const rome = (m: number, d: number, h: number, min = 0) => zonedToUtc({ y: 2026, m, d, h, min, s: 0 }, TZ);

export { ringRecord };

export interface ReportWorld {
  t: TestApp;
  sa: string;
  /** Holds 'report.period.read' and 'report.shift.read' in the run's organization. */
  reader: string;
  /** Signed in, in the run's organization, without any report resource. */
  plain: string;
  runId: number;
  /** A run of another organization. */
  otherRunId: number;
}

async function ok(t: TestApp, sa: string, endpoint: { path: string }, payload: object): Promise<number> {
  const body = envelope(await call(t.app, 'POST', `/server_main${endpoint.path}`, { token: sa, payload }));
  expect(body.code, body.msg).toBe(0);
  return Number((body.data as { id?: number }).id);
}

/** Two organizations with a run each, a report reader and a user without report resources in the first. */
export async function reportWorld(ipPrefix: string, run: { projectName: string; tbmCode: string }, clock: { now: number } = { now: Date.now() }): Promise<ReportWorld> {
  const t = await createTestApp({}, { now: () => clock.now });
  const sa = await signIn(t.app, ADMIN.email, ADMIN.password, { ip: `${ipPrefix}.1` });
  const orgs = envelope(await call(t.app, 'POST', endpointUrl(adminContract.orgQuery), { token: sa, payload: {} })).data as { id: number }[];
  const root = orgs[0]?.id ?? 1;
  const group = await ok(t, sa, adminContract.orgAdd, { parentId: root, name: 'Tunnel contractor', type: 'company', sort: 1 });
  const other = await ok(t, sa, adminContract.orgAdd, { parentId: root, name: 'Other contractor', type: 'company', sort: 2 });
  const runId = await buildRun(t.db, group, { ...run, timeZone: TZ });
  const otherRunId = await buildRun(t.db, other, { timeZone: TZ });
  const codes = ['report.period.read', 'report.shift.read'];
  for (const orgId of [group, other]) await ok(t, sa, adminContract.orgResourcesEdit, { orgId, codes });
  const readers = await ok(t, sa, adminContract.roleAdd, { name: 'Report readers', kind: 'custom', orgId: group, sort: 1 });
  await ok(t, sa, adminContract.roleResourcesUpdate, { roleId: readers, codes });
  const userIn = async (roleIds: number[], ip: string) => {
    const user = await buildUser(t.db, { nickname: 'Site engineer' });
    await t.db.kysely.updateTable('users').set({ org_id: group }).where('id', '=', user.id).execute();
    if (roleIds.length > 0) await ok(t, sa, adminContract.userAssignRoles, { userId: user.id, roleIds });
    return signIn(t.app, user.phone, user.password, { ip });
  };
  const reader = await userIn([readers], `${ipPrefix}.2`);
  const plain = await userIn([], `${ipPrefix}.3`);
  return { t, sa, reader, plain, runId, otherRunId };
}

/** A shift report of the default day (07:00) or night (19:00) shift, with its stop and process records. */
export async function shiftReport(
  t: TestApp,
  runId: number,
  slot: { date: string; shiftNo: number; name: string; start: number; end: number; leader: string | null; headcount: number | null },
  records: { kind: 'process' | 'stop'; code: string | null; start: number; end: number; remark?: string }[],
): Promise<number> {
  const row = await t.db.kysely
    .insertInto('shift_reports')
    .values({
      run_id: runId,
      date: slot.date,
      shift_no: slot.shiftNo,
      shift_id: null,
      shift_name: slot.name,
      start_ts: slot.start,
      end_ts: slot.end,
      leader: slot.leader,
      headcount: slot.headcount,
      ring_start: null,
      ring_end: null,
      machine_status: 'advance',
      remark: null,
      handover: null,
      generated_at: null,
      created_by: null,
      updated_by: null,
      created_at: slot.start,
      updated_at: slot.start,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (records.length > 0) {
    await t.db.kysely
      .insertInto('shift_records')
      .values(
        records.map((r) => ({
          report_id: row.id,
          kind: r.kind,
          process: r.kind === 'process' ? r.code : null,
          stop_reason: r.kind === 'stop' ? r.code : null,
          start_ts: r.start,
          end_ts: r.end,
          is_primary: r.kind === 'process' ? 1 : 0,
          generated: 0,
          remark: r.remark ?? null,
        })),
      )
      .execute();
  }
  return row.id;
}

/**
 * October 2026 of the world's run (hand-computed figures in the suites): rings 100 (September) to
 * 106, states of the 14th, 16th and 26th, and the day shift report of the 14th, whose id it returns.
 * The 14th: 6 h advance, 1 h ring building, 13 h standby, 4 h without data; rings 101–103.
 */
export async function octoberDrive(w: ReportWorld): Promise<number> {
  const db = w.t.db.kysely;
  // The drive's first recorded ring is 100 (September); 400 rings planned; 8 rings / 12 m a day planned.
  await db.updateTable('runs').set({ start_ring: 100, planned_rings: 400 }).where('id', '=', w.runId).execute();
  await db
    .insertInto('project_info')
    .values({ run_id: w.runId, planned_start: null, planned_completion: null, planned_rings_per_day: 8, planned_length_per_day: 12, tunnel_length: null, segment_spec: null, project_manager: null, site_manager: null, contacts: null, updated_by: null, updated_at: 0 })
    .execute();
  await db
    .insertInto('rings')
    .values([
      ringRecord(w.runId, 100, rome(9, 30, 20), rome(9, 30, 23), { speed_avg: 10 }),
      // Starts on Tuesday 13 October, ends on Wednesday the 14th: it belongs to the 14th.
      ringRecord(w.runId, 101, rome(10, 13, 22), rome(10, 14, 1), { speed_avg: 40, advance_ms: 2 * HOUR, ring_build_ms: HOUR, thrust_avg: 12345.6, start_chainage: 1150.25, end_chainage: 1151.75 }),
      ringRecord(w.runId, 102, rome(10, 14, 1), rome(10, 14, 6), { speed_avg: 50 }),
      ringRecord(w.runId, 103, rome(10, 14, 6), rome(10, 14, 10), { speed_avg: 60 }),
      // Ends on the stroke of midnight: the 15th's.
      ringRecord(w.runId, 104, rome(10, 14, 10), rome(10, 15, 0), { speed_avg: 30 }),
      ringRecord(w.runId, 105, rome(10, 16, 8), rome(10, 16, 12)),
      ringRecord(w.runId, 106, rome(10, 26, 8), rome(10, 26, 12), { speed_avg: 20 }),
    ])
    .execute();
  const state = (s: string, start: number, end: number) => ({ run_id: w.runId, state: s, start_ts: start, end_ts: end, ring_no: null });
  await db
    .insertInto('tbm_states')
    .values([
      state('advance', rome(10, 13, 22), rome(10, 14, 1)),
      state('ringBuild', rome(10, 14, 1), rome(10, 14, 2)),
      state('advance', rome(10, 14, 2), rome(10, 14, 6)),
      state('waiting', rome(10, 14, 6), rome(10, 14, 9)),
      state('advance', rome(10, 14, 9), rome(10, 14, 10)),
      // Then no data from 20:00 to midnight.
      state('waiting', rome(10, 14, 10), rome(10, 14, 20)),
      state('advance', rome(10, 16, 8), rome(10, 16, 12)),
      state('advance', rome(10, 26, 8), rome(10, 26, 12)),
    ])
    .execute();
  // The day shift of the 14th explains 10 of the day's 13 h of standby; one stop still lacks its reason.
  const dayShiftReport = await shiftReport(w.t, w.runId, { date: '2026-10-14', shiftNo: 1, name: 'Day shift', start: rome(10, 14, 7), end: rome(10, 14, 19), leader: 'Foreman B', headcount: 9 }, [
    { kind: 'stop', code: 'segmentSupply', start: rome(10, 14, 7), end: rome(10, 14, 9) },
    { kind: 'process', code: 'advance', start: rome(10, 14, 9), end: rome(10, 14, 10) },
    { kind: 'stop', code: 'muckRemoval', start: rome(10, 14, 10), end: rome(10, 14, 13) },
    { kind: 'stop', code: 'segmentSupply', start: rome(10, 14, 13), end: rome(10, 14, 14) },
    { kind: 'stop', code: null, start: rome(10, 14, 14), end: rome(10, 14, 15) },
    { kind: 'stop', code: 'mechanicalBreakdown', start: rome(10, 14, 15), end: rome(10, 14, 19) },
  ]);
  // A stop of the week before must not reach the 14th.
  await shiftReport(w.t, w.runId, { date: '2026-10-07', shiftNo: 1, name: 'Day shift', start: rome(10, 7, 7), end: rome(10, 7, 19), leader: null, headcount: null }, [
    { kind: 'stop', code: 'powerFailure', start: rome(10, 7, 7), end: rome(10, 7, 19) },
  ]);
  return dayShiftReport;
}
