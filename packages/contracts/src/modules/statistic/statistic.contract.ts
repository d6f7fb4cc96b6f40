import { z } from 'zod';
import { defineEndpoint } from '../../core/endpoint.js';
import { LIMITS } from '../../limits.js';
import { MACHINE_STATES, MACHINE_TYPES, SUBSYSTEMS, TAG_KINDS } from '../../telemetry/tagTypes.js';
import { LocalDateSchema, ProgressPointSchema } from '../project/board.contract.js';
import { STOP_REASONS } from '../project/dictionary.contract.js';
import { RunIdSchema } from '../project/project.contract.js';
import { PERIOD_UNITS, RingNoSchema, XLSX_CONTENT_TYPE } from '../report/periodReport.contract.js';

/**
 * Statistics of a run (spec §2 statistic, §7): progress with a forecast, efficiency by ring, the
 * curves of one or several rings, historical analysis (per-ring min / mean / max of chosen tags) and
 * the ring statistics table, each with its Excel export. Ring selections are limited by view
 * (spec §5, §9): 10 rings overlaid, 50 rings in the historical table, 200 rings in the efficiency
 * and historical charts; an excavation chainage range spans at most 10 m. The ring statistics
 * table pages through up to the ring report's limit. Every chart series holds at most `maxPoints`.
 */

/** Where a ring selection is used, and so how many rings it may hold. */
export const RING_VIEWS = ['efficiency', 'historyChart', 'historyTable', 'ringTable'] as const;
export type RingView = (typeof RING_VIEWS)[number];

export const RING_VIEW_MAX: Record<RingView, number> = {
  efficiency: LIMITS.ringSelectionMaxLongView,
  historyChart: LIMITS.ringSelectionMaxLongView,
  historyTable: LIMITS.ringSelectionMaxShortView,
  ringTable: LIMITS.ringReportMax,
};

const ChainageSchema = z
  .number({ error: 'validation.number' })
  .finite({ error: 'validation.number' })
  .min(-LIMITS.chainageAbsMaxMetres, { error: 'validation.invalid' })
  .max(LIMITS.chainageAbsMaxMetres, { error: 'validation.invalid' });

/** A start and an end ring, both required, start not above end, at most `max` rings. */
const ringRangeShape = { ringStart: RingNoSchema, ringEnd: RingNoSchema };
const checkRingRange =
  (max: number, at: string[] = []) =>
  (v: { ringStart: number; ringEnd: number }, ctx: z.core.$RefinementCtx) => {
    if (v.ringStart > v.ringEnd) ctx.addIssue({ code: 'custom', message: 'statistic.range.ringStartAboveEnd', path: [...at, 'ringEnd'] });
    else if (v.ringEnd - v.ringStart + 1 > max) ctx.addIssue({ code: 'custom', message: 'statistic.range.tooManyRings', path: [...at, 'ringEnd'], params: { max } });
  };

export const RingRangeQuerySchema = z.object({ runId: RunIdSchema, ...ringRangeShape }).superRefine(checkRingRange(RING_VIEW_MAX.efficiency));

/** Rings by number, or the rings an excavation chainage range (at most 10 m) passes through. */
export const StatRangeSchema = z.discriminatedUnion(
  'by',
  [
    z.object({ by: z.literal('ring'), ...ringRangeShape }),
    z
      .object({ by: z.literal('chainage'), chainageStart: ChainageSchema, chainageEnd: ChainageSchema })
      .superRefine((v, ctx) => {
        if (v.chainageStart > v.chainageEnd) ctx.addIssue({ code: 'custom', message: 'statistic.range.chainageStartAboveEnd', path: ['chainageEnd'] });
        else if (v.chainageEnd - v.chainageStart > LIMITS.tunnellingRangeMaxMetres)
          ctx.addIssue({ code: 'custom', message: 'statistic.range.chainageTooLong', path: ['chainageEnd'], params: { max: LIMITS.tunnellingRangeMaxMetres } });
      }),
  ],
  { error: 'validation.invalid' },
);
export type StatRange = z.infer<typeof StatRangeSchema>;

const TagCodeSchema = z.string().min(1, { error: 'validation.required' }).max(LIMITS.tagCodeMaxLength, { error: 'validation.invalid' });
const tagList = (max: number) =>
  z
    .array(TagCodeSchema)
    .min(1, { error: 'statistic.tags.required' })
    .max(max, { error: 'statistic.tags.tooMany' })
    .refine((tags) => new Set(tags).size === tags.length, { error: 'validation.invalid' });

// ---------------------------------------------------------------------------------------------
// Tag groups and rings for the pickers

export const PointTagSchema = z.object({
  code: z.string(),
  subsystem: z.enum(SUBSYSTEMS),
  kind: z.enum(TAG_KINDS),
  unit: z.string(),
  precision: z.number().int(),
  /** Translated parts (i18n keys of the `telemetry` catalogue), as in the tag catalogue. */
  name: z.object({ subject: z.string(), index: z.string().optional(), quantity: z.string() }),
  /** An own tag's name in the reader's language (own tags have no catalogue name). */
  label: z.string().optional(),
});
export type PointTag = z.infer<typeof PointTagSchema>;

export const PointGroupsSchema = z.object({
  machineType: z.enum(MACHINE_TYPES),
  /** Subsystems in catalogue order, each with its measured tags (flags and levels left out). */
  groups: z.array(z.object({ subsystem: z.enum(SUBSYSTEMS), tags: z.array(PointTagSchema) })),
});
export type PointGroups = z.infer<typeof PointGroupsSchema>;

export const pointGroups = defineEndpoint({
  id: 'statistic.pointGroups',
  base: 'project',
  method: 'GET',
  path: '/u/web/statistic/getPointsGrp/v1',
  permission: 'statistic.read',
  summary: "The tags a run's machine records that statistics can chart, grouped by subsystem, with units and decimals",
  input: z.object({ runId: RunIdSchema }),
  output: PointGroupsSchema,
});

export const RingOptionSchema = z.object({
  ringNo: z.number().int(),
  start: z.number().int(),
  end: z.number().int(),
  startChainage: z.number().nullable(),
  endChainage: z.number().nullable(),
});
export type RingOption = z.infer<typeof RingOptionSchema>;

export const RingListSchema = z.object({
  timeZone: z.string(),
  /** Metres per ring. */
  ringWidth: z.number(),
  /** Completed rings, ascending. */
  rings: z.array(RingOptionSchema),
});
export type RingList = z.infer<typeof RingListSchema>;

export const ringList = defineEndpoint({
  id: 'statistic.ringList',
  base: 'project',
  method: 'GET',
  path: '/u/web/statistic/getRingSegList/v1',
  permission: 'statistic.read',
  summary: "A run's completed rings with their span and chainage, for ring and chainage pickers",
  input: z.object({ runId: RunIdSchema }),
  output: RingListSchema,
});

// ---------------------------------------------------------------------------------------------
// Progress

export const ProgressListQuerySchema = z
  .object({ runId: RunIdSchema, unit: z.enum(PERIOD_UNITS, { error: 'validation.invalid' }), from: LocalDateSchema, to: LocalDateSchema })
  .refine((v) => v.from <= v.to, { error: 'validation.rangeOrder', path: ['to'] })
  .refine((v) => (Date.parse(v.to) - Date.parse(v.from)) / 86_400_000 <= LIMITS.progressDaysMax, { error: 'validation.rangeTooLong', path: ['to'] });

export const ProgressListSchema = z.object({
  unit: z.enum(PERIOD_UNITS),
  timeZone: z.string(),
  /** One row per day, week (from Monday) or month of the range; cumulative figures count from the drive's first ring. */
  rows: z.array(
    ProgressPointSchema.extend({
      /** Null, as the planned rings, when basic info sets no plan. */
      plannedMetres: z.number().nullable(),
      cumulativeMetres: z.number(),
      cumulativePlannedRings: z.number().nullable(),
    }),
  ),
  summary: z.object({
    /** Rings of the whole drive (basic info). */
    totalRings: z.number().int(),
    builtRings: z.number().int(),
    remainingRings: z.number().int(),
    builtMetres: z.number(),
    /** 0–1 of the drive's rings. */
    progress: z.number(),
    /**
     * Mean rings per calendar day over the last `rateDays` local days up to now, today included
     * (over fewer days when the drive's first ring began within them); null: none ended then.
     */
    ratePerDay: z.number().nullable(),
    rateDays: z.number().int(),
    /** The local date the last ring is built on at that rate (null: no rate, or already complete). */
    forecastFinish: z.string().nullable(),
    /** From basic info; null when not set. */
    plannedCompletion: z.string().nullable(),
    plannedRingsPerDay: z.number().nullable(),
  }),
});
export type ProgressList = z.infer<typeof ProgressListSchema>;

export const progressList = defineEndpoint({
  id: 'statistic.progressList',
  base: 'project',
  method: 'POST',
  path: '/u/web/statistic/progressList/v1',
  permission: 'statistic.read',
  summary: `Rings and metres per day, week or month against plan, cumulative since the drive's start, and the finish date forecast at the recent rate (at most ${LIMITS.progressDaysMax} days)`,
  input: ProgressListQuerySchema,
  output: ProgressListSchema,
});

// ---------------------------------------------------------------------------------------------
// Efficiency by ring

const StateTimes = { durationMs: z.number().int(), advanceMs: z.number().int(), ringBuildMs: z.number().int(), waitingMs: z.number().int() };

export const EfficiencyRingSchema = z.object({
  ringNo: z.number().int(),
  start: z.number().int(),
  end: z.number().int(),
  ...StateTimes,
  /** Mean advance speed while advancing, mm/min. */
  speedAvg: z.number().nullable(),
});

export const EfficiencySchema = z.object({
  timeZone: z.string(),
  rings: z.array(EfficiencyRingSchema),
  /** Rings completed per local date over the range's days. */
  days: z.array(z.object({ date: z.string(), rings: z.number().int() })),
  summary: z.object({
    rings: z.number().int(),
    avgDurationMs: z.number().nullable(),
    avgAdvanceMs: z.number().nullable(),
    avgRingBuildMs: z.number().nullable(),
    avgWaitingMs: z.number().nullable(),
    /** Rings per calendar day between the first ring's start and the last ring's end. */
    ringsPerDay: z.number().nullable(),
    /** Mean of the rings' advance speeds weighted by advance time, mm/min. */
    avgSpeed: z.number().nullable(),
  }),
});
export type Efficiency = z.infer<typeof EfficiencySchema>;

export const efficiencyGraph = defineEndpoint({
  id: 'statistic.efficiencyGraph',
  base: 'project',
  method: 'POST',
  path: '/u/web/statistic/effGraph/v1',
  permission: 'statistic.read',
  summary: `Time per ring split into advance, ring building and standby, rings per day and mean advance speed over a ring range (at most ${RING_VIEW_MAX.efficiency} rings)`,
  input: RingRangeQuerySchema,
  output: EfficiencySchema,
});

export const SlowRingSchema = EfficiencyRingSchema.extend({
  /** Standby of the ring by the reason the shift reports give, longest first; null: no report explains it. */
  stopReasons: z.array(z.object({ reason: z.enum(STOP_REASONS).nullable(), durationMs: z.number().int() })),
});
export type SlowRing = z.infer<typeof SlowRingSchema>;

export const ringWorkList = defineEndpoint({
  id: 'statistic.ringWorkList',
  base: 'project',
  method: 'POST',
  path: '/u/web/statistic/ringWorkList/v1',
  permission: 'statistic.read',
  summary: `The slowest rings of a ring range (at most ${RING_VIEW_MAX.efficiency} rings), slowest first, with their standby by stop reason`,
  input: z
    .object({ runId: RunIdSchema, ...ringRangeShape, limit: z.number().int().min(1).max(50).default(10) })
    .superRefine(checkRingRange(RING_VIEW_MAX.efficiency)),
  output: z.array(SlowRingSchema),
});

// ---------------------------------------------------------------------------------------------
// Single and multiple ring curves

export const RING_AXES = ['time', 'stroke'] as const;
export type RingAxis = (typeof RING_AXES)[number];

export const RingCurvesQuerySchema = z.object({
  runId: RunIdSchema,
  rings: z
    .array(RingNoSchema)
    .min(1, { error: 'statistic.rings.required' })
    .max(LIMITS.ringSelectionMaxMultiRing, { error: 'statistic.rings.tooMany' })
    .refine((rings) => new Set(rings).size === rings.length, { error: 'statistic.rings.duplicate' }),
  tags: tagList(LIMITS.statisticCurveTagsMax),
  /** time: ms since the ring's start; stroke: mean thrust-cylinder stroke in mm, advance frames only. */
  axis: z.enum(RING_AXES, { error: 'validation.invalid' }).default('time'),
  maxPoints: z.number().int().min(10).max(LIMITS.seriesPointsMax).default(LIMITS.seriesPointsDefault),
});
export type RingCurvesQuery = z.input<typeof RingCurvesQuerySchema>;

export const RingCurvesSchema = z.object({
  axis: z.enum(RING_AXES),
  timeZone: z.string(),
  rings: z.array(
    z.object({
      ringNo: z.number().int(),
      start: z.number().int(),
      end: z.number().int(),
      /** Frames stored for the ring (0: the machine sent none that were kept, so there are no curves). */
      frames: z.number().int(),
      /** Machine states over the ring, on the time axis (ms since the ring's start); empty on the stroke axis. */
      bands: z.array(z.object({ state: z.enum(MACHINE_STATES), from: z.number(), to: z.number() })),
      /** One per requested tag, in order: [x, value] pairs, at most `maxPoints`. */
      series: z.array(z.object({ code: z.string(), points: z.array(z.tuple([z.number(), z.number()])) })),
    }),
  ),
});
export type RingCurves = z.infer<typeof RingCurvesSchema>;

export const ringCurves = defineEndpoint({
  id: 'statistic.ringCurves',
  base: 'project',
  method: 'POST',
  path: '/u/web/statistic/getRingGraphData/v1',
  permission: 'statistic.read',
  summary: `Curves of chosen tags over one ring or up to ${LIMITS.ringSelectionMaxMultiRing} rings on a common axis (time since ring start, or stroke), with the machine states of each ring`,
  input: RingCurvesQuerySchema,
  output: RingCurvesSchema,
});

export const exportRingCurves = defineEndpoint({
  id: 'statistic.exportRingCurves',
  base: 'project',
  method: 'POST',
  path: '/u/web/statistic/exportRingData/v1',
  permission: 'statistic.read',
  summary: "Every stored frame of the chosen rings and tags as an Excel workbook (one sheet per ring, times on the project's clock); no frames answers code 3",
  input: RingCurvesQuerySchema,
  output: z.string(),
  response: 'raw',
  rawContentType: XLSX_CONTENT_TYPE,
});

// ---------------------------------------------------------------------------------------------
// Historical analysis and the ring statistics table

export const RING_STAT_SORTS = ['ringNo', 'durationMs', 'advanceMs', 'ringBuildMs', 'waitingMs', 'speedAvg', 'tag'] as const;
export const TAG_STATS = ['min', 'avg', 'max'] as const;
export type TagStat = (typeof TAG_STATS)[number];

export const RingStatsQuerySchema = z
  .object({
    runId: RunIdSchema,
    view: z.enum(['historyChart', 'historyTable', 'ringTable'], { error: 'validation.invalid' }),
    range: StatRangeSchema,
    tags: tagList(LIMITS.statisticTagsMax),
    /** Only rings that took at least / at most this many minutes. */
    minDurationMinutes: z.number().min(0).max(100_000).optional(),
    maxDurationMinutes: z.number().min(0).max(100_000).optional(),
    sort: z.enum(RING_STAT_SORTS).default('ringNo'),
    /** With sort `tag`: which tag (one of `tags`) and which of its statistics. */
    sortTag: z.string().optional(),
    sortStat: z.enum(TAG_STATS).default('avg'),
    order: z.enum(['asc', 'desc']).default('asc'),
    page: z.number().int().min(1).default(1),
    pageSize: z.number().int().min(1).max(LIMITS.ringSelectionMaxLongView).default(50),
  })
  .superRefine((v, ctx) => {
    if (v.range.by === 'ring') checkRingRange(RING_VIEW_MAX[v.view], ['range'])(v.range, ctx);
    if (v.minDurationMinutes !== undefined && v.maxDurationMinutes !== undefined && v.minDurationMinutes > v.maxDurationMinutes)
      ctx.addIssue({ code: 'custom', message: 'validation.rangeOrder', path: ['maxDurationMinutes'] });
    if (v.sort === 'tag' && (!v.sortTag || !v.tags.includes(v.sortTag))) ctx.addIssue({ code: 'custom', message: 'validation.invalid', path: ['sortTag'] });
  });
export type RingStatsQuery = z.input<typeof RingStatsQuerySchema>;

export const RingStatsRowSchema = z.object({
  ringNo: z.number().int(),
  start: z.number().int(),
  end: z.number().int(),
  ...StateTimes,
  startChainage: z.number().nullable(),
  endChainage: z.number().nullable(),
  speedAvg: z.number().nullable(),
  /** Per requested tag, in order: [min, mean, max] over the ring's advance; null when the tag had no value then. */
  stats: z.array(z.tuple([z.number(), z.number(), z.number()]).nullable()),
});
export type RingStatsRow = z.infer<typeof RingStatsRowSchema>;

export const RingStatsSchema = z.object({
  timeZone: z.string(),
  /** Rings in the range that pass the filters (the page is a slice of them). */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  rows: z.array(RingStatsRowSchema),
  /** Over all `total` rings, per requested tag: lowest min, mean of means, highest max (null: no values). */
  overall: z.array(z.tuple([z.number(), z.number(), z.number()]).nullable()),
});
export type RingStats = z.infer<typeof RingStatsSchema>;

export const ringStats = defineEndpoint({
  id: 'statistic.ringStats',
  base: 'project',
  method: 'POST',
  path: '/u/web/statistic/getRingStats/v1',
  permission: 'statistic.read',
  summary: `Per ring: times, chainage and min / mean / max of chosen tags over the advance, for a ring range (at most ${RING_VIEW_MAX.historyTable} rings in the historical table, ${RING_VIEW_MAX.historyChart} in its chart, ${RING_VIEW_MAX.ringTable} in the ring statistics table) or a chainage range of at most ${LIMITS.tunnellingRangeMaxMetres} m; filtered, sorted, paged`,
  input: RingStatsQuerySchema,
  output: RingStatsSchema,
});

export const exportRingStats = defineEndpoint({
  id: 'statistic.exportRingStats',
  base: 'project',
  method: 'POST',
  path: '/u/web/statistic/exportRingDataStats/v1',
  permission: 'statistic.read',
  summary: "Every ring a ring-statistics query selects (all pages) with min / mean / max of its tags, as an Excel workbook in the caller's language; none answers code 3",
  input: RingStatsQuerySchema,
  output: z.string(),
  response: 'raw',
  rawContentType: XLSX_CONTENT_TYPE,
});

export const statisticEndpoints = [pointGroups, ringList, progressList, efficiencyGraph, ringWorkList, ringCurves, exportRingCurves, ringStats, exportRingStats] as const;
