import { z } from 'zod';
import { defineEndpoint } from '../core/endpoint.js';
import { LIMITS } from '../limits.js';
import { IMPORT_MODES, ImportReportSchema, ProgressKeySchema } from './imports/imports.contract.js';
import { RunIdSchema } from './project/project.contract.js';

const EpochMs = z.number({ error: 'validation.required' }).int({ error: 'validation.invalid' }).min(0, { error: 'validation.invalid' });

/**
 * One sample of a machine as a gateway sends it: `ts` in epoch milliseconds (UTC, as stamped at
 * the machine) or an ISO 8601 instant; `values` keyed by catalogue tag code or by the machine's
 * PLC variable name; null or a missing key is "no value" — never read as zero.
 */
export const IngestFrameSchema = z.object({
  ts: z.union([EpochMs, z.iso.datetime({ offset: true }).transform((s) => Date.parse(s))]),
  values: z.record(z.string().max(LIMITS.tagCodeMaxLength), z.number().finite().nullable()),
});
export type IngestFrame = z.input<typeof IngestFrameSchema>;

export const IngestBatchSchema = z.object({
  /** Idempotency: a batch resent with the same id is acknowledged again without being stored twice. */
  batchId: z.string().regex(/^[\w.:-]{1,64}$/, { error: 'validation.invalid' }).optional(),
  frames: z.array(IngestFrameSchema).min(1, { error: 'validation.required' }).max(LIMITS.ingestFramesPerBatchMax, { error: 'validation.tooMany' }),
});

export const IngestResultSchema = z.object({
  accepted: z.number().int(),
  duplicates: z.number().int(),
  late: z.number().int(),
  replayed: z.boolean(),
  /** Keys of the batch that name no tag of the machine (ignored, listed so the gateway can be fixed). */
  unknownTags: z.array(z.string()),
});

export const ingestFrames = defineEndpoint({
  id: 'telemetry.ingestFrames',
  base: 'project',
  method: 'POST',
  path: '/ingest/frames/v1',
  permission: 'machine',
  summary:
    "HTTP batch ingest for gateways without MQTT. `Authorization: <machine ingest key>` names the run. Answered after the frames are durable; resending a batch id is safe. Late frames keep their timestamps",
  input: IngestBatchSchema,
  output: IngestResultSchema,
});

export const SeriesQuerySchema = z
  .object({
    runId: RunIdSchema,
    tags: z.array(z.string().min(1).max(LIMITS.tagCodeMaxLength)).min(1, { error: 'validation.required' }).max(LIMITS.seriesTagsMax, { error: 'validation.tooMany' }),
    from: EpochMs,
    to: EpochMs,
    maxPoints: z.number().int().min(10).max(LIMITS.seriesPointsMax).default(LIMITS.seriesPointsDefault),
  })
  .refine((v) => v.from < v.to, { error: 'validation.rangeOrder', path: ['to'] });

export const SeriesSchema = z.object({
  resolution: z.enum(['raw', 'minute', 'hour']),
  series: z.array(
    z.object({
      code: z.string(),
      /** [ts, value]: exact values (downsampled by LTTB) or the bucket mean. */
      points: z.array(z.tuple([z.number(), z.number()])),
      /** [ts, min, max] of each bucket when read from rollups. */
      band: z.array(z.tuple([z.number(), z.number(), z.number()])).nullable(),
    }),
  ),
});

export const seriesQuery = defineEndpoint({
  id: 'telemetry.seriesQuery',
  base: 'project',
  method: 'POST',
  path: '/u/web/monitor/series/query/v1',
  permission: 'telemetry.series.read',
  summary: 'Any range of chosen tags of a run, at most `maxPoints` points per series (exact frames for up to 6 h, per-minute rollups up to 7 days, hourly beyond)',
  input: SeriesQuerySchema,
  output: SeriesSchema,
});

export const ingestKeyRotate = defineEndpoint({
  id: 'telemetry.ingestKeyRotate',
  base: 'project',
  method: 'POST',
  path: '/u/web/monitor/ingestKey/rotate/v1',
  permission: 'telemetry.ingestKey.write',
  summary: "Issues a new HTTP ingest key for a run's gateway (shown once; the previous key stops working)",
  input: z.object({ runId: RunIdSchema }),
  output: z.object({ key: z.string() }),
});

export const TagMappingSchema = z.object({
  /** The variable name the machine's gateway sends. */
  rawName: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(LIMITS.tagCodeMaxLength, { error: 'validation.maxLength' }),
  tagCode: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }).max(LIMITS.tagCodeMaxLength),
});
export type TagMapping = z.infer<typeof TagMappingSchema>;

export const tagMappingQuery = defineEndpoint({
  id: 'telemetry.tagMappingQuery',
  base: 'project',
  method: 'POST',
  path: '/u/web/monitor/tagMapping/query/v1',
  permission: 'telemetry.tagMapping.read',
  summary: "A machine's data linker: its gateway's variable names for catalogue tags (besides the catalogue's own codes and PLC variables)",
  input: z.object({ runId: RunIdSchema }),
  output: z.array(TagMappingSchema),
});

/** A whole data linker; a name given twice is refused at its second row. */
export const TagMappingSaveSchema = z
  .object({ runId: RunIdSchema, mappings: z.array(TagMappingSchema).max(LIMITS.tagMappingsMax, { error: 'validation.tooMany' }) })
  .superRefine((v, ctx) => {
    const seen = new Set<string>();
    v.mappings.forEach((m, i) => {
      if (seen.has(m.rawName)) ctx.addIssue({ code: 'custom', message: 'validation.duplicateName', path: ['mappings', i, 'rawName'] });
      seen.add(m.rawName);
    });
  });

export const tagMappingSave = defineEndpoint({
  id: 'telemetry.tagMappingSave',
  base: 'project',
  method: 'POST',
  path: '/u/web/monitor/tagMapping/save/v1',
  permission: 'telemetry.tagMapping.write',
  summary:
    "Replaces a machine's data linker as a whole; every tag must be in the machine's catalogue and every name used once (refused at the row: `mappings.<i>.tagCode` / `.rawName`). Names now mapped leave the unmapped list",
  input: TagMappingSaveSchema,
  output: z.array(TagMappingSchema),
});

/** A catalogue tag proposed for a gateway name, best first; `score` from 0 to 1. */
export const TagSuggestionSchema = z.object({ code: z.string(), score: z.number() });
export type TagSuggestion = z.infer<typeof TagSuggestionSchema>;

export const UnmappedNameSchema = z.object({
  rawName: z.string(),
  /** Frames that carried the name since it was first seen. */
  count: z.number().int(),
  firstSeen: z.number(),
  lastSeen: z.number(),
  /** The value of the newest frame that carried it (null: that frame had no value). */
  lastValue: z.number().nullable(),
});
export type UnmappedName = z.infer<typeof UnmappedNameSchema>;

export const tagMappingUnmapped = defineEndpoint({
  id: 'telemetry.tagMappingUnmapped',
  base: 'project',
  method: 'POST',
  path: '/u/web/monitor/tagMapping/unmapped/v1',
  permission: 'telemetry.tagMapping.read',
  summary:
    "The gateway's variable names that map to no tag of the machine, as recorded from the frames received (HTTP and MQTT), most recently seen first (suggestions for them: `tagMappingSuggest`). `total` counts them all; at most `LIMITS.unmappedNamesListedMax` are listed. At most `LIMITS.unmappedNamesKeptMax` names are kept per run: `full` says new names are no longer recorded (the names kept are still counted)",
  input: z.object({ runId: RunIdSchema }),
  output: z.object({ total: z.number().int(), full: z.boolean(), items: z.array(UnmappedNameSchema) }),
});

export const TagSuggestQuerySchema = z.object({
  runId: RunIdSchema,
  names: z
    .array(
      z.object({
        rawName: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(LIMITS.tagCodeMaxLength, { error: 'validation.maxLength' }),
        /** The unit the machine documents for the variable, when known: tags of that unit rank first. */
        unit: z.string().trim().max(LIMITS.tagUnitMaxLength, { error: 'validation.maxLength' }).optional(),
      }),
    )
    .min(1, { error: 'validation.required' })
    .max(LIMITS.tagSuggestNamesMax, { error: 'validation.tooMany' }),
});

export const tagMappingSuggest = defineEndpoint({
  id: 'telemetry.tagMappingSuggest',
  base: 'project',
  method: 'POST',
  path: '/u/web/monitor/tagMapping/suggest/v1',
  permission: 'telemetry.tagMapping.read',
  summary:
    "Catalogue tags of the machine whose code, PLC variable or name in any of the six languages resembles each gateway name (and whose unit matches, when given), best first, at most `LIMITS.tagSuggestionsPerName` per name",
  input: TagSuggestQuerySchema,
  output: z.array(z.object({ rawName: z.string(), suggestions: z.array(TagSuggestionSchema) })),
  fieldLabels: { unit: 'tagMapping.column.unit' },
});

/** The form fields sent beside an import file (multipart), checked by the handler. */
export const TagMappingImportFormSchema = z.object({
  runId: z
    .string({ error: 'validation.required' })
    .regex(/^\d{1,10}$/, { error: 'validation.invalid' })
    .transform(Number)
    .pipe(RunIdSchema),
  mode: z.enum(IMPORT_MODES, { error: 'validation.invalid' }).default('all'),
  progressKey: ProgressKeySchema.optional(),
});

export const tagMappingImport = defineEndpoint({
  id: 'telemetry.tagMappingImport',
  base: 'project',
  method: 'POST',
  path: '/u/web/monitor/tagMapping/import/v1',
  permission: 'telemetry.tagMapping.write',
  summary:
    "Imports a machine's data linker from a spreadsheet (import kind `tagmap`: gateway variable, tag code): multipart fields `runId`, optional `mode` (all | validOnly) and `progressKey`, and the .xlsx/.xls `file`. Rows are merged into the saved linker (a name already mapped takes the file's tag); a tag not in the machine's catalogue is refused at its row",
  inputFrom: 'multipart',
  input: z.object({}),
  output: ImportReportSchema,
});

export const cycleRecompute = defineEndpoint({
  id: 'telemetry.cycleRecompute',
  base: 'project',
  method: 'POST',
  path: '/u/web/monitor/cycle/recompute/v1',
  permission: 'telemetry.cycle.recompute',
  summary: 'Derives state intervals and ring records again from the stored frames, from the start of the ring that holds `from` (after late data arrived)',
  input: z.object({ runId: RunIdSchema, from: EpochMs }),
  output: z.object({ from: z.number(), rings: z.number().int(), intervals: z.number().int(), frames: z.number().int() }),
});

export const telemetryEndpoints = [
  ingestFrames,
  seriesQuery,
  ingestKeyRotate,
  tagMappingQuery,
  tagMappingSave,
  tagMappingUnmapped,
  tagMappingSuggest,
  tagMappingImport,
  cycleRecompute,
] as const;
