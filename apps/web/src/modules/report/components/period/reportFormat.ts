import { DATE_FORMATS, type dictionaryContract } from '@boreline/contracts';
import type { MessageKey } from '@boreline/i18n';
import { STOP_REASON_KEYS } from '@boreline/i18n/dictionaryKeys';
import dayjs from 'dayjs';
import { formatLocalDate, mondayOf } from '../../../../core/format.js';
import type { PeriodUnit } from '../../periodApi.js';

/** Labels of the stop reasons; `null` is standby time no shift report explains. */
export const STOP_REASON_LABEL: Record<dictionaryContract.StopReason, MessageKey> = STOP_REASON_KEYS;

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
