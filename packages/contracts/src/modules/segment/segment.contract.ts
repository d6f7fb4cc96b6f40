import { z } from 'zod';
export * from './segmentSchemas.js';
import { defineEndpoint } from '../../core/endpoint.js';
import { pageOf, PageQuerySchema } from '../../core/pagination.js';
import { RunIdSchema } from '../project/project.contract.js';
import { XLSX_CONTENT_TYPE } from '../report/periodReport.contract.js';
import {
  afterAllOrNone,
  BANDS,
  BatchRefSchema,
  RecordRefSchema,
  RingNoSchema,
  RingRangeFilterSchema,
  ringsInOrder,
  SEGMENT_LIMITS,
  SegmentIdSchema,
  SegmentImportReportSchema,
  SegmentPoseFieldsSchema,
  SegmentPoseSchema,
  TailClearanceFieldsSchema,
  TailClearanceSchema,
  TailGapFieldsSchema,
  TailGapSchema,
  ToleranceInputSchema,
  ToleranceSchema,
} from './segmentSchemas.js';

/**
 * The segment and tail calls of spec §7 ("Project service: segment and tail"), their imports and
 * exports, the statistics of `fw1/statistic/segment` and `tail`, the run's tolerance bands and the
 * next-ring advisor. Reading needs `segment.data.read`, changing `segment.data.write`, the
 * statistics `statistic.read`. Every id is one of the run's: another run's record is not found.
 * Adding a record for a ring that has one is refused (edit it instead); a draft from the machine is
 * replaced by the first record a person saves for its ring.
 */

const BASE = 'project' as const;

const listInput = ringsInOrder(RingRangeFilterSchema.extend(PageQuerySchema.shape));
const deleteInput = RecordRefSchema;

// Segment attitude -------------------------------------------------------------------------------

export const segmentAdd = defineEndpoint({
  id: 'segment.poseAdd',
  base: BASE,
  method: 'POST',
  path: '/u/web/addStmSegmentPose/v1',
  permission: 'segment.data.write',
  summary: "Records a ring's segment attitude (spec §5: ring number integer ≥ 0; deviations signed, mm); a ring already recorded is refused unless its record is the machine's draft",
  input: SegmentPoseFieldsSchema,
  output: SegmentPoseSchema,
});

export const segmentEdit = defineEndpoint({
  id: 'segment.poseEdit',
  base: BASE,
  method: 'POST',
  path: '/u/web/editStmSegment/v1',
  permission: 'segment.data.write',
  summary: "Changes a ring's segment attitude record (confirming it); moving it to a ring already recorded is refused",
  input: SegmentPoseFieldsSchema.extend({ id: SegmentIdSchema }),
  output: SegmentPoseSchema,
});

export const segmentList = defineEndpoint({
  id: 'segment.poseList',
  base: BASE,
  method: 'POST',
  path: '/u/web/findStmSegmentList/v1',
  permission: 'segment.data.read',
  summary: "A run's segment attitude records by ring range, state and band, newest ring first; paged",
  input: listInput,
  output: pageOf(SegmentPoseSchema),
});

export const segmentDelete = defineEndpoint({
  id: 'segment.poseDelete',
  base: BASE,
  method: 'GET',
  path: '/u/web/deleteStmSegment/v1',
  permission: 'segment.data.write',
  summary: 'Deletes a segment attitude record of the run',
  input: deleteInput,
  output: z.object({ deleted: z.number().int() }),
});

export const segmentDeleteBatch = defineEndpoint({
  id: 'segment.poseDeleteBatch',
  base: BASE,
  method: 'GET',
  path: '/u/web/deleteBatchStmSegment/v1',
  permission: 'segment.data.write',
  summary: `Deletes several segment attitude records of the run (ids as a list, at most ${SEGMENT_LIMITS.batchMax}); all or none: an id not of the run refuses the batch`,
  input: BatchRefSchema,
  output: z.object({ deleted: z.number().int() }),
});

export const ringWidthList = defineEndpoint({
  id: 'segment.ringWidthList',
  base: BASE,
  method: 'GET',
  path: '/u/web/ringWidthList/v1',
  permission: 'segment.data.read',
  summary: "Ring widths (mm) to pick: the run's design ring width first, then those its records use",
  input: z.object({ runId: RunIdSchema }),
  output: z.array(z.number().int()),
});

export const kPosList = defineEndpoint({
  id: 'segment.kPosList',
  base: BASE,
  method: 'GET',
  path: '/u/web/kPosList/v1',
  permission: 'segment.data.read',
  summary: "Key-block positions to pick: the run's positions (from its ring geometry), then any others its records use",
  input: z.object({ runId: RunIdSchema }),
  output: z.array(z.string()),
});

const IMPORT_SUMMARY = (what: string, kind: string) =>
  `Imports ${what} from the \`${kind}\` template (\`GET /u/web/getFilePath/v1/${kind}\`): multipart fields \`runId\`, \`ringStart\` and \`ringEnd\` (start below end; rows outside are refused), \`duplicates\` (ask | replace | skip; ask writes nothing when rings are already stored and answers them), optional \`mode\` and \`progressKey\`, then the .xlsx/.xls \`file\` (at most 2 MB). Rings of the range the file lacks are listed, never filled. Answers the import report in the caller's language`;

export const segmentImport = defineEndpoint({
  id: 'segment.poseImport',
  base: BASE,
  method: 'POST',
  path: '/u/web/segment/import/v1',
  permission: 'segment.data.write',
  summary: IMPORT_SUMMARY('segment attitude', 'stmseg'),
  inputFrom: 'multipart',
  input: z.object({}),
  output: SegmentImportReportSchema,
});

const exportInput = ringsInOrder(RingRangeFilterSchema);

export const segmentExport = defineEndpoint({
  id: 'segment.poseExport',
  base: BASE,
  method: 'POST',
  path: '/u/web/segment/export/v1',
  permission: 'segment.data.read',
  summary: `The run's segment attitude records of a ring range (at most ${SEGMENT_LIMITS.exportRingsMax} rings) as an Excel workbook in the \`stmseg\` template's columns and the caller's language (it imports again), bands coloured; nothing to export is refused (code 3)`,
  input: exportInput,
  output: z.unknown(),
  response: 'raw',
  rawContentType: XLSX_CONTENT_TYPE,
});

export const segmentConfirm = defineEndpoint({
  id: 'segment.poseConfirm',
  base: BASE,
  method: 'POST',
  path: '/u/web/segment/confirm/v1',
  permission: 'segment.data.write',
  summary: "Confirms the machine's draft attitude records of the given ids as they are",
  input: BatchRefSchema,
  output: z.object({ confirmed: z.number().int() }),
});

// Tail gap ---------------------------------------------------------------------------------------

export const tailAdd = defineEndpoint({
  id: 'segment.tailAdd',
  base: BASE,
  method: 'POST',
  path: '/u/web/addStmTailSpace/v1',
  permission: 'segment.data.write',
  summary: "Records a ring's tail gap (spec §5: ring number and clearances integers ≥ 0, mm); a ring already recorded is refused unless its record is the machine's draft",
  input: TailGapFieldsSchema,
  output: TailGapSchema,
});

export const tailEdit = defineEndpoint({
  id: 'segment.tailEdit',
  base: BASE,
  method: 'POST',
  path: '/u/web/editStmTailSpace/v1',
  permission: 'segment.data.write',
  summary: "Changes a ring's tail gap record (confirming it)",
  input: TailGapFieldsSchema.extend({ id: SegmentIdSchema }),
  output: TailGapSchema,
});

export const tailList = defineEndpoint({
  id: 'segment.tailList',
  base: BASE,
  method: 'POST',
  path: '/u/web/findStmTailList/v1',
  permission: 'segment.data.read',
  summary: "A run's tail gap records by ring range, state and band, newest ring first; paged",
  input: listInput,
  output: pageOf(TailGapSchema),
});

export const tailDelete = defineEndpoint({
  id: 'segment.tailDelete',
  base: BASE,
  method: 'GET',
  path: '/u/web/deleteStmTailSpace/v1',
  permission: 'segment.data.write',
  summary: 'Deletes a tail gap record of the run',
  input: deleteInput,
  output: z.object({ deleted: z.number().int() }),
});

export const tailDeleteBatch = defineEndpoint({
  id: 'segment.tailDeleteBatch',
  base: BASE,
  method: 'GET',
  path: '/u/web/deleteBatchStmTail/v1',
  permission: 'segment.data.write',
  summary: `Deletes several tail gap records of the run (at most ${SEGMENT_LIMITS.batchMax}); all or none`,
  input: BatchRefSchema,
  output: z.object({ deleted: z.number().int() }),
});

export const tailImport = defineEndpoint({
  id: 'segment.tailImport',
  base: BASE,
  method: 'POST',
  path: '/u/web/tailSpace/import/v1',
  permission: 'segment.data.write',
  summary: IMPORT_SUMMARY('tail gaps', 'stmtail'),
  inputFrom: 'multipart',
  input: z.object({}),
  output: SegmentImportReportSchema,
});

export const tailExport = defineEndpoint({
  id: 'segment.tailExport',
  base: BASE,
  method: 'POST',
  path: '/u/web/tailSpace/export/v1',
  permission: 'segment.data.read',
  summary: "The run's tail gap records of a ring range as an Excel workbook in the `stmtail` template's columns; nothing to export is refused (code 3)",
  input: exportInput,
  output: z.unknown(),
  response: 'raw',
  rawContentType: XLSX_CONTENT_TYPE,
});

export const tailConfirm = defineEndpoint({
  id: 'segment.tailConfirm',
  base: BASE,
  method: 'POST',
  path: '/u/web/tailSpace/confirm/v1',
  permission: 'segment.data.write',
  summary: "Confirms the machine's draft tail gap records of the given ids as they are",
  input: BatchRefSchema,
  output: z.object({ confirmed: z.number().int() }),
});

// Tail clearance ---------------------------------------------------------------------------------

export const clearanceQueryAll = defineEndpoint({
  id: 'segment.clearanceList',
  base: BASE,
  method: 'POST',
  path: '/u/web/tail/queryAll/v1',
  permission: 'segment.data.read',
  summary: "A run's tail clearance records (before and after the build) by ring range, state and band, newest ring first; paged",
  input: listInput,
  output: pageOf(TailClearanceSchema),
});

export const clearanceAdd = defineEndpoint({
  id: 'segment.clearanceAdd',
  base: BASE,
  method: 'POST',
  path: '/u/web/tail/addTailCleance/v1',
  permission: 'segment.data.write',
  summary: "Records a ring's tail clearance before the build and, whole or not at all, after it (integers ≥ 0, mm)",
  input: afterAllOrNone(TailClearanceFieldsSchema),
  output: TailClearanceSchema,
});

export const clearanceEdit = defineEndpoint({
  id: 'segment.clearanceEdit',
  base: BASE,
  method: 'POST',
  path: '/u/web/tail/editTailCleance/v1',
  permission: 'segment.data.write',
  summary: "Changes a ring's tail clearance record (confirming it)",
  input: afterAllOrNone(TailClearanceFieldsSchema.extend({ id: SegmentIdSchema })),
  output: TailClearanceSchema,
});

export const clearanceDelete = defineEndpoint({
  id: 'segment.clearanceDelete',
  base: BASE,
  method: 'GET',
  path: '/u/web/tail/delete/v1',
  permission: 'segment.data.write',
  summary: 'Deletes a tail clearance record of the run',
  input: deleteInput,
  output: z.object({ deleted: z.number().int() }),
});

export const clearanceDeleteBatch = defineEndpoint({
  id: 'segment.clearanceDeleteBatch',
  base: BASE,
  method: 'GET',
  path: '/u/web/tail/batchDelete/v1',
  permission: 'segment.data.write',
  summary: `Deletes several tail clearance records of the run (at most ${SEGMENT_LIMITS.batchMax}); all or none`,
  input: BatchRefSchema,
  output: z.object({ deleted: z.number().int() }),
});

export const clearanceImport = defineEndpoint({
  id: 'segment.clearanceImport',
  base: BASE,
  method: 'POST',
  path: '/u/web/tail/import/v1',
  permission: 'segment.data.write',
  summary: IMPORT_SUMMARY('tail clearances', 'tailcleance'),
  inputFrom: 'multipart',
  input: z.object({}),
  output: SegmentImportReportSchema,
});

export const clearanceExport = defineEndpoint({
  id: 'segment.clearanceExport',
  base: BASE,
  method: 'POST',
  path: '/u/web/tail/export/v1',
  permission: 'segment.data.read',
  summary: "The run's tail clearance records of a ring range as an Excel workbook in the `tailcleance` template's columns; nothing to export is refused (code 3)",
  input: exportInput,
  output: z.unknown(),
  response: 'raw',
  rawContentType: XLSX_CONTENT_TYPE,
});

export const clearanceConfirm = defineEndpoint({
  id: 'segment.clearanceConfirm',
  base: BASE,
  method: 'POST',
  path: '/u/web/tail/confirm/v1',
  permission: 'segment.data.write',
  summary: "Confirms the machine's draft tail clearance records of the given ids as they are",
  input: BatchRefSchema,
  output: z.object({ confirmed: z.number().int() }),
});

// Statistics -------------------------------------------------------------------------------------

const statsInput = z
  .object({ runId: RunIdSchema, ringStart: RingNoSchema, ringEnd: RingNoSchema })
  .refine((v) => v.ringStart <= v.ringEnd, { error: 'validation.rangeOrder', path: ['ringEnd'] })
  .refine((v) => v.ringEnd - v.ringStart + 1 <= SEGMENT_LIMITS.statsRingsMax, { error: 'validation.tooMany', path: ['ringEnd'] });

/** The share of rings within tolerance (band ok) over the last 10, the last 50 and all rings of the range. */
export const WithinToleranceSchema = z.object({
  last10: z.number().nullable(),
  last50: z.number().nullable(),
  all: z.number().nullable(),
});

const bandCounts = z.object({ ok: z.number().int(), warning: z.number().int(), alarm: z.number().int() });

export const SegmentStatisticsSchema = z.object({
  tolerance: ToleranceSchema,
  rings: z.array(
    z.object({
      ringNo: z.number().int(),
      chainage: z.number().nullable(),
      horizontalDeviation: z.number().int(),
      elevationDeviation: z.number().int(),
      kPosition: z.string().nullable(),
      segmentType: z.string().nullable(),
      band: z.enum(BANDS),
      state: z.enum(['draft', 'confirmed']),
    }),
  ),
  /** Rings of the range without a record: listed, never filled. */
  missingRings: z.array(z.number().int()),
  withinTolerance: WithinToleranceSchema,
  bands: bandCounts,
  /** Mean, min, max and standard deviation of each deviation over the range. */
  horizontal: z.object({ mean: z.number().nullable(), min: z.number().nullable(), max: z.number().nullable(), sd: z.number().nullable() }),
  elevation: z.object({ mean: z.number().nullable(), min: z.number().nullable(), max: z.number().nullable(), sd: z.number().nullable() }),
});

export const segStatistics = defineEndpoint({
  id: 'segment.statistics',
  base: BASE,
  method: 'GET',
  path: '/u/web/stmSegStatistics/v1',
  permission: 'statistic.read',
  summary: `Segment attitude of a ring range (at most ${SEGMENT_LIMITS.statsRingsMax} rings): each ring with its band, missing rings, the share within tolerance per 10, 50 and all rings, figures per deviation`,
  input: statsInput,
  output: SegmentStatisticsSchema,
});

const clearanceFigures = z.object({ mean: z.number().nullable(), min: z.number().nullable(), max: z.number().nullable() });

export const TailStatisticsSchema = z.object({
  tolerance: ToleranceSchema,
  rings: z.array(
    z.object({
      ringNo: z.number().int(),
      up: z.number().int(),
      down: z.number().int(),
      left: z.number().int(),
      right: z.number().int(),
      /** left − right and up − down (mm). */
      horizontalImbalance: z.number().int(),
      verticalImbalance: z.number().int(),
      band: z.enum(BANDS),
      state: z.enum(['draft', 'confirmed']),
    }),
  ),
  missingRings: z.array(z.number().int()),
  withinTolerance: WithinToleranceSchema,
  bands: bandCounts,
  up: clearanceFigures,
  down: clearanceFigures,
  left: clearanceFigures,
  right: clearanceFigures,
});

export const tailStatistics = defineEndpoint({
  id: 'segment.tailStatistics',
  base: BASE,
  method: 'GET',
  path: '/u/web/stmTailStatistics/v1',
  permission: 'statistic.read',
  summary: `Tail gaps of a ring range (at most ${SEGMENT_LIMITS.statsRingsMax} rings): each ring with its imbalances and band, missing rings, the share within tolerance, figures per side`,
  input: statsInput,
  output: TailStatisticsSchema,
});

export const ClearanceStatisticsSchema = z.object({
  tolerance: ToleranceSchema,
  rings: z.array(
    z.object({
      ringNo: z.number().int(),
      before: z.object({ up: z.number().int(), down: z.number().int(), left: z.number().int(), right: z.number().int() }),
      after: z.object({ up: z.number().int(), down: z.number().int(), left: z.number().int(), right: z.number().int() }).nullable(),
      band: z.enum(BANDS),
      state: z.enum(['draft', 'confirmed']),
    }),
  ),
  missingRings: z.array(z.number().int()),
  withinTolerance: WithinToleranceSchema,
  bands: bandCounts,
  /** Mean change of each side from before to after the build (mm; null without after-build data). */
  meanChange: z.object({ up: z.number().nullable(), down: z.number().nullable(), left: z.number().nullable(), right: z.number().nullable() }),
});

export const clearanceStatistics = defineEndpoint({
  id: 'segment.clearanceStatistics',
  base: BASE,
  method: 'GET',
  path: '/u/web/tail/tailCleanceStat/v1',
  permission: 'statistic.read',
  summary: `Tail clearance before and after the build over a ring range (at most ${SEGMENT_LIMITS.statsRingsMax} rings), with bands, missing rings, shares within tolerance and the mean change per side`,
  input: statsInput,
  output: ClearanceStatisticsSchema,
});

export const STATISTICS_VIEWS = ['segment', 'tail', 'clearance'] as const;

export const statisticsExport = defineEndpoint({
  id: 'segment.statisticsExport',
  base: BASE,
  method: 'GET',
  path: '/u/web/segment/statistics/export/v1',
  permission: 'statistic.read',
  summary: 'The statistics of one view (segment, tail, clearance) over a ring range as an Excel workbook in the caller\'s language, rings coloured by band; nothing to export is refused (code 3)',
  input: z
    .object({ runId: RunIdSchema, ringStart: RingNoSchema, ringEnd: RingNoSchema, view: z.enum(STATISTICS_VIEWS, { error: 'validation.invalid' }) })
    .refine((v) => v.ringStart <= v.ringEnd, { error: 'validation.rangeOrder', path: ['ringEnd'] })
    .refine((v) => v.ringEnd - v.ringStart + 1 <= SEGMENT_LIMITS.statsRingsMax, { error: 'validation.tooMany', path: ['ringEnd'] }),
  output: z.unknown(),
  response: 'raw',
  rawContentType: XLSX_CONTENT_TYPE,
});

// Tolerances and advisor -------------------------------------------------------------------------

export const toleranceQuery = defineEndpoint({
  id: 'segment.tolerance',
  base: BASE,
  method: 'POST',
  path: '/u/web/segment/tolerance/v1',
  permission: 'segment.data.read',
  summary: "The run's tolerance bands (the defaults until set)",
  input: z.object({ runId: RunIdSchema }),
  output: ToleranceSchema,
});

export const toleranceEdit = defineEndpoint({
  id: 'segment.toleranceEdit',
  base: BASE,
  method: 'POST',
  path: '/u/web/segment/tolerance/edit/v1',
  permission: 'segment.data.write',
  summary: "Sets the run's tolerance bands (warning not above alarm; a clearance's alarm not above its warning); the bands of every record follow",
  input: ToleranceInputSchema,
  output: ToleranceSchema,
});

/** The universal tapered ring of a run, as the advisor models it. */
export const RingGeometrySchema = z.object({
  /** Outer diameter of the lining (mm). */
  outerDiameterMm: z.number(),
  /** Nominal ring width (mm) and the taper (difference between the widest and narrowest side, mm). */
  ringWidthMm: z.number(),
  taperMm: z.number(),
  /** The key-block positions, clockwise from the top looking in the drive's direction. */
  kPositions: z.array(z.string()),
  /** Whether these values are the run's or assumed (no segment specification). */
  assumed: z.boolean(),
});

export const AdvisorOptionSchema = z.object({
  kPosition: z.string(),
  /** Angle of the K block (degrees clockwise from the top) and of the ring's widest side. */
  kAngleDeg: z.number(),
  /** Expected clearances after the next ring (mm). */
  expected: z.object({ up: z.number(), down: z.number(), left: z.number(), right: z.number() }),
  /** Expected spread of the cylinder strokes (max − min of groups A–D, mm). */
  expectedStrokeSpread: z.number().nullable(),
  /** Lower is better: weighted clearance imbalance, tight sides and stroke spread. */
  score: z.number(),
  /** Why: text keys resolved in the reader's language. */
  reasons: z.array(z.string()),
});

export const AdvisorSchema = z.object({
  /** The ring the advice is for (the last ring recorded + 1). */
  ringNo: z.number().int().nullable(),
  /** What the advice starts from: the last ring's clearances and strokes, and their source. */
  basis: z
    .object({
      ringNo: z.number().int(),
      clearance: z.object({ up: z.number(), down: z.number(), left: z.number(), right: z.number() }),
      strokes: z.object({ a: z.number(), b: z.number(), c: z.number(), d: z.number() }).nullable(),
      source: z.enum(['tailGap', 'tailClearance', 'machine']),
    })
    .nullable(),
  geometry: RingGeometrySchema,
  /** Best first; empty when there is no basis. */
  options: z.array(AdvisorOptionSchema),
  /** The advice is beside the guidance system, not a replacement (shown with it). */
  disclaimer: z.string(),
});

export const advisor = defineEndpoint({
  id: 'segment.advisor',
  base: BASE,
  method: 'POST',
  path: '/u/web/segment/advisor/v1',
  permission: 'segment.data.read',
  summary:
    "Next-ring advisor: ranks the key-block positions by the tail clearance and stroke balance each is expected to give, from the last ring's clearances and strokes and a geometric model of the run's universal tapered ring; advice beside the guidance system",
  input: z.object({ runId: RunIdSchema }),
  output: AdvisorSchema,
});

export const segmentEndpoints = [
  segmentAdd,
  segmentEdit,
  segmentList,
  segmentDelete,
  segmentDeleteBatch,
  ringWidthList,
  kPosList,
  segmentImport,
  segmentExport,
  segmentConfirm,
  tailAdd,
  tailEdit,
  tailList,
  tailDelete,
  tailDeleteBatch,
  tailImport,
  tailExport,
  tailConfirm,
  clearanceQueryAll,
  clearanceAdd,
  clearanceEdit,
  clearanceDelete,
  clearanceDeleteBatch,
  clearanceImport,
  clearanceExport,
  clearanceConfirm,
  segStatistics,
  tailStatistics,
  clearanceStatistics,
  statisticsExport,
  toleranceQuery,
  toleranceEdit,
  advisor,
] as const;
