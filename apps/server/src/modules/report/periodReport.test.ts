import { endpointUrl, periodReportContract } from '@boreline/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/factories.js';
import { envelope } from '../../../test/testApp.js';
import { HOUR, octoberDrive, reportWorld, type ReportWorld, ringRecord, rome } from './ringReport.fixture.js';

type PeriodReport = periodReportContract.PeriodReport;
type RingReport = periodReportContract.RingReport;

const NO_SESSION = '';

describe('ring and period reports (/u/web/report/ring/v1, /u/web/report/period/v1)', () => {
  let w: ReportWorld;
  let dayShiftReport = 0;
  /** The server's clock: far after the scripted drive unless a test moves it. */
  const clock = { now: Date.UTC(2026, 10, 23, 12) };

  const period = async (payload: object, token: string = w.reader, lang = 'en_US') =>
    envelope(await call(w.t.app, 'POST', endpointUrl(periodReportContract.periodReport), { token, payload, lang }));
  const periodOf = async (unit: string, date: string, runId = w.runId, token = w.reader) => {
    const body = await period({ runId, unit, date }, token);
    expect(body.code, body.msg).toBe(0);
    return body.data as PeriodReport;
  };
  const rings = async (payload: object, token: string = w.reader, lang = 'en_US') =>
    envelope(await call(w.t.app, 'POST', endpointUrl(periodReportContract.ringReport), { token, payload, lang }));

  beforeAll(async () => {
    w = await reportWorld('10.81.0', { projectName: 'Metro M4', tbmCode: 'M4-L3' }, clock);
    dayShiftReport = await octoberDrive(w);
  });
  afterAll(() => w.t.close());

  describe('POST /u/web/report/period/v1', () => {
    it('answers code 1 without a session, code 2 without the resource or for a run of another organization', async () => {
      const input = { runId: w.runId, unit: 'day', date: '2026-10-14' };
      expect((await period(input, NO_SESSION)).code).toBe(1);
      expect((await period(input, w.plain)).code).toBe(2);
      expect(await period({ ...input, runId: w.otherRunId })).toMatchObject({ code: 2, msg: 'No permission, please contact the administrator' });
      expect((await period({ ...input, unit: 'year' })).code).toBe(3);
      expect((await period({ ...input, date: '2026-02-30' })).code).toBe(3);
    });

    it('sums a day: plan, rings by their end, cumulative progress, state times, rates and speed', async () => {
      const day = await periodOf('day', '2026-10-14');
      expect(day).toMatchObject({ projectName: 'Metro M4', tbmCode: 'M4-L3', timeZone: 'Europe/Rome', ringWidth: 1.5, unit: 'day', firstDate: '2026-10-14', lastDate: '2026-10-14' });
      expect(day.end - day.start).toBe(24 * HOUR);
      expect(day.plan).toEqual({ rings: 8, metres: 12 });
      expect(day.actual).toEqual({ rings: 3, metres: 4.5 });
      expect(day.rings.map((r) => r.ringNo)).toEqual([101, 102, 103]);
      // Rings 100–103 were built by the end of the 14th: 4 of 400.
      expect(day.cumulative).toEqual({ rings: 4, metres: 6, plannedRings: 400, progress: 0.01 });
      expect(day.times).toEqual({ advanceMs: 6 * HOUR, ringBuildMs: HOUR, waitingMs: 13 * HOUR, finishMs: 0, unrecordedMs: 4 * HOUR });
      expect(day.rates.advance).toBeCloseTo(6 / 20);
      expect(day.rates.ringBuild).toBeCloseTo(1 / 20);
      expect(day.rates.waiting).toBeCloseTo(13 / 20);
      expect(day.avgSpeed).toBe(50);
      expect(day.days).toEqual([{ date: '2026-10-14', plannedRings: 8, rings: 3, metres: 4.5, advanceMs: 6 * HOUR, ringBuildMs: HOUR, waitingMs: 13 * HOUR }]);
    });

    it('counts a ring for the day it ends in, not the day it starts in', async () => {
      expect((await periodOf('day', '2026-10-13')).actual.rings).toBe(0);
      const fifteenth = await periodOf('day', '2026-10-15');
      expect(fifteenth.rings.map((r) => r.ringNo)).toEqual([104]);
      expect(fifteenth.cumulative.rings).toBe(5);
    });

    it('ranks stop reasons by time, with the standby no record explains as its own line', async () => {
      const day = await periodOf('day', '2026-10-14');
      expect(day.stopReasons.map((l) => [l.reason, l.durationMs / HOUR, l.count])).toEqual([
        ['mechanicalBreakdown', 4, 1],
        ['segmentSupply', 3, 2],
        ['muckRemoval', 3, 1],
        [null, 3, 1],
      ]);
      expect(day.stopReasons.map((l) => l.share).reduce((a, b) => a + b, 0)).toBeCloseTo(1);
      expect(day.stopReasons[0]?.share).toBeCloseTo(4 / 13);
    });

    it('breaks the day into the shifts overlapping it, clipped to the day, with their reports', async () => {
      const day = await periodOf('day', '2026-10-14');
      expect(day.shifts.map((s) => ({ ...s, advanceMs: s.advanceMs / HOUR, ringBuildMs: s.ringBuildMs / HOUR, waitingMs: s.waitingMs / HOUR }))).toEqual([
        { date: '2026-10-13', shiftNo: 2, shiftName: 'Night shift', start: rome(10, 13, 19), end: rome(10, 14, 7), shiftRecId: null, leader: null, headcount: null, rings: 2, metres: 3, advanceMs: 5, ringBuildMs: 1, waitingMs: 1 },
        { date: '2026-10-14', shiftNo: 1, shiftName: 'Day shift', start: rome(10, 14, 7), end: rome(10, 14, 19), shiftRecId: dayShiftReport, leader: 'Foreman B', headcount: 9, rings: 1, metres: 1.5, advanceMs: 1, ringBuildMs: 0, waitingMs: 11 },
        { date: '2026-10-14', shiftNo: 2, shiftName: 'Night shift', start: rome(10, 14, 19), end: rome(10, 15, 7), shiftRecId: null, leader: null, headcount: null, rings: 0, metres: 0, advanceMs: 0, ringBuildMs: 0, waitingMs: 1 },
      ]);
      const chinese = envelope(await call(w.t.app, 'POST', endpointUrl(periodReportContract.periodReport), { token: w.reader, payload: { runId: w.runId, unit: 'day', date: '2026-10-14' }, lang: 'zh_CN' }));
      expect((chinese.data as PeriodReport).shifts.map((s) => s.shiftName)).toEqual(['夜班', '白班', '夜班']);
    });

    it('sums a week from Monday to Sunday', async () => {
      const week = await periodOf('week', '2026-10-17');
      expect(week).toMatchObject({ firstDate: '2026-10-12', lastDate: '2026-10-18', plan: { rings: 56, metres: 84 }, actual: { rings: 5, metres: 7.5 } });
      expect(week.end - week.start).toBe(168 * HOUR);
      // The advance from 22:00 on Tuesday counts whole in the week.
      expect(week.times).toEqual({ advanceMs: 12 * HOUR, ringBuildMs: HOUR, waitingMs: 13 * HOUR, finishMs: 0, unrecordedMs: 142 * HOUR });
      expect(week.cumulative).toMatchObject({ rings: 6, metres: 9 });
      expect(week.avgSpeed).toBe(45);
      expect(week.days.map((d) => [d.date, d.rings])).toEqual([
        ['2026-10-12', 0],
        ['2026-10-13', 0],
        ['2026-10-14', 3],
        ['2026-10-15', 1],
        ['2026-10-16', 1],
        ['2026-10-17', 0],
        ['2026-10-18', 0],
      ]);
      expect(week.shifts).toHaveLength(15);
      expect(week.shifts.reduce((sum, s) => sum + s.advanceMs, 0)).toBe(12 * HOUR);
      expect(week.shifts.reduce((sum, s) => sum + s.rings, 0)).toBe(5);
    });

    it('sums a month of 31 days and 745 hours (clocks go back on the 25th)', async () => {
      const month = await periodOf('month', '2026-10-01');
      expect(month).toMatchObject({ firstDate: '2026-10-01', lastDate: '2026-10-31', plan: { rings: 248, metres: 372 }, actual: { rings: 6, metres: 9 } });
      expect(month.end - month.start).toBe(745 * HOUR);
      expect(month.times).toEqual({ advanceMs: 16 * HOUR, ringBuildMs: HOUR, waitingMs: 13 * HOUR, finishMs: 0, unrecordedMs: 715 * HOUR });
      expect(month.cumulative).toEqual({ rings: 7, metres: 10.5, plannedRings: 400, progress: 7 / 400 });
      expect(month.days).toHaveLength(31);
      expect(month.days.reduce((sum, d) => sum + d.rings, 0)).toBe(6);
      expect(month.avgSpeed).toBe(40);
      // September's ring is not the month's; the stop of the 7th is standby the machine data never saw.
      expect(month.rings.map((r) => r.ringNo)).toEqual([101, 102, 103, 104, 105, 106]);
      expect(month.stopReasons.map((l) => l.reason)).toEqual(['powerFailure', 'mechanicalBreakdown', 'segmentSupply', 'muckRemoval']);
    });

    it('reports the current month as far as it has gone: no days or shifts to come, no time to come as unrecorded', async () => {
      clock.now = rome(10, 14, 12);
      try {
        const month = await periodOf('month', '2026-10-14');
        expect(month.days.map((d) => d.date).at(-1)).toBe('2026-10-14');
        expect(month.days).toHaveLength(14);
        // The 14th's day shift (07:00–19:00) has begun, its night shift has not.
        expect(month.shifts.at(-1)).toMatchObject({ date: '2026-10-14', shiftNo: 1 });
        const recorded = month.times.advanceMs + month.times.ringBuildMs + month.times.waitingMs + month.times.finishMs;
        expect(month.times.unrecordedMs).toBe(Math.max(0, rome(10, 14, 12) - month.start - recorded));
      } finally {
        clock.now = Date.UTC(2026, 10, 23, 12);
      }
    });

    it('has no plan when the project has none', async () => {
      const other = await period({ runId: w.otherRunId, unit: 'day', date: '2026-10-14' }, w.sa);
      expect((other.data as PeriodReport).plan).toBeNull();
      expect((other.data as PeriodReport).times.unrecordedMs).toBe(24 * HOUR);
    });
  });

  describe('daily reports on daylight-saving days in Rome', () => {
    let runId = 0;
    beforeAll(async () => {
      runId = w.otherRunId;
      const state = (s: string, start: number, end: number) => ({ run_id: runId, state: s, start_ts: start, end_ts: end, ring_no: null });
      await w.t.db.kysely
        .insertInto('tbm_states')
        .values([
          // 29 March: 00:00–12:00 on the clock is 11 h (02:00 jumps to 03:00).
          state('advance', rome(3, 29, 0), rome(3, 29, 12)),
          state('waiting', rome(3, 29, 12), rome(3, 29, 20)),
          // 25 October: 00:00–06:00 on the clock is 7 h (03:00 comes back to 02:00).
          state('advance', rome(10, 25, 0), rome(10, 25, 6)),
          state('waiting', rome(10, 25, 6), rome(10, 26, 0)),
        ])
        .execute();
      await w.t.db.kysely.insertInto('rings').values([ringRecord(runId, 1, rome(3, 29, 1), rome(3, 29, 6)), ringRecord(runId, 2, rome(10, 25, 1), rome(10, 25, 3))]).execute();
    });

    it('29 March 2026 lasts 23 h: the unrecorded time and the shifts add up to it', async () => {
      const day = await periodOf('day', '2026-03-29', runId, w.sa);
      expect(day.end - day.start).toBe(23 * HOUR);
      expect(day.times).toEqual({ advanceMs: 11 * HOUR, ringBuildMs: 0, waitingMs: 8 * HOUR, finishMs: 0, unrecordedMs: 4 * HOUR });
      expect(day.shifts.map((s) => [s.date, s.shiftName, (s.end - s.start) / HOUR, s.advanceMs / HOUR, s.waitingMs / HOUR, s.rings])).toEqual([
        // The night from the 28th lasts 11 h; 6 of them fall on the 29th.
        ['2026-03-28', 'Night shift', 11, 6, 0, 1],
        ['2026-03-29', 'Day shift', 12, 5, 7, 0],
        ['2026-03-29', 'Night shift', 12, 0, 1, 0],
      ]);
      const clipped = day.shifts.map((s) => Math.min(s.end, day.end) - Math.max(s.start, day.start));
      expect(clipped.reduce((a, b) => a + b, 0)).toBe(23 * HOUR);
      expect(day.stopReasons).toEqual([{ reason: null, durationMs: 8 * HOUR, share: 1, count: 0 }]);
    });

    it('25 October 2026 lasts 25 h: fully recorded, no unrecorded time', async () => {
      const day = await periodOf('day', '2026-10-25', runId, w.sa);
      expect(day.end - day.start).toBe(25 * HOUR);
      expect(day.times).toEqual({ advanceMs: 7 * HOUR, ringBuildMs: 0, waitingMs: 18 * HOUR, finishMs: 0, unrecordedMs: 0 });
      expect(day.rates.advance).toBeCloseTo(7 / 25);
      expect(day.shifts.map((s) => [s.date, (s.end - s.start) / HOUR, s.advanceMs / HOUR, s.waitingMs / HOUR])).toEqual([
        // The night from the 24th lasts 13 h; 8 of them fall on the 25th.
        ['2026-10-24', 13, 7, 1],
        ['2026-10-25', 12, 0, 12],
        ['2026-10-25', 12, 0, 5],
      ]);
      expect(day.actual.rings).toBe(1);
    });
  });

  describe('POST /u/web/report/ring/v1', () => {
    it('answers code 1 without a session and code 2 without the resource or for a run of another organization', async () => {
      const input = { runId: w.runId, ringStart: 100, ringEnd: 110 };
      expect((await rings(input, NO_SESSION)).code).toBe(1);
      expect((await rings(input, w.plain)).code).toBe(2);
      expect((await rings({ ...input, runId: w.otherRunId })).code).toBe(2);
    });

    it('lists the rings of the range with their times and states', async () => {
      const body = await rings({ runId: w.runId, ringStart: 101, ringEnd: 103 });
      expect(body.code, body.msg).toBe(0);
      const report = body.data as RingReport;
      expect(report).toMatchObject({ projectName: 'Metro M4', tbmCode: 'M4-L3', machineType: 'epb', ringWidth: 1.5 });
      expect(report.rows.map((r) => [r.ringNo, r.durationMs / HOUR, r.speedAvg])).toEqual([
        [101, 3, 40],
        [102, 5, 50],
        [103, 4, 60],
      ]);
      expect(report.rows[0]).toMatchObject({ segmentType: null, keyPosition: null, start: rome(10, 13, 22), end: rome(10, 14, 1) });
    });

    it("shows a recorded ring's segment type, K position and clearances (the tail gap record over the clearance record, a draft as well), the machine's tail gap otherwise", async () => {
      const db = w.t.db.kysely;
      const meta = { run_id: w.runId, remark: null, updated_by: null, updated_at: clock.now };
      await db.insertInto('seg_poses').values({ ...meta, ring_no: 102, state: 'confirmed', source: 'manual', chainage: null, horizontal_dev: 12, elevation_dev: -8, segment_type: 'Universal 1.5 m', ring_width: 1500, k_position: 'K7' }).execute();
      await db.insertInto('seg_tail_gaps').values({ ...meta, ring_no: 102, state: 'confirmed', source: 'manual', gap_up: 22, gap_down: 58, gap_left: 31, gap_right: 49 }).execute();
      await db
        .insertInto('seg_tail_clearances')
        .values({ ...meta, ring_no: 102, state: 'confirmed', source: 'import', up_before: 1, down_before: 1, left_before: 1, right_before: 1, up_after: null, down_after: null, left_after: null, right_after: null })
        .execute();
      // Ring 103: only the machine's draft attitude and a clearance record after the build.
      await db.insertInto('seg_poses').values({ ...meta, ring_no: 103, state: 'draft', source: 'machine', chainage: null, horizontal_dev: 3, elevation_dev: 4, segment_type: null, ring_width: 1500, k_position: 'K12' }).execute();
      await db
        .insertInto('seg_tail_clearances')
        .values({ ...meta, ring_no: 103, state: 'confirmed', source: 'manual', up_before: 30, down_before: 50, left_before: 40, right_before: 40, up_after: 27, down_after: 53, left_after: 44, right_after: 36 })
        .execute();
      const body = await rings({ runId: w.runId, ringStart: 101, ringEnd: 103 });
      expect(body.code, body.msg).toBe(0);
      const rows = (body.data as RingReport).rows;
      const machine = await db.selectFrom('rings').select(['tail_gap_top', 'tail_gap_bottom', 'tail_gap_left', 'tail_gap_right']).where('run_id', '=', w.runId).where('ring_no', '=', 101).executeTakeFirstOrThrow();
      expect(rows.map((r) => [r.ringNo, r.segmentType, r.keyPosition, r.tailGapTop, r.tailGapBottom, r.tailGapLeft, r.tailGapRight])).toEqual([
        [101, null, null, machine.tail_gap_top, machine.tail_gap_bottom, machine.tail_gap_left, machine.tail_gap_right],
        [102, 'Universal 1.5 m', 'K7', 22, 58, 31, 49],
        [103, null, 'K12', 27, 53, 44, 36],
      ]);
      // The day report's rings read the same records.
      const day = await periodOf('day', '2026-10-14');
      expect(day.rings.find((r) => r.ringNo === 102)).toMatchObject({ keyPosition: 'K7', tailGapLeft: 31, tailGapRight: 49 });
      await db.deleteFrom('seg_poses').where('run_id', '=', w.runId).execute();
      await db.deleteFrom('seg_tail_gaps').where('run_id', '=', w.runId).execute();
      await db.deleteFrom('seg_tail_clearances').where('run_id', '=', w.runId).execute();
    });

    it('refuses a start above the end and more than 2,000 rings, in the caller language', async () => {
      const above = await rings({ runId: w.runId, ringStart: 120, ringEnd: 110 });
      expect(above.code).toBe(3);
      expect(above.msg).toContain('The start ring must not be above the end ring');
      const many = await rings({ runId: w.runId, ringStart: 1, ringEnd: 2001 });
      expect(many.msg).toContain('A ring report can hold at most 2000 rings');
      expect((await rings({ runId: w.runId, ringStart: 1, ringEnd: 2000 })).code).toBe(0);
      const german = await rings({ runId: w.runId, ringStart: 120, ringEnd: 110 }, w.reader, 'de_AT');
      expect(german.msg).toContain('Der Startring darf nicht über dem Endring liegen');
    });
  });
});
