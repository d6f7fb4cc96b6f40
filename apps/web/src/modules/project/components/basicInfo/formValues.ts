import { formatChainage, minutesToWallTime, parseChainage, wallTimeToMinutes } from '@boreline/contracts';
import dayjs, { type Dayjs } from 'dayjs';

/**
 * Between antd controls (dayjs values, `null` for a cleared number) and what the contracts take:
 * calendar dates `YYYY-MM-DD`, wall times `HH:mm`, metres of chainage. A field left empty becomes
 * `undefined`, which the contract reads as "not typed" (required fields then say "required").
 */

/** Spec §9: dates are shown and typed `DD/MM/YYYY`. */
export const DATE_INPUT_FORMAT = 'DD/MM/YYYY';
export const TIME_INPUT_FORMAT = 'HH:mm';

export const toPickerDate = (date: string | null): Dayjs | null => (date ? dayjs(date) : null);
export const fromPickerDate = (value: Dayjs | null | undefined): string | undefined => (value ? value.format('YYYY-MM-DD') : undefined);

/** A wall time on a fixed day: the picker shows only hours and minutes, and early January has no clock change. */
export function toPickerTime(time: string | null): Dayjs | null {
  const minutes = time === null ? null : wallTimeToMinutes(time);
  return minutes === null ? null : dayjs('2000-01-03T00:00').hour(Math.floor(minutes / 60)).minute(minutes % 60);
}
export const fromPickerTime = (value: Dayjs | null | undefined): string | undefined =>
  value ? minutesToWallTime(value.hour() * 60 + value.minute()) : undefined;

export const fromNumber = (value: number | null | undefined): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

export const fromText = (value: string | null | undefined): string | undefined => value ?? undefined;

/** Chainage is typed as `k+mmm.mmm`; the contract takes metres. */
export const toChainageText = (metres: number): string => formatChainage(metres);
export const fromChainageText = (text: string | null | undefined): number | undefined => (text ? (parseChainage(text) ?? undefined) : undefined);
