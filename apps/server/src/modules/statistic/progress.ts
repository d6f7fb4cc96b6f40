import type { statisticContract } from '@boreline/contracts';
import { localDateOf, localDayRange } from '../../core/timeZone.js';
import { daysBetween, nextPeriod, type PeriodUnit, periodStart } from '../../core/periods.js';
import { builtRings } from '../../telemetry/index.js';
// The plan, the rings built and the forecast are the project's shared figures: the home and the reports show the same.
import { type DriveForecast, type DrivePlan, metresOf } from '../project/index.js';

type ProgressList = statisticContract.ProgressList;

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

const builtBy = (run: ProgressRun, count: number, lastRing: number | null, firstRing: number | null) => builtRings(run.startRing, { count, lastRing }, firstRing);

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * One row per day, week or month. Rings count for the period they end in (as the board's progress
 * graph counts them); cumulative figures include every ring finished before the range. The plan
 * accumulates from the project's planned start, or, when none is set, from the rings built when
 * the range began; never beyond the drive's rings. Without a plan in basic info the planned
 * figures are null: no plan is invented.
 */
export function progressRows(
  run: ProgressRun,
  plan: DrivePlan | null,
  unit: PeriodUnit,
  span: { first: string; after: string },
  ends: readonly { ring_no: number; end_ts: number }[],
  before: { count: number; lastRing: number | null },
  firstRing: number | null,
): ProgressList['rows'] {
  const ringsPerDay = plan?.ringsPerDay ?? null;
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
  const planFrom = plan?.plannedStart ?? span.first;
  const planBase = plan?.plannedStart ? 0 : builtBy(run, before.count, before.lastRing, firstRing);
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
    const plannedRings = ringsPerDay === null ? null : round(ringsPerDay * daysBetween(p, next), 3);
    rows.push({
      period: p,
      rings,
      metres: metresOf(rings, run.ringWidthMm),
      plannedRings,
      plannedMetres: plannedRings === null ? null : metresOf(plannedRings, run.ringWidthMm),
      cumulativeRings: cumulative,
      cumulativeMetres: metresOf(cumulative, run.ringWidthMm),
      cumulativePlannedRings: ringsPerDay === null ? null : round(Math.min(cap, planBase + ringsPerDay * Math.max(0, daysBetween(planFrom, next))), 3),
    });
  }
  return rows;
}

/** The drive as a whole: rings built against the total, and the shared forecast finish (project figures). */
export function progressSummary(run: ProgressRun, plan: DrivePlan | null, forecast: DriveForecast): ProgressList['summary'] {
  return {
    totalRings: run.totalRings,
    builtRings: forecast.built,
    remainingRings: forecast.remaining,
    builtMetres: metresOf(forecast.built, run.ringWidthMm),
    progress: run.totalRings > 0 ? Math.min(1, forecast.built / run.totalRings) : 0,
    ratePerDay: forecast.ratePerDay,
    rateDays: forecast.paceDays,
    forecastFinish: forecast.forecastFinish,
    plannedCompletion: plan?.plannedCompletion ?? null,
    plannedRingsPerDay: plan?.ringsPerDay ?? null,
  };
}
