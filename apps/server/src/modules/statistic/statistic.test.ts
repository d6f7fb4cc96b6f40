import { boardContract, endpointUrl, statisticContract as c } from '@boreline/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/factories.js';
import { envelope } from '../../../test/testApp.js';
import { ringRecord } from '../report/ringReport.fixture.js';
import { HOUR, octoberDrive, ringTagStats, rome, type StatWorld, statisticWorld, T1, T2, T3 } from './statistic.fixture.js';

const NO_SESSION = '';

describe('statistics: pickers, progress, efficiency and slow rings', () => {
  let w: StatWorld;
  /** The server's clock: the day after the drive's last ring unless a test moves it. */
  const clock = { now: rome(10, 27, 12) };

  const post = async (endpoint: { base: 'main' | 'project'; path: string }, payload: object, token: string = w.reader, lang = 'en_US') =>
    envelope(await call(w.t.app, 'POST', endpointUrl(endpoint), { token, payload, lang }));
  const get = async (endpoint: { base: 'main' | 'project'; path: string }, runId: number, token: string = w.reader) =>
    envelope(await call(w.t.app, 'GET', `${endpointUrl(endpoint)}?runId=${runId}`, { token }));
  const data = <T>(body: { code: number; msg: string; data: unknown }): T => {
    expect(body.code, body.msg).toBe(0);
    return body.data as T;
  };

  beforeAll(async () => {
    w = await statisticWorld('10.91.0', clock);
    await octoberDrive(w);
    await ringTagStats(w);
  });
  afterAll(() => w.t.close());

  it('answers code 1 without a session, code 2 without statistic.read or for a run of another organization, on every endpoint', async () => {
    const range = { ringStart: 1, ringEnd: 7 };
    const calls: [{ id: string; base: 'main' | 'project'; path: string }, object][] = [
      [c.progressList, { unit: 'day', from: '2026-10-12', to: '2026-10-18' }],
      [c.efficiencyGraph, range],
      [c.ringWorkList, range],
      [c.ringCurves, { rings: [2], tags: [T1] }],
      [c.exportRingCurves, { rings: [2], tags: [T1] }],
      [c.ringStats, { view: 'historyTable', range: { by: 'ring', ...range }, tags: [T1] }],
      [c.exportRingStats, { view: 'historyTable', range: { by: 'ring', ...range }, tags: [T1] }],
    ];
    for (const [endpoint, input] of calls) {
      expect((await post(endpoint, { runId: w.runId, ...input }, NO_SESSION)).code, endpoint.id).toBe(1);
      expect((await post(endpoint, { runId: w.runId, ...input }, w.plain)).code, endpoint.id).toBe(2);
      expect(await post(endpoint, { runId: w.otherRunId, ...input }), endpoint.id).toMatchObject({ code: 2, msg: 'No permission, please contact the administrator' });
    }
    for (const endpoint of [c.pointGroups, c.ringList]) {
      expect((await get(endpoint, w.runId, NO_SESSION)).code).toBe(1);
      expect((await get(endpoint, w.runId, w.plain)).code).toBe(2);
      expect((await get(endpoint, w.otherRunId)).code).toBe(2);
    }
  });

  describe('GET /u/web/statistic/getPointsGrp/v1', () => {
    it("groups the measured tags of the run's newest layout by subsystem, in catalogue order", async () => {
      const groups = data<c.PointGroups>(await get(c.pointGroups, w.runId));
      expect(groups.machineType).toBe('epb');
      expect(groups.groups.map((g) => [g.subsystem, g.tags.map((t) => t.code)])).toEqual([
        ['cutterhead', [T2]],
        ['thrust', [T1, T3, 'thrust.strokeA']],
      ]);
      const speed = groups.groups[1]?.tags.find((t) => t.code === T3);
      expect(speed).toEqual({ code: T3, subsystem: 'thrust', kind: 'analog', unit: 'mm/min', precision: 1, name: expect.objectContaining({ subject: expect.any(String), quantity: expect.any(String) }) });
    });

    it('offers the whole catalogue before any frame is stored, without flags, levels or the state signals', async () => {
      const groups = data<c.PointGroups>(await get(c.pointGroups, w.bareRunId));
      const tags = groups.groups.flatMap((g) => g.tags);
      expect(groups.groups[0]?.subsystem).toBe('cutterhead');
      expect(groups.groups.some((g) => g.subsystem === 'state')).toBe(false);
      expect(tags.every((t) => t.kind === 'analog' || t.kind === 'counter')).toBe(true);
      expect(tags.length).toBeGreaterThan(300);
    });
  });

  describe('GET /u/web/statistic/getRingSegList/v1', () => {
    it('lists the completed rings with their span and chainage', async () => {
      const list = data<c.RingList>(await get(c.ringList, w.runId));
      expect(list).toMatchObject({ timeZone: 'Europe/Rome', ringWidth: 1.5 });
      expect(list.rings.map((r) => r.ringNo)).toEqual([1, 2, 3, 4, 5, 6, 7]);
      expect(list.rings[1]).toEqual({ ringNo: 2, start: rome(10, 13, 22), end: rome(10, 14, 1), startChainage: 1998.5, endChainage: 1997 });
    });
  });

  describe('POST /u/web/statistic/progressList/v1', () => {
    const progress = async (runId: number, unit: string, from: string, to: string) => data<c.ProgressList>(await post(c.progressList, { runId, unit, from, to }));

    it('counts rings per day by their end, cumulative since the first ring, against the plan since its start', async () => {
      const list = await progress(w.runId, 'day', '2026-10-12', '2026-10-18');
      expect(list.unit).toBe('day');
      const row = (period: string, rings: number, cumulative: number, cumulativePlanned: number) => ({
        period,
        rings,
        metres: rings * 1.5,
        plannedRings: 4,
        plannedMetres: 6,
        cumulativeRings: cumulative,
        cumulativeMetres: cumulative * 1.5,
        cumulativePlannedRings: cumulativePlanned,
      });
      // Ring 1 ended in September: counted before the range. Ring 5 ended at midnight: the 15th's.
      expect(list.rows).toEqual([
        row('2026-10-12', 0, 1, 48),
        row('2026-10-13', 0, 1, 52),
        row('2026-10-14', 3, 4, 56),
        row('2026-10-15', 1, 5, 60),
        row('2026-10-16', 1, 6, 64),
        row('2026-10-17', 0, 6, 68),
        row('2026-10-18', 0, 6, 72),
      ]);
    });

    it('agrees with the board progress graph on the rings of every period', async () => {
      const list = await progress(w.runId, 'day', '2026-10-12', '2026-10-27');
      const board = data<{ period: string; rings: number }[]>(await post(boardContract.progressGraphDay, { runId: w.runId, from: '2026-10-12', to: '2026-10-27' }, w.sa));
      expect(list.rows.map((r) => [r.period, r.rings])).toEqual(board.map((p) => [p.period, p.rings]));
    });

    it('sums weeks from Monday and months, the plan capped at the drive’s 90 rings', async () => {
      const weeks = await progress(w.runId, 'week', '2026-10-14', '2026-10-25');
      expect(weeks.rows.map((r) => [r.period, r.rings, r.plannedRings, r.plannedMetres, r.cumulativeRings, r.cumulativeMetres, r.cumulativePlannedRings])).toEqual([
        ['2026-10-12', 5, 28, 42, 6, 9, 72],
        ['2026-10-19', 0, 28, 42, 6, 9, 90],
      ]);
      const months = await progress(w.runId, 'month', '2026-09-15', '2026-10-20');
      expect(months.rows.map((r) => [r.period, r.rings, r.plannedRings, r.cumulativeRings, r.cumulativeMetres, r.cumulativePlannedRings])).toEqual([
        ['2026-09-01', 1, 120, 1, 1.5, 0],
        ['2026-10-01', 6, 124, 7, 10.5, 90],
      ]);
    });

    it('forecasts the finish from the rings of the last 14 local days', async () => {
      clock.now = rome(10, 27, 12);
      const { summary } = await progress(w.runId, 'day', '2026-10-20', '2026-10-27');
      // Rings 2–7 ended since 14 October; 83 rings remain at 6 per 14 days: ceil(83 × 14 / 6) = 194 days after the 27th.
      expect(summary).toEqual({
        totalRings: 90,
        builtRings: 7,
        remainingRings: 83,
        builtMetres: 10.5,
        progress: 7 / 90,
        ratePerDay: 0.429,
        rateDays: 14,
        forecastFinish: '2027-05-09',
        plannedCompletion: '2026-12-31',
        plannedRingsPerDay: 4,
      });
    });

    it('draws no plan when basic info sets none, and rates a young drive over its own days', async () => {
      const db = w.t.db.kysely;
      await db.insertInto('rings').values([ringRecord(w.bareRunId, 1, rome(10, 20, 8), rome(10, 20, 12)), ringRecord(w.bareRunId, 2, rome(10, 21, 8), rome(10, 21, 12))]).execute();
      clock.now = rome(10, 22, 12);
      const list = await progress(w.bareRunId, 'day', '2026-10-20', '2026-10-21');
      expect(list.rows.map((r) => [r.period, r.rings, r.plannedRings, r.cumulativeRings, r.cumulativePlannedRings])).toEqual([
        ['2026-10-20', 1, null, 1, null],
        ['2026-10-21', 1, null, 2, null],
      ]);
      expect(list.rows.map((r) => r.plannedMetres)).toEqual([null, null]);
      // Two rings over the three days since the first began: 998 remaining take ceil(998 × 3 / 2) = 1497 days.
      expect(list.summary).toMatchObject({ totalRings: 1000, builtRings: 2, remainingRings: 998, ratePerDay: 0.667, forecastFinish: '2030-11-27', plannedCompletion: null, plannedRingsPerDay: null });
      clock.now = rome(11, 20, 12);
      expect((await progress(w.bareRunId, 'day', '2026-10-20', '2026-10-21')).summary).toMatchObject({ ratePerDay: null, forecastFinish: null });
      clock.now = rome(10, 27, 12);
    });

    it('counts the rings built before recording began from the first period, and starts the plan line where the drive stood', async () => {
      const db = w.t.db.kysely;
      // A machine connected part-way through its drive: rings 1–400 were built before any record.
      // Basic info plans 15 m (10 rings of 1.5 m) a day without a planned start.
      await db.deleteFrom('rings').where('run_id', '=', w.bareRunId).execute();
      await db
        .insertInto('project_info')
        .values({ run_id: w.bareRunId, planned_start: null, planned_completion: null, planned_rings_per_day: null, planned_length_per_day: 15, tunnel_length: null, segment_spec: null, project_manager: null, site_manager: null, contacts: null, updated_by: null, updated_at: 0 })
        .execute();
      await db.insertInto('rings').values([ringRecord(w.bareRunId, 401, rome(10, 20, 8), rome(10, 20, 12)), ringRecord(w.bareRunId, 402, rome(10, 21, 8), rome(10, 21, 12))]).execute();
      const list = await progress(w.bareRunId, 'day', '2026-10-18', '2026-10-21');
      expect(list.rows.map((r) => [r.period, r.rings, r.cumulativeRings, r.cumulativePlannedRings])).toEqual([
        ['2026-10-18', 0, 400, 410],
        ['2026-10-19', 0, 400, 420],
        ['2026-10-20', 1, 401, 430],
        ['2026-10-21', 1, 402, 440],
      ]);
      expect(list.summary).toMatchObject({ builtRings: 402, remainingRings: 598, plannedRingsPerDay: 10 });
      await db.deleteFrom('rings').where('run_id', '=', w.bareRunId).execute();
      await db.deleteFrom('project_info').where('run_id', '=', w.bareRunId).execute();
    });
  });

  describe('POST /u/web/statistic/effGraph/v1', () => {
    it('gives each ring its times and the range its means, rings per day and time-weighted speed', async () => {
      const eff = data<c.Efficiency>(await post(c.efficiencyGraph, { runId: w.runId, ringStart: 2, ringEnd: 10 }));
      expect(eff.timeZone).toBe('Europe/Rome');
      expect(eff.rings.map((r) => [r.ringNo, r.durationMs / HOUR, r.advanceMs / HOUR, r.ringBuildMs / HOUR, r.waitingMs / HOUR, r.speedAvg])).toEqual([
        [2, 3, 2, 1, 0, 40],
        [3, 5, 3, 1, 1, 50],
        [4, 10, 2, 1, 7, 30],
        [5, 8, 3, 1, 4, null],
        [6, 4, 2, 1, 1, 60],
        [7, 4, 3, 1, 0, 20],
      ]);
      // 6 rings from 13/10 22:00 (CEST) to 26/10 12:00 (CET): 303 hours.
      expect(eff.summary).toEqual({ rings: 6, avgDurationMs: (34 * HOUR) / 6, avgAdvanceMs: 2.5 * HOUR, avgRingBuildMs: HOUR, avgWaitingMs: (13 * HOUR) / 6, ringsPerDay: 0.475, avgSpeed: 39.17 });
      expect(eff.days).toHaveLength(13);
      expect(eff.days.filter((d) => d.rings > 0)).toEqual([
        { date: '2026-10-14', rings: 3 },
        { date: '2026-10-15', rings: 1 },
        { date: '2026-10-16', rings: 1 },
        { date: '2026-10-26', rings: 1 },
      ]);
    });

    it('answers an empty range with empty figures', async () => {
      const eff = data<c.Efficiency>(await post(c.efficiencyGraph, { runId: w.runId, ringStart: 100, ringEnd: 120 }));
      expect(eff).toEqual({ timeZone: 'Europe/Rome', rings: [], days: [], summary: { rings: 0, avgDurationMs: null, avgAdvanceMs: null, avgRingBuildMs: null, avgWaitingMs: null, ringsPerDay: null, avgSpeed: null } });
    });
  });

  describe('POST /u/web/statistic/ringWorkList/v1', () => {
    it('lists the slowest rings first with their standby by stop reason, the unexplained rest as null', async () => {
      const slow = data<c.SlowRing[]>(await post(c.ringWorkList, { runId: w.runId, ringStart: 1, ringEnd: 7, limit: 3 }));
      expect(slow.map((r) => [r.ringNo, r.durationMs / HOUR, r.stopReasons.map((s) => [s.reason, s.durationMs / HOUR])])).toEqual([
        [4, 10, [['muckRemoval', 3], ['segmentSupply', 2], ['mechanicalBreakdown', 1], [null, 1]]],
        [5, 8, [['mechanicalBreakdown', 2], [null, 2]]],
        [3, 5, [[null, 1]]],
      ]);
      const all = data<c.SlowRing[]>(await post(c.ringWorkList, { runId: w.runId, ringStart: 1, ringEnd: 7 }));
      expect(all.map((r) => r.ringNo)).toEqual([4, 5, 3, 6, 7, 1, 2]);
      expect(all.at(-1)?.stopReasons).toEqual([]);
    });
  });
});
