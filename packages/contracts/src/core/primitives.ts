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

/** Sort numbers are integers greater than 0 (spec §5, §9). */
export const SortNumberSchema = z.coerce
  .number({ error: 'validation.sortNumber' })
  .int({ error: 'validation.sortNumber' })
  .min(LIMITS.sortNumberMin, { error: 'validation.sortNumber' });

/** Ring numbers and segment/tail values: integers of 0 or more. */
export const NonNegativeIntegerSchema = z.coerce
  .number({ error: 'validation.nonNegativeInteger' })
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
