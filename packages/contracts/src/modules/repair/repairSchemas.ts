import { z } from 'zod';
import { EpochMsSchema, optionalText, PositiveIdSchema, requiredText } from '../../core/primitives.js';
import { LIMITS } from '../../limits.js';
import { FileIdSchema, StoredFileSchema } from '../files.contract.js';
import { RunIdSchema } from '../project/project.contract.js';

/**
 * Repairs, the case base, the knowledge base and diagnosis (issue 22, spec §1 "AI diagnosis", §2
 * `stm_smtce`, §3, §5, §7). A repair record tells a fault of a run's machine — who found it and
 * when, where (system, component), what (title, description, photos), why (cause, failure mode
 * after ISO 14224), what was done (result, repairers, date, repair photos and videos). A repair
 * with its cause and result may be published as a case: cases are searched across the runs the
 * reader may see (an organization's know-how, never another tenant's). Knowledge items are
 * documents (manuals, procedures, drawings) whose text is extracted for search. Diagnosis ranks
 * cases, knowledge items and the alarm's own repair suggestion for a fault, each with the reasons it
 * matched and a link to its source.
 */

export const REPAIR_LIMITS = {
  personMaxLength: 50,
  systemMaxLength: 50,
  titleMaxLength: 100,
  textMaxLength: 4_000,
  photosMax: LIMITS.repairPhotosMax,
  videosMax: LIMITS.repairVideosMax,
  videoMaxBytes: LIMITS.repairVideoMaxBytes,
  knowledgeNameMaxLength: 100,
  knowledgeCodeMaxLength: 50,
  remarkMaxLength: LIMITS.remarkMaxLength,
  queryMaxLength: 500,
  /** Suggestions of one diagnosis. */
  suggestionsMax: 10,
  /** Minutes of machine data before a fault kept with a repair made from an alarm. */
  fingerprintMinutes: 30,
} as const;

/** Failure modes after ISO 14224 (DOMAIN.md "Repairs and knowledge"). */
export const FAILURE_MODES = ['leakage', 'wear', 'fatigue', 'overheating', 'misalignment', 'vibration', 'blockage', 'breakage', 'electrical', 'control', 'other'] as const;
export type FailureMode = (typeof FAILURE_MODES)[number];

/** A repair is open until repaired; a repaired one with cause and result may be published as a case. */
export const REPAIR_STATES = ['open', 'repaired'] as const;
export type RepairState = (typeof REPAIR_STATES)[number];

export const CASE_STATES = ['none', 'published'] as const;
export type CaseState = (typeof CASE_STATES)[number];

/** What a knowledge item's text is: extracted, waiting, impossible (a picture or video), or failed. */
export const EXTRACTION_STATES = ['pending', 'done', 'none', 'failed'] as const;
export type ExtractionState = (typeof EXTRACTION_STATES)[number];

export const RepairIdSchema = PositiveIdSchema;
export const KnowledgeIdSchema = RepairIdSchema;
export const AlarmRefIdSchema = RepairIdSchema;

export const UserRefSchema = z.object({ id: z.number().int(), name: z.string() });

/** The machine's state before a fault: the alarms of the 30 minutes before it and the key values at the fault and 30 minutes before. */
export const FingerprintSchema = z.object({
  at: z.number(),
  alarms: z.array(z.object({ point: z.string(), name: z.string(), level: z.string(), start: z.number() })),
  values: z.array(z.object({ tag: z.string(), name: z.string(), unit: z.string(), before: z.number().nullable(), at: z.number().nullable() })),
});
export type Fingerprint = z.infer<typeof FingerprintSchema>;

/** Spec §3 fields of a repair, as added or updated; §5: finder, time, system, part, title and description required. */
export const RepairFieldsSchema = z.object({
  runId: RunIdSchema,
  finder: requiredText(REPAIR_LIMITS.personMaxLength),
  /** Discovery time. */
  foundAt: z
    .number({ error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.invalid') })
    .int({ error: 'validation.invalid' })
    .min(0, { error: 'validation.invalid' }),
  system: requiredText(REPAIR_LIMITS.systemMaxLength),
  component: requiredText(REPAIR_LIMITS.systemMaxLength),
  title: requiredText(REPAIR_LIMITS.titleMaxLength),
  description: requiredText(REPAIR_LIMITS.textMaxLength),
  failureMode: z.enum(FAILURE_MODES, { error: 'validation.invalid' }).nullish().transform((v) => v ?? null),
  cause: optionalText(REPAIR_LIMITS.textMaxLength),
  result: optionalText(REPAIR_LIMITS.textMaxLength),
  repairers: optionalText(REPAIR_LIMITS.personMaxLength * 4),
  repairedAt: EpochMsSchema.nullish().transform((v) => v ?? null),
  /** Uploaded with purpose `repairPhoto` (at most 5) and `repairVideo` (MP4, at most 5, each ≤ 100 MB), for this run. */
  photoIds: z.array(FileIdSchema, { error: 'validation.invalid' }).max(REPAIR_LIMITS.photosMax, { error: 'repair.refused.tooManyPhotos' }).default([]),
  videoIds: z.array(FileIdSchema, { error: 'validation.invalid' }).max(REPAIR_LIMITS.videosMax, { error: 'repair.refused.tooManyVideos' }).default([]),
  /** The alarm the repair was made from (an alarm of the run): its point, ring and values are kept with the fingerprint. */
  alarmId: AlarmRefIdSchema.nullish().transform((v) => v ?? null),
  /** The abnormal maintenance record the repair follows (a record of the run). */
  maintenanceRecordId: RepairIdSchema.nullish().transform((v) => v ?? null),
});
export type RepairFields = z.infer<typeof RepairFieldsSchema>;

export const RepairSchema = z.object({
  id: z.number().int(),
  runId: z.number().int(),
  project: z.string(),
  tbmCode: z.string(),
  finder: z.string(),
  foundAt: z.number(),
  system: z.string(),
  component: z.string(),
  title: z.string(),
  description: z.string(),
  failureMode: z.enum(FAILURE_MODES).nullable(),
  cause: z.string().nullable(),
  result: z.string().nullable(),
  repairers: z.string().nullable(),
  repairedAt: z.number().nullable(),
  state: z.enum(REPAIR_STATES),
  caseState: z.enum(CASE_STATES),
  publishedAt: z.number().nullable(),
  publishedBy: UserRefSchema.nullable(),
  photos: z.array(StoredFileSchema),
  videos: z.array(StoredFileSchema),
  alarm: z.object({ id: z.number().int(), point: z.string(), name: z.string(), start: z.number(), ringNo: z.number().int().nullable() }).nullable(),
  /** The ring being built when the fault was found (from the machine history). */
  ringNo: z.number().int().nullable(),
  maintenanceRecordId: z.number().int().nullable(),
  fingerprint: FingerprintSchema.nullable(),
  createdBy: UserRefSchema.nullable(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type Repair = z.infer<typeof RepairSchema>;

export const KnowledgeFieldsSchema = z.object({
  runId: RunIdSchema,
  name: requiredText(REPAIR_LIMITS.knowledgeNameMaxLength),
  code: requiredText(REPAIR_LIMITS.knowledgeCodeMaxLength),
  system: optionalText(REPAIR_LIMITS.systemMaxLength),
  remark: optionalText(REPAIR_LIMITS.remarkMaxLength),
  /** Uploaded with purpose `knowledge` for this run (doc, docx, xls, xlsx, pdf, png, jpg, mp4, avi). */
  fileId: FileIdSchema,
});
export type KnowledgeFields = z.infer<typeof KnowledgeFieldsSchema>;

export const KnowledgeSchema = z.object({
  id: z.number().int(),
  runId: z.number().int(),
  name: z.string(),
  code: z.string(),
  system: z.string().nullable(),
  remark: z.string().nullable(),
  file: StoredFileSchema.nullable(),
  extraction: z.enum(EXTRACTION_STATES),
  /** Characters of text extracted for search. */
  textLength: z.number().int(),
  createdBy: UserRefSchema.nullable(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type Knowledge = z.infer<typeof KnowledgeSchema>;

/** A stretch of a text with the matched terms marked by offsets (never markup: the client highlights). */
export const SnippetSchema = z.object({
  text: z.string(),
  /** [start, end) offsets of matched terms in `text`. */
  marks: z.array(z.tuple([z.number().int(), z.number().int()])),
});
export type Snippet = z.infer<typeof SnippetSchema>;

export const SUGGESTION_KINDS = ['case', 'knowledge', 'alarmSuggestion'] as const;
export const REASON_KINDS = ['terms', 'samePoint', 'sameSystem', 'similarValues', 'helpful', 'alarmSuggestion'] as const;

export const SuggestionSchema = z.object({
  kind: z.enum(SUGGESTION_KINDS),
  /** The source's id: a repair (case), a knowledge item, or the alarm whose suggestion it is. */
  id: z.number().int(),
  runId: z.number().int(),
  project: z.string(),
  title: z.string(),
  snippet: SnippetSchema,
  score: z.number(),
  /** Why it matched, in the reader's language, each with its kind. */
  reasons: z.array(z.object({ kind: z.enum(REASON_KINDS), text: z.string() })),
  /** Readers marking it helpful / not helpful so far. */
  helpful: z.number().int(),
  notHelpful: z.number().int(),
});
export type Suggestion = z.infer<typeof SuggestionSchema>;
