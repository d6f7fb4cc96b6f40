import { z } from 'zod';
import { defineEndpoint } from '../../core/endpoint.js';
import { pageOf, PageQuerySchema } from '../../core/pagination.js';
import { LIMITS } from '../../limits.js';
import { SUBSYSTEMS } from '../../telemetry/tagTypes.js';
import { RunIdSchema } from '../project/project.contract.js';

/**
 * Part alarm settings: per run and monitored point (a catalogue tag of the machine's subsystems),
 * the thresholds and switches the alarms use. A point without a saved setting shows the
 * catalogue's working range as its warning band, switched off.
 */
export const WarnSettingSchema = z.object({
  runId: z.number().int(),
  tagCode: z.string(),
  subsystem: z.enum(SUBSYSTEMS),
  /** In the caller's language. */
  name: z.string(),
  unit: z.string(),
  precision: z.number().int(),
  rangeMin: z.number(),
  rangeMax: z.number(),
  enabled: z.boolean(),
  notify: z.boolean(),
  lowAlarm: z.number().nullable(),
  lowWarn: z.number().nullable(),
  highWarn: z.number().nullable(),
  highAlarm: z.number().nullable(),
  delaySeconds: z.number().int(),
  /** Null while the point still has its defaults. */
  updatedAt: z.number().int().nullable(),
  updatedBy: z.string().nullable(),
});
export type WarnSetting = z.infer<typeof WarnSettingSchema>;

const ThresholdSchema = z
  .number({ error: 'validation.number' })
  .finite({ error: 'validation.number' })
  .min(-LIMITS.thresholdAbsMax, { error: 'validation.number' })
  .max(LIMITS.thresholdAbsMax, { error: 'validation.number' })
  .nullable();

/** Thresholds must be ordered: low alarm ≤ low warning < high warning ≤ high alarm (each where set). */
export function thresholdsOrdered(v: { lowAlarm: number | null; lowWarn: number | null; highWarn: number | null; highAlarm: number | null }): boolean {
  const set = [v.lowAlarm, v.lowWarn, v.highWarn, v.highAlarm];
  let previous = -Infinity;
  for (const [i, value] of set.entries()) {
    if (value === null) continue;
    // Between the two warning thresholds the band must be open; the alarm thresholds may equal them.
    if (i === 2 ? value <= previous : value < previous) return false;
    previous = value;
  }
  return true;
}

export const WarnSettingUpdateSchema = z
  .object({
    runId: RunIdSchema,
    tagCode: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }).max(LIMITS.tagCodeMaxLength),
    enabled: z.boolean(),
    notify: z.boolean(),
    lowAlarm: ThresholdSchema,
    lowWarn: ThresholdSchema,
    highWarn: ThresholdSchema,
    highAlarm: ThresholdSchema,
    delaySeconds: z
      .number({ error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.integer') })
      .int({ error: 'validation.integer' })
      .refine((v) => v >= 0 && v <= LIMITS.warnDelayMaxSeconds, {
        error: 'validation.integerRange',
        params: { min: 0, max: LIMITS.warnDelayMaxSeconds },
      }),
  })
  .refine(thresholdsOrdered, { error: 'admin.warnSetting.unordered', path: ['highWarn'] })
  .refine((v) => !v.enabled || [v.lowAlarm, v.lowWarn, v.highWarn, v.highAlarm].some((x) => x !== null), {
    error: 'admin.warnSetting.noThreshold',
    path: ['highWarn'],
  });

export const warnSettingPage = defineEndpoint({
  id: 'admin.warnSettingPage',
  base: 'project',
  method: 'POST',
  path: '/u/web/emWarnSetting/page/v1',
  permission: 'admin.warnSetting.read',
  summary: "The monitored points of a run's machine with their alarm thresholds and switches; filter by subsystem, name or code, and switch",
  input: PageQuerySchema.extend({
    runId: RunIdSchema,
    subsystem: z.enum(SUBSYSTEMS).optional(),
    keyword: z.string().trim().max(LIMITS.tagCodeMaxLength).optional(),
    enabled: z.boolean().optional(),
  }),
  output: pageOf(WarnSettingSchema),
});

export const warnSettingUpdate = defineEndpoint({
  id: 'admin.warnSettingUpdate',
  base: 'project',
  method: 'POST',
  path: '/u/web/emWarnSetting/update/v1',
  permission: 'admin.warnSetting.write',
  summary: 'Saves the thresholds and switches of one monitored point of a run',
  input: WarnSettingUpdateSchema,
  output: WarnSettingSchema,
});
