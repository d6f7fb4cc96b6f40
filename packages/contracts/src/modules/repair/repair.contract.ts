import { z } from 'zod';
export * from './repairSchemas.js';
import { defineEndpoint } from '../../core/endpoint.js';
import { pageOf, PageQuerySchema } from '../../core/pagination.js';
import { EpochMsSchema } from '../../core/primitives.js';
import { RunIdSchema } from '../project/project.contract.js';
import {
  AlarmRefIdSchema,
  CASE_STATES,
  FAILURE_MODES,
  KnowledgeFieldsSchema,
  KnowledgeIdSchema,
  KnowledgeSchema,
  REPAIR_LIMITS,
  REPAIR_STATES,
  RepairFieldsSchema,
  RepairIdSchema,
  RepairSchema,
  SnippetSchema,
  SUGGESTION_KINDS,
  SuggestionSchema,
} from './repairSchemas.js';

/**
 * The repair and knowledge calls of spec §7 and the diagnosis. Repairs need
 * `maintenance.repair.read` / `maintenance.repair.write`, publishing a case
 * `maintenance.case.publish`, knowledge `maintenance.knowledge.read` / `.write`, diagnosis the
 * repair read code. Ids are the run's; cases and knowledge are found across the runs where the
 * reader holds the read code — never another tenant's.
 */

const keyword = z.string().max(REPAIR_LIMITS.queryMaxLength, { error: 'validation.maxLength' }).optional();
const rangeInOrder = <T extends z.ZodType<{ from?: number | undefined; to?: number | undefined }>>(schema: T) =>
  schema.refine((v) => v.from === undefined || v.to === undefined || v.from <= v.to, { error: 'validation.rangeOrder', path: ['to'] });

// Repairs ----------------------------------------------------------------------------------------

export const repairByTbm = defineEndpoint({
  id: 'repair.byTbm',
  base: 'project',
  method: 'GET',
  path: '/u/web/repairLog/tbmCode/v1',
  permission: 'maintenance.repair.read',
  summary: "The run's machine's latest repairs (at most 50, newest first): what was done on this TBM lately",
  input: z.object({ runId: RunIdSchema }),
  output: z.array(RepairSchema),
});

export const repairDetail = defineEndpoint({
  id: 'repair.detail',
  base: 'project',
  method: 'GET',
  path: '/u/web/repairLog/detail/v1',
  permission: 'maintenance.repair.read',
  summary: 'One repair of the run with its photos, videos, alarm and fingerprint',
  input: z.object({ runId: RunIdSchema, id: RepairIdSchema }),
  output: RepairSchema,
});

export const repairAdd = defineEndpoint({
  id: 'repair.add',
  base: 'project',
  method: 'POST',
  path: '/u/web/repairLog/add/v1',
  permission: 'maintenance.repair.write',
  summary:
    'Records a repair (spec §5: finder, time, system, part, title and description required; at most 5 photos and 5 MP4 videos uploaded for this run). From an alarm of the run it keeps the alarm, its ring and the fingerprint of the 30 minutes before the fault',
  input: RepairFieldsSchema,
  output: RepairSchema,
});

export const repairUpdate = defineEndpoint({
  id: 'repair.update',
  base: 'project',
  method: 'POST',
  path: '/u/web/repairLog/update/v1',
  permission: 'maintenance.repair.write',
  summary: "Changes a repair of the run (its photos and videos are replaced by the lists given); a published case stays published",
  input: RepairFieldsSchema.extend({ id: RepairIdSchema }),
  output: RepairSchema,
});

export const RepairFilterSchema = z.object({
  runId: RunIdSchema,
  from: EpochMsSchema.optional(),
  to: EpochMsSchema.optional(),
  system: z.string().max(REPAIR_LIMITS.systemMaxLength, { error: 'validation.maxLength' }).optional(),
  state: z.enum(REPAIR_STATES, { error: 'validation.invalid' }).optional(),
  caseState: z.enum(CASE_STATES, { error: 'validation.invalid' }).optional(),
  failureMode: z.enum(FAILURE_MODES, { error: 'validation.invalid' }).optional(),
  keyword,
});

export const repairPage = defineEndpoint({
  id: 'repair.page',
  base: 'project',
  method: 'POST',
  path: '/u/web/repairLog/page/v1',
  permission: 'maintenance.repair.read',
  summary: "A run's repairs by discovery time, system, state, case state, failure mode and words (full text); newest first; paged",
  input: rangeInOrder(RepairFilterSchema.extend(PageQuerySchema.shape)),
  output: pageOf(RepairSchema),
});

export const repairFromAlarm = defineEndpoint({
  id: 'repair.fromAlarm',
  base: 'project',
  method: 'POST',
  path: '/u/web/repairLog/fromAlarm/v1',
  permission: 'maintenance.repair.write',
  summary: "A repair form prefilled from an alarm of the run: system and component of its point, title, description with its values, time, ring, and the fingerprint it will keep",
  input: z.object({ runId: RunIdSchema, alarmId: AlarmRefIdSchema }),
  output: z.object({
    foundAt: z.number(),
    system: z.string(),
    component: z.string(),
    title: z.string(),
    description: z.string(),
    ringNo: z.number().int().nullable(),
    alarmId: z.number().int(),
    fingerprint: RepairSchema.shape.fingerprint,
  }),
});

export const repairPublish = defineEndpoint({
  id: 'repair.publish',
  base: 'project',
  method: 'POST',
  path: '/u/web/repairLog/publish/v1',
  permission: 'maintenance.case.publish',
  summary: 'Publishes a repaired repair of the run as a case (its cause and result are required) or withdraws it',
  input: z.object({ runId: RunIdSchema, id: RepairIdSchema, publish: z.boolean({ error: 'validation.required' }) }),
  output: RepairSchema,
});

export const CaseSchema = RepairSchema.extend({
  /** The case's best-matching stretch for the words searched (the description when none). */
  snippet: SnippetSchema,
  helpful: z.number().int(),
});

export const casePage = defineEndpoint({
  id: 'repair.casePage',
  base: 'project',
  method: 'POST',
  path: '/u/web/repairLogEx/page/v1',
  permission: 'maintenance.repair.read',
  summary:
    "Published cases: of the run (`scope` run) or of every run where the reader holds the repair read code (`scope` all, the default: an organization's know-how), by words (ranked by relevance, then helpfulness), system and failure mode; paged",
  input: z.object({
    runId: RunIdSchema,
    scope: z.enum(['run', 'all'], { error: 'validation.invalid' }).default('all'),
    keyword,
    system: z.string().max(REPAIR_LIMITS.systemMaxLength, { error: 'validation.maxLength' }).optional(),
    failureMode: z.enum(FAILURE_MODES, { error: 'validation.invalid' }).optional(),
    ...PageQuerySchema.shape,
  }),
  output: pageOf(CaseSchema),
});

// Knowledge --------------------------------------------------------------------------------------

export const knowledgePage = defineEndpoint({
  id: 'knowledge.page',
  base: 'project',
  method: 'POST',
  path: '/u/web/emKnowledge/page/v1',
  permission: 'maintenance.knowledge.read',
  summary: "The run's knowledge items by words (name, code, remark and the file's extracted text), system; ranked by relevance when words are given, else newest first; paged",
  input: z.object({
    runId: RunIdSchema,
    keyword,
    system: z.string().max(REPAIR_LIMITS.systemMaxLength, { error: 'validation.maxLength' }).optional(),
    ...PageQuerySchema.shape,
  }),
  output: pageOf(KnowledgeSchema.extend({ snippet: SnippetSchema.nullable() })),
});

export const knowledgeAdd = defineEndpoint({
  id: 'knowledge.add',
  base: 'project',
  method: 'POST',
  path: '/u/web/emKnowledge/add/v1',
  permission: 'maintenance.knowledge.write',
  summary: 'Adds a knowledge item (document name, code, system, remark, file uploaded with purpose `knowledge`); the text of a PDF or Office file is extracted in the background for search',
  input: KnowledgeFieldsSchema,
  output: KnowledgeSchema,
});

export const knowledgeEdit = defineEndpoint({
  id: 'knowledge.edit',
  base: 'project',
  method: 'POST',
  path: '/u/web/emKnowledge/edit/v1',
  permission: 'maintenance.knowledge.write',
  summary: 'Changes a knowledge item of the run (a new file replaces the old one and is extracted again)',
  input: KnowledgeFieldsSchema.extend({ id: KnowledgeIdSchema }),
  output: KnowledgeSchema,
});

export const knowledgeDelete = defineEndpoint({
  id: 'knowledge.delete',
  base: 'project',
  method: 'POST',
  path: '/u/web/emKnowledge/delete/v1',
  permission: 'maintenance.knowledge.write',
  summary: 'Deletes a knowledge item of the run and its file',
  input: z.object({ runId: RunIdSchema, id: KnowledgeIdSchema }),
  output: z.object({ deleted: z.boolean() }),
});

export const knowledgeDetail = defineEndpoint({
  id: 'knowledge.detail',
  base: 'project',
  method: 'POST',
  path: '/u/web/emKnowledge/detail/v1',
  permission: 'maintenance.knowledge.read',
  summary: 'One knowledge item of the run with its file and extraction state',
  input: z.object({ runId: RunIdSchema, id: KnowledgeIdSchema }),
  output: KnowledgeSchema,
});

// Diagnosis --------------------------------------------------------------------------------------

export const diagnose = defineEndpoint({
  id: 'repair.diagnose',
  base: 'project',
  method: 'POST',
  path: '/u/web/diagnosis/v1',
  permission: 'maintenance.repair.read',
  summary:
    "Ranks published cases, knowledge items and the alarm's own repair suggestion for a fault: from an alarm of the run (`alarmId`), a repair of the run (`repairId`) or typed words (`text`); full text in the six languages (two-character Chinese terms included), the same point or system, similar values before the fault, and readers' helpful marks. Every suggestion says why it matched and names its source; none without one",
  input: z
    .object({
      runId: RunIdSchema,
      alarmId: AlarmRefIdSchema.optional(),
      repairId: RepairIdSchema.optional(),
      text: z.string().trim().max(REPAIR_LIMITS.queryMaxLength, { error: 'validation.maxLength' }).optional(),
    })
    .refine((v) => v.alarmId !== undefined || v.repairId !== undefined || (v.text !== undefined && v.text.length > 0), { error: 'repair.refused.nothingToDiagnose', path: ['text'] }),
  output: z.object({
    /** The words searched (from the alarm, the repair or the text). */
    query: z.string(),
    suggestions: z.array(SuggestionSchema),
  }),
});

export const diagnosisFeedback = defineEndpoint({
  id: 'repair.diagnosisFeedback',
  base: 'project',
  method: 'POST',
  path: '/u/web/diagnosis/feedback/v1',
  permission: 'maintenance.repair.read',
  summary: 'Marks a suggestion helpful or not (one mark per reader and source; a new mark replaces the old one); helpful sources rank higher next time',
  input: z.object({
    runId: RunIdSchema,
    kind: z.enum(SUGGESTION_KINDS, { error: 'validation.invalid' }),
    id: RepairIdSchema,
    helpful: z.boolean({ error: 'validation.required' }),
  }),
  output: z.object({ helpful: z.number().int(), notHelpful: z.number().int() }),
});

export const repairEndpoints = [
  repairByTbm,
  repairDetail,
  repairAdd,
  repairUpdate,
  repairPage,
  repairFromAlarm,
  repairPublish,
  casePage,
  knowledgePage,
  knowledgeAdd,
  knowledgeEdit,
  knowledgeDelete,
  knowledgeDetail,
  diagnose,
  diagnosisFeedback,
] as const;
