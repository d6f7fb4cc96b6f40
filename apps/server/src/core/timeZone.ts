/**
 * Wall-clock arithmetic in IANA time zones with nothing but `Intl.DateTimeFormat`.
 * Instants are epoch milliseconds (UTC); days, shifts, weeks and months are cut in the project's
 * zone, so a day there lasts 23 or 25 hours on daylight-saving changes.
 */

/** A wall-clock reading: month 1–12, hour 0–23. `ms` is optional on input and kept through conversions. */
export interface ZonedTime {
  y: number;
  m: number;
  d: number;
  h: number;
  min: number;
  s: number;
  ms?: number;
}

/** A calendar day of UTC; local days are 23–25 h (see `localDayRange`). */
export const DAY_MS = 86_400_000;

// Building a formatter costs far more than formatting with it; reports convert many instants.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let fmt = formatters.get(timeZone);
  if (fmt === undefined) {
    fmt = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      era: 'short',
    });
    formatters.set(timeZone, fmt);
  }
  return fmt;
}

/** Throws a RangeError for a zone name the runtime does not know (the same error Intl throws). */
export function assertTimeZone(timeZone: string): void {
  formatterOf(timeZone);
}

export function utcToZoned(ts: number, timeZone: string): ZonedTime {
  const out: ZonedTime = { y: 0, m: 0, d: 0, h: 0, min: 0, s: 0, ms: mod(ts, 1000) };
  let bc = false;
  for (const part of formatterOf(timeZone).formatToParts(ts)) {
    switch (part.type) {
      case 'year':
        out.y = Number(part.value);
        break;
      case 'month':
        out.m = Number(part.value);
        break;
      case 'day':
        out.d = Number(part.value);
        break;
      case 'hour':
        // Some engines still print midnight as 24 despite h23.
        out.h = Number(part.value) % 24;
        break;
      case 'minute':
        out.min = Number(part.value);
        break;
      case 'second':
        out.s = Number(part.value);
        break;
      case 'era':
        bc = part.value.startsWith('B');
        break;
      default:
        break;
    }
  }
  if (bc) out.y = 1 - out.y;
  return out;
}

/** The wall clock read as if it were UTC: the arithmetic base of every conversion below. */
function wallAsUtc(t: ZonedTime): number {
  const date = new Date(0);
  // setUTCFullYear keeps years 0–99 literal, unlike Date.UTC.
  date.setUTCFullYear(t.y, t.m - 1, t.d);
  date.setUTCHours(t.h, t.min, t.s, t.ms ?? 0);
  return date.getTime();
}

/** The zone's offset from UTC at an instant, in ms (east positive). */
export function zoneOffset(ts: number, timeZone: string): number {
  return wallAsUtc(utcToZoned(ts, timeZone)) - ts;
}

/**
 * The instant a wall-clock time names. A time skipped by a spring-forward change is moved forward
 * by the size of the gap (02:30 → 03:30), as clocks and calendar apps do; a time repeated by a
 * fall-back change takes the earlier of its two instants.
 */
export function zonedToUtc(t: ZonedTime, timeZone: string): number {
  const local = wallAsUtc(t);
  // Offsets a day either side are the ones in force around any transition near this time.
  const before = zoneOffset(local - DAY_MS, timeZone);
  const after = zoneOffset(local + DAY_MS, timeZone);
  let best: number | null = null;
  for (const offset of before === after ? [before] : [before, after]) {
    const candidate = local - offset;
    if (zoneOffset(candidate, timeZone) === offset && (best === null || candidate < best)) best = candidate;
  }
  if (best !== null) return best;
  // In a gap: reading the wall clock with the offset before the change lands after the gap.
  return local - before;
}

/** The first instant of the local day containing `ts`. */
export function startOfLocalDay(ts: number, timeZone: string): number {
  const t = utcToZoned(ts, timeZone);
  return zonedToUtc({ y: t.y, m: t.m, d: t.d, h: 0, min: 0, s: 0 }, timeZone);
}

/** A local calendar date, normalised (31 Jan + 1 → 1 Feb). */
export interface LocalDate {
  y: number;
  m: number;
  d: number;
}

export function shiftLocalDate(date: LocalDate, days: number): LocalDate {
  const moved = new Date(wallAsUtc({ ...date, h: 12, min: 0, s: 0 }) + days * DAY_MS);
  return { y: moved.getUTCFullYear(), m: moved.getUTCMonth() + 1, d: moved.getUTCDate() };
}

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Parses 'YYYY-MM-DD'; throws RangeError on anything else (input is validated at the contract). */
export function parseLocalDate(date: string): LocalDate {
  const match = DATE_RE.exec(date);
  if (match === null) throw new RangeError(`Invalid local date: ${date}`);
  const parsed = { y: Number(match[1]), m: Number(match[2]), d: Number(match[3]) };
  const normalised = shiftLocalDate(parsed, 0);
  if (normalised.m !== parsed.m || normalised.d !== parsed.d) throw new RangeError(`Invalid local date: ${date}`);
  return parsed;
}

export function formatLocalDate(date: LocalDate): string {
  return `${String(date.y).padStart(4, '0')}-${String(date.m).padStart(2, '0')}-${String(date.d).padStart(2, '0')}`;
}

/** The local calendar date ('YYYY-MM-DD') of an instant. */
export function localDateOf(ts: number, timeZone: string): string {
  return formatLocalDate(utcToZoned(ts, timeZone));
}

/** The instants bounding a local day, end exclusive: 23 h or 25 h long on daylight-saving days. */
export function localDayRange(date: string, timeZone: string): { start: number; end: number } {
  const day = parseLocalDate(date);
  const next = shiftLocalDate(day, 1);
  return {
    start: zonedToUtc({ ...day, h: 0, min: 0, s: 0 }, timeZone),
    end: zonedToUtc({ ...next, h: 0, min: 0, s: 0 }, timeZone),
  };
}

/**
 * The same wall-clock time `days` local days later (or earlier): across a daylight-saving change
 * this is 23 or 25 hours per day, not 24. A wall time that does not exist on the target day moves
 * forward, as in `zonedToUtc`.
 */
export function addLocalDays(ts: number, days: number, timeZone: string): number {
  const t = utcToZoned(ts, timeZone);
  const date = shiftLocalDate(t, days);
  return zonedToUtc({ ...t, ...date }, timeZone);
}

/** Minutes since local midnight of a wall time 'HH:mm'; throws RangeError when malformed. */
export function parseWallTime(hhmm: string): number {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(hhmm);
  if (match === null) throw new RangeError(`Invalid wall time: ${hhmm}`);
  return Number(match[1]) * 60 + Number(match[2]);
}

/** The instant of a wall time given in minutes since midnight on a local date. */
export function zonedMinutesToUtc(date: LocalDate, minutes: number, timeZone: string): number {
  return zonedToUtc({ ...date, h: Math.floor(minutes / 60), min: minutes % 60, s: 0 }, timeZone);
}

function mod(a: number, b: number): number {
  return ((a % b) + b) % b;
}
