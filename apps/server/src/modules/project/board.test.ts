import { boardContract, endpointUrl, projectContract } from '@boreline/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRun, buildUser, call, signIn } from '../../../test/factories.js';
import { ADMIN, createTestApp, envelope, type TestApp } from '../../../test/testApp.js';
import { zonedToUtc } from '../../core/timeZone.js';
import { BoardService } from './board.service.js';
import { ProjectFigures } from './driveFigures.js';
import { LatestValues, MachineHistory } from '../../telemetry/index.js';
import { RunScope } from './runScope.js';
import { RunRepo } from './run.repo.js';
import { RoleGrantPolicy, PermissionRepo } from '../admin/index.js';

const TZ = 'Europe/Rome';
/** Local wall time in Rome on a date of October 2026 (the 25th has 25 hours). */
const rome = (d: number, h: number, min = 0) => zonedToUtc({ y: 2026, m: 10, d, h, min, s: 0 }, TZ);
/** "Now": Wednesday 28 October 2026, 13:00 in Rome — an hour after the last data. */
const NOW = rome(28, 13);
const HOUR = 3_600_000;

describe('project list, board and run state (/u/web/sts/run/queryAll, /u/web/statistic/*, /u/web/runState*)', () => {
  let t: TestApp;
  let sa: string;
  let runId = 0;
  let otherRunId = 0;
  let board: BoardService;

  beforeAll(async () => {
    t = await createTestApp();
    sa = await signIn(t.app, ADMIN.email, ADMIN.password, { ip: '10.75.0.1' });
    const root = await t.db.kysely.selectFrom('orgs').select('id').where('parent_id', 'is', null).executeTakeFirstOrThrow();
    runId = await buildRun(t.db, root.id, { projectName: 'Board tunnel', tbmCode: 'S-900', timeZone: TZ });
    otherRunId = await buildRun(t.db, root.id, { projectName: 'Quiet tunnel', tbmCode: 'S-100', timeZone: 'Asia/Shanghai' });
    // The drive began at ring 201 (rings before are not on record, as for a project that starts recording late).
    await t.db.kysely.updateTable('runs').set({ planned_rings: 100, country: 'IT', start_ring: 201 }).where('id', '=', runId).execute();
    // Rings by their end: Sun 25 Oct 23:30 local (last week), Mon 26 Oct 00:30 local (this week, still Sunday in UTC),
    // Tue 27 Oct 15:00, and three today. Ring numbers 201–206, 1.5 m each.
    const ends = [rome(25, 23, 30), rome(26, 0, 30), rome(27, 15), rome(28, 8), rome(28, 10), rome(28, 11)];
    await t.db.kysely
      .insertInto('rings')
      .values(ends.map((end, i) => ({ run_id: runId, ring_no: 201 + i, start_ts: end - 2 * HOUR, end_ts: end, advance_ms: HOUR, ring_build_ms: HOUR, waiting_ms: 0, frames: 7200, start_chainage: 1000 + i * 1.5, end_chainage: 1001.5 + i * 1.5, thrust_avg: null, thrust_max: null, torque_avg: null, torque_max: null, speed_avg: null, speed_max: null, penetration_avg: null, face_pressure_avg: null, grout_volume: null, grout_pressure_avg: null, foam_volume: null, bentonite_volume: null, head_horizontal: null, head_vertical: null, tail_horizontal: null, tail_vertical: null, tail_gap_top: null, tail_gap_bottom: null, tail_gap_left: null, tail_gap_right: null })))
      .execute();
    // Today: 4 h advance, 3 h ring building, 5 h waiting; yesterday (outside today) 10 h of waiting.
    await t.db.kysely
      .insertInto('tbm_states')
      .values([
        { run_id: runId, state: 'waiting', start_ts: rome(27, 14), end_ts: rome(28, 0), ring_no: 203 },
        { run_id: runId, state: 'advance', start_ts: rome(28, 0), end_ts: rome(28, 4), ring_no: 204 },
        { run_id: runId, state: 'ringBuild', start_ts: rome(28, 4), end_ts: rome(28, 7), ring_no: 204 },
        { run_id: runId, state: 'waiting', start_ts: rome(28, 7), end_ts: rome(28, 12), ring_no: 206 },
      ])
      .execute();
    const policy = new RoleGrantPolicy(new PermissionRepo(t.db.kysely));
    const machine = new MachineHistory(t.db.kysely, { latest: new LatestValues(), engine: () => null });
    const plan = { planned_rings_per_day: 12, planned_length_per_day: null, planned_start: null, planned_completion: null };
    board = new BoardService(new RunScope(new RunRepo(t.db.kysely), policy), machine, new ProjectFigures(machine, async () => plan, () => NOW), () => NOW);
  });
  afterAll(() => t.close());

  const session = { sessionId: 0, userId: 1, sa: true, zb: false, orgId: null, expiresAt: Number.MAX_SAFE_INTEGER, runId: null };

  it('counts rings per local day, week and month and shares today by state', async () => {
    const data = await board.indexPage(session, runId);
    expect(data.today).toEqual({ rings: 3, metres: 4.5 });
    // The ring ending at 00:30 on Monday in Rome belongs to this week, though it is still Sunday in UTC.
    expect(data.week).toEqual({ rings: 5, metres: 7.5 });
    expect(data.month).toEqual({ rings: 6, metres: 9 });
    expect(data.total).toEqual({ rings: 6, metres: 9 });
    expect(data.rates.advance).toBeCloseTo(4 / 12);
    expect(data.rates.ringBuild).toBeCloseTo(3 / 12);
    expect(data.rates.waiting).toBeCloseTo(5 / 12);
    expect(data.rates.advance + data.rates.ringBuild + data.rates.waiting).toBeCloseTo(1);
    expect(data).toMatchObject({ progress: 0.06, currentRing: 206, currentChainage: 1009, planned: { ringsPerDay: 12, metresPerDay: 18, rings: 100 } });
    // No data for an hour: the machine shows offline, since its last data.
    expect(data.status).toBe('offline');
    expect(data.statusSince).toBe(rome(28, 12));
    // 6 rings over the 4 local days since the first ring began (fewer than the 14 of the pace), 94 to go: 63 days ahead.
    expect(data.pace).toEqual({ ringsPerDay: 1.5, days: 14 });
    expect(data.forecastFinish).toBe('2026-12-30');
  });

  it('draws progress per day, week and month against plan', async () => {
    const days = await board.progress(session, { runId, from: '2026-10-25', to: '2026-10-28' }, 'day');
    expect(days.map((p) => [p.period, p.rings, p.plannedRings, p.cumulativeRings])).toEqual([
      ['2026-10-25', 1, 12, 1],
      ['2026-10-26', 1, 12, 2],
      ['2026-10-27', 1, 12, 3],
      ['2026-10-28', 3, 12, 6],
    ]);
    const weeks = await board.progress(session, { runId, from: '2026-10-20', to: '2026-10-28' }, 'week');
    expect(weeks.map((p) => [p.period, p.rings, p.metres, p.plannedRings])).toEqual([
      ['2026-10-19', 1, 1.5, 84],
      ['2026-10-26', 5, 7.5, 84],
    ]);
    const months = await board.progress(session, { runId, from: '2026-10-01', to: '2026-11-02' }, 'month');
    expect(months.map((p) => [p.period, p.rings, p.plannedRings])).toEqual([
      ['2026-10-01', 6, 372],
      ['2026-11-01', 0, 360],
    ]);
  });

  it('lists runs with rates summing to 100 % and the state tree of today, this week, this month and in total', async () => {
    const list = await board.list(session, {});
    const row = list.find((r) => r.runId === runId);
    expect(row).toMatchObject({ projectName: 'Board tunnel', tbmCode: 'S-900', country: 'IT', progress: 0.06, tunnelLength: 1500, currentRing: 206, status: 'offline' });
    expect((row?.advanceRate ?? 0) + (row?.ringBuildRate ?? 0) + (row?.waitingRate ?? 0)).toBeCloseTo(1);
    expect(row?.totalDurationMs).toBe(22 * HOUR);
    const quiet = list.find((r) => r.runId === otherRunId);
    expect(quiet).toMatchObject({ progress: 0, advanceRate: 0, currentRing: null, status: 'offline', statusSince: null });
    expect((await board.list(session, { projectName: 'board' })).map((r) => r.runId)).toEqual([runId]);
    const tree = await board.stateTree(session, runId);
    expect(tree.map((p) => [p.period, p.advanceMs / HOUR, p.ringBuildMs / HOUR, p.waitingMs / HOUR, p.rings])).toEqual([
      ['today', 4, 3, 5, 3],
      ['week', 4, 3, 15, 5],
      ['month', 4, 3, 15, 6],
      ['total', 4, 3, 15, 6],
    ]);
  });

  it('answers over HTTP with permission, object scope and validation', async () => {
    expect(envelope(await call(t.app, 'POST', endpointUrl(projectContract.runQueryAll), { payload: {} })).code).toBe(1);
    const plain = await buildUser(t.db);
    const token = await signIn(t.app, plain.phone, plain.password, { ip: '10.75.1.1' });
    // A user holding nothing sees no project, and cannot open one by its id.
    expect(envelope(await call(t.app, 'POST', endpointUrl(projectContract.runQueryAll), { token, payload: {} })).data).toEqual([]);
    expect(envelope(await call(t.app, 'GET', `${endpointUrl(boardContract.indexPageData)}?runId=${runId}`, { token })).code).toBe(2);
    const ok = envelope(await call(t.app, 'GET', `${endpointUrl(projectContract.runQuery)}?runId=${runId}`, { token: sa }));
    expect(ok).toMatchObject({ code: 0, data: { runId, projectName: 'Board tunnel', timeZone: TZ, tbmCode: 'S-900', ringWidthMm: 1500 } });
    expect(envelope(await call(t.app, 'GET', `${endpointUrl(projectContract.runStateQuery)}?runId=${runId}`, { token: sa })).data).toMatchObject({ status: 'offline' });
    const tbm = envelope(await call(t.app, 'GET', endpointUrl(projectContract.runQueryTbm), { token: sa }));
    expect(tbm.data).toEqual(['S-100', 'S-900']);
    const bad = (payload: object) => call(t.app, 'POST', endpointUrl(boardContract.progressGraphWeek), { token: sa, payload: { runId, ...payload } }).then(envelope);
    expect((await bad({ from: '2026-10-28', to: '2026-10-01' })).msg).toBe('To: The end must not be before the start');
    expect((await bad({ from: '28/10/2026', to: '2026-10-30' })).msg).toBe('From: Please enter a date like 2026-11-22');
    expect((await bad({ from: '2020-01-01', to: '2026-10-30' })).msg).toBe('To: The range is too long');
    expect((await bad({ from: '2026-10-26', to: '2026-10-28' })).data).toEqual([{ period: '2026-10-26', rings: 5, metres: 7.5, plannedRings: null, cumulativeRings: 5 }]);
  });
});
