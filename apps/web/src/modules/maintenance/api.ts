import { importsContract, LIMITS, mtceContentContract as c, mtcePlanContract as p, mtceRecordContract as r } from '@boreline/contracts';
import { keepPreviousData, type QueryKey, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../../core/api/client.js';
import { fetchFile, saveFile } from '../../core/api/download.js';
import { uploadFile } from '../../core/api/upload.js';

export type MaintenancePlan = z.output<typeof p.mtcePlanQueryPage.output>['records'][number];
export type PlanDashboard = z.output<typeof p.mtcePlanDashboard.output>;
export type MaintenanceRecord = PlanDashboard['lastRecords'][number];
export type ComplianceRow = PlanDashboard['complianceBySystem'][number];
export type CalendarAnswer = z.output<typeof p.mtceCalendar.output>;
export type CalendarEntry = CalendarAnswer['entries'][number];
export type Reminder = NonNullable<MaintenancePlan['reminder']>;

export type MaintenanceCycle = MaintenancePlan['cycle'];
export type MaintenanceTrigger = MaintenancePlan['trigger'];
export type MaintenanceCounterKind = NonNullable<MaintenancePlan['counterKind']>;
export type MaintenanceAnchor = MaintenancePlan['anchor'];
export type OccurrenceState = MaintenancePlan['state'];
export type ItemCondition = MaintenanceRecord['condition'];
export type ReminderRepeat = NonNullable<Reminder['repeat']>;

export type PlanQueryInput = z.input<typeof p.mtcePlanQueryPage.input>;
export type PlanAddInput = z.output<typeof p.mtcePlanAdd.input>;
export type PlanEditInput = z.output<typeof p.mtcePlanEdit.input>;
export type RemindInput = z.output<typeof p.mtcePlanRemindEdit.input>;
export type UniqueInput = z.input<typeof p.mtcePlanUnique.input>;
export type CalendarInput = z.input<typeof p.mtceCalendar.input>;
export type RecordQueryInput = z.input<typeof r.mtceRecordPage.input>;
export type RecordAddInput = z.output<typeof r.mtceRecordAdd.input>;
export type ContentQueryInput = z.input<typeof c.mtceContentQueryList.input>;
export type ContentSaveInput = z.output<typeof c.mtceContentAddOrEdit.input>;
export type HistoryTemplate = z.output<typeof c.mtceContentHistoryTemplate.output>;

/** The query keys of the maintenance pages: every key of a run starts with `['maintenance', runId]`, so a change refreshes them at once. */
export const MTCE_KEYS = {
  run: (runId: number): QueryKey => ['maintenance', runId],
  plans: (input: PlanQueryInput): QueryKey => ['maintenance', input.runId, 'plans', input],
  units: (runId: number): QueryKey => ['maintenance', runId, 'units'],
  remind: (runId: number, id: number): QueryKey => ['maintenance', runId, 'remind', id],
  dashboard: (runId: number): QueryKey => ['maintenance', runId, 'dashboard'],
  calendar: (input: CalendarInput): QueryKey => ['maintenance', input.runId, 'calendar', input],
  records: (input: RecordQueryInput): QueryKey => ['maintenance', input.runId, 'records', input],
  record: (runId: number, id: number): QueryKey => ['maintenance', runId, 'record', id],
  planChoices: (runId: number): QueryKey => ['maintenance', runId, 'planChoices'],
  contents: (input: ContentQueryInput): QueryKey => ['maintenance', input.runId, 'contents', input],
  content: (runId: number, id: number): QueryKey => ['maintenance', runId, 'content', id],
  history: (runId: number, id: number, page: number): QueryKey => ['maintenance', runId, 'history', id, page],
};

export const usePlans = (input: PlanQueryInput) =>
  useQuery({ queryKey: MTCE_KEYS.plans(input), queryFn: () => call(p.mtcePlanQueryPage, input), placeholderData: keepPreviousData });

/** The systems the run's plans use, for the filters and the plan form's suggestions. */
export const usePlanUnits = (runId: number) => useQuery({ queryKey: MTCE_KEYS.units(runId), queryFn: () => call(p.mtcePlanUnits, { runId }) });

export const usePlanRemind = (runId: number, id: number | null) =>
  useQuery({ queryKey: MTCE_KEYS.remind(runId, id ?? 0), queryFn: () => call(p.mtcePlanRemindQuery, { runId, id: id ?? 0 }), enabled: id !== null });

export const useDashboard = (runId: number) => useQuery({ queryKey: MTCE_KEYS.dashboard(runId), queryFn: () => call(p.mtcePlanDashboard, { runId }) });

export const useCalendar = (input: CalendarInput) =>
  useQuery({ queryKey: MTCE_KEYS.calendar(input), queryFn: () => call(p.mtceCalendar, input), placeholderData: keepPreviousData });

export const useRecords = (input: RecordQueryInput, enabled = true) =>
  useQuery({ queryKey: MTCE_KEYS.records(input), queryFn: () => call(r.mtceRecordPage, input), placeholderData: keepPreviousData, enabled });

export const useRecordDetail = (runId: number, id: number | null) =>
  useQuery({ queryKey: MTCE_KEYS.record(runId, id ?? 0), queryFn: () => call(r.mtceRecordDetail, { runId, id: id ?? 0 }), enabled: id !== null });

/** The run's plans a record can complete (the record form's picker), soonest due first. */
export const usePlanChoices = (runId: number, enabled: boolean) =>
  useQuery({ queryKey: MTCE_KEYS.planChoices(runId), queryFn: () => call(p.mtcePlanQueryPage, { runId, page: 1, pageSize: 200 }), enabled, staleTime: 30_000 });

export const useContents = (input: ContentQueryInput) =>
  useQuery({ queryKey: MTCE_KEYS.contents(input), queryFn: () => call(c.mtceContentQueryList, input), placeholderData: keepPreviousData });

export const useContentDetail = (runId: number, id: number | null) =>
  useQuery({ queryKey: MTCE_KEYS.content(runId, id ?? 0), queryFn: () => call(c.mtceContentQueryDetail, { runId, id: id ?? 0 }), enabled: id !== null });

export const useContentHistory = (runId: number, id: number | null, page: number) =>
  useQuery({
    queryKey: MTCE_KEYS.history(runId, id ?? 0, page),
    queryFn: () => call(c.mtceContentHistoryList, { runId, id: id ?? 0, page, pageSize: 10 }),
    enabled: id !== null,
    placeholderData: keepPreviousData,
  });

export const addPlan = (input: PlanAddInput) => call(p.mtcePlanAdd, input);
export const editPlan = (input: PlanEditInput) => call(p.mtcePlanEdit, input);
export const deletePlan = (runId: number, id: number) => call(p.mtcePlanDelete, { runId, id });
export const saveRemind = (input: RemindInput) => call(p.mtcePlanRemindEdit, input);
export const isPlanUnique = (input: UniqueInput) => call(p.mtcePlanUnique, input);
export const addRecord = (input: RecordAddInput) => call(r.mtceRecordAdd, input);
export const saveContent = (input: ContentSaveInput) => call(c.mtceContentAddOrEdit, input);
export const deleteContent = (runId: number, id: number) => call(c.mtceContentDelete, { runId, id });
export const saveContentRemind = (input: RemindInput) => call(c.mtceContentSetRemind, input);
export const addHistory = (input: RecordAddInput & { planId: number }) => call(c.mtceContentAddHistory, input);
export const historyTemplate = (runId: number, id: number) => call(c.mtceContentHistoryTemplate, { runId, id });

/** Spec §5: a plan import is under 500 KB (the file service's limit for it). */
export const PLAN_IMPORT_MAX_BYTES = LIMITS.maintenanceImportMaxBytes - 1;

/** Sends the sheet to the run's plan import, all or nothing, or the valid rows only. */
export const importPlans = (runId: number, file: File, mode: 'all' | 'validOnly', onProgress: (percent: number) => void) =>
  uploadFile(p.mtcePlanImport, file, { fields: { runId: String(runId), mode }, onProgress });

/** The plan template in the reader's language, saved under the name the server gives it. */
export async function downloadPlanTemplate(): Promise<void> {
  const file = await fetchFile(importsContract.templateMtceplan, {});
  saveFile(file.blob, file.fileName ?? 'maintenance-plans.xlsx');
}
