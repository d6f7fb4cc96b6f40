import { DAY_MS, formatLocalDate, type LocalDate, localDateOf, localDayRange, parseLocalDate, shiftLocalDate } from './timeZone.js';

export type PeriodUnit = 'day' | 'week' | 'month';

/** Day of the week of a local date, Monday = 0 (weeks start on Monday, spec §9). */
const weekday = (date: LocalDate) => (new Date(Date.UTC(date.y, date.m - 1, date.d)).getUTCDay() + 6) % 7;

/** The first local date of the day, week or month that holds `date`. */
export function periodStart(date: string, unit: PeriodUnit): string {
  const d = parseLocalDate(date);
  if (unit === 'day') return date;
  if (unit === 'week') return formatLocalDate(shiftLocalDate(d, -weekday(d)));
  return formatLocalDate({ y: d.y, m: d.m, d: 1 });
}

/** The local date after the period that starts at `start`. */
export function nextPeriod(start: string, unit: PeriodUnit): string {
  const d = parseLocalDate(start);
  if (unit === 'day') return formatLocalDate(shiftLocalDate(d, 1));
  if (unit === 'week') return formatLocalDate(shiftLocalDate(d, 7));
  return formatLocalDate(d.m === 12 ? { y: d.y + 1, m: 1, d: 1 } : { y: d.y, m: d.m + 1, d: 1 });
}

/** Calendar days between two local dates (to − from). */
export function daysBetween(from: string, to: string): number {
  const a = parseLocalDate(from);
  const b = parseLocalDate(to);
  return Math.round((Date.UTC(b.y, b.m - 1, b.d) - Date.UTC(a.y, a.m - 1, a.d)) / DAY_MS);
}

/** Instants bounding the period of `unit` holding `ts` in the zone: today, this week, this month. */
export function currentPeriod(ts: number, unit: PeriodUnit, timeZone: string): { start: number; end: number } {
  const start = periodStart(localDateOf(ts, timeZone), unit);
  return { start: localDayRange(start, timeZone).start, end: localDayRange(nextPeriod(start, unit), timeZone).start };
}
