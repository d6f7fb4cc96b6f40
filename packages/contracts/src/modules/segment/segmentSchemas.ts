import { z } from 'zod';
import { digitsAsNumber, optionalText, PositiveIdSchema } from '../../core/primitives.js';
import { LIMITS } from '../../limits.js';
import { IMPORT_MODES, ImportReportSchema, ProgressKeySchema } from '../imports/imports.contract.js';
import { RunIdSchema } from '../project/project.contract.js';

/**
 * Segment attitude and tail clearance (issue 23, spec §1, §2 `fw1/segment/*`, `fw1/statistic/segment`
 * and `tail`, §3, §5, §7): per ring of a run, the lining's attitude after the build (signed
 * deviations from the design axis, segment type, ring width, key-block position), the tail gap
 * (clearance up, down, left, right) and the tail clearance before and after the ring is built.
 * One record per ring and dataset. A record is `draft` when the machine's guidance filled it at the
 * ring's end, `confirmed` once a person entered, imported or confirmed it.
 *
 * Sign convention (said in the forms and the templates): horizontal deviation > 0 right of the
 * design axis looking in the drive's direction, < 0 left; elevation deviation > 0 above, < 0 below.
 * Millimetres, whole numbers.
 */

export const SEGMENT_LIMITS = {
  deviationMmAbsMax: LIMITS.segmentDeviationMmAbsMax,
  clearanceMmMax: LIMITS.tailClearanceMmMax,
  ringWidthMmMax: LIMITS.ringWidthMmMax,
  kPositionMaxLength: LIMITS.kBlockPositionMaxLength,
  segmentTypeMaxLength: LIMITS.segmentTypeMaxLength,
  remarkMaxLength: LIMITS.remarkMaxLength,
  ringNoMax: LIMITS.ringsTotalMax,
  /** Rings of one statistics query or export (the statistics' long view). */
  statsRingsMax: LIMITS.ringSelectionMaxLongView,
  /** Ids of one batch delete. */
  batchMax: 200,
  /** Rings of one list export. */
  exportRingsMax: 5_000,
  importMaxBytes: LIMITS.segmentImportMaxBytes,
  /** K positions of a universal ring (clock positions, 1 = top, clockwise looking in the drive's direction). */
  kPositionsMax: 32,
} as const;

export const RECORD_STATES = ['draft', 'confirmed'] as const;
export type RecordState = (typeof RECORD_STATES)[number];

export const RECORD_SOURCES = ['manual', 'import', 'machine'] as const;
export type RecordSource = (typeof RECORD_SOURCES)[number];

/** A ring's band against the run's tolerances. */
export const BANDS = ['ok', 'warning', 'alarm'] as const;
export type Band = (typeof BANDS)[number];

export const SegmentIdSchema = PositiveIdSchema;

/** Spec §5: ring number integer 0 or more. */
export const RingNoSchema = z
  .number({ error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.nonNegativeInteger') })
  .int({ error: 'validation.nonNegativeInteger' })
  .min(0, { error: 'validation.nonNegativeInteger' })
  .max(SEGMENT_LIMITS.ringNoMax, { error: 'validation.maxValue' });

/** Spec §5: clearances integer 0 or more (mm). */
export const ClearanceSchema = z
  .number({ error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.nonNegativeInteger') })
  .int({ error: 'validation.nonNegativeInteger' })
  .min(0, { error: 'validation.nonNegativeInteger' })
  .max(SEGMENT_LIMITS.clearanceMmMax, { error: 'validation.maxValue' });

/** Signed deviation in mm (the sign is kept: left/right, below/above). */
export const DeviationSchema = z
  .number({ error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.integer') })
  .int({ error: 'validation.integer' })
  .min(-SEGMENT_LIMITS.deviationMmAbsMax, { error: 'validation.minValue' })
  .max(SEGMENT_LIMITS.deviationMmAbsMax, { error: 'validation.maxValue' });

// Segment attitude -------------------------------------------------------------------------------

export const SegmentPoseFieldsSchema = z.object({
  runId: RunIdSchema,
  ringNo: RingNoSchema,
  /** Metres along the alignment (null: taken from the ring's chainage when the machine knows it). */
  chainage: z.number({ error: 'validation.number' }).finite({ error: 'validation.number' }).nullish().transform((v) => v ?? null),
  horizontalDeviation: DeviationSchema,
  elevationDeviation: DeviationSchema,
  remark: optionalText(SEGMENT_LIMITS.remarkMaxLength),
  segmentType: optionalText(SEGMENT_LIMITS.segmentTypeMaxLength),
  ringWidth: z
    .number({ error: 'validation.positiveInteger' })
    .int({ error: 'validation.positiveInteger' })
    .positive({ error: 'validation.positiveInteger' })
    .max(SEGMENT_LIMITS.ringWidthMmMax, { error: 'validation.maxValue' })
    .nullish()
    .transform((v) => v ?? null),
  kPosition: optionalText(SEGMENT_LIMITS.kPositionMaxLength),
});
export type SegmentPoseFields = z.infer<typeof SegmentPoseFieldsSchema>;

const recordMeta = {
  id: z.number().int(),
  runId: z.number().int(),
  ringNo: z.number().int(),
  state: z.enum(RECORD_STATES),
  source: z.enum(RECORD_SOURCES),
  /** The worst band of the record against the run's tolerances. */
  band: z.enum(BANDS),
  updatedAt: z.number(),
  updatedBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
};

export const SegmentPoseSchema = z.object({
  ...recordMeta,
  chainage: z.number().nullable(),
  horizontalDeviation: z.number().int(),
  elevationDeviation: z.number().int(),
  remark: z.string().nullable(),
  segmentType: z.string().nullable(),
  ringWidth: z.number().int().nullable(),
  kPosition: z.string().nullable(),
});
export type SegmentPose = z.infer<typeof SegmentPoseSchema>;

// Tail gap ---------------------------------------------------------------------------------------

export const TailGapFieldsSchema = z.object({
  runId: RunIdSchema,
  ringNo: RingNoSchema,
  up: ClearanceSchema,
  down: ClearanceSchema,
  left: ClearanceSchema,
  right: ClearanceSchema,
  remark: optionalText(SEGMENT_LIMITS.remarkMaxLength),
});
export type TailGapFields = z.infer<typeof TailGapFieldsSchema>;

export const TailGapSchema = z.object({
  ...recordMeta,
  up: z.number().int(),
  down: z.number().int(),
  left: z.number().int(),
  right: z.number().int(),
  remark: z.string().nullable(),
});
export type TailGap = z.infer<typeof TailGapSchema>;

// Tail clearance (before and after the ring's build) ---------------------------------------------

const optionalClearance = ClearanceSchema.nullish().transform((v) => v ?? null);

export const TailClearanceFieldsSchema = z.object({
  runId: RunIdSchema,
  ringNo: RingNoSchema,
  upBefore: ClearanceSchema,
  downBefore: ClearanceSchema,
  leftBefore: ClearanceSchema,
  rightBefore: ClearanceSchema,
  upAfter: optionalClearance,
  downAfter: optionalClearance,
  leftAfter: optionalClearance,
  rightAfter: optionalClearance,
  remark: optionalText(SEGMENT_LIMITS.remarkMaxLength),
});
export type TailClearanceFields = z.infer<typeof TailClearanceFieldsSchema>;

/** The after-build set is given whole or not at all. */
export const afterAllOrNone = <T extends z.ZodType<{ upAfter: number | null; downAfter: number | null; leftAfter: number | null; rightAfter: number | null }>>(schema: T) =>
  schema.refine(
    (v) => {
      const given = [v.upAfter, v.downAfter, v.leftAfter, v.rightAfter].filter((x) => x !== null).length;
      return given === 0 || given === 4;
    },
    { error: 'imports.rowRule.afterAllOrNone', path: ['upAfter'] },
  );

export const TailClearanceSchema = z.object({
  ...recordMeta,
  upBefore: z.number().int(),
  downBefore: z.number().int(),
  leftBefore: z.number().int(),
  rightBefore: z.number().int(),
  upAfter: z.number().int().nullable(),
  downAfter: z.number().int().nullable(),
  leftAfter: z.number().int().nullable(),
  rightAfter: z.number().int().nullable(),
  remark: z.string().nullable(),
});
export type TailClearance = z.infer<typeof TailClearanceSchema>;

// Lists, deletes, imports -------------------------------------------------------------------------

export const RingRangeFilterSchema = z.object({
  runId: RunIdSchema,
  ringStart: RingNoSchema.optional(),
  ringEnd: RingNoSchema.optional(),
  state: z.enum(RECORD_STATES, { error: 'validation.invalid' }).optional(),
  band: z.enum(BANDS, { error: 'validation.invalid' }).optional(),
});

/** Spec §5: the start ring is not above the end ring. */
export const ringsInOrder = <T extends z.ZodType<{ ringStart?: number | undefined; ringEnd?: number | undefined }>>(schema: T) =>
  schema.refine((v) => v.ringStart === undefined || v.ringEnd === undefined || v.ringStart <= v.ringEnd, { error: 'validation.rangeOrder', path: ['ringEnd'] });

export const RecordRefSchema = z.object({ runId: RunIdSchema, id: SegmentIdSchema });

/** A batch delete's ids: a list in the query string (`ids=1&ids=2` or `ids=1,2`), at most 200. */
export const BatchRefSchema = z.object({
  runId: RunIdSchema,
  ids: z.preprocess(
    (value) => (typeof value === 'string' ? value.split(',').filter((v) => v.trim() !== '').map((v) => (/^\d+$/.test(v.trim()) ? Number(v.trim()) : v)) : Array.isArray(value) ? value.map((v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v)) : value),
    z.array(SegmentIdSchema, { error: 'validation.required' }).min(1, { error: 'validation.required' }).max(SEGMENT_LIMITS.batchMax, { error: 'validation.maxItems' }),
  ),
});

/** What an import does with rings already stored: ask (nothing written, the duplicates answered), replace them, or skip those rows. */
export const DUPLICATE_CHOICES = ['ask', 'replace', 'skip'] as const;
export type DuplicateChoice = (typeof DUPLICATE_CHOICES)[number];

/**
 * The multipart fields of a segment or tail import: the run, the ring range the file covers
 * (spec §5: start ring below end ring; rows outside it are refused; rings inside it the file lacks
 * are listed), what to do with stored rings, the import mode and progress key.
 */
export const SegmentImportFormSchema = z
  .object({
    runId: digitsAsNumber(RunIdSchema),
    ringStart: digitsAsNumber(RingNoSchema),
    ringEnd: digitsAsNumber(RingNoSchema),
    duplicates: z.enum(DUPLICATE_CHOICES, { error: 'validation.invalid' }).default('ask'),
    mode: z.enum(IMPORT_MODES, { error: 'validation.invalid' }).default('all'),
    progressKey: ProgressKeySchema.optional(),
  })
  .refine((v) => v.ringStart < v.ringEnd, { error: 'segment.refused.startNotBelowEnd', path: ['ringEnd'] });
export type SegmentImportForm = z.infer<typeof SegmentImportFormSchema>;

export const SegmentImportReportSchema = ImportReportSchema.extend({
  /** Rings of the file already stored (with `ask`: nothing was written; ask replace or skip). */
  duplicates: z.array(z.number().int()),
  /** True when the import stopped to ask about `duplicates`. */
  needsDecision: z.boolean(),
  /** Rings of the range the file does not hold (and the run does not either): listed, never filled. */
  missingRings: z.array(z.number().int()),
  replaced: z.number().int(),
  skipped: z.number().int(),
});
export type SegmentImportReport = z.infer<typeof SegmentImportReportSchema>;

// Tolerances -------------------------------------------------------------------------------------

/** A run's tolerance bands (mm): |deviation| above warn/alarm; clearance below warn/alarm; left/right or top/bottom imbalance above warn/alarm. */
export const ToleranceSchema = z.object({
  deviationWarnMm: z.number().int(),
  deviationAlarmMm: z.number().int(),
  clearanceWarnMm: z.number().int(),
  clearanceAlarmMm: z.number().int(),
  imbalanceWarnMm: z.number().int(),
  imbalanceAlarmMm: z.number().int(),
  /** Raise an alarm (alarm engine) for a ring in the alarm band. */
  raiseAlarms: z.boolean(),
  /** The universal ring's geometry for the advisor (null: assumed from the run's diameter and ring width). */
  taperMm: z.number().nullable(),
  outerDiameterMm: z.number().int().nullable(),
  /** Number of key-block positions around the ring (K1 at the top, clockwise). */
  kPositionCount: z.number().int().nullable(),
});
export type Tolerance = z.infer<typeof ToleranceSchema>;

export const DEFAULT_TOLERANCE: Tolerance = {
  deviationWarnMm: 50,
  deviationAlarmMm: 100,
  clearanceWarnMm: 20,
  clearanceAlarmMm: 15,
  imbalanceWarnMm: 20,
  imbalanceAlarmMm: 30,
  raiseAlarms: true,
  taperMm: null,
  outerDiameterMm: null,
  kPositionCount: null,
};

const mm = z
  .number({ error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.nonNegativeInteger') })
  .int({ error: 'validation.nonNegativeInteger' })
  .min(0, { error: 'validation.nonNegativeInteger' })
  .max(SEGMENT_LIMITS.deviationMmAbsMax, { error: 'validation.maxValue' });

export const ToleranceInputSchema = z
  .object({
    runId: RunIdSchema,
    deviationWarnMm: mm,
    deviationAlarmMm: mm,
    clearanceWarnMm: mm,
    clearanceAlarmMm: mm,
    imbalanceWarnMm: mm,
    imbalanceAlarmMm: mm,
    raiseAlarms: z.boolean({ error: 'validation.invalid' }).default(true),
    taperMm: z
      .number({ error: 'validation.number' })
      .positive({ error: 'validation.positiveNumber' })
      .max(200, { error: 'validation.maxValue' })
      .nullish()
      .transform((v) => v ?? null),
    outerDiameterMm: z
      .number({ error: 'validation.positiveInteger' })
      .int({ error: 'validation.positiveInteger' })
      .min(1000, { error: 'validation.minValue' })
      .max(20_000, { error: 'validation.maxValue' })
      .nullish()
      .transform((v) => v ?? null),
    kPositionCount: z
      .number({ error: 'validation.positiveInteger' })
      .int({ error: 'validation.positiveInteger' })
      .min(2, { error: 'validation.minValue' })
      .max(SEGMENT_LIMITS.kPositionsMax, { error: 'validation.maxValue' })
      .nullish()
      .transform((v) => v ?? null),
  })
  .refine((v) => v.deviationWarnMm <= v.deviationAlarmMm, { error: 'segment.refused.warnAboveAlarm', path: ['deviationAlarmMm'] })
  .refine((v) => v.imbalanceWarnMm <= v.imbalanceAlarmMm, { error: 'segment.refused.warnAboveAlarm', path: ['imbalanceAlarmMm'] })
  .refine((v) => v.clearanceAlarmMm <= v.clearanceWarnMm, { error: 'segment.refused.clearanceAlarmAboveWarn', path: ['clearanceAlarmMm'] });
