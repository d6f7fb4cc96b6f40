import { z } from 'zod';
export * from './maintenanceSchemas.js';
import { defineEndpoint } from '../../core/endpoint.js';
import { pageOf, PageQuerySchema } from '../../core/pagination.js';
import { EpochMsSchema } from '../../core/primitives.js';
import { ImportReportSchema } from '../imports/imports.contract.js';
import { XLSX_CONTENT_TYPE } from '../report/periodReport.contract.js';
import { RunIdSchema } from '../project/project.contract.js';
import {
  MAINTENANCE_CYCLES,
  MAINTENANCE_LIMITS,
  MAINTENANCE_TRIGGERS,
  MaintenancePlanSchema,
  MaintenanceRecordSchema,
  OCCURRENCE_STATES,
  PlanIdSchema,
  PlanRefSchema,
  PlanInputSchema,
  PlanFieldsSchema,
  planRules,
  ReminderInputSchema,
  ReminderSchema,
  LocalDateSchema,
} from './maintenanceSchemas.js';

/**
 * Maintenance plans of the management pages (`/fw1/stm_smtce`: dashboard, plan, calendar). A plan
 * is identified within its run by system (unit) + component (part) + content; a second plan with
 * the same three is refused in the caller's language. Reading needs `maintenance.plan.read`,
 * changing `maintenance.plan.write`; every id is looked up within the run (another run's id is
 * answered as missing).
 */

const PlanFilterSchema = z.object({
  runId: RunIdSchema,
  system: z.string().max(MAINTENANCE_LIMITS.systemMaxLength).optional(),
  component: z.string().max(MAINTENANCE_LIMITS.systemMaxLength).optional(),
  cycle: z.enum(MAINTENANCE_CYCLES, { error: 'validation.invalid' }).optional(),
  trigger: z.enum(MAINTENANCE_TRIGGERS, { error: 'validation.invalid' }).optional(),
  state: z.enum(OCCURRENCE_STATES, { error: 'validation.invalid' }).optional(),
  /** Words of the title, content or remark. */
  keyword: z.string().max(MAINTENANCE_LIMITS.titleMaxLength).optional(),
});

export const mtcePlanQueryPage = defineEndpoint({
  id: 'maintenance.planQueryPage',
  base: 'project',
  method: 'POST',
  path: '/u/web/mtce/plan/query/page/v1',
  permission: 'maintenance.plan.read',
  summary: "A run's maintenance plans by system, component, cycle, trigger, state of the next occurrence and keyword; soonest due first, paged. Counter plans carry the counter's value, due value and forecast date",
  input: PlanFilterSchema.extend(PageQuerySchema.shape),
  output: pageOf(MaintenancePlanSchema),
});

export const mtcePlanAdd = defineEndpoint({
  id: 'maintenance.planAdd',
  base: 'project',
  method: 'POST',
  path: '/u/web/mtce/plan/add/v1',
  permission: 'maintenance.plan.write',
  summary:
    'Adds a maintenance plan to a run (the caller is its creator). Without a next time a calendar plan is first due one cycle from now; a counter plan is due at the counter now plus its interval. System + component + content already planned in the run is refused (code 3)',
  input: PlanInputSchema,
  output: MaintenancePlanSchema,
});

export const mtcePlanEdit = defineEndpoint({
  id: 'maintenance.planEdit',
  base: 'project',
  method: 'POST',
  path: '/u/web/mtce/plan/edit/v1',
  permission: 'maintenance.plan.write',
  summary: 'Edits a plan of the run (all its fields; its records are kept). The identity rule holds as when adding',
  input: planRules(PlanFieldsSchema.extend({ id: PlanIdSchema })),
  output: MaintenancePlanSchema,
});

export const mtcePlanDelete = defineEndpoint({
  id: 'maintenance.planDelete',
  base: 'project',
  method: 'GET',
  path: '/u/web/mtce/plan/delete/v1',
  permission: 'maintenance.plan.write',
  summary: 'Deletes a plan of the run; its records stay (without their plan), its pending reminders are dropped',
  input: PlanRefSchema,
  output: z.object({ deleted: z.boolean() }),
});

export const mtcePlanRemindEdit = defineEndpoint({
  id: 'maintenance.planRemindEdit',
  base: 'project',
  method: 'POST',
  path: '/u/web/mtce/plan/remind/edit/v1',
  permission: 'maintenance.plan.write',
  summary: "Sets a plan's reminder (spec §9): content and push time required, days ahead, repeat and weekday (1 = Monday) optional. Each due reminder is sent once as a maintenance message at its push time in the project's time zone",
  input: ReminderInputSchema.extend({ runId: RunIdSchema, id: PlanIdSchema }),
  output: MaintenancePlanSchema,
});

export const mtcePlanRemindQuery = defineEndpoint({
  id: 'maintenance.planRemindQuery',
  base: 'project',
  method: 'GET',
  path: '/u/web/mtce/plan/remind/query/v1',
  permission: 'maintenance.plan.read',
  summary: "A plan's reminder (null when none was set) and its next push times",
  input: PlanRefSchema,
  output: z.object({ reminder: ReminderSchema.nullable(), nextPushes: z.array(z.number()) }),
});

/** The fields of the import's multipart form, beside the file (`file`). */
export { RingHistoryImportFormSchema as PlanImportFormSchema } from '../project/ringHistory.contract.js';

export const mtcePlanImport = defineEndpoint({
  id: 'maintenance.planImport',
  base: 'project',
  method: 'POST',
  path: '/u/web/mtce/plan/import/v1',
  permission: 'maintenance.plan.write',
  summary:
    'Imports maintenance plans from the `mtceplan` template (`GET /u/web/getFilePath/v1/mtceplan`): multipart fields `runId`, optional `mode` (all | validOnly) and `progressKey`, then the .xlsx/.xls `file` (under 500 KB). Each row is a calendar plan; a row whose system + component + content is already planned in the run, or repeats an earlier row, is refused at its row. Answers the import report in the caller\'s language',
  inputFrom: 'multipart',
  input: z.object({}),
  output: ImportReportSchema,
});

export const mtcePlanUnits = defineEndpoint({
  id: 'maintenance.planUnits',
  base: 'project',
  method: 'POST',
  path: '/u/web/mtce/plan/query/unit/v1',
  permission: 'maintenance.plan.read',
  summary: 'The systems (units) the run\'s plans use, in alphabetical order',
  input: z.object({ runId: RunIdSchema }),
  output: z.array(z.string()),
});

export const mtcePlanParts = defineEndpoint({
  id: 'maintenance.planParts',
  base: 'project',
  method: 'POST',
  path: '/u/web/mtce/plan/query/part/v1',
  permission: 'maintenance.plan.read',
  summary: 'The components (parts) the run\'s plans of one system use, in alphabetical order',
  input: z.object({ runId: RunIdSchema, system: z.string().trim().min(1, { error: 'validation.required' }).max(MAINTENANCE_LIMITS.systemMaxLength, { error: 'validation.maxLength' }) }),
  output: z.array(z.string()),
});

export const mtcePlanUnique = defineEndpoint({
  id: 'maintenance.planUnique',
  base: 'project',
  method: 'POST',
  path: '/u/web/mtce/plan/query/unique/v1',
  permission: 'maintenance.plan.read',
  summary: 'Whether system + component + content is free in the run (`id`: the plan being edited, which does not count)',
  input: z.object({
    runId: RunIdSchema,
    id: PlanIdSchema.optional(),
    system: z.string().trim().max(MAINTENANCE_LIMITS.systemMaxLength, { error: 'validation.maxLength' }),
    component: z.string().trim().max(MAINTENANCE_LIMITS.systemMaxLength, { error: 'validation.maxLength' }).nullish(),
    content: z.string().trim().max(MAINTENANCE_LIMITS.contentMaxLength, { error: 'validation.maxLength' }),
  }),
  output: z.object({ unique: z.boolean() }),
});

export const mtcePlanOverdue = defineEndpoint({
  id: 'maintenance.planOverdue',
  base: 'project',
  method: 'POST',
  path: '/u/web/mtce/plan/query/overdue/v1',
  permission: 'maintenance.plan.read',
  summary: "The run's plans overdue now (due time passed beyond the 10 % rule, not done), longest overdue first",
  input: z.object({ runId: RunIdSchema }),
  output: z.array(MaintenancePlanSchema),
});

export const mtcePlanGroup = defineEndpoint({
  id: 'maintenance.planGroup',
  base: 'project',
  method: 'GET',
  path: '/u/web/mtce/plan/query/group/v1',
  permission: 'maintenance.plan.read',
  summary: "The run's plans grouped by system (alphabetical), each group's plans soonest due first, with counts of due and overdue",
  input: z.object({ runId: RunIdSchema }),
  output: z.array(z.object({ system: z.string(), due: z.number().int(), overdue: z.number().int(), plans: z.array(MaintenancePlanSchema) })),
});

export const ComplianceRowSchema = z.object({
  system: z.string(),
  /** YYYY-MM in the project's time zone. */
  month: z.string(),
  /** Occurrences due in the month, those done within the 10 % rule, the share (percent, null when none was due). */
  due: z.number().int(),
  onTime: z.number().int(),
  percent: z.number().nullable(),
});

export const PlanDashboardSchema = z.object({
  /** Counts now: plans in all, due this week (Monday to Sunday in the project's zone), overdue, done on time in the last 30 days. */
  plans: z.number().int(),
  dueThisWeek: z.number().int(),
  overdue: z.number().int(),
  doneOnTime: z.number().int(),
  doneLate: z.number().int(),
  /** Compliance of the last 30 days (percent; null when nothing was due). Target ≥ 90 %. */
  compliance: z.number().nullable(),
  dueThisWeekPlans: z.array(MaintenancePlanSchema),
  overduePlans: z.array(MaintenancePlanSchema),
  /** Per system and month, the last six months. */
  complianceBySystem: z.array(ComplianceRowSchema),
  /** Records with an abnormal item, newest first (at most 10). */
  abnormal: z.array(MaintenanceRecordSchema),
  /** The newest records (at most 10). */
  lastRecords: z.array(MaintenanceRecordSchema),
});
export type PlanDashboard = z.infer<typeof PlanDashboardSchema>;

export const mtcePlanDashboard = defineEndpoint({
  id: 'maintenance.planDashboard',
  base: 'project',
  method: 'GET',
  path: '/u/web/mtce/plan/dashboard/v1',
  permission: 'maintenance.plan.read',
  summary: 'The maintenance dashboard of a run: due this week, overdue, done on time, compliance by the 10 % rule per system and month, abnormal findings, last records',
  input: z.object({ runId: RunIdSchema }),
  output: PlanDashboardSchema,
});

export const mtceComplianceExport = defineEndpoint({
  id: 'maintenance.complianceExport',
  base: 'project',
  method: 'POST',
  path: '/u/web/mtce/plan/compliance/export/v1',
  permission: 'maintenance.plan.read',
  summary: "Compliance per system and month (10 % rule) between two months (at most MAINTENANCE_LIMITS.complianceMonthsMax) as an Excel workbook in the caller's language",
  input: z
    .object({ runId: RunIdSchema, from: LocalDateSchema, to: LocalDateSchema })
    .refine((v) => v.from <= v.to, { error: 'maintenance.refused.fromAfterTo', path: ['to'] }),
  output: z.unknown(),
  response: 'raw',
  rawContentType: XLSX_CONTENT_TYPE,
});

/** The orders of a plan export: soonest due first (the plan list's) or by system, component and content (the content page's). */
export const PLAN_EXPORT_ORDERS = ['due', 'catalogue'] as const;

export const mtcePlanExport = defineEndpoint({
  id: 'maintenance.planExport',
  base: 'project',
  method: 'POST',
  path: '/u/web/mtce/plan/export/v1',
  permission: 'maintenance.plan.read',
  summary:
    "The run's plans filtered as the plan list (or the content page) filters them, as an Excel workbook in the caller's language: one row per plan, times on the project's clock. `order`: due (default, the plan list's) or catalogue (the content page's). No plan to export is refused (code 3)",
  input: PlanFilterSchema.extend({ order: z.enum(PLAN_EXPORT_ORDERS, { error: 'validation.invalid' }).optional() }),
  output: z.unknown(),
  response: 'raw',
  rawContentType: XLSX_CONTENT_TYPE,
});

export const CalendarEntrySchema = z.object({
  planId: z.number().int(),
  title: z.string(),
  system: z.string(),
  component: z.string().nullable(),
  cycle: z.enum(MAINTENANCE_CYCLES),
  /** The occurrence's due time and its state (colour: due, done, overdue, doneLate; upcoming for later ones). */
  dueAt: z.number(),
  state: z.enum(OCCURRENCE_STATES),
  recordId: z.number().int().nullable(),
  doneAt: z.number().nullable(),
});

export const mtceCalendar = defineEndpoint({
  id: 'maintenance.calendar',
  base: 'project',
  method: 'POST',
  path: '/u/web/mtce/calendar/v1',
  permission: 'maintenance.plan.read',
  summary:
    "The occurrences of a run's plans between two instants (at most MAINTENANCE_LIMITS.calendarDaysMax days), each with its state, and the machine's standby intervals in that span, so maintenance on planned stops shows beside them",
  input: z
    .object({ runId: RunIdSchema, from: EpochMsSchema, to: EpochMsSchema, system: z.string().max(MAINTENANCE_LIMITS.systemMaxLength).optional() })
    .refine((v) => v.from < v.to, { error: 'maintenance.refused.fromAfterTo', path: ['to'] })
    .refine((v) => v.to - v.from <= MAINTENANCE_LIMITS.calendarDaysMax * 86_400_000, { error: 'maintenance.refused.spanTooLong', path: ['to'] }),
  output: z.object({
    entries: z.array(CalendarEntrySchema),
    standby: z.array(z.object({ start: z.number(), end: z.number() })),
  }),
});

export const mtcePlanEndpoints = [
  mtcePlanQueryPage,
  mtcePlanAdd,
  mtcePlanEdit,
  mtcePlanDelete,
  mtcePlanRemindEdit,
  mtcePlanRemindQuery,
  mtcePlanImport,
  mtcePlanUnits,
  mtcePlanParts,
  mtcePlanUnique,
  mtcePlanOverdue,
  mtcePlanGroup,
  mtcePlanDashboard,
  mtceComplianceExport,
  mtcePlanExport,
  mtceCalendar,
] as const;
