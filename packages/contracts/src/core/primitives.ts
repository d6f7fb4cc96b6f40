import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { isChainage, parseChainage } from './chainage.js';

/**
 * Validators of spec §5 shared by forms, server and Excel import. Messages are i18n keys of the
 * `validation` catalogue; the server and the web translate them.
 */
export const PATTERNS = {
  phone: /^\d{1,20}$/,
  email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
  integer: /^-?\d+$/,
  number: /^-?\d+(?:\.\d+)?$/,
  idCard: /^(?:\d{15}|\d{17}[\dXx])$/,
} as const;

/** Checks the 18-character resident ID check digit (ISO 7064 MOD 11-2); 15-digit legacy IDs have none. */
export function isIdCard(text: string): boolean {
  if (!PATTERNS.idCard.test(text)) return false;
  if (text.length === 15) return true;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const checks = '10X98765432';
  let sum = 0;
  for (let i = 0; i < 17; i += 1) sum += Number(text[i]) * (weights[i] ?? 0);
  return checks[sum % 11] === text[17]?.toUpperCase();
}

const required = (schema: z.ZodString) => schema.trim().min(1, { error: 'validation.required' });

export const PhoneSchema = required(z.string({ error: 'validation.required' })).regex(PATTERNS.phone, {
  error: 'validation.phone',
});

export const EmailSchema = required(z.string({ error: 'validation.required' }))
  .max(LIMITS.emailMaxLength, { error: 'validation.maxLength' })
  .regex(PATTERNS.email, { error: 'validation.email' })
  .transform((v) => v.toLowerCase());

export const IdCardSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .refine(isIdCard, { error: 'validation.idCard' });

/** An integer typed as text (forms, query strings, Excel cells) or as a number. */
export const IntegerSchema = z.union([
  z.number().int({ error: 'validation.integer' }),
  z
    .string()
    .trim()
    .regex(PATTERNS.integer, { error: 'validation.integer' })
    .transform((v) => Number(v)),
], { error: 'validation.integer' });

/** A decimal number typed as text or as a number. */
export const NumberSchema = z.union([
  z.number({ error: 'validation.number' }).finite({ error: 'validation.number' }),
  z
    .string()
    .trim()
    .regex(PATTERNS.number, { error: 'validation.number' })
    .transform((v) => Number(v)),
], { error: 'validation.number' });

/**
 * Sort numbers are integers greater than 0 (spec §5, §9). A number only: `"2"` or `true` in a JSON
 * body is refused (the server reads a query string's digits as numbers before the contract).
 */
export const SortNumberSchema = z
  .number({ error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.sortNumber') })
  .int({ error: 'validation.sortNumber' })
  .min(LIMITS.sortNumberMin, { error: 'validation.sortNumber' });

/**
 * For text-only inputs (the fields of a multipart form): digits are read as the number `schema`
 * checks; anything else is left for `schema` to refuse with its own message.
 */
export const digitsAsNumber = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' && PATTERNS.integer.test(value.trim()) ? Number(value) : value), schema);

/** Ring numbers and segment/tail values: integers of 0 or more (numbers only, as sort numbers). */
export const NonNegativeIntegerSchema = z
  .number({ error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.nonNegativeInteger') })
  .int({ error: 'validation.nonNegativeInteger' })
  .min(0, { error: 'validation.nonNegativeInteger' });

/** Chainage written `12+345.678`, parsed to metres. */
export const ChainageSchema = z
  .string({ error: 'validation.required' })
  .refine(isChainage, { error: 'validation.chainage' })
  .transform((v) => parseChainage(v) ?? 0);

export const PasswordSchema = z
  .string({ error: 'validation.required' })
  .min(LIMITS.passwordMinLength, { error: 'validation.passwordLength' })
  .max(LIMITS.passwordMaxLength, { error: 'validation.passwordLength' });

/** A required free-text name of at most `max` characters. */
export const nameSchema = (max: number) =>
  required(z.string({ error: 'validation.required' })).max(max, { error: 'validation.maxLength' });

/** Instants travel as epoch milliseconds (UTC). */
export const EpochMsSchema = z.number().int().min(0);

/** Both passwords of a form must match ('The two passwords are inconsistent'). */
export function passwordsMatch<T extends { newPassword: string; confirmPassword: string }>(value: T): boolean {
  return value.newPassword === value.confirmPassword;
}
export const PASSWORD_MISMATCH: { error: string; path: PropertyKey[] } = {
  error: 'validation.passwordMismatch',
  path: ['confirmPassword'],
};

const LOCAL_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real day of the Gregorian calendar written `YYYY-MM-DD` (2026-02-30 is not one); such strings sort in date order. */
export function isLocalDate(text: string): boolean {
  const match = LOCAL_DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const WALL_TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** A wall-clock time of day `HH:mm` (00:00–23:59), read in the project's time zone. */
export const WallTimeSchema = z.string({ error: 'validation.required' }).trim().regex(WALL_TIME, { error: 'validation.time' });

/** Minutes after midnight of `HH:mm` (null when the text is not a time of day). */
export function wallTimeToMinutes(text: string): number | null {
  const match = WALL_TIME.exec(text);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/** `HH:mm` of minutes after midnight (wrapping at 24 h). */
export function minutesToWallTime(minutes: number): string {
  const m = ((Math.round(minutes) % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

/** The runtime's canonical spelling of an IANA zone name, or null when it knows no such zone. */
export function canonicalTimeZone(name: string): string | null {
  // Offsets (`+01:00`) are valid for Intl in newer runtimes but are not places: no daylight-saving rules.
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/.test(name)) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** An IANA time zone (`Europe/Rome`), known to the runtime's Intl, in its canonical spelling. */
export const TimeZoneSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required', abort: true })
  .refine((v) => canonicalTimeZone(v) !== null, { error: 'validation.timeZone' })
  .transform((v) => canonicalTimeZone(v) ?? v);

// Region codes CLDR names that are not countries (unions, pseudo-locales, "unknown").
const NOT_COUNTRIES = new Set(['EU', 'EZ', 'UN', 'QO', 'XA', 'XB', 'ZZ']);
// Made on first use: a module-level `new` would keep this code in every bundle that imports the contracts.
let regionNames: Intl.DisplayNames | null = null;

/** An assigned ISO 3166-1 alpha-2 country code (upper case). */
export function isCountryCode(code: string): boolean {
  regionNames ??= new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  return /^[A-Z]{2}$/.test(code) && !NOT_COUNTRIES.has(code) && regionNames.of(code) !== undefined;
}

/** A country as an ISO 3166-1 alpha-2 code; lower case is accepted and upper-cased. */
export const CountryCodeSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .toUpperCase()
  .refine(isCountryCode, { error: 'validation.country' });

/** Required free text of at most `max` characters, trimmed (spec §5 "… required"). */
export const requiredText = (max: number) =>
  z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(max, { error: 'validation.maxLength' });

/** Free text that may be left empty (empty becomes null). */
export const optionalText = (max: number) =>
  z
    .string({ error: 'validation.invalid' })
    .trim()
    .max(max, { error: 'validation.maxLength' })
    .nullish()
    .transform((v) => (v ? v : null));

/** An object's id in an input: a positive integer, "required" when missing. */
export const PositiveIdSchema = z
  .number({ error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.invalid') })
  .int({ error: 'validation.invalid' })
  .positive({ error: 'validation.invalid' });
