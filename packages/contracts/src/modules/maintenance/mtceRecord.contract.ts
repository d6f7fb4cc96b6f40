import { z } from 'zod';
import { defineEndpoint } from '../../core/endpoint.js';
import { pageOf, PageQuerySchema } from '../../core/pagination.js';
import { EpochMsSchema } from '../../core/primitives.js';
import { RunIdSchema } from '../project/project.contract.js';
import { ITEM_CONDITIONS, MAINTENANCE_CYCLES, MAINTENANCE_LIMITS, MaintenanceRecordSchema, PlanIdSchema, RecordIdSchema, RecordInputSchema } from './maintenanceSchemas.js';

/**
 * Maintenance records (`/fw1/maintain/record`): what was done, when, by whom, each checklist item
 * normal or abnormal. A record of a plan completes the plan's due occurrence and moves its next
 * due time (fixed: keeps the calendar; floating: counts from the record's time). Reading needs
 * `maintenance.record.read`, adding `maintenance.record.write`.
 */

export const RecordFilterSchema = z.object({
  runId: RunIdSchema,
  from: EpochMsSchema.optional(),
  to: EpochMsSchema.optional(),
  planId: PlanIdSchema.optional(),
  type: z.enum(MAINTENANCE_CYCLES, { error: 'validation.invalid' }).optional(),
  system: z.string().max(MAINTENANCE_LIMITS.systemMaxLength).optional(),
  condition: z.enum(ITEM_CONDITIONS, { error: 'validation.invalid' }).optional(),
  done: z.boolean().optional(),
  /** Words of the content, remark or a person's name. */
  keyword: z.string().max(MAINTENANCE_LIMITS.titleMaxLength).optional(),
});

export const mtceRecordPage = defineEndpoint({
  id: 'maintenance.recordPage',
  base: 'project',
  method: 'POST',
  path: '/u/web/mtce/record/page/v1',
  permission: 'maintenance.record.read',
  summary: "A run's maintenance records, newest first, by time range, plan, type, system, condition, done and keyword; paged",
  input: RecordFilterSchema.extend(PageQuerySchema.shape).refine((v) => v.from === undefined || v.to === undefined || v.from <= v.to, {
    error: 'maintenance.refused.fromAfterTo',
    path: ['to'],
  }),
  output: pageOf(MaintenanceRecordSchema),
});

export const mtceRecordAdd = defineEndpoint({
  id: 'maintenance.recordAdd',
  base: 'project',
  method: 'POST',
  path: '/u/web/mtce/record/add/v1',
  permission: 'maintenance.record.write',
  summary:
    "Records maintenance work (spec §5: type, time, maintained by, checked by, reviewed by and content required, each name at most 50 characters; a time in the future is refused). With `planId` (a plan of the run) and `done`, it completes the plan's due occurrence and answers the record; the plan's next time moves",
  input: RecordInputSchema,
  output: MaintenanceRecordSchema,
});

export const mtceRecordDetail = defineEndpoint({
  id: 'maintenance.recordDetail',
  base: 'project',
  method: 'GET',
  path: '/u/web/mtce/record/detail/v1',
  permission: 'maintenance.record.read',
  summary: 'One record of the run with its checklist',
  input: z.object({ runId: RunIdSchema, id: RecordIdSchema }),
  output: MaintenanceRecordSchema,
});

export const RecordDashboardSchema = z.object({
  records: z.number().int(),
  abnormal: z.number().int(),
  late: z.number().int(),
  notDone: z.number().int(),
  /** Per month (YYYY-MM in the project's zone): records, abnormal ones. */
  byMonth: z.array(z.object({ month: z.string(), records: z.number().int(), abnormal: z.number().int() })),
  /** Per system: records, abnormal ones. */
  bySystem: z.array(z.object({ system: z.string(), records: z.number().int(), abnormal: z.number().int() })),
  /** Who maintained most (records per person, at most 10). */
  byPerson: z.array(z.object({ name: z.string(), records: z.number().int() })),
});

export const mtceRecordDashboard = defineEndpoint({
  id: 'maintenance.recordDashboard',
  base: 'project',
  method: 'POST',
  path: '/u/web/mtce/record/dashboard/v1',
  permission: 'maintenance.record.read',
  summary: "Figures of a run's records over a time range (default the last 180 days): counts, abnormal, late, per month, per system, per person",
  input: z
    .object({ runId: RunIdSchema, from: EpochMsSchema.optional(), to: EpochMsSchema.optional() })
    .refine((v) => v.from === undefined || v.to === undefined || v.from <= v.to, { error: 'maintenance.refused.fromAfterTo', path: ['to'] }),
  output: RecordDashboardSchema,
});

export const mtceRecordEndpoints = [mtceRecordPage, mtceRecordAdd, mtceRecordDetail, mtceRecordDashboard] as const;
