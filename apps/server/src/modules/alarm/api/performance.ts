import { alarmContract } from '@boreline/contracts';

const { ALARM_LIMITS } = alarmContract;

type AlarmPerformance = alarmContract.AlarmPerformance;

/** What the figures read of an alarm record. */
export interface PerformanceRow {
  id: number;
  point: string;
  level: string;
  start_ts: number;
  end_ts: number | null;
  acked_at: number | null;
  chattering: number;
  shift_date: string | null;
  shift_no: number | null;
}

const TEN_MINUTES_MS = 600_000;
const DAY_MS = 86_400_000;
const round1 = (n: number): number => Math.round(n * 10) / 10;
const round2 = (n: number): number => Math.round(n * 100) / 100;

function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** The most alarms that started within any 10 minutes (a sliding window over the sorted starts). */
function busiestTenMinutes(starts: readonly number[]): number {
  let best = 0;
  let first = 0;
  for (let last = 0; last < starts.length; last += 1) {
    while ((starts[last] ?? 0) - (starts[first] ?? 0) >= TEN_MINUTES_MS) first += 1;
    best = Math.max(best, last - first + 1);
  }
  return best;
}

/**
 * Floods after EEMUA 191: a window of `floodWindowMs` from an alarm's start in which
 * `floodAlarms` or more alarms started is in flood; overlapping windows are merged into one period.
 */
function floodsOf(starts: readonly number[], to: number): { start: number; end: number; count: number }[] {
  const periods: { start: number; end: number }[] = [];
  for (let i = 0; i + ALARM_LIMITS.floodAlarms - 1 < starts.length; i += 1) {
    const start = starts[i] ?? 0;
    const nth = starts[i + ALARM_LIMITS.floodAlarms - 1] ?? Infinity;
    if (nth - start >= ALARM_LIMITS.floodWindowMs) continue;
    const end = Math.min(start + ALARM_LIMITS.floodWindowMs, to);
    const last = periods[periods.length - 1];
    if (last && start <= last.end) last.end = Math.max(last.end, end);
    else periods.push({ start, end });
  }
  return periods.map((p) => ({ ...p, count: starts.filter((ts) => ts >= p.start && ts < p.end).length }));
}

/** Bursts of a point's raises: `chatterCycles` or more starts within `chatterWindowMs`, each burst counted once. */
function raiseBursts(starts: readonly number[]): number {
  let bursts = 0;
  let i = 0;
  while (i < starts.length) {
    let j = i;
    while (j + 1 < starts.length && (starts[j + 1] ?? 0) - (starts[i] ?? 0) < ALARM_LIMITS.chatterWindowMs) j += 1;
    if (j - i + 1 >= ALARM_LIMITS.chatterCycles) {
      bursts += 1;
      i = j + 1;
    } else {
      i += 1;
    }
  }
  return bursts;
}

/**
 * Alarm performance figures of a span [from, to) after ISA-18.2 / EEMUA 191. `rows` are the records
 * that started in the span and those still active at its start (for the stale alarms); only those
 * that started in the span are counted. Points are named by `nameOf`.
 */
export function alarmPerformance(rows: readonly PerformanceRow[], from: number, to: number, nameOf: (point: string) => string): AlarmPerformance {
  const inSpan = rows.filter((r) => r.start_ts >= from && r.start_ts < to).sort((a, b) => a.start_ts - b.start_ts || a.id - b.id);
  const total = inSpan.length;
  const span = Math.max(1, to - from);
  const starts = inSpan.map((r) => r.start_ts);

  const byPoint = new Map<string, PerformanceRow[]>();
  for (const row of inSpan) byPoint.set(row.point, [...(byPoint.get(row.point) ?? []), row]);

  const chattering = [...byPoint.entries()]
    .map(([point, list]) => ({ point, name: nameOf(point), count: list.filter((r) => r.chattering === 1).length + raiseBursts(list.map((r) => r.start_ts)) }))
    .filter((p) => p.count > 0)
    .sort((a, b) => b.count - a.count || a.point.localeCompare(b.point));

  const top = [...byPoint.entries()]
    .map(([point, list]) => ({ point, name: nameOf(point), count: list.length, percent: round1((list.length / Math.max(1, total)) * 100) }))
    .sort((a, b) => b.count - a.count || a.point.localeCompare(b.point))
    .slice(0, 10);

  const stale = rows
    .filter((r) => r.start_ts <= to - ALARM_LIMITS.staleAfterMs && (r.end_ts === null || r.end_ts > to))
    .sort((a, b) => a.start_ts - b.start_ts)
    .map((r) => ({ id: r.id, point: r.point, name: nameOf(r.point), startTs: r.start_ts }));

  const shifts = new Map<string, { shiftDate: string; shiftNo: number; count: number }>();
  for (const row of inSpan) {
    if (row.shift_date === null || row.shift_no === null) continue;
    const key = `${row.shift_date}#${row.shift_no}`;
    const found = shifts.get(key) ?? { shiftDate: row.shift_date, shiftNo: row.shift_no, count: 0 };
    found.count += 1;
    shifts.set(key, found);
  }

  const floods = floodsOf(starts, to);
  const floodMs = floods.reduce((sum, f) => sum + (f.end - f.start), 0);
  const ackMinutes = median(inSpan.filter((r) => r.acked_at !== null).map((r) => ((r.acked_at ?? 0) - r.start_ts) / 60_000));

  return {
    from,
    to,
    total,
    byLevel: { warning: inSpan.filter((r) => r.level === 'warning').length, alarm: inSpan.filter((r) => r.level === 'alarm').length },
    per10MinAverage: round2(total / (span / TEN_MINUTES_MS)),
    per10MinMax: busiestTenMinutes(starts),
    perDayAverage: round2(total / (span / DAY_MS)),
    floods,
    floodTimePercent: round1((floodMs / span) * 100),
    chattering,
    stale,
    top,
    perShift: [...shifts.values()].sort((a, b) => a.shiftDate.localeCompare(b.shiftDate) || a.shiftNo - b.shiftNo),
    ackMedianMinutes: ackMinutes === null ? null : round1(ackMinutes),
  };
}
