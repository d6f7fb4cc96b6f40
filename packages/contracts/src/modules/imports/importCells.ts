import { z } from 'zod';
import { isChainage, parseChainage } from '../../core/chainage.js';
import { IntegerSchema, isLocalDate, NumberSchema } from '../../core/primitives.js';
import { LIMITS } from '../../limits.js';

/**
 * Cell validators of imported sheets, built on the contracts' primitives so a sheet is held to the
 * rules of the forms. A cell arrives as a sheet reader gives it — text, a number, a yes/no (dates
 * as `YYYY-MM-DD` text) — and never empty: emptiness is the template's `required` flag. Messages
 * are i18n keys; `params` fill their placeholders.
 */

/** What a non-empty sheet cell may hold. */
export type CellInput = string | number | boolean;

const Scalar = z.union([z.string(), z.number(), z.boolean()]);

/** Free text of at most `max` characters; numbers typed in a text column are read as text. */
export const textCell = (max: number) =>
  Scalar.transform((v) => String(v).trim()).pipe(z.string().max(max, { error: 'validation.maxLength' }));

/** A whole number of 0 or more, at most `max` (ring numbers, clearances). */
export const nonNegativeIntegerCell = (max: number) =>
  IntegerSchema.pipe(z.number().min(0, { error: 'validation.nonNegativeInteger' }).max(max, { error: 'validation.maxValue' }));

/** A whole number from 1 to `max`. */
export const positiveIntegerCell = (max: number) =>
  IntegerSchema.pipe(z.number().min(1, { error: 'validation.positiveInteger' }).max(max, { error: 'validation.maxValue' }));

/** A signed whole number between -`max` and `max` (deviations from the design axis). */
export const signedIntegerCell = (max: number) =>
  IntegerSchema.pipe(z.number().refine((v) => Math.abs(v) <= max, { error: 'imports.cell.range', params: { min: -max, max } }));

/** A number greater than 0, at most `max` (quantities). */
export const positiveNumberCell = (max: number) =>
  NumberSchema.pipe(z.number().gt(0, { error: 'validation.positiveNumber' }).max(max, { error: 'validation.maxValue' }));

/** A chainage written `12+345.678`, or plain metres; in metres. */
export const chainageCell = Scalar.transform((v, ctx) => {
  const metres = typeof v === 'number' ? v : typeof v === 'string' && isChainage(v) ? parseChainage(v) : null;
  if (metres === null || !Number.isFinite(metres) || Math.abs(metres) > LIMITS.chainageAbsMaxMetres) {
    ctx.addIssue({ code: 'custom', message: 'validation.chainage' });
    return z.NEVER;
  }
  return metres;
});

const DAY_FIRST = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const MIDNIGHT = /^(\d{4}-\d{2}-\d{2})(?: 00:00(?::00)?)?$/;

/** `YYYY-MM-DD` of a date cell: a date the sheet holds, or text `YYYY-MM-DD` or `DD/MM/YYYY` (spec §9). */
export function localDateOf(value: CellInput): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  const iso = MIDNIGHT.exec(text)?.[1];
  if (iso) return isLocalDate(iso) ? iso : null;
  const dayFirst = DAY_FIRST.exec(text);
  if (!dayFirst) return null;
  const date = `${dayFirst[3]}-${(dayFirst[2] ?? '').padStart(2, '0')}-${(dayFirst[1] ?? '').padStart(2, '0')}`;
  return isLocalDate(date) ? date : null;
}

/** A calendar day, as `YYYY-MM-DD`. */
export const localDateCell = Scalar.transform((v, ctx) => {
  const date = localDateOf(v);
  if (date === null) {
    ctx.addIssue({ code: 'custom', message: 'validation.date' });
    return z.NEVER;
  }
  return date;
});

/** One code of a dictionary; the server maps a name in any of the six languages to its code first. */
export const choiceCell = <const C extends readonly [string, ...string[]]>(codes: C) => z.enum(codes, { error: 'imports.cell.choice' });
