import { z } from 'zod';
import { isLocalDate, PATTERNS } from '../../core/primitives.js';
import { LIMITS } from '../../limits.js';

/**
 * The field kinds of a project's forms (basic info, run administration): empty optional fields
 * become null; numbers are JSON numbers only (text such as "12" is refused, as everywhere).
 */

export const requiredNumber = (message: string) => (issue: { input: unknown }) => (issue.input === undefined || issue.input === null ? 'validation.required' : message);

export { optionalText } from '../../core/primitives.js';

/** A calendar date `YYYY-MM-DD` that may be left empty. */
export const optionalDate = z
  .string({ error: 'validation.date' })
  .trim()
  .refine((v) => v === '' || isLocalDate(v), { error: 'validation.date' })
  .nullish()
  .transform((v) => (v ? v : null));

/** A phone number (spec §5: digits only, at most 20) that may be left empty. */
export const optionalPhone = z
  .string({ error: 'validation.phone' })
  .trim()
  .refine((v) => v === '' || PATTERNS.phone.test(v), { error: 'validation.phone' })
  .nullish()
  .transform((v) => (v ? v : null));

/** A physical quantity greater than 0 that may be left empty; a number, never text. */
export const optionalMeasure = z
  .number({ error: 'validation.number' })
  .finite({ error: 'validation.number' })
  .positive({ error: 'validation.positiveNumber' })
  .max(LIMITS.measureMax, { error: 'validation.number' })
  .nullish()
  .transform((v) => v ?? null);

export const positiveInteger = (max: number) =>
  z
    .number({ error: requiredNumber('validation.positiveInteger') })
    .int({ error: 'validation.positiveInteger' })
    .positive({ error: 'validation.positiveInteger' })
    .max(max, { error: 'validation.integer' });
