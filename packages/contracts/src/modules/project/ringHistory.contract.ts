import { z } from 'zod';
import { defineEndpoint } from '../../core/endpoint.js';
import { pageOf, PageQuerySchema } from '../../core/pagination.js';
import { digitsAsNumber } from '../../core/primitives.js';
import { IMPORT_MODES, ImportReportSchema, ProgressKeySchema } from '../imports/imports.contract.js';
import { RunIdSchema } from './project.contract.js';

/**
 * Ring history: the rings built before the console was installed, imported from a spreadsheet
 * (template kind `ringhist`, `GET /u/web/getFilePath/v1/ringhist`), so progress, reports and
 * statistics start at the drive's first ring; and a summary of the run's history beside it — the
 * imported rings, the rings recorded from live data, and the backfill of late frames through the
 * HTTP batch ingest with the recomputations that rebuilt rings from them.
 *
 * Imported rings are marked as such: a recomputation of live data never removes them, and a ring
 * the machine's own data derives under the same number replaces the imported one.
 */

/** The fields of the import's multipart form, beside the file (`file`). */
export const RingHistoryImportFormSchema = z.object({
  // A multipart form's fields are text: the run's digits are read as its id.
  runId: digitsAsNumber(RunIdSchema),
  mode: z.enum(IMPORT_MODES, { error: 'validation.invalid' }).default('all'),
  progressKey: ProgressKeySchema.optional(),
});
export type RingHistoryImportForm = z.infer<typeof RingHistoryImportFormSchema>;

export const ringHistoryImport = defineEndpoint({
  id: 'ringHistory.import',
  base: 'project',
  method: 'POST',
  path: '/u/web/ringHistory/import/v1',
  permission: 'project.ringHistory.write',
  summary:
    "Imports the rings built before the console from the `ringhist` template: multipart fields `runId`, optional `mode` (all | validOnly) and `progressKey`, then the .xlsx/.xls `file`. Times are read in the run's time zone. A ring must not overlap another ring or data recorded from the machine; a ring imported before under the same number is replaced. Answers the import report in the caller's language (progress under `progressKey` at `GET import/progress/v1`)",
  inputFrom: 'multipart',
  input: z.object({}),
  output: ImportReportSchema,
});

export const RunOnlySchema = z.object({ runId: RunIdSchema });

/** A span of rings: how many, the lowest and highest number, the first start and the last end. */
export const RingSpanSchema = z.object({
  count: z.number().int().min(0),
  firstRing: z.number().int().nullable(),
  lastRing: z.number().int().nullable(),
  firstStart: z.number().nullable(),
  lastEnd: z.number().nullable(),
});
export type RingSpan = z.infer<typeof RingSpanSchema>;

/** The hours the backfill view looks back over. */
export const BACKFILL_HOURS = 24;

export const RingHistorySummarySchema = z.object({
  timeZone: z.string(),
  /** The drive's first ring (basic info). */
  startRing: z.number().int(),
  /** Rings built since the drive began, as every screen counts them (imported and live). */
  builtRings: z.number().int(),
  imported: RingSpanSchema,
  live: RingSpanSchema,
  backfill: z.object({
    hours: z.number().int(),
    /** Frames of already closed windows received over the last `hours` (HTTP batches sent late). */
    lateFrames: z.number().int(),
    lastLateAt: z.number().nullable(),
    /** The earliest time those frames carried: where a recomputation should start to take them in. */
    earliestLateTs: z.number().nullable(),
    /** Recomputations of the cycles over the last `hours`, and the rings they derived again. */
    recomputes: z.number().int(),
    ringsRebuilt: z.number().int(),
    lastRecomputeAt: z.number().nullable(),
  }),
});
export type RingHistorySummary = z.infer<typeof RingHistorySummarySchema>;

export const ringHistorySummary = defineEndpoint({
  id: 'ringHistory.summary',
  base: 'project',
  method: 'POST',
  path: '/u/web/ringHistory/summary/v1',
  permission: 'project.ringHistory.read',
  summary: "A run's history: rings imported and rings recorded from live data (count, first and last ring and time), rings built in all, and the backfill of the last hours (late frames received, recomputations and the rings they rebuilt)",
  input: RunOnlySchema,
  output: RingHistorySummarySchema,
});

export const ImportedRingSchema = z.object({
  ringNo: z.number().int(),
  start: z.number(),
  end: z.number(),
  /** Metres. */
  startChainage: z.number().nullable(),
  endChainage: z.number().nullable(),
  /** Minutes; null when the sheet gave no durations for the ring. */
  advanceMinutes: z.number().nullable(),
  ringBuildMinutes: z.number().nullable(),
  waitingMinutes: z.number().nullable(),
  thrustAvg: z.number().nullable(),
  torqueAvg: z.number().nullable(),
  speedAvg: z.number().nullable(),
});
export type ImportedRing = z.infer<typeof ImportedRingSchema>;

export const ringHistoryQuery = defineEndpoint({
  id: 'ringHistory.query',
  base: 'project',
  method: 'POST',
  path: '/u/web/ringHistory/query/v1',
  permission: 'project.ringHistory.read',
  summary: 'The imported rings of a run, by ring number, a page at a time',
  input: RunOnlySchema.extend(PageQuerySchema.shape),
  output: pageOf(ImportedRingSchema),
});

export const ringHistoryDelete = defineEndpoint({
  id: 'ringHistory.delete',
  base: 'project',
  method: 'POST',
  path: '/u/web/ringHistory/delete/v1',
  permission: 'project.ringHistory.write',
  summary: 'Removes every imported ring of a run (and the state intervals imported with them); rings recorded from live data stay. Answers how many rings were removed',
  input: RunOnlySchema,
  output: z.object({ deleted: z.number().int() }),
});

export const ringHistoryEndpoints = [ringHistoryImport, ringHistorySummary, ringHistoryQuery, ringHistoryDelete] as const;
