import type { statisticContract } from '@boreline/contracts';
import { formatLocalDate, localDateOf, localDayRange, parseLocalDate, shiftLocalDate } from '../../core/timeZone.js';
import { daysBetween, nextPeriod, type PeriodUnit, periodStart } from '../../core/periods.js';
import { metresOf, DEFAULT_RINGS_PER_DAY } from '../project/index.js';
// The board's progress graph and this list plan with the same figure when basic info gives none.
import type { DriveFigures, StatPlan } from './statistic.repo.js';

type ProgressList = statisticContract.ProgressList;

/** The recent rate the forecast extrapolates: today and the 13 local days before it. */
export const RATE_DAYS = 14;

export interface ProgressRun {
  timeZone: string;
  ringWidthMm: number;
  startRing: number;
  totalRings: number;
}

/** The instants bounding the periods of a range: from the period holding `from` to the end of the one holding `to`. */
export function progressSpan(from: string, to: string, unit: PeriodUnit, timeZone: string) {
  const first = periodStart(from, unit);
  const after = nextPeriod(periodStart(to, unit), unit);
  return { first, after, start: localDayRange(first, timeZone).start, end: localDayRange(after, timeZone).start };
}

/**
 * Rings built by a point of the drive: by ring number when rings are on record (a run may start
 * recording part-way through its drive), never fewer than the rings recorded — the board's rule.
 * Before the first recorded ring, the rings built before recording began (`firstRing` − start
 * ring) are already counted: they were built before anything on record.
 */
const builtBy = (run: ProgressRun, count: number, lastRing: number | null, firstRing: number | null) => {
  const unrecorded = firstRing === null ? 0 : Math.max(0, firstRing - run.startRing);
  return lastRing === null ? unrecorded + count : Math.max(unrecorded + count, lastRing - run.startRing + 1);
};

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * One row per day, week or month. Rings count for the period they end in (as the board's progress
 * graph counts them); cumulative figures include every ring finished before the range. The plan
 * accumulates from the project's planned start, or, when none is set, from the rings built when
 * the range began; never beyond the drive's rings.
 */
export function progressRows(
  run: ProgressRun,
  plan: StatPlan | null,
  unit: PeriodUnit,
  span: { first: string; after: string },
  ends: readonly { ring_no: number; end_ts: number }[],
  before: { count: number; lastRing: number | null },
  firstRing: number | null,
): ProgressList['rows'] {
  const ringsPerDay = plan?.planned_rings_per_day ?? DEFAULT_RINGS_PER_DAY;
  const byPeriod = new Map<string, { rings: number; lastRing: number }>();
  for (const ring of ends) {
    const key = periodStart(localDateOf(ring.end_ts, run.timeZone), unit);
    const at = byPeriod.get(key);
    if (at) {
      at.rings += 1;
      at.lastRing = Math.max(at.lastRing, ring.ring_no);
    } else byPeriod.set(key, { rings: 1, lastRing: ring.ring_no });
  }
  // Without a planned start the plan line starts where the drive stood when the range began:
  // "had we kept the plan from here on", comparable with the cumulative rings of the same chart.
  const planFrom = plan?.planned_start ?? span.first;
  const planBase = plan?.planned_start ? 0 : builtBy(run, before.count, before.lastRing, firstRing);
  const cap = run.totalRings > 0 ? run.totalRings : Number.POSITIVE_INFINITY;
  const rows: ProgressList['rows'] = [];
  let count = before.count;
  let lastRing = before.lastRing;
  for (let p = span.first; p < span.after; p = nextPeriod(p, unit)) {
    const next = nextPeriod(p, unit);
    const period = byPeriod.get(p);
    const rings = period?.rings ?? 0;
    count += rings;
    if (period) lastRing = lastRing === null ? period.lastRing : Math.max(lastRing, period.lastRing);
    const cumulative = builtBy(run, count, lastRing, firstRing);
    const plannedRings = ringsPerDay * daysBetween(p, next);
    rows.push({
      period: p,
      rings,
      metres: metresOf(rings, run.ringWidthMm),
      plannedRings,
      plannedMetres: metresOf(plannedRings, run.ringWidthMm),
      cumulativeRings: cumulative,
      cumulativeMetres: metresOf(cumulative, run.ringWidthMm),
      cumulativePlannedRings: round(Math.min(cap, planBase + ringsPerDay * Math.max(0, daysBetween(planFrom, next))), 3),
    });
  }
  return rows;
}

/** The instant the recent rate is counted from: local midnight starting today's 13th day before. */
export function rateWindowStart(now: number, timeZone: string): number {
  const today = parseLocalDate(localDateOf(now, timeZone));
  return localDayRange(formatLocalDate(shiftLocalDate(today, 1 - RATE_DAYS)), timeZone).start;
}

/**
 * The drive as a whole: rings built against the total, and the finish date forecast from the rings
 * ended over the last `RATE_DAYS` local calendar days (fewer when the drive began within them).
 */
export function progressSummary(run: ProgressRun, plan: StatPlan | null, drive: DriveFigures, recentRings: number, now: number): ProgressList['summary'] {
  const built = builtBy(run, drive.count, drive.lastRing, drive.firstRing);
  const remaining = Math.max(0, run.totalRings - built);
  const today = localDateOf(now, run.timeZone);
  const days = drive.firstStart === null ? 0 : Math.min(RATE_DAYS, daysBetween(localDateOf(drive.firstStart, run.timeZone), today) + 1);
  const hasRate = recentRings > 0 && days > 0;
  // Whole days from integers: a float rate could put an exact quotient a day late.
  const daysToGo = hasRate && remaining > 0 ? Math.ceil((remaining * days) / recentRings) : null;
  return {
    totalRings: run.totalRings,
    builtRings: built,
    remainingRings: remaining,
    builtMetres: metresOf(built, run.ringWidthMm),
    progress: run.totalRings > 0 ? Math.min(1, built / run.totalRings) : 0,
    ratePerDay: hasRate ? round(recentRings / days, 3) : null,
    rateDays: RATE_DAYS,
    forecastFinish: daysToGo === null ? null : formatLocalDate(shiftLocalDate(parseLocalDate(today), daysToGo)),
    plannedCompletion: plan?.planned_completion ?? null,
    plannedRingsPerDay: plan?.planned_rings_per_day ?? null,
  };
}
