import {
  formatLocalDate,
  parseWallTime,
  shiftLocalDate,
  utcToZoned,
  zonedMinutesToUtc,
  type LocalDate,
} from './timeZone.js';

/**
 * A shift of a project, in local wall time. `end` at or before `start` means the shift runs past
 * midnight (19:00–07:00); a project's shifts tile the day (2 × 12 h, 3 × 8 h).
 */
export interface ShiftDef {
  id: string;
  name: string;
  start: string;
  end: string;
}

/** One concrete shift: `date` is the local date it starts on; [start, end) in epoch ms. */
export interface ShiftOccurrence {
  shiftId: string;
  date: string;
  start: number;
  end: number;
}

/** What a piece of an interval gains when it is cut by shifts. */
export interface ShiftShare {
  shiftId: string;
  date: string;
  durationMs: number;
}

/**
 * The instants a shift (minutes after local midnight) spans when it starts on local date `day`: it
 * ends on the next day when it runs past midnight (end at or before start).
 */
export function shiftSpanOn(day: LocalDate, startMin: number, endMin: number, timeZone: string): { start: number; end: number } {
  const overnight = endMin <= startMin;
  return { start: zonedMinutesToUtc(day, startMin, timeZone), end: zonedMinutesToUtc(overnight ? shiftLocalDate(day, 1) : day, endMin, timeZone) };
}

/**
 * The shifts overlapping [fromTs, toTs), in time order. Boundaries are wall times of the project's
 * zone, so a shift spanning a daylight-saving change is an hour shorter or longer (a 19:00–07:00
 * night over the spring-forward lasts 11 h, over the fall-back 13 h). Adjacent shifts share the
 * same boundary instant, so occurrences tile time without holes or overlaps.
 */
export function shiftOccurrences(
  shifts: readonly ShiftDef[],
  fromTs: number,
  toTs: number,
  timeZone: string,
): ShiftOccurrence[] {
  if (!(toTs > fromTs) || shifts.length === 0) return [];
  const parsed = shifts.map((shift) => ({ id: shift.id, start: parseWallTime(shift.start), end: parseWallTime(shift.end) }));
  const first = toLocalDate(fromTs, timeZone);
  const last = toLocalDate(toTs, timeZone);
  const out: ShiftOccurrence[] = [];
  // Start a day early: yesterday's night shift may still be running at `fromTs`.
  for (let day = shiftLocalDate(first, -1); compareDates(day, last) <= 0; day = shiftLocalDate(day, 1)) {
    const date = formatLocalDate(day);
    for (const shift of parsed) {
      const { start, end } = shiftSpanOn(day, shift.start, shift.end, timeZone);
      if (start < toTs && end > fromTs && end > start) out.push({ shiftId: shift.id, date, start, end });
    }
  }
  return out.sort((a, b) => a.start - b.start);
}

/**
 * Splits intervals at shift boundaries and attributes each piece to its shift. Pieces keep every
 * field of their interval, with `start`/`end` narrowed to the piece. Time not covered by any
 * occurrence is left out: callers pass occurrences covering the intervals' span.
 */
export function cutIntervals<T extends { start: number; end: number }>(
  intervals: readonly T[],
  occurrences: readonly ShiftOccurrence[],
): (T & ShiftShare)[] {
  const sorted = [...occurrences].sort((a, b) => a.start - b.start);
  const out: (T & ShiftShare)[] = [];
  for (const interval of intervals) {
    for (let i = firstEndingAfter(sorted, interval.start); i < sorted.length; i++) {
      const occ = sorted[i];
      if (occ === undefined || occ.start >= interval.end) break;
      const start = Math.max(interval.start, occ.start);
      const end = Math.min(interval.end, occ.end);
      if (end > start) {
        out.push({ ...interval, start, end, shiftId: occ.shiftId, date: occ.date, durationMs: end - start });
      }
    }
  }
  return out;
}

/**
 * The shift a ring counts for: the one in which it ended. A ring ending exactly on a boundary was
 * completed by the shift that is ending (its end instant is exclusive).
 */
export function attributeRing(
  ring: { end: number },
  occurrences: readonly ShiftOccurrence[],
): ShiftOccurrence | null {
  return occurrences.find((occ) => occ.start < ring.end && ring.end <= occ.end) ?? null;
}

function toLocalDate(ts: number, timeZone: string): LocalDate {
  const t = utcToZoned(ts, timeZone);
  return { y: t.y, m: t.m, d: t.d };
}

function compareDates(a: LocalDate, b: LocalDate): number {
  return a.y - b.y || a.m - b.m || a.d - b.d;
}

/** Binary search: the first occurrence (sorted by start, non-overlapping) ending after `ts`. */
function firstEndingAfter(sorted: readonly ShiftOccurrence[], ts: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const occ = sorted[mid];
    if (occ !== undefined && occ.end <= ts) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
