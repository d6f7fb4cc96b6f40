import { type DateFormat, formatChainage } from '@boreline/contracts';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { useMemo } from 'react';
import { useLocale, useT } from './i18n.js';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Spec §9: numbers show 2 decimals unless a screen says otherwise. */
export const DEFAULT_DECIMALS = 2;

const numberFormats = new Map<string, Intl.NumberFormat>();
const cachedFormat = (locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat => {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format;
};

/** A number in the reader's locale (decimal comma in Italian, German…), 2 decimals by default. */
export function formatNumber(value: number, locale: string, decimals: number = DEFAULT_DECIMALS): string {
  return cachedFormat(locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(value);
}

const KIB = 1024;
const MIB = 1024 * KIB;

/**
 * A file size in the reader's locale (`2 MB`, `500 kB`), counted in binary units as the limits of
 * spec §9 are (1 MB = 1,048,576 bytes), so a limit reads as it was written.
 */
export function formatBytes(bytes: number, locale: string): string {
  const [value, unit] = bytes >= MIB ? [bytes / MIB, 'megabyte'] : bytes >= KIB ? [bytes / KIB, 'kilobyte'] : [bytes, 'byte'];
  return cachedFormat(locale, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 }).format(value);
}

/** A share 0–1 as a percentage with 2 decimals (`45.12%`, `45,12 %`). */
export function formatPercent(share: number, locale: string, decimals: number = DEFAULT_DECIMALS): string {
  return cachedFormat(locale, { style: 'percent', minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(share);
}

/** An instant (epoch ms) on the project's clock: sites in other time zones read their own local time. */
export function formatInstant(epochMs: number, timeZone: string, format: DateFormat): string {
  return dayjs(epochMs).tz(timeZone).format(format);
}

/** A local calendar date `YYYY-MM-DD` (already in the project's zone) in one of the spec's formats. */
export function formatLocalDate(date: string, format: DateFormat): string {
  return dayjs(date).format(format);
}

/** Today's date on the project's clock, `YYYY-MM-DD`. */
export function localToday(timeZone: string, now: number = Date.now()): string {
  return dayjs(now).tz(timeZone).format('YYYY-MM-DD');
}

/** Calendar arithmetic on a local date (no clock involved, so daylight-saving days do not matter). */
export function shiftLocalDate(date: string, amount: number, unit: 'day' | 'week' | 'month'): string {
  return dayjs(date).add(amount, unit).format('YYYY-MM-DD');
}

/** A country (ISO 3166 code) named in the reader's language; the code itself where the runtime has no name. */
export function countryName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * A duration as hours and minutes, `h:mm` (`125:05` for a month of standby): the notation site
 * staff add up on paper and in Excel, which days-and-hours texts would not allow.
 */
export function formatHm(ms: number): string {
  const minutes = Math.max(0, Math.round(ms / 60_000));
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
}

/** Monday of the week holding a local date: weeks run Monday to Sunday whatever the reader's locale. */
export function mondayOf(date: string): string {
  const day = dayjs(date);
  return day.subtract((day.day() + 6) % 7, 'day').format('YYYY-MM-DD');
}

/** Whole days, hours and minutes of a duration. */
export function splitDuration(ms: number): { days: number; hours: number; minutes: number } {
  const minutesTotal = Math.max(0, Math.floor(ms / 60_000));
  return { days: Math.floor(minutesTotal / 1440), hours: Math.floor((minutesTotal % 1440) / 60), minutes: minutesTotal % 60 };
}

/** The formatters of the reader's language, for tables and boards. */
export function useFormat() {
  const t = useT();
  const locale = useLocale();
  return useMemo(
    () => ({
      locale,
      number: (value: number, decimals: number = DEFAULT_DECIMALS) => formatNumber(value, locale, decimals),
      percent: (share: number) => formatPercent(share, locale),
      chainage: (metres: number | null) => (metres === null ? '—' : formatChainage(metres)),
      country: (code: string) => countryName(code, locale),
      /** Long spans as days and hours, short ones as hours and minutes. */
      duration: (ms: number) => {
        const { days, hours, minutes } = splitDuration(ms);
        if (days > 0) return t('project.duration.daysHours', { days, hours });
        if (hours > 0) return t('project.duration.hoursMinutes', { hours, minutes });
        return t('project.duration.minutes', { minutes });
      },
    }),
    [locale, t],
  );
}

/** A zone's offset from UTC at an instant (now by default), `+01:00`: daylight saving moves it. */
export function zoneOffset(timeZone: string, at: number = Date.now()): string {
  return dayjs(at).tz(timeZone).format('Z');
}
