/** Display formats of spec §9 (dayjs tokens). All instants travel as epoch milliseconds (UTC). */
export const DATE_FORMATS = {
  dateTimeSeconds: 'DD/MM/YYYY HH:mm:ss',
  dateTime: 'DD/MM/YYYY HH:mm',
  dayMonthTime: 'DD/MM HH:mm',
  date: 'DD/MM/YYYY',
  monthYear: 'MM/YYYY',
  dayMonth: 'DD/MM',
} as const;
export type DateFormat = (typeof DATE_FORMATS)[keyof typeof DATE_FORMATS];

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/**
 * Formats calendar fields (already in the wanted time zone) with one of the spec formats.
 * The web formats through dayjs with time zones; this is for the server's texts and exports.
 */
export function formatDateParts(
  parts: { year: number; month: number; day: number; hour: number; minute: number; second: number },
  format: DateFormat,
): string {
  const tokens: Record<string, string> = {
    YYYY: pad(parts.year, 4),
    MM: pad(parts.month),
    DD: pad(parts.day),
    HH: pad(parts.hour),
    mm: pad(parts.minute),
    ss: pad(parts.second),
  };
  return format.replace(/YYYY|MM|DD|HH|mm|ss/g, (t) => tokens[t] ?? t);
}

/** Calendar fields of an instant in an IANA time zone. */
export function zonedParts(epochMs: number, timeZone: string) {
  const fmt = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  const get = (type: Intl.DateTimeFormatPartTypes): number =>
    Number(fmt.formatToParts(epochMs).find((p) => p.type === type)?.value ?? 0);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  };
}

export const formatInstant = (epochMs: number, timeZone: string, format: DateFormat): string =>
  formatDateParts(zonedParts(epochMs, timeZone), format);
