import { z } from 'zod';
import { isLocalDate, EpochMsSchema, optionalText, PositiveIdSchema, requiredText, WallTimeSchema } from '../../core/primitives.js';
import { LIMITS } from '../../limits.js';
import { MAINTENANCE_CYCLES } from '../project/dictionary.contract.js';
import { RunIdSchema } from '../project/project.contract.js';

/**
 * Preventive maintenance (issue 20, spec §2 `fw1/maintain/*` and `fw1/stm_smtce`, §3, §5, §9):
 * a run's maintenance plans (the items catalogue of the machine: system, part, content, checklist,
 * cycle or counter trigger, reminder) and the records that complete their occurrences. The
 * `maintenance/*` calls of the content page and the `mtce/*` calls of the management pages are two
 * views over the same plans and records.
 */

export const MAINTENANCE_LIMITS = {
  titleMaxLength: LIMITS.maintenanceTitleMaxLength,
  /** System (unit) and component (part). */
  systemMaxLength: LIMITS.maintenanceSystemMaxLength,
  contentMaxLength: LIMITS.maintenanceContentMaxLength,
  remarkMaxLength: LIMITS.remarkMaxLength,
  /** Checklist items of a plan, and the length of each. */
  itemsMax: 30,
  itemMaxLength: 200,
  /** Spec §5: maintained by, checked by, reviewed by. */
  personNameMaxLength: LIMITS.maintenancePersonNameMaxLength,
  reminderContentMaxLength: 200,
  reminderDaysAheadMax: 90,
  counterIntervalMax: 1_000_000,
  /** Longest span of one calendar request (days). */
  calendarDaysMax: 92,
  /** Months of one compliance export. */
  complianceMonthsMax: 24,
  /** Spec §5: a plan import is under 500 KB. */
  importMaxBytes: LIMITS.maintenanceImportMaxBytes - 1,
  /** An overdue plan is told again at most once in this many hours. */
  overdueRepeatHours: 24,
  /** The 10 % rule: an occurrence done within this share of its interval after its due time is on time. */
  onTimeShare: 0.1,
} as const;

export { MAINTENANCE_CYCLES };
export type { MaintenanceCycle } from '../project/dictionary.contract.js';

/** Cycles without a calendar interval: their next time is set by hand (or by the counter). */
export const EVENT_CYCLES = ['initial', 'beforeUse', 'afterUse'] as const;

/** What makes a plan due: the calendar (its cycle), a machine counter, or whichever comes first. */
export const MAINTENANCE_TRIGGERS = ['calendar', 'counter', 'whicheverFirst'] as const;
export type MaintenanceTrigger = (typeof MAINTENANCE_TRIGGERS)[number];

/** Machine counters a plan may follow (DOMAIN.md: meters a TBM offers). */
export const MAINTENANCE_COUNTER_KINDS = ['cutterheadRevolutions', 'driveHours', 'pumpHours', 'ringsBuilt', 'metresAdvanced'] as const;
export type MaintenanceCounterKind = (typeof MAINTENANCE_COUNTER_KINDS)[number];

/** Fixed: the next due time keeps the calendar; floating: it counts from when the work was done. */
export const MAINTENANCE_ANCHORS = ['fixed', 'floating'] as const;
export type MaintenanceAnchor = (typeof MAINTENANCE_ANCHORS)[number];

/** Spec §9 reminder repeat options. */
export const REMINDER_REPEATS = ['weekly', 'monthly', 'quarterly', 'halfYearly', 'yearly'] as const;
export type ReminderRepeat = (typeof REMINDER_REPEATS)[number];

/** State of one occurrence of a plan: not yet due, due (within its window), done on time, overdue, done late. */
export const OCCURRENCE_STATES = ['upcoming', 'due', 'done', 'overdue', 'doneLate'] as const;
export type OccurrenceState = (typeof OCCURRENCE_STATES)[number];

export const ITEM_CONDITIONS = ['normal', 'abnormal'] as const;
export type ItemCondition = (typeof ITEM_CONDITIONS)[number];

export const UserRefSchema = z.object({ id: z.number().int(), name: z.string() });

export const PlanIdSchema = PositiveIdSchema;
export const RecordIdSchema = PlanIdSchema;

/** A plan of a run: the input of every call about one plan (its run is checked first, then the plan inside it). */
export const PlanRefSchema = z.object({ runId: RunIdSchema, id: PlanIdSchema });

export const LocalDateSchema = z.string({ error: 'validation.required' }).refine(isLocalDate, { error: 'validation.date' });

/**
 * A plan's reminder (spec §9): `daysAhead` days before each due time at `pushTime` (HH:mm in the
 * project's time zone) the run's holders of `maintenance.message.read` get `content` as a
 * maintenance message. `repeat` (with `weekday` for weekly, 1 = Monday … 7 = Sunday) is the
 * reminder calendar of plans without a calendar cycle (initial, before/after use, counter plans):
 * they are reminded on that cadence until the work is recorded.
 */
export const ReminderSchema = z.object({
  enabled: z.boolean(),
  content: z.string(),
  daysAhead: z.number().int(),
  pushTime: z.string(),
  repeat: z.enum(REMINDER_REPEATS).nullable(),
  weekday: z.number().int().min(1).max(7).nullable(),
});
export type Reminder = z.infer<typeof ReminderSchema>;

export const ReminderInputSchema = z.object({
  enabled: z.boolean({ error: 'validation.invalid' }).default(true),
  content: requiredText(MAINTENANCE_LIMITS.reminderContentMaxLength),
  daysAhead: z
    .number({ error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.integer') })
    .int({ error: 'validation.integer' })
    .min(0, { error: 'validation.minValue' })
    .max(MAINTENANCE_LIMITS.reminderDaysAheadMax, { error: 'validation.maxValue' })
    .default(1),
  pushTime: WallTimeSchema,
  repeat: z.enum(REMINDER_REPEATS, { error: 'validation.invalid' }).nullish().transform((v) => v ?? null),
  weekday: z
    .number({ error: 'validation.integer' })
    .int({ error: 'validation.integer' })
    .min(1, { error: 'validation.minValue' })
    .max(7, { error: 'validation.maxValue' })
    .nullish()
    .transform((v) => v ?? null),
});
export type ReminderInput = z.infer<typeof ReminderInputSchema>;

/** The counter of a counter-triggered plan now: its value, the value the plan is due at, when that is forecast. */
export const PlanCounterSchema = z.object({
  kind: z.enum(MAINTENANCE_COUNTER_KINDS),
  value: z.number().nullable(),
  dueValue: z.number().nullable(),
  /** Forecast from the counter's recent rate (null when the machine does not move). */
  forecastAt: z.number().nullable(),
});

export const MaintenancePlanSchema = z.object({
  id: z.number().int(),
  runId: z.number().int(),
  title: z.string(),
  cycle: z.enum(MAINTENANCE_CYCLES),
  /** The cycle's name in the reader's language. */
  cycleName: z.string(),
  /** System (unit), component (part), content: unique together within a run. */
  system: z.string(),
  component: z.string().nullable(),
  content: z.string(),
  /** The checklist: each item is checked normal/abnormal by a record. */
  items: z.array(z.string()),
  creator: UserRefSchema.nullable(),
  createdAt: z.number(),
  /** The next due time (null: not scheduled, e.g. an initial plan done). */
  nextTime: z.number().nullable(),
  /** The current occurrence is done (the plan has nothing due until its next time). */
  done: z.boolean(),
  lastDoneAt: z.number().nullable(),
  remark: z.string().nullable(),
  trigger: z.enum(MAINTENANCE_TRIGGERS),
  counterKind: z.enum(MAINTENANCE_COUNTER_KINDS).nullable(),
  counterInterval: z.number().nullable(),
  anchor: z.enum(MAINTENANCE_ANCHORS),
  /** State of the next occurrence now. */
  state: z.enum(OCCURRENCE_STATES),
  counter: PlanCounterSchema.nullable(),
  reminder: ReminderSchema.nullable(),
});
export type MaintenancePlan = z.infer<typeof MaintenancePlanSchema>;

/** The fields of a plan as added, edited or imported. */
export const PlanFieldsSchema = z.object({
    runId: RunIdSchema,
    title: requiredText(MAINTENANCE_LIMITS.titleMaxLength),
    cycle: z.enum(MAINTENANCE_CYCLES, { error: 'validation.required' }),
    system: requiredText(MAINTENANCE_LIMITS.systemMaxLength),
    component: optionalText(MAINTENANCE_LIMITS.systemMaxLength),
    content: requiredText(MAINTENANCE_LIMITS.contentMaxLength),
    items: z
      .array(requiredText(MAINTENANCE_LIMITS.itemMaxLength), { error: 'validation.invalid' })
      .max(MAINTENANCE_LIMITS.itemsMax, { error: 'validation.maxItems' })
      .default([]),
    nextTime: EpochMsSchema.nullish().transform((v) => v ?? null),
    remark: optionalText(MAINTENANCE_LIMITS.remarkMaxLength),
    trigger: z.enum(MAINTENANCE_TRIGGERS, { error: 'validation.invalid' }).default('calendar'),
    counterKind: z.enum(MAINTENANCE_COUNTER_KINDS, { error: 'validation.invalid' }).nullish().transform((v) => v ?? null),
    counterInterval: z
      .number({ error: 'validation.number' })
      .positive({ error: 'validation.minValue' })
      .max(MAINTENANCE_LIMITS.counterIntervalMax, { error: 'validation.maxValue' })
      .nullish()
      .transform((v) => v ?? null),
    anchor: z.enum(MAINTENANCE_ANCHORS, { error: 'validation.invalid' }).default('floating'),
});

/** A counter or whichever-first plan needs its counter kind and interval. */
export const planRules = <T extends z.ZodType<{ trigger: MaintenanceTrigger; counterKind: unknown; counterInterval: unknown }>>(schema: T) =>
  schema
    .refine((v) => v.trigger === 'calendar' || v.counterKind !== null, { error: 'validation.required', path: ['counterKind'] })
    .refine((v) => v.trigger === 'calendar' || v.counterInterval !== null, { error: 'validation.required', path: ['counterInterval'] });

export const PlanInputSchema = planRules(PlanFieldsSchema);
export type PlanInput = z.infer<typeof PlanFieldsSchema>;

export const ChecklistResultInputSchema = z.object({
  text: requiredText(MAINTENANCE_LIMITS.itemMaxLength),
  condition: z.enum(ITEM_CONDITIONS, { error: 'validation.required' }),
  note: optionalText(MAINTENANCE_LIMITS.itemMaxLength),
});

export const MaintenanceRecordSchema = z.object({
  id: z.number().int(),
  runId: z.number().int(),
  planId: z.number().int().nullable(),
  /** The run's project name and machine (spec §3 project, equipment). */
  project: z.string(),
  equipment: z.string(),
  /** The maintenance type (its cycle) and its name in the reader's language. */
  type: z.enum(MAINTENANCE_CYCLES),
  typeName: z.string(),
  /** When the work was done. */
  time: z.number(),
  system: z.string(),
  component: z.string().nullable(),
  content: z.string(),
  done: z.boolean(),
  /** Each checklist item with its condition. */
  items: z.array(z.object({ text: z.string(), condition: z.enum(ITEM_CONDITIONS), note: z.string().nullable() })),
  /** Abnormal when any item is. */
  condition: z.enum(ITEM_CONDITIONS),
  remark: z.string().nullable(),
  maintainedBy: z.string(),
  checkedBy: z.string(),
  reviewedBy: z.string(),
  enteredAt: z.number(),
  enteredBy: UserRefSchema.nullable(),
  /** The occurrence of the plan it completed (its due time) and whether it was late by the 10 % rule. */
  dueAt: z.number().nullable(),
  late: z.boolean(),
});
export type MaintenanceRecord = z.infer<typeof MaintenanceRecordSchema>;

/** Spec §5: type, time, maintained-by, checker, reviewer, content required; each name at most 50 characters. */
export const RecordInputSchema = z.object({
  runId: RunIdSchema,
  planId: PlanIdSchema.nullish().transform((v) => v ?? null),
  type: z.enum(MAINTENANCE_CYCLES, { error: 'validation.required' }),
  time: z.number({ error: 'validation.required' }).int({ error: 'validation.invalid' }).min(0, { error: 'validation.invalid' }),
  system: requiredText(MAINTENANCE_LIMITS.systemMaxLength),
  component: optionalText(MAINTENANCE_LIMITS.systemMaxLength),
  content: requiredText(MAINTENANCE_LIMITS.contentMaxLength),
  done: z.boolean({ error: 'validation.invalid' }).default(true),
  items: z.array(ChecklistResultInputSchema, { error: 'validation.invalid' }).max(MAINTENANCE_LIMITS.itemsMax, { error: 'validation.maxItems' }).default([]),
  remark: optionalText(MAINTENANCE_LIMITS.remarkMaxLength),
  maintainedBy: requiredText(MAINTENANCE_LIMITS.personNameMaxLength),
  checkedBy: requiredText(MAINTENANCE_LIMITS.personNameMaxLength),
  reviewedBy: requiredText(MAINTENANCE_LIMITS.personNameMaxLength),
});
export type RecordInput = z.infer<typeof RecordInputSchema>;

