import { DATE_FORMATS, type dictionaryContract } from '@boreline/contracts';
import type { MessageKey } from '@boreline/i18n';
import { STOP_REASON_KEYS } from '@boreline/i18n/dictionaryKeys';
import dayjs from 'dayjs';
import { formatLocalDate } from '../../../../core/format.js';
import type { PeriodUnit } from '../../periodApi.js';

/**
 * A duration as hours and minutes, `h:mm` (`125:05` for a month of standby): the notation site
 * staff add up on paper and in Excel, which days-and-hours texts would not allow.
 */
export function formatHm(ms: number): string {
  const minutes = Math.max(0, Math.round(ms / 60_000));
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
}

/** Labels of the stop reasons; `null` is standby time no shift report explains. */
export const STOP_REASON_LABEL: Record<dictionaryContract.StopReason, MessageKey> = STOP_REASON_KEYS;

/** Monday of the week holding a local date: weeks run Monday to Sunday whatever the reader's locale. */
export function mondayOf(date: string): string {
  const day = dayjs(date);
  return day.subtract((day.day() + 6) % 7, 'day').format('YYYY-MM-DD');
}

/** The first local date of the period holding `date`. */
export function periodStart(unit: PeriodUnit, date: string): string {
  if (unit === 'week') return mondayOf(date);
  if (unit === 'month') return dayjs(date).startOf('month').format('YYYY-MM-DD');
  return date;
}

/** A period in the spec's formats: `23/11/2026`, `23/11/2026 – 29/11/2026`, `11/2026`. */
export function formatPeriod(unit: PeriodUnit, firstDate: string, lastDate: string): string {
  if (unit === 'month') return formatLocalDate(firstDate, DATE_FORMATS.monthYear);
  if (unit === 'week') return `${formatLocalDate(firstDate, DATE_FORMATS.date)} – ${formatLocalDate(lastDate, DATE_FORMATS.date)}`;
  return formatLocalDate(firstDate, DATE_FORMATS.date);
}
