import { shiftSpanOn } from '../../../core/shiftCutter.js';
import { formatLocalDate, shiftLocalDate, utcToZoned } from '../../../core/timeZone.js';

/** A shift of a run in wall-clock minutes of its zone (in picker order: shift number = position + 1). */
export interface ShiftMinutes {
  startMin: number;
  endMin: number;
}

/**
 * The shift an instant falls in, as reports name it: the local date the shift starts on and its
 * number (1-based, the run's order). A night shift past midnight belongs to the day it started;
 * null when the run's shifts leave the instant uncovered.
 */
export function shiftOf(ts: number, shifts: readonly ShiftMinutes[], timeZone: string): { date: string; no: number } | null {
  const t = utcToZoned(ts, timeZone);
  const today = { y: t.y, m: t.m, d: t.d };
  for (const day of [shiftLocalDate(today, -1), today]) {
    for (const [i, s] of shifts.entries()) {
      const { start, end } = shiftSpanOn(day, s.startMin, s.endMin, timeZone);
      if (start <= ts && ts < end) return { date: formatLocalDate(day), no: i + 1 };
    }
  }
  return null;
}
