import { adminContract, endpointUrl } from '@boreline/contracts';
import { expect } from 'vitest';
import { buildRun, buildUser, call, signIn } from '../../../test/factories.js';
import { ADMIN, createTestApp, envelope, type TestApp } from '../../../test/testApp.js';
import { FrameStoreRepo } from '../../telemetry/store/frameStore.repo.js';
import { RingTagStatsRepo } from '../../telemetry/store/ringTagStats.repo.js';
import { HOUR, ringRecord, rome, shiftReport, TZ } from '../report/ringReport.fixture.js';

/**
 * Scripted drives for the statistics suites (hand-computed figures in the suites), at wall times
 * of Rome, where 25 October 2026 lasts 25 hours.
 */
export { HOUR, rome, TZ };

export interface StatWorld {
  t: TestApp;
  sa: string;
  /** Holds 'statistic.read' in the run's organization. */
  reader: string;
  /** Signed in, in the run's organization, without any statistics resource. */
  plain: string;
  runId: number;
  /** A second run of the same organization: no plan, and rings only where a suite adds them. */
  bareRunId: number;
  /** A run of another organization. */
  otherRunId: number;
}

async function ok(t: TestApp, sa: string, endpoint: { path: string }, payload: object): Promise<number> {
  const body = envelope(await call(t.app, 'POST', `/server_main${endpoint.path}`, { token: sa, payload }));
  expect(body.code, body.msg).toBe(0);
  return Number((body.data as { id?: number }).id);
}

/** Two organizations with runs, a statistics reader and a user without the resource in the first. */
export async function statisticWorld(ipPrefix: string, clock: { now: number } = { now: Date.now() }): Promise<StatWorld> {
  const t = await createTestApp({}, { now: () => clock.now });
  const sa = await signIn(t.app, ADMIN.email, ADMIN.password, { ip: `${ipPrefix}.1` });
  const orgs = envelope(await call(t.app, 'POST', endpointUrl(adminContract.orgQuery), { token: sa, payload: {} })).data as { id: number }[];
  const root = orgs[0]?.id ?? 1;
  const group = await ok(t, sa, adminContract.orgAdd, { parentId: root, name: 'Tunnel contractor', type: 'company', sort: 1 });
  const other = await ok(t, sa, adminContract.orgAdd, { parentId: root, name: 'Other contractor', type: 'company', sort: 2 });
  const runId = await buildRun(t.db, group, { projectName: 'Metro M4', tbmCode: 'M4-L3', timeZone: TZ });
  const bareRunId = await buildRun(t.db, group, { projectName: 'Metro M4 east', tbmCode: 'M4-L4', timeZone: TZ });
  const otherRunId = await buildRun(t.db, other, { timeZone: TZ });
  const codes = ['statistic.read'];
  for (const orgId of [group, other]) await ok(t, sa, adminContract.orgResourcesEdit, { orgId, codes });
  const readers = await ok(t, sa, adminContract.roleAdd, { name: 'Statistics readers', kind: 'custom', orgId: group, sort: 1 });
  await ok(t, sa, adminContract.roleResourcesUpdate, { roleId: readers, codes });
  const userIn = async (roleIds: number[], ip: string) => {
    const user = await buildUser(t.db, { nickname: 'Site engineer' });
    await t.db.kysely.updateTable('users').set({ org_id: group }).where('id', '=', user.id).execute();
    if (roleIds.length > 0) await ok(t, sa, adminContract.userAssignRoles, { userId: user.id, roleIds });
    return signIn(t.app, user.phone, user.password, { ip });
  };
  const reader = await userIn([readers], `${ipPrefix}.2`);
  const plain = await userIn([], `${ipPrefix}.3`);
  return { t, sa, reader, plain, runId, bareRunId, otherRunId };
}

/** Ring r of the drive, bored towards falling chainage: 2000 m at ring 1, 1.5 m per ring. */
export const chainageOf = (ringNo: number) => ({ start_chainage: 2000 - 1.5 * (ringNo - 1), end_chainage: 2000 - 1.5 * ringNo });

/**
 * The world's drive: 90 rings in total, 4 a day planned from 1 October 2026, completion planned on
 * 31 December. Rings 1 (30 September) to 7 (26 October, after the clocks went back):
 *
 * | ring | start → end (Rome)     | h  | advance | building | standby | speed |
 * |  1   | 30/09 20:00 → 23:00    | 3  | 2       | 1        | 0       | 10    |
 * |  2   | 13/10 22:00 → 14/10 01 | 3  | 2       | 1        | 0       | 40    |
 * |  3   | 14/10 01:00 → 06:00    | 5  | 3       | 1        | 1       | 50    |
 * |  4   | 14/10 06:00 → 16:00    | 10 | 2       | 1        | 7       | 30    |
 * |  5   | 14/10 16:00 → 15/10 00 | 8  | 3       | 1        | 4       | —     |
 * |  6   | 16/10 08:00 → 12:00    | 4  | 2       | 1        | 1       | 60    |
 * |  7   | 26/10 08:00 → 12:00    | 4  | 3       | 1        | 0       | 20    |
 *
 * The day shift of the 14th (07:00–19:00) records stops: segment supply 07–09, muck removal 10–13,
 * one without a reason 14–15, a mechanical breakdown 15–18 (one hour in ring 4, two in ring 5).
 */
export async function octoberDrive(w: StatWorld): Promise<void> {
  const db = w.t.db.kysely;
  await db.updateTable('runs').set({ start_ring: 1, planned_rings: 90 }).where('id', '=', w.runId).execute();
  await db
    .insertInto('project_info')
    .values({ run_id: w.runId, planned_start: '2026-10-01', planned_completion: '2026-12-31', planned_rings_per_day: 4, planned_length_per_day: null, tunnel_length: null, segment_spec: null, project_manager: null, site_manager: null, contacts: null, updated_by: null, updated_at: 0 })
    .execute();
  const ring = (no: number, start: number, end: number, advance: number, waiting: number, speed: number | null) =>
    ringRecord(w.runId, no, start, end, { advance_ms: advance * HOUR, ring_build_ms: HOUR, waiting_ms: waiting * HOUR, speed_avg: speed, frames: 0, ...chainageOf(no) });
  await db
    .insertInto('rings')
    .values([
      ring(1, rome(9, 30, 20), rome(9, 30, 23), 2, 0, 10),
      ring(2, rome(10, 13, 22), rome(10, 14, 1), 2, 0, 40),
      ring(3, rome(10, 14, 1), rome(10, 14, 6), 3, 1, 50),
      ring(4, rome(10, 14, 6), rome(10, 14, 16), 2, 7, 30),
      ring(5, rome(10, 14, 16), rome(10, 15, 0), 3, 4, null),
      ring(6, rome(10, 16, 8), rome(10, 16, 12), 2, 1, 60),
      ring(7, rome(10, 26, 8), rome(10, 26, 12), 3, 0, 20),
    ])
    .execute();
  await shiftReport(w.t, w.runId, { date: '2026-10-14', shiftNo: 1, name: 'Day shift', start: rome(10, 14, 7), end: rome(10, 14, 19), leader: 'Foreman B', headcount: 9 }, [
    { kind: 'stop', code: 'segmentSupply', start: rome(10, 14, 7), end: rome(10, 14, 9) },
    { kind: 'process', code: 'advance', start: rome(10, 14, 9), end: rome(10, 14, 10) },
    { kind: 'stop', code: 'muckRemoval', start: rome(10, 14, 10), end: rome(10, 14, 13) },
    { kind: 'stop', code: null, start: rome(10, 14, 14), end: rome(10, 14, 15) },
    { kind: 'stop', code: 'mechanicalBreakdown', start: rome(10, 14, 15), end: rome(10, 14, 18) },
  ]);
}

/** The tags the ring-statistics suites query: their per-ring statistics are scripted below. */
export const T1 = 'thrust.totalThrust';
export const T2 = 'cutterhead.torque';
export const T3 = 'thrust.advanceSpeed';

/**
 * Per-ring statistics of the drive, stored with two layouts: rings 1–4 with [T1, T2, T3], rings
 * 5–6 with the newer [strokeA, T3, T2, T1]. Ring r: T1 [10000 + 100r, 15000 + 100r, 20000 + 100r],
 * T2 [r, r + 0.5, r + 1.25], T3 [20, 30 + r, 40 + r] except ring 3, which had no speed while
 * advancing. Ring 7 has no statistics yet.
 */
export async function ringTagStats(w: StatWorld): Promise<void> {
  const store = new FrameStoreRepo(w.t.db.kysely);
  const repo = new RingTagStatsRepo(w.t.db.kysely);
  const older = await store.layoutId(w.runId, [T1, T2, T3], 1);
  const newer = await store.layoutId(w.runId, ['thrust.strokeA', T3, T2, T1], 2);
  const triples = (r: number): Record<string, number[]> => ({
    [T1]: [10000 + 100 * r, 15000 + 100 * r, 20000 + 100 * r],
    [T2]: [r, r + 0.5, r + 1.25],
    [T3]: r === 3 ? [Number.NaN, Number.NaN, Number.NaN] : [20, 30 + r, 40 + r],
    'thrust.strokeA': [0, 600, 1200],
  });
  for (let r = 1; r <= 6; r += 1) {
    const codes = r <= 4 ? [T1, T2, T3] : ['thrust.strokeA', T3, T2, T1];
    const values = Float32Array.from(codes.flatMap((c) => triples(r)[c] ?? []));
    const [row] = await w.t.db.kysely.selectFrom('rings').select('end_ts').where('run_id', '=', w.runId).where('ring_no', '=', r).execute();
    await repo.save({ runId: w.runId, ringNo: r, layoutId: r <= 4 ? older : newer, ringEnd: row?.end_ts ?? 0, frames: 600, values }, 0);
  }
}

/** 10:09:00 in Rome on 20 October 2026: nine minutes into a ten-minute chunk window. */
export const CURVE_T0 = Date.UTC(2026, 9, 20, 8, 9, 0);

/**
 * One frame a second from `CURVE_T0` for 961 s, through the ingest pipeline: ring 7 advances for
 * 600 s (mean stroke 100 + 2s mm, groups B and C 4 mm either side; total thrust 10000 + s kN),
 * is built for 300 s (thrust 5000 kN, strokes retracted to 50 mm), then ring 8 advances. The cycle
 * engine closes ring 7 at 900 s. Its frames end up in two closed chunks and the open window.
 */
export async function curveDrive(w: StatWorld, runId: number): Promise<void> {
  const ingest = w.t.app.platform.ingest;
  const layout = await ingest.open({ runId, machineType: 'epb', ringWidthMm: 1500, endChainage: 2500 });
  const frame = (s: number) => {
    const values = layout.emptyValues();
    const set = (code: string, value: number) => void (values[layout.indexOf(code)] = value);
    const advancing = s < 600 || s >= 900;
    const stroke = s < 600 ? 100 + 2 * s : s < 900 ? 50 : 100 + 2 * (s - 900);
    set('state.ringNo', s < 900 ? 7 : 8);
    set('state.advanceMode', advancing ? 1 : 0);
    set('state.erectMode', advancing ? 0 : 1);
    set('thrust.advanceSpeed', advancing ? 50 : 0);
    set('cutterhead.speed', advancing ? 2 : 0);
    set('thrust.strokeA', stroke);
    set('thrust.strokeB', stroke + (advancing ? 4 : 0));
    set('thrust.strokeC', stroke - (advancing ? 4 : 0));
    set('thrust.strokeD', stroke);
    set(T1, s < 600 ? 10000 + s : s < 900 ? 5000 : 20000 + (s - 900));
    return { runId, ts: CURVE_T0 + s * 1000, values };
  };
  for (let from = 0; from < 961; from += 300) {
    await ingest.ingest(runId, Array.from({ length: Math.min(300, 961 - from) }, (_, i) => frame(from + i)));
  }
}
