import { z } from 'zod';
import { defineEndpoint } from '../../core/endpoint.js';
import { pageOf, PageQuerySchema } from '../../core/pagination.js';
import { RunIdSchema } from '../project/project.contract.js';
import {
  MAINTENANCE_CYCLES,
  MAINTENANCE_LIMITS,
  MaintenancePlanSchema,
  MaintenanceRecordSchema,
  PlanFieldsSchema,
  PlanIdSchema,
  PlanRefSchema,
  planRules,
  RecordIdSchema,
  RecordInputSchema,
  ReminderInputSchema,
  ReminderSchema,
} from './maintenanceSchemas.js';

/**
 * The maintenance content page (`/fw1/maintain/content`, calls `/u/web/maintenance/*`): the run's
 * maintenance items catalogue and its history. These are views over the same data as the `mtce/*`
 * calls: a content item IS a maintenance plan (system, component, content, checklist, cycle), its
 * history IS the plan's records, its reminder the plan's reminder. Reading the catalogue needs
 * `maintenance.plan.read`, changing it `maintenance.plan.write`; its history needs
 * `maintenance.record.read`, adding to it `maintenance.record.write`.
 */

export const mtceContentQueryList = defineEndpoint({
  id: 'maintenance.contentQueryList',
  base: 'project',
  method: 'POST',
  path: '/u/web/maintenance/queryList/v1',
  permission: 'maintenance.plan.read',
  summary: "The run's maintenance content items (its plans) by system, component, cycle and keyword, ordered by system, component and content; paged",
  input: z
    .object({
      runId: RunIdSchema,
      system: z.string().max(MAINTENANCE_LIMITS.systemMaxLength).optional(),
      component: z.string().max(MAINTENANCE_LIMITS.systemMaxLength).optional(),
      cycle: z.enum(MAINTENANCE_CYCLES, { error: 'validation.invalid' }).optional(),
      keyword: z.string().max(MAINTENANCE_LIMITS.titleMaxLength).optional(),
    })
    .extend(PageQuerySchema.shape),
  output: pageOf(MaintenancePlanSchema),
});

export const mtceContentQueryDetail = defineEndpoint({
  id: 'maintenance.contentQueryDetail',
  base: 'project',
  method: 'POST',
  path: '/u/web/maintenance/queryDetail/v1',
  permission: 'maintenance.plan.read',
  summary: 'One content item of the run (a plan) with its checklist and reminder',
  input: PlanRefSchema,
  output: MaintenancePlanSchema,
});

export const mtceContentAddOrEdit = defineEndpoint({
  id: 'maintenance.contentAddOrEdit',
  base: 'project',
  method: 'POST',
  path: '/u/web/maintenance/addOrEdt/v1',
  permission: 'maintenance.plan.write',
  summary: 'Adds a content item (without `id`) or edits one (with `id`): the same as plan add/edit, the same identity rule (system + component + content unique in the run)',
  input: planRules(PlanFieldsSchema.extend({ id: PlanIdSchema.optional() })),
  output: MaintenancePlanSchema,
});

export const mtceContentDelete = defineEndpoint({
  id: 'maintenance.contentDelete',
  base: 'project',
  method: 'POST',
  path: '/u/web/maintenance/del/v1',
  permission: 'maintenance.plan.write',
  summary: 'Deletes a content item (its plan); its history stays',
  input: PlanRefSchema,
  output: z.object({ deleted: z.boolean() }),
});

export const mtceContentRemindList = defineEndpoint({
  id: 'maintenance.contentRemindList',
  base: 'project',
  method: 'POST',
  path: '/u/web/maintenance/getRemindList/v1',
  permission: 'maintenance.plan.read',
  summary: "The run's content items that have a reminder, with it and its next push time",
  input: z.object({ runId: RunIdSchema }),
  output: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      system: z.string(),
      component: z.string().nullable(),
      content: z.string(),
      nextTime: z.number().nullable(),
      reminder: ReminderSchema,
      nextPush: z.number().nullable(),
    }),
  ),
});

export const mtceContentSetRemind = defineEndpoint({
  id: 'maintenance.contentSetRemind',
  base: 'project',
  method: 'POST',
  path: '/u/web/maintenance/setRemind/v1',
  permission: 'maintenance.plan.write',
  summary: "Sets a content item's reminder: the same as plan remind/edit (content and push time required)",
  input: ReminderInputSchema.extend({ runId: RunIdSchema, id: PlanIdSchema }),
  output: MaintenancePlanSchema,
});

export const mtceContentHistoryTemplate = defineEndpoint({
  id: 'maintenance.contentHistoryTemplate',
  base: 'project',
  method: 'POST',
  path: '/u/web/maintenance/getHistoryTmp/v1',
  permission: 'maintenance.record.read',
  summary: "The form of a new history entry of a content item: the record input prefilled from the plan (type, system, component, content, each checklist item normal), and the occurrence it would complete",
  input: PlanRefSchema,
  output: z.object({
    planId: z.number().int(),
    type: z.enum(MAINTENANCE_CYCLES),
    system: z.string(),
    component: z.string().nullable(),
    content: z.string(),
    items: z.array(z.object({ text: z.string(), condition: z.literal('normal'), note: z.null() })),
    dueAt: z.number().nullable(),
  }),
});

export const mtceContentHistoryList = defineEndpoint({
  id: 'maintenance.contentHistoryList',
  base: 'project',
  method: 'POST',
  path: '/u/web/maintenance/getHistoryList/v1',
  permission: 'maintenance.record.read',
  summary: "A content item's history: the records of its plan, newest first; paged",
  input: PlanRefSchema.extend(PageQuerySchema.shape),
  output: pageOf(MaintenanceRecordSchema),
});

export const mtceContentHistoryDetail = defineEndpoint({
  id: 'maintenance.contentHistoryDetail',
  base: 'project',
  method: 'POST',
  path: '/u/web/maintenance/getMtncHisDetail/v1',
  permission: 'maintenance.record.read',
  summary: 'One history entry (record) of the run',
  input: z.object({ runId: RunIdSchema, id: RecordIdSchema }),
  output: MaintenanceRecordSchema,
});

export const mtceContentAddHistory = defineEndpoint({
  id: 'maintenance.contentAddHistory',
  base: 'project',
  method: 'POST',
  path: '/u/web/maintenance/addHistory/v1',
  permission: 'maintenance.record.write',
  summary: 'Adds a history entry to a content item: the same as record add with `planId` set to the item (the item must be a plan of the run)',
  input: RecordInputSchema.extend({ planId: PlanIdSchema }),
  output: MaintenanceRecordSchema,
});

export const mtceContentEndpoints = [
  mtceContentQueryList,
  mtceContentQueryDetail,
  mtceContentAddOrEdit,
  mtceContentDelete,
  mtceContentRemindList,
  mtceContentSetRemind,
  mtceContentHistoryTemplate,
  mtceContentHistoryList,
  mtceContentHistoryDetail,
  mtceContentAddHistory,
] as const;
