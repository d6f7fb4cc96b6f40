import { z } from 'zod';
import { defineEndpoint } from '../../core/endpoint.js';
import { RUN_STATUSES } from './project.contract.js';

/**
 * Dictionaries (spec §7 queryDicList): the fixed lists of codes that forms, reports and
 * maintenance store, with names in the caller's language. Codes never change once data uses
 * them; reports and maintenance import the arrays below.
 */

export const MACHINE_STATUSES = RUN_STATUSES;

/** Why a TBM stood still (shift reports: stop/standby reasons). */
export const STOP_REASONS = [
  'segmentSupply',
  'muckRemoval',
  'cutterChange',
  'plannedMaintenance',
  'mechanicalBreakdown',
  'electricalBreakdown',
  'hydraulicBreakdown',
  'guidanceSurvey',
  'groutSupply',
  'serviceExtension',
  'powerFailure',
  'groundConditions',
  'waitingForPermits',
  'shiftChange',
  'other',
] as const;
export type StopReason = (typeof STOP_REASONS)[number];

/** The processes a shift report splits its time into. */
export const WORK_PROCESSES = ['advance', 'ringBuild', 'cutterChange', 'maintenance', 'survey', 'serviceExtension', 'other'] as const;
export type WorkProcess = (typeof WORK_PROCESSES)[number];

export const MAINTENANCE_TYPES = ['dailyInspection', 'weekly', 'monthly', 'corrective', 'preventive'] as const;
export type MaintenanceType = (typeof MAINTENANCE_TYPES)[number];

/** Spec §4: initial, before and after use, daily … yearly (half-yearly included, spec §9). */
export const MAINTENANCE_CYCLES = ['initial', 'beforeUse', 'afterUse', 'daily', 'weekly', 'monthly', 'quarterly', 'halfYearly', 'yearly'] as const;
export type MaintenanceCycle = (typeof MAINTENANCE_CYCLES)[number];

/** Countries offered in pickers (ISO 3166-1 alpha-2): those of the demo projects and other tunnelling markets; answered in the caller's alphabetical order. */
export const DIC_COUNTRIES = ['IT', 'TR', 'PT', 'CN', 'AT', 'DE', 'CH', 'FR', 'ES', 'GB', 'NO', 'DK', 'PL', 'US', 'CA', 'AU', 'IN', 'SG', 'HK', 'AE', 'SA', 'QA', 'BR'] as const;

export const DIC_TYPES = ['machineStatus', 'machineType', 'stopReason', 'workProcess', 'maintenanceType', 'maintenanceCycle', 'country'] as const;
export type DicType = (typeof DIC_TYPES)[number];

export const DicItemSchema = z.object({ code: z.string(), name: z.string() });
export const DicListSchema = z.object({ type: z.enum(DIC_TYPES), items: z.array(DicItemSchema) });
export type DicList = z.infer<typeof DicListSchema>;

export const dicQueryList = defineEndpoint({
  id: 'project.dicQueryList',
  base: 'project',
  method: 'POST',
  path: '/u/web/dic/queryDicList/v1',
  permission: 'authenticated',
  summary: "Dictionaries (machine status and type, stop reasons, work processes, maintenance types and cycles, countries) with names in the caller's language",
  input: z.object({
    types: z
      .array(z.enum(DIC_TYPES, { error: 'validation.invalid' }), { error: 'validation.required' })
      .min(1, { error: 'validation.required' })
      .max(DIC_TYPES.length, { error: 'validation.tooMany' }),
  }),
  output: z.array(DicListSchema),
});

export const dictionaryEndpoints = [dicQueryList] as const;
