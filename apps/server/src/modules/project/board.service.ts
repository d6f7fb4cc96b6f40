import { type boardContract, isMachineState, KEY_TAGS, type projectContract, type RunListItem, type RunStatus, type EndpointArgs } from '@boreline/contracts';
import type { AuthSession } from '../../core/auth.js';
import { localDateOf, localDayRange } from '../../core/timeZone.js';
import { currentPeriod, daysBetween, nextPeriod, type PeriodUnit, periodStart } from '../../core/periods.js';
import { metresOf } from './ringLength.js';
import { builtRings, type MachineHistory, type StateRow, type StateTotals } from '../../telemetry/index.js';
import type { DriveForecast, ProjectFigures } from './driveFigures.js';
import { RunScope, type ScopedRun, secondLevelId } from './runScope.js';

type Input<E> = EndpointArgs<E>;

/** A machine without a frame for this long is shown offline, not in its last state. */
export const OFFLINE_AFTER_MS = 5 * 60_000;
/** The live values the board shows: the PLC ring counter and the chainage from guidance. */
export const BOARD_LIVE_TAGS: readonly string[] = [KEY_TAGS.ringNo, KEY_TAGS.chainage];

const rates = (t: StateTotals) => {
  const sum = t.advance + t.ringBuild + t.waiting + t.finish;
  return sum === 0 ? { advance: 0, ringBuild: 0, waiting: 0 } : { advance: t.advance / sum, ringBuild: t.ringBuild / sum, waiting: (t.waiting + t.finish) / sum };
};

/** Rings built since the drive began: the one definition of the machine history. */
const built = (run: ScopedRun, rings: { count: number; lastRing: number | null; firstRing: number | null }) => builtRings(run.start_ring, rings, rings.firstRing);

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

const asStatus = (state: string | null | undefined): RunStatus | null => (isMachineState(state) ? state : null);

/** Figures read from the database are kept this long at most (a cycle event of the run drops them sooner). */
export const FIGURES_TTL_MS = 15_000;

/** A small per-run memo: the list and the board are read far more often than rings complete. */
class RunMemo<T> {
  private readonly entries = new Map<number, { at: number; value: Promise<T> }>();
  constructor(private readonly now: () => number) {}

  get(runId: number, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(runId);
    if (hit && this.now() - hit.at < FIGURES_TTL_MS) return hit.value;
    const value = load();
    this.entries.set(runId, { at: this.now(), value });
    value.catch(() => this.entries.delete(runId));
    return value;
  }

  drop(runId: number): void {
    this.entries.delete(runId);
  }
}

/**
 * The project list, the project home's board and the run state (spec §2 /fw0/stsRun, /fw1/home):
 * figures come from ring records and state intervals; "now" from the live pipeline. Every period
 * is cut in the project's own time zone.
 */
export class BoardService {
  constructor(
    private readonly scope: RunScope,
    private readonly machine: MachineHistory,
    private readonly figures: ProjectFigures,
    private readonly now: () => number = Date.now,
  ) {}

  private readonly drive = new RunMemo<{ totals: StateTotals; rings: { count: number; lastRing: number | null; lastChainage: number | null; firstRing: number | null }; last: StateRow | undefined }>(() => this.now());
  private readonly periods = new RunMemo<{ day: number; week: number; month: number; todayTotals: StateTotals; forecast: DriveForecast }>(() => this.now());

  /** Drops what is remembered of a run (its cycle engine closed an interval or a ring). */
  invalidate(runId: number): void {
    this.drive.drop(runId);
    this.periods.drop(runId);
  }

  private driveFigures(runId: number) {
    return this.drive.get(runId, async () => {
      const [totals, rings, last] = await Promise.all([this.machine.stateTotals(runId), this.machine.ringSummary(runId), this.machine.latestInterval(runId)]);
      return { totals, rings, last };
    });
  }

  private periodFigures(run: ScopedRun) {
    return this.periods.get(run.id, async () => {
      const now = this.now();
      const count = async (unit: PeriodUnit) => {
        const p = currentPeriod(now, unit, run.time_zone);
        return (await this.machine.ringEnds(run.id, p.start, p.end)).length;
      };
      const today = currentPeriod(now, 'day', run.time_zone);
      const [day, week, month, todayTotals, forecast] = await Promise.all([
        count('day'),
        count('week'),
        count('month'),
        this.machine.stateTotals(run.id, { from: today.start, to: today.end }),
        this.figures.forecast(run),
      ]);
      return { day, week, month, todayTotals, forecast };
    });
  }

  private async status(run: ScopedRun) {
    const [latest, { last }] = await Promise.all([this.machine.latest(run.id, BOARD_LIVE_TAGS), this.driveFigures(run.id)]);
    const engine = this.machine.engineState(run.id);
    const lastDataAt = latest?.ts ?? last?.end_ts ?? null;
    const stale = lastDataAt === null || this.now() - lastDataAt > OFFLINE_AFTER_MS;
    const state = asStatus(engine?.state) ?? asStatus(last?.state);
    // A drive declared over is in the TBM state Finish, whatever its last frame said.
    const finishedAt = run.finished_at === null ? null : Number(run.finished_at);
    const status: RunStatus = finishedAt !== null ? 'finish' : stale ? 'offline' : (state ?? 'waiting');
    const since = finishedAt ?? (stale ? lastDataAt : (engine?.since ?? last?.start_ts ?? null));
    const ringValue = latest?.values[KEY_TAGS.ringNo];
    const chainageValue = latest?.values[KEY_TAGS.chainage];
    return {
      status,
      since,
      lastDataAt,
      ringNo: typeof ringValue === 'number' ? ringValue : (engine?.ringNo ?? last?.ring_no ?? null),
      chainage: typeof chainageValue === 'number' ? chainageValue : null,
    };
  }

  private async listItem(run: ScopedRun): Promise<RunListItem> {
    const [{ totals, rings }, status] = await Promise.all([this.driveFigures(run.id), this.status(run)]);
    const r = rates(totals);
    return {
      ...RunScope.option(run),
      country: run.country,
      lineName: run.line_name,
      deptId: run.org_id,
      deptIdTwo: secondLevelId(run.org_path),
      deptPath: run.deptPath,
      deptTwoPath: run.deptTwoPath,
      progress: run.planned_rings > 0 ? Math.min(1, built(run, rings) / run.planned_rings) : 0,
      plannedRings: run.planned_rings,
      ringsBuilt: built(run, rings),
      metresBuilt: metresOf(built(run, rings), run.ring_width_mm),
      tunnelLength: Math.round(Math.abs(run.end_chainage - run.start_chainage) * 1000) / 1000,
      currentChainage: status.chainage ?? rings.lastChainage,
      currentRing: status.ringNo ?? rings.lastRing,
      advanceRate: r.advance,
      ringBuildRate: r.ringBuild,
      waitingRate: r.waiting,
      status: status.status,
      statusSince: status.since,
      totalDurationMs: totals.advance + totals.ringBuild + totals.waiting + totals.finish,
    };
  }

  async list(session: AuthSession, filter: Input<typeof projectContract.runQueryAll>): Promise<RunListItem[]> {
    const name = filter.projectName?.toLowerCase();
    const runs = (await this.scope.visible(session)).filter(
      (r) => (!filter.tbmCode || r.tbm_code === filter.tbmCode) && (!filter.country || r.country === filter.country) && (!name || r.project_name.toLowerCase().includes(name)),
    );
    return Promise.all(runs.map((r) => this.listItem(r)));
  }

  async tbmCodes(session: AuthSession): Promise<string[]> {
    return [...new Set((await this.scope.visible(session)).map((r) => r.tbm_code))].sort();
  }

  async countries(session: AuthSession): Promise<string[]> {
    return [...new Set((await this.scope.visible(session)).map((r) => r.country))].sort();
  }

  async current(session: AuthSession, runId: number) {
    return RunScope.current(await this.scope.require(session, runId, 'project.run.read'));
  }

  async state(session: AuthSession, runId: number) {
    const run = await this.scope.require(session, runId, 'project.run.read');
    const s = await this.status(run);
    return { status: s.status, since: s.since, ringNo: s.ringNo, chainage: s.chainage, lastDataAt: s.lastDataAt };
  }

  async stateTree(session: AuthSession, runId: number) {
    const run = await this.scope.require(session, runId, 'project.run.read');
    const now = this.now();
    const periods = [
      { period: 'today' as const, ...currentPeriod(now, 'day', run.time_zone) },
      { period: 'week' as const, ...currentPeriod(now, 'week', run.time_zone) },
      { period: 'month' as const, ...currentPeriod(now, 'month', run.time_zone) },
    ];
    const rows = await Promise.all(
      periods.map(async (p) => {
        const [t, ends] = await Promise.all([this.machine.stateTotals(run.id, { from: p.start, to: p.end }), this.machine.ringEnds(run.id, p.start, p.end)]);
        return { period: p.period, advanceMs: t.advance, ringBuildMs: t.ringBuild, waitingMs: t.waiting, finishMs: t.finish, rings: ends.length };
      }),
    );
    const [total, { rings }] = await Promise.all([this.machine.stateTotals(run.id), this.driveFigures(run.id)]);
    // The drive's rings as the list and the home count them, also those built before recording began.
    return [...rows, { period: 'total' as const, advanceMs: total.advance, ringBuildMs: total.ringBuild, waitingMs: total.waiting, finishMs: total.finish, rings: built(run, rings) }];
  }

  async indexPage(session: AuthSession, runId: number) {
    const run = await this.scope.require(session, runId, 'project.run.read');
    const metres = (rings: number) => metresOf(rings, run.ring_width_mm);
    const amount = (rings: number) => ({ rings, metres: metres(rings) });
    const [{ rings: summary }, p, status, plan] = await Promise.all([this.driveFigures(run.id), this.periodFigures(run), this.status(run), this.figures.plan(run)]);
    const total = built(run, summary);
    return {
      today: amount(p.day),
      week: amount(p.week),
      month: amount(p.month),
      total: amount(total),
      planned: { ringsPerDay: plan?.ringsPerDay ?? null, metresPerDay: plan?.metresPerDay ?? null, rings: run.planned_rings },
      progress: run.planned_rings > 0 ? Math.min(1, total / run.planned_rings) : 0,
      currentRing: status.ringNo ?? summary.lastRing,
      currentChainage: status.chainage ?? summary.lastChainage,
      rates: rates(p.todayTotals),
      status: status.status,
      statusSince: status.since,
      pace: { ringsPerDay: p.forecast.ratePerDay, days: p.forecast.paceDays },
      forecastFinish: p.forecast.forecastFinish,
    };
  }

  async progress(session: AuthSession, input: Input<typeof boardContract.progressGraphDay>, unit: PeriodUnit) {
    const run = await this.scope.require(session, input.runId, 'project.run.read');
    const ringsPerDay = (await this.figures.plan(run))?.ringsPerDay ?? null;
    const first = periodStart(input.from, unit);
    const after = nextPeriod(periodStart(input.to, unit), unit);
    const ends = await this.machine.ringEnds(run.id, localDayRange(first, run.time_zone).start, localDayRange(after, run.time_zone).start);
    const counts = new Map<string, number>();
    for (const end of ends) {
      const key = periodStart(localDateOf(end, run.time_zone), unit);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    const points = [];
    let cumulative = 0;
    for (let p = first; p < after; p = nextPeriod(p, unit)) {
      const rings = counts.get(p) ?? 0;
      cumulative += rings;
      points.push({ period: p, rings, metres: metresOf(rings, run.ring_width_mm), plannedRings: ringsPerDay === null ? null : round(ringsPerDay * daysBetween(p, nextPeriod(p, unit)), 3), cumulativeRings: cumulative });
    }
    return points;
  }
}
