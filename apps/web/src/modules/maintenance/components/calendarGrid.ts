import dayjs from 'dayjs';
import { formatHm, mondayOf, shiftLocalDate } from '../../../core/format.js';
import type { CalendarEntry } from '../api.js';

export type CalendarView = 'month' | 'week';

/** The days a view shows (local dates, Monday first): whole weeks around the month, or one week. */
export function daysOf(view: CalendarView, date: string): string[] {
  const first = view === 'month' ? mondayOf(dayjs(date).startOf('month').format('YYYY-MM-DD')) : mondayOf(date);
  const last = view === 'month' ? shiftLocalDate(mondayOf(dayjs(date).endOf('month').format('YYYY-MM-DD')), 6, 'day') : shiftLocalDate(first, 6, 'day');
  const days: string[] = [];
  for (let day = first; day <= last; day = shiftLocalDate(day, 1, 'day')) days.push(day);
  return days;
}

/** The instant a local date starts on the project's clock (days of 23 and 25 hours included). */
export const dayStart = (date: string, timeZone: string): number => dayjs.tz(date, timeZone).valueOf();

/** The local date of an instant on the project's clock. */
export const localDateOf = (ms: number, timeZone: string): string => dayjs(ms).tz(timeZone).format('YYYY-MM-DD');

/** The occurrences of each day, by their due time on the project's clock. */
export function entriesByDay(entries: readonly CalendarEntry[], timeZone: string): Map<string, CalendarEntry[]> {
  const byDay = new Map<string, CalendarEntry[]>();
  for (const entry of [...entries].sort((a, b) => a.dueAt - b.dueAt)) {
    const day = localDateOf(entry.dueAt, timeZone);
    byDay.set(day, [...(byDay.get(day) ?? []), entry]);
  }
  return byDay;
}

/** How long the machine stood still within one day (the intervals clipped to the day), as `h:mm`; null when it did not. */
export function standbyOfDay(standby: readonly { start: number; end: number }[], date: string, timeZone: string): string | null {
  const start = dayStart(date, timeZone);
  const end = dayStart(shiftLocalDate(date, 1, 'day'), timeZone);
  const ms = standby.reduce((sum, s) => sum + Math.max(0, Math.min(s.end, end) - Math.max(s.start, start)), 0);
  return ms > 0 ? formatHm(ms) : null;
}
