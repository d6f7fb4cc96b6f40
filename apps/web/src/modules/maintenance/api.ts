import { importsContract, LIMITS, mtcePlanContract as p } from '@boreline/contracts';
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

/** The query keys of the maintenance pages: every key of a run starts with `['maintenance', runId]`, so a change refreshes them at once. */
export const MTCE_KEYS = {
  run: (runId: number): QueryKey => ['maintenance', runId],
  plans: (input: PlanQueryInput): QueryKey => ['maintenance', input.runId, 'plans', input],
  units: (runId: number): QueryKey => ['maintenance', runId, 'units'],
  remind: (runId: number, id: number): QueryKey => ['maintenance', runId, 'remind', id],
  dashboard: (runId: number): QueryKey => ['maintenance', runId, 'dashboard'],
  calendar: (input: CalendarInput): QueryKey => ['maintenance', input.runId, 'calendar', input],
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

export const addPlan = (input: PlanAddInput) => call(p.mtcePlanAdd, input);
export const editPlan = (input: PlanEditInput) => call(p.mtcePlanEdit, input);
export const deletePlan = (runId: number, id: number) => call(p.mtcePlanDelete, { runId, id });
export const saveRemind = (input: RemindInput) => call(p.mtcePlanRemindEdit, input);
export const isPlanUnique = (input: UniqueInput) => call(p.mtcePlanUnique, input);

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
