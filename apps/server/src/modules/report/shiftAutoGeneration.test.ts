import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRun } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/testApp.js';
import { seedDemoShiftReports } from '../../demo/demoShiftReports.js';
import { ShiftRepo } from '../project/index.js';
import { ShiftAutoGeneration } from './shiftAutoGeneration.js';
import { ShiftReportRepo } from './shiftReport.repo.js';
import { recordsFromStates, type StateInterval } from './shiftRecords.js';
import { H, M, rome, WINDOW_MINUTES } from './shiftReport.fixture.js';

type StateRow = [string, string, string, number | null];

/** Days of 23–25 Nov 2026 in Rome: a state across the day's end, a silent machine, a contested shift. */
const SCRIPT: StateRow[] = [
  ['advance', '2026-11-23T07:00', '2026-11-23T09:00', 101],
  ['ringBuild', '2026-11-23T09:00', '2026-11-23T09:45', 101],
  ['waiting', '2026-11-23T09:45', '2026-11-23T12:00', 101],
  // Advance runs across the shift change: stored only once it closes at 19:30.
  ['advance', '2026-11-23T12:00', '2026-11-23T19:30', 102],
  ['waiting', '2026-11-23T19:30', '2026-11-23T22:00', 102],
  ['advance', '2026-11-23T22:00', '2026-11-24T07:00', 103],
  // 24 Nov: the machine goes silent at 18:00, an hour before the shift ends.
  ['advance', '2026-11-24T07:00', '2026-11-24T18:00', 104],
  ['advance', '2026-11-25T07:00', '2026-11-25T19:10', 105],
];

const rows = (runId: number, script: readonly StateRow[]) =>
  script.map(([state, start, end, ring]) => ({ run_id: runId, state, start_ts: rome(start), end_ts: rome(end), ring_no: ring }));

describe('shift auto-generation (scheduler job)', () => {
  let t: TestApp | undefined;
  const app = (): TestApp => {
    if (t === undefined) throw new Error('not set up');
    return t;
  };
  const clock = { now: rome('2026-11-23T12:00') };
  const ids = { run: 0, silent: 0 };
  const jobOn = (db = app().db.kysely) =>
    new ShiftAutoGeneration(
      { reports: new ShiftReportRepo(db), shifts: new ShiftRepo(db), runs: () => Promise.resolve([ids.run, ids.silent].map((id) => ({ id, time_zone: 'Europe/Rome', country: 'IT' }))), log: app().app.log, now: () => clock.now, editWindowMs: WINDOW_MINUTES * M }
    );
  const reportsOf = (runId: number) => app().db.kysely.selectFrom('shift_reports').selectAll().where('run_id', '=', runId).orderBy('start_ts').execute();
  const recordsOf = (reportId: number) => new ShiftReportRepo(app().db.kysely).records(reportId);
  const bar = async (reportId: number) =>
    (await recordsOf(reportId)).map((r) => [r.kind === 'process' ? r.process : `stop:${r.stop_reason ?? '?'}`, r.is_primary, new Date(r.start_ts).toISOString(), new Date(r.end_ts).toISOString()]);
  const iso = (local: string) => new Date(rome(local)).toISOString();

  beforeAll(async () => {
    t = await createTestApp({ SHIFT_EDIT_WINDOW_MINUTES: String(WINDOW_MINUTES) }, { now: () => clock.now });
    const root = await app().db.kysely.selectFrom('orgs').select('id').where('parent_id', 'is', null).orderBy('id').executeTakeFirstOrThrow();
    ids.run = await buildRun(app().db, root.id, { timeZone: 'Europe/Rome' });
    ids.silent = await buildRun(app().db, root.id, { timeZone: 'Europe/Rome' });
    await app().db.kysely.insertInto('tbm_states').values(rows(ids.run, SCRIPT)).execute();
  });
  afterAll(() => app().close());

  it('leaves a shift that is still running alone', async () => {
    clock.now = rome('2026-11-23T18:00');
    expect(await jobOn().pass()).toBe(0);
    expect(await reportsOf(ids.run)).toEqual([]);
  });

  it('creates the report of an ended shift with the generated records, made by nobody', async () => {
    clock.now = rome('2026-11-23T19:35');
    expect(await jobOn().pass()).toBe(1);
    const [day] = await reportsOf(ids.run);
    expect(day).toMatchObject({ date: '2026-11-23', shift_no: 1, start_ts: rome('2026-11-23T07:00'), end_ts: rome('2026-11-23T19:00'), created_by: null, updated_by: null, generated_at: clock.now, machine_status: 'advance', leader: null });
    expect(await bar(day?.id ?? 0)).toEqual([
      ['advance', 1, iso('2026-11-23T07:00'), iso('2026-11-23T09:00')],
      ['ringBuild', 1, iso('2026-11-23T09:00'), iso('2026-11-23T09:45')],
      ['stop:?', 0, iso('2026-11-23T09:45'), iso('2026-11-23T12:00')],
      ['advance', 1, iso('2026-11-23T12:00'), iso('2026-11-23T19:00')],
    ]);
    // A run without machine data gets no empty reports.
    expect(await reportsOf(ids.silent)).toEqual([]);
  });

  it('leaves a report people already filled as it is', async () => {
    clock.now = rome('2026-11-24T06:00');
    const repo = new ShiftReportRepo(app().db.kysely);
    const night = { date: '2026-11-23', shiftNo: 2, shiftId: null, shiftName: 'Night shift', start: rome('2026-11-23T19:00'), end: rome('2026-11-24T07:00') };
    await repo.ensureMain(ids.run, night, null, clock.now);
    const main = await repo.at(ids.run, night.start);
    const stop = { kind: 'stop' as const, process: null, stopReason: 'muckRemoval' as const, start: rome('2026-11-23T19:30'), end: rome('2026-11-23T22:00'), primary: false, generated: false, remark: 'Belt stopped' };
    await repo.insertRecords(main?.id ?? 0, [stop]);
    const before = await recordsOf(main?.id ?? 0);

    clock.now = rome('2026-11-24T07:40');
    expect(await jobOn().pass()).toBe(0);
    expect(await recordsOf(main?.id ?? 0)).toEqual(before);
    expect((await repo.at(ids.run, night.start))?.generated_at).toBeNull();
  });

  it('waits for the machine data to reach the end of the shift, then generates what there is', async () => {
    clock.now = rome('2026-11-24T19:05');
    expect(await jobOn().pass()).toBe(0);
    // Half the three-hour window after the end, a silent machine's shift is generated anyway.
    clock.now = rome('2026-11-24T19:00') + 1.5 * H + M;
    expect(await jobOn().pass()).toBe(1);
    const day = (await reportsOf(ids.run)).find((r) => r.date === '2026-11-24' && r.shift_no === 1);
    expect(await bar(day?.id ?? 0)).toEqual([['advance', 1, iso('2026-11-24T07:00'), iso('2026-11-24T18:00')]]);
  });

  it('creates nothing new when run twice, or by two instances at once', async () => {
    const count = async () => (await app().db.kysely.selectFrom('shift_records').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
    const before = [await reportsOf(ids.run), Number(await count())];
    expect(await jobOn().pass()).toBe(0);
    expect([await reportsOf(ids.run), Number(await count())]).toEqual(before);

    clock.now = rome('2026-11-25T19:20');
    // Instances at scale share PostgreSQL; the embedded SQLite server is one process with one connection.
    const second = process.env.TEST_DB === 'postgres' ? app().app.platform.db : app().db.kysely;
    const done = await Promise.all([jobOn().pass(), jobOn(second).pass()]);
    expect(done[0] + done[1]).toBe(1);
    const day = (await reportsOf(ids.run)).filter((r) => r.date === '2026-11-25');
    expect(day).toHaveLength(1);
    expect(await bar(day[0]?.id ?? 0)).toEqual([['advance', 1, iso('2026-11-25T07:00'), iso('2026-11-25T19:00')]]);
    expect(await jobOn().pass()).toBe(0);
  });

  it('rejects a pass that fails as a whole, so the job runner logs it and tries again', async () => {
    const failing = new ShiftAutoGeneration(
      { reports: new ShiftReportRepo(app().db.kysely), shifts: new ShiftRepo(app().db.kysely), runs: () => Promise.reject(new Error('database away')), log: app().app.log, now: () => clock.now, editWindowMs: WINDOW_MINUTES * M }
    );
    await expect(failing.pass()).rejects.toThrow('database away');
  });

  describe('demo shift reports', () => {
    /** Two days of cycles from 1 Dec 2026: advance, ring building, standby of varying length, and one long stop a day. */
    const cycles = (): StateInterval[] => {
      const out: StateInterval[] = [];
      let ts = rome('2026-12-01T00:00');
      const end = rome('2026-12-03T00:00');
      for (let ring = 1; ts < end; ring += 1) {
        const standby = ring % 9 === 0 ? 5 * H : ((ring * 37) % 90) * M + 10 * M;
        for (const [state, ms] of [['advance', 50 * M], ['ringBuild', 30 * M], ['waiting', standby]] as const) {
          out.push({ state, start: ts, end: Math.min(ts + ms, end), ringNo: ring });
          ts = Math.min(ts + ms, end);
        }
      }
      return out.filter((s) => s.end > s.start);
    };

    it('completes every ended shift of the history the way crews do, leaving the machine records untouched', async () => {
      const root = await app().db.kysely.selectFrom('orgs').select('id').where('parent_id', 'is', null).orderBy('id').executeTakeFirstOrThrow();
      const runId = await buildRun(app().db, root.id, { timeZone: 'Europe/Rome' });
      const states = cycles();
      await app().db.kysely.insertInto('tbm_states').values(states.map((s) => ({ run_id: runId, state: s.state, start_ts: s.start, end_ts: s.end, ring_no: s.ringNo }))).execute();

      const options = { seed: 7, from: rome('2026-12-01T00:00'), now: rome('2026-12-03T02:00') };
      const figures = await seedDemoShiftReports(app().db.kysely, runId, options);
      const reports = await reportsOf(runId);
      // The night starting before the history and the one still running have none.
      expect(reports.map((r) => [r.date, r.shift_no])).toEqual([['2026-12-01', 1], ['2026-12-01', 2], ['2026-12-02', 1]]);
      expect(figures).toMatchObject({ runId, reports: 3 });
      for (const report of reports) {
        expect(report).toMatchObject({ created_by: null, updated_by: null, machine_status: expect.any(String) });
        expect(['Marco Bellini', 'Giulia Ferraro', 'Stefano Colombo', 'Davide Marchetti']).toContain(report.leader);
        expect(report.headcount).toBeGreaterThanOrEqual(8);
        expect(report.headcount).toBeLessThanOrEqual(14);
        const stored = await recordsOf(report.id);
        const machine = recordsFromStates(states, report.start_ts, report.end_ts);
        expect(stored.filter((r) => r.is_primary === 1).map((r) => [r.process, r.start_ts, r.end_ts])).toEqual(
          machine.filter((r) => r.primary).map((r) => [r.process, r.start, r.end]),
        );
        expect(stored.filter((r) => r.kind === 'stop').map((r) => [r.start_ts, r.end_ts])).toEqual(machine.filter((r) => r.kind === 'stop').map((r) => [r.start, r.end]));
        expect(stored.every((r) => r.generated === 1)).toBe(true);
      }
      expect(figures.stops).toBeGreaterThan(10);
      expect(figures.explainedStops / figures.stops).toBeGreaterThan(0.75);
      expect(figures.explainedStops).toBeLessThan(figures.stops);

      // Seeding again (or the scheduler afterwards) adds nothing.
      expect((await seedDemoShiftReports(app().db.kysely, runId, options)).reports).toBe(0);
      clock.now = options.now;
      const job = new ShiftAutoGeneration(
        { reports: new ShiftReportRepo(app().db.kysely), shifts: new ShiftRepo(app().db.kysely), runs: () => Promise.resolve([{ id: runId, time_zone: 'Europe/Rome', country: 'IT' }]), log: app().app.log, now: () => clock.now, editWindowMs: WINDOW_MINUTES * M }
      );
      expect(await job.pass()).toBe(0);
      expect(await reportsOf(runId)).toHaveLength(3);
    });
  });
});
