import { z } from 'zod';
import { defineEndpoint } from '../../core/endpoint.js';
import { nameSchema, PATTERNS, WallTimeSchema, wallTimeToMinutes } from '../../core/primitives.js';
import { LIMITS } from '../../limits.js';
import { RunIdSchema } from './project.contract.js';

/**
 * Shift definitions of a run (spec §3 Shift, §5): wall-clock times `HH:mm` in the project's time
 * zone. A shift whose end is earlier than its start runs past midnight (19:00–07:00); a shift
 * cannot start and end at the same time, and the shifts of a run never overlap.
 */

const DAY_MINUTES = 1440;

export const ShiftSchema = z.object({
  /** Null for the defaults a run shows before anyone saved its shifts. */
  shiftId: z.number().int().nullable(),
  name: z.string(),
  start: z.string(),
  end: z.string(),
  handoverTime: z.string(),
  responsiblePerson: z.string().nullable(),
  contact: z.string().nullable(),
  crossesMidnight: z.boolean(),
  /** Nominal length; on daylight-saving days a night shift lasts an hour less or more. */
  durationMinutes: z.number().int(),
});
export type Shift = z.infer<typeof ShiftSchema>;

export const ShiftSetSchema = z.object({
  runId: z.number().int(),
  /** The zone the wall times are read in. */
  timeZone: z.string(),
  /** True while the run has no saved shifts: the two 12-hour defaults are shown. */
  isDefault: z.boolean(),
  shifts: z.array(ShiftSchema),
});
export type ShiftSet = z.infer<typeof ShiftSetSchema>;

/** The shifts of a run that has saved none: two 12-hour shifts, handed over at their start. */
export const DEFAULT_SHIFT_TIMES = [
  { kind: 'day', start: '07:00', end: '19:00', handoverTime: '07:00' },
  { kind: 'night', start: '19:00', end: '07:00', handoverTime: '19:00' },
] as const;

/** Minutes a shift lasts by the clock (end before start: it ends the next day). */
export function shiftMinutes(start: string, end: string): number {
  const from = wallTimeToMinutes(start) ?? 0;
  const to = wallTimeToMinutes(end) ?? 0;
  return (((to - from) % DAY_MINUTES) + DAY_MINUTES) % DAY_MINUTES;
}

/** The first pair of shifts sharing a minute of the day, in list order; null when none do. */
export function findShiftOverlap<T extends { start: string; end: string }>(shifts: readonly T[]): [T, T] | null {
  const spans = shifts.map((shift) => ({ shift, from: wallTimeToMinutes(shift.start) ?? 0, length: shiftMinutes(shift.start, shift.end) }));
  for (const [i, a] of spans.entries()) {
    for (const b of spans.slice(i + 1)) {
      // On the 24-hour circle: compare b shifted a day back, as it is, and a day on.
      const overlaps = [-DAY_MINUTES, 0, DAY_MINUTES].some((shift) => {
        const from = b.from + shift;
        return from < a.from + a.length && a.from < from + b.length;
      });
      if (overlaps && a.length > 0 && b.length > 0) return [a.shift, b.shift];
    }
  }
  return null;
}

const ShiftInputSchema = z
  .object({
    /** The saved shift this row edits; rows without one are new shifts. */
    shiftId: z.number({ error: 'validation.invalid' }).int({ error: 'validation.invalid' }).positive({ error: 'validation.invalid' }).nullish(),
    name: nameSchema(LIMITS.shiftNameMaxLength),
    start: WallTimeSchema,
    end: WallTimeSchema,
    handoverTime: WallTimeSchema,
    responsiblePerson: z
      .string({ error: 'validation.invalid' })
      .trim()
      .max(LIMITS.personNameMaxLength, { error: 'validation.maxLength' })
      .nullish()
      .transform((v) => (v ? v : null)),
    contact: z
      .string({ error: 'validation.phone' })
      .trim()
      .refine((v) => v === '' || PATTERNS.phone.test(v), { error: 'validation.phone' })
      .nullish()
      .transform((v) => (v ? v : null)),
  })
  .refine((s) => s.start !== s.end, { error: 'project.shift.sameStartEnd', path: ['end'] });

export const ShiftSaveSchema = z
  .object({
    runId: RunIdSchema,
    shifts: z
      .array(ShiftInputSchema, { error: 'validation.required' })
      .min(LIMITS.shiftsMin, { error: 'project.shift.none' })
      .max(LIMITS.shiftsMax, { error: 'project.shift.tooMany' }),
  })
  .superRefine((value, ctx) => {
    const names = new Set<string>();
    const ids = new Set<number>();
    for (const [i, shift] of value.shifts.entries()) {
      const name = shift.name.toLowerCase();
      if (names.has(name)) ctx.addIssue({ code: 'custom', message: 'validation.duplicateName', path: ['shifts', i, 'name'] });
      names.add(name);
      // Two rows cannot both edit the same saved shift.
      if (shift.shiftId && ids.has(shift.shiftId)) ctx.addIssue({ code: 'custom', message: 'validation.invalid', path: ['shifts', i, 'shiftId'] });
      if (shift.shiftId) ids.add(shift.shiftId);
    }
  });

export const shiftQuery = defineEndpoint({
  id: 'project.shiftQuery',
  base: 'project',
  method: 'GET',
  path: '/u/web/shift/query/v1',
  permission: 'project.shift.read',
  summary: "A run's shift definitions in the project's time zone (two 12-hour defaults until some are saved)",
  input: z.object({ runId: RunIdSchema }),
  output: ShiftSetSchema,
});

export const shiftSave = defineEndpoint({
  id: 'project.shiftSave',
  base: 'project',
  method: 'POST',
  path: '/u/web/shift/save/v1',
  permission: 'project.shift.write',
  summary:
    "Replaces a run's shifts: 1 to 6, unique names, start ≠ end (a shift may run past midnight), none overlapping; rows with a shiftId keep their identity",
  input: ShiftSaveSchema,
  output: ShiftSetSchema,
});

export const shiftEndpoints = [shiftQuery, shiftSave] as const;
