import { DATE_FORMATS } from '@boreline/contracts';
import dayjs from 'dayjs';
import { formatLocalDate, mondayOf, shiftLocalDate } from '../../../core/format.js';

export type ProgressUnit = 'day' | 'week' | 'month';
export const PROGRESS_UNITS: readonly ProgressUnit[] = ['day', 'week', 'month'];

/** How many periods the progress page shows before anyone picks dates: a month of days, a quarter of weeks, a year of months. */
export const DEFAULT_PERIODS: Record<ProgressUnit, number> = { day: 30, week: 12, month: 12 };

export interface DateRange {
  from: string;
  to: string;
}

/** The first local date of the period holding `date` (weeks from Monday, as the server cuts them). */
export function periodFirst(unit: ProgressUnit, date: string): string {
  if (unit === 'week') return mondayOf(date);
  if (unit === 'month') return dayjs(date).startOf('month').format('YYYY-MM-DD');
  return date;
}

/** The last local date of the period holding `date`. */
export function periodLast(unit: ProgressUnit, date: string): string {
  if (unit === 'week') return shiftLocalDate(mondayOf(date), 6, 'day');
  if (unit === 'month') return dayjs(date).endOf('month').format('YYYY-MM-DD');
  return date;
}

/** The last 30 days, 12 weeks or 12 months up to today (the current period included). */
export function defaultRange(unit: ProgressUnit, today: string): DateRange {
  return { from: shiftLocalDate(periodFirst(unit, today), -(DEFAULT_PERIODS[unit] - 1), unit), to: today };
}

/** A period as a table writes it: `25/11/2026`, `23/11/2026 – 29/11/2026`, `11/2026`. */
export function periodLabel(unit: ProgressUnit, first: string): string {
  if (unit === 'month') return formatLocalDate(first, DATE_FORMATS.monthYear);
  if (unit === 'week') return `${formatLocalDate(first, DATE_FORMATS.date)} – ${formatLocalDate(shiftLocalDate(first, 6, 'day'), DATE_FORMATS.date)}`;
  return formatLocalDate(first, DATE_FORMATS.date);
}

/** A period as a chart axis writes it (short): `25/11`, the week's Monday `23/11`, `11/2026`. */
export function periodTick(unit: ProgressUnit, first: string): string {
  return unit === 'month' ? formatLocalDate(first, DATE_FORMATS.monthYear) : formatLocalDate(first, DATE_FORMATS.dayMonth);
}

/** Whole days from one local date to another (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string): number => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);
