import { basicInfoContract, boardContract, endpointUrl, type EndpointDefinition, periodReportContract, projectContract, statisticContract } from '@boreline/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRun, call, ringRecord, signIn } from '../../../test/factories.js';
import { ADMIN, createTestApp, envelope, type TestApp } from '../../../test/testApp.js';
import { zonedToUtc } from '../../core/timeZone.js';

const TZ = 'Europe/Rome';
const rome = (m: number, d: number, h: number, min = 0) => zonedToUtc({ y: 2026, m, d, h, min, s: 0 }, TZ);
/** "Now": Wednesday 18 November 2026, 13:00 in Rome. */
const NOW = rome(11, 18, 13);
const MINUTE = 60_000;

type Home = boardContract.IndexPageData;
type Progress = statisticContract.ProgressList;
type Report = periodReportContract.PeriodReport;
type ListItem = { runId: number; ringsBuilt: number; progress: number };
type TreeRow = { period: string; rings: number };
type Point = { period: string; plannedRings: number | null };

/**
 * The same drive seen on every screen: the project list, the home (figures, progress graph), the
 * run state tree, the statistics' progress and the daily, weekly and monthly reports show one plan,
 * one count of rings built and one forecast finish.
 */
describe('one plan, one count of rings built and one forecast on every screen', () => {
  let t: TestApp;
  let sa: string;
  let runId = 0;

  beforeAll(async () => {
    t = await createTestApp({}, { now: () => NOW });
    sa = await signIn(t.app, ADMIN.email, ADMIN.password, { ip: '10.76.0.1' });
    const root = await t.db.kysely.selectFrom('orgs').select('id').where('parent_id', 'is', null).executeTakeFirstOrThrow();
    runId = await buildRun(t.db, root.id, { projectName: 'Figures tunnel', timeZone: TZ });
    // The machine was connected at ring 401: rings 1–400 were built before anything was recorded.
    // 12 rings a day from 29 October to 3 November, 8 a day from 4 to 17 November, 3 this morning.
    const rings = [];
    let ringNo = 401;
    for (let day = new Date(Date.UTC(2026, 9, 29)); day.getTime() <= Date.UTC(2026, 10, 18); day.setUTCDate(day.getUTCDate() + 1)) {
      const [m, d] = [day.getUTCMonth() + 1, day.getUTCDate()];
      const perDay = d === 18 && m === 11 ? 3 : m === 10 || d <= 3 ? 12 : 8;
      for (let i = 0; i < perDay; i++) {
        const end = rome(m, d, 1) + i * 110 * MINUTE;
        rings.push(ringRecord(runId, ringNo++, end - 100 * MINUTE, end));
      }
    }
    await t.db.kysely.insertInto('rings').values(rings).execute();
  });
  afterAll(() => t.close());

  const get = async <T>(endpoint: Pick<EndpointDefinition, 'base' | 'path'>, query: Record<string, string | number>): Promise<T> => {
    const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString();
    const body = envelope(await call(t.app, 'GET', `${endpointUrl(endpoint)}?${qs}`, { token: sa }));
    expect(body.code, body.msg).toBe(0);
    return body.data as T;
  };
  const post = async <T>(endpoint: Pick<EndpointDefinition, 'base' | 'path'>, payload: object): Promise<T> => {
    const body = envelope(await call(t.app, 'POST', endpointUrl(endpoint), { token: sa, payload }));
    expect(body.code, body.msg).toBe(0);
    return body.data as T;
  };

  /** Every screen's figures, each read through the API call of that screen. */
  const screens = async () => {
    const list = await post<ListItem[]>(projectContract.runQueryAll, {});
    const home = await get<Home>(boardContract.indexPageData, { runId });
    const tree = await get<TreeRow[]>(projectContract.runStateTree, { runId });
    const graph = await post<Point[]>(boardContract.progressGraphDay, { runId, from: '2026-11-16', to: '2026-11-18' });
    const progress = await post<Progress>(statisticContract.progressList, { runId, unit: 'day', from: '2026-11-16', to: '2026-11-18' });
    const report = (unit: 'day' | 'week' | 'month') => post<Report>(periodReportContract.periodReport, { runId, unit, date: '2026-11-18' });
    return { list: list.find((r) => r.runId === runId), home, tree, graph, progress, day: await report('day'), week: await report('week'), month: await report('month') };
  };

  it('shows "no plan" everywhere while basic info sets none', async () => {
    const s = await screens();
    expect(s.home.planned).toEqual({ ringsPerDay: null, metresPerDay: null, rings: 1000 });
    expect(s.graph.map((p) => p.plannedRings)).toEqual([null, null, null]);
    expect(s.progress.rows.map((r) => [r.plannedRings, r.cumulativePlannedRings])).toEqual([
      [null, null],
      [null, null],
      [null, null],
    ]);
    expect(s.progress.summary.plannedRingsPerDay).toBeNull();
    for (const report of [s.day, s.week, s.month]) {
      expect(report.plan).toBeNull();
      expect(report.days.every((d) => d.plannedRings === null)).toBe(true);
    }
  });

  it('counts the rings built (also those before recording began) alike on the list, the home, the state tree, the statistics and the reports', async () => {
    const s = await screens();
    // 6 × 12 + 14 × 8 + 3 = 187 rings on record after the 400 built before.
    const built = 587;
    expect(s.list?.ringsBuilt).toBe(built);
    expect(s.home.total.rings).toBe(built);
    expect(s.tree.find((r) => r.period === 'total')?.rings).toBe(built);
    expect(s.progress.summary.builtRings).toBe(built);
    expect(s.progress.rows.at(-1)?.cumulativeRings).toBe(built);
    for (const report of [s.day, s.week, s.month]) expect(report.cumulative.rings).toBe(built);
    expect(s.list?.progress).toBeCloseTo(built / 1000);
    expect(s.home.progress).toBeCloseTo(built / 1000);
    expect(s.progress.summary.progress).toBeCloseTo(built / 1000);
  });

  it('forecasts one finish date at one labelled pace on the home and the statistics', async () => {
    const s = await screens();
    // The last 14 local days (5–18 November): 13 × 8 + 3 = 107 rings; 413 to go take ceil(413 × 14 / 107) = 55 days.
    expect(s.home.pace).toEqual({ ringsPerDay: 7.643, days: 14 });
    expect(s.progress.summary).toMatchObject({ ratePerDay: 7.643, rateDays: 14 });
    expect(s.home.forecastFinish).toBe('2027-01-12');
    expect(s.progress.summary.forecastFinish).toBe(s.home.forecastFinish);
  });

  it('uses the plan a site engineer sets in basic info on the home, the progress graph, the statistics and the reports', async () => {
    const info = await get<Record<string, unknown>>(basicInfoContract.basicInfoProject, { runId });
    const { updatedAt: _at, updatedBy: _by, ...form } = info;
    await post(basicInfoContract.basicInfoProjectEdit, { ...form, plannedRingsPerDay: 10 });
    const s = await screens();
    expect(s.home.planned).toEqual({ ringsPerDay: 10, metresPerDay: 15, rings: 1000 });
    expect(s.graph.map((p) => p.plannedRings)).toEqual([10, 10, 10]);
    expect(s.progress.rows.map((r) => r.plannedRings)).toEqual([10, 10, 10]);
    expect(s.progress.summary.plannedRingsPerDay).toBe(10);
    expect(s.day.plan).toEqual({ rings: 10, metres: 15 });
    expect(s.week.plan).toEqual({ rings: 70, metres: 105 });
    expect(s.month.plan).toEqual({ rings: 300, metres: 450 });
    for (const report of [s.day, s.week, s.month]) expect(report.days.every((d) => d.plannedRings === 10)).toBe(true);
    // The weekly progress graph plans 7 days of the same plan.
    const weeks = await post<Point[]>(boardContract.progressGraphWeek, { runId, from: '2026-11-16', to: '2026-11-18' });
    expect(weeks.map((p) => p.plannedRings)).toEqual([70]);
  });
});
