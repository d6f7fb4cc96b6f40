import type { statisticContract } from '@boreline/contracts';
import { DAY_MS, formatLocalDate, localDateOf, parseLocalDate, shiftLocalDate } from '../../core/timeZone.js';
import { type StopRow, rankStopReasons } from '../report/index.js';
import type { StatRing } from './statistic.repo.js';

type Efficiency = statisticContract.Efficiency;
type EfficiencyRing = Efficiency['rings'][number];
type SlowRing = statisticContract.SlowRing;

/** A ring record with its duration and state times (what every ring statistic starts from). */
export const ringTimes = (r: StatRing): EfficiencyRing => ({
  ringNo: r.ring_no,
  start: r.start_ts,
  end: r.end_ts,
  durationMs: r.end_ts - r.start_ts,
  advanceMs: r.advance_ms,
  ringBuildMs: r.ring_build_ms,
  waitingMs: r.waiting_ms,
  speedAvg: r.speed_avg,
});

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;
const mean = (values: readonly number[]) => (values.length === 0 ? null : Math.round(values.reduce((a, b) => a + b, 0) / values.length));

/** Rings completed per local date, every date from the first ring's end to the last's, empty ones included. */
function ringsPerDate(rings: readonly EfficiencyRing[], timeZone: string): Efficiency['days'] {
  if (rings.length === 0) return [];
  const counts = new Map<string, number>();
  let first = '';
  let last = '';
  for (const ring of rings) {
    const date = localDateOf(ring.end, timeZone);
    counts.set(date, (counts.get(date) ?? 0) + 1);
    if (first === '' || date < first) first = date;
    if (date > last) last = date;
  }
  const days: Efficiency['days'] = [];
  for (let d = first; d <= last; d = formatLocalDate(shiftLocalDate(parseLocalDate(d), 1))) days.push({ date: d, rings: counts.get(d) ?? 0 });
  return days;
}

/**
 * Time per ring and the range's means. Rings per day divide by the calendar time the rings took
 * (first start to last end), so a range with a week's stop in it shows the slower pace; the mean
 * speed weighs each ring by its advance time, as one long advance says more than a short one.
 */
export function efficiencyOf(records: readonly StatRing[], timeZone: string): Efficiency {
  const rings = records.map(ringTimes);
  let firstStart = Number.POSITIVE_INFINITY;
  let lastEnd = Number.NEGATIVE_INFINITY;
  let speedWeighted = 0;
  let speedTime = 0;
  for (const ring of rings) {
    firstStart = Math.min(firstStart, ring.start);
    lastEnd = Math.max(lastEnd, ring.end);
    if (ring.speedAvg !== null && ring.advanceMs > 0) {
      speedWeighted += ring.speedAvg * ring.advanceMs;
      speedTime += ring.advanceMs;
    }
  }
  const span = lastEnd - firstStart;
  return {
    timeZone,
    rings,
    days: ringsPerDate(rings, timeZone),
    summary: {
      rings: rings.length,
      avgDurationMs: mean(rings.map((r) => r.durationMs)),
      avgAdvanceMs: mean(rings.map((r) => r.advanceMs)),
      avgRingBuildMs: mean(rings.map((r) => r.ringBuildMs)),
      avgWaitingMs: mean(rings.map((r) => r.waitingMs)),
      ringsPerDay: rings.length > 0 && span > 0 ? round(rings.length / (span / DAY_MS), 3) : null,
      avgSpeed: speedTime > 0 ? round(speedWeighted / speedTime, 2) : null,
    },
  };
}

/** The `limit` rings that took longest, slowest first (the lower number first on a tie). */
export function slowest(records: readonly StatRing[], limit: number): StatRing[] {
  return [...records].sort((a, b) => b.end_ts - b.start_ts - (a.end_ts - a.start_ts) || a.ring_no - b.ring_no).slice(0, limit);
}

/**
 * A slow ring with its standby split by the reasons the shift reports give for the stops inside
 * the ring's span, as the period report splits a period's standby: what no report explains is a
 * line with reason null.
 */
export function slowRing(ring: StatRing, stops: readonly StopRow[]): SlowRing {
  const lines = rankStopReasons(stops, ring.waiting_ms, ring.start_ts, ring.end_ts);
  return { ...ringTimes(ring), stopReasons: lines.map((l) => ({ reason: l.reason, durationMs: l.durationMs })) };
}
