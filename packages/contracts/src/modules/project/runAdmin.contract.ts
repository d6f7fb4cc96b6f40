import { z } from 'zod';
import { defineEndpoint } from '../../core/endpoint.js';
import { ChainageSchema, CountryCodeSchema, nameSchema, TimeZoneSchema, WallTimeSchema } from '../../core/primitives.js';
import { LIMITS } from '../../limits.js';
import { MACHINE_TYPES } from '../../telemetry/tagTypes.js';
import { DeviceInfoSchema, ProjectInfoSchema, TbmPerformanceSchema } from './basicInfo.contract.js';
import { RunIdSchema } from './project.contract.js';
import { optionalDate, optionalMeasure, optionalPhone, optionalText, positiveInteger, requiredNumber } from './projectFields.js';

/**
 * Administration of runs (projects): an administrator creates a run in an organization he
 * administers, edits it, finishes it (the drive is over: its data stays readable, machine data is
 * refused), reopens it, and deletes one that holds no data yet. The project fields are those of
 * spec §3 (Project, TBM equipment and performance); shifts follow the shift rules. Paths sit beside
 * the run list on the main service (the spec leaves them open).
 */

/** Where a run's machine data comes from: the built-in simulator (trials, training), HTTP batches from a gateway, or MQTT. */
export const RUN_SOURCES = ['simulator', 'http', 'mqtt'] as const;
export type RunSource = (typeof RUN_SOURCES)[number];

/** Chainage typed `k+mmm.mmm` as spec §5 writes it, or already in metres (what the form's parse gives). */
const chainage = z.union([z.number().finite(), ChainageSchema], {
  error: (issue) => (issue.input === undefined || issue.input === null || issue.input === '' ? 'validation.required' : 'validation.chainage'),
});

const ShiftRowSchema = z
  .object({
    name: nameSchema(LIMITS.shiftNameMaxLength),
    start: WallTimeSchema,
    end: WallTimeSchema,
    handoverTime: WallTimeSchema,
    responsiblePerson: optionalText(LIMITS.personNameMaxLength),
    contact: optionalPhone,
  })
  .refine((s) => s.start !== s.end, { error: 'project.shift.sameStartEnd', path: ['end'] });

/** Every field of the run form but its shifts and id: what creating and editing share. */
const runFields = {
  /** The organization the run belongs to: one the caller administers. */
  orgId: z.number({ error: requiredNumber('validation.invalid') }).int({ error: 'validation.invalid' }).positive({ error: 'validation.invalid' }),
  // Project (spec §3).
  projectName: nameSchema(LIMITS.projectNameMaxLength),
  projectCode: nameSchema(LIMITS.projectCodeMaxLength),
  plannedStart: optionalDate,
  plannedCompletion: optionalDate,
  plannedRingsPerDay: optionalMeasure,
  plannedLengthPerDay: optionalMeasure,
  tunnelLength: optionalMeasure,
  segmentSpec: optionalText(LIMITS.segmentSpecMaxLength),
  /** Written `k+mmm.mmm` (spec §5), or metres; the drive direction follows from start and end. */
  startChainage: chainage,
  endChainage: chainage,
  lineName: nameSchema(LIMITS.projectTextMaxLength),
  projectManager: optionalText(LIMITS.personNameMaxLength),
  siteManager: optionalText(LIMITS.personNameMaxLength),
  contacts: optionalText(LIMITS.projectContactsMaxLength),
  totalRings: positiveInteger(LIMITS.ringsTotalMax),
  /** The number of the drive's first ring. */
  startRing: z
    .number({ error: requiredNumber('validation.nonNegativeInteger') })
    .int({ error: 'validation.nonNegativeInteger' })
    .min(0, { error: 'validation.nonNegativeInteger' })
    .max(LIMITS.ringsTotalMax, { error: 'validation.nonNegativeInteger' }),
  country: CountryCodeSchema,
  timeZone: TimeZoneSchema,
  // Machine (spec §3 TBM equipment and performance).
  tbmCode: nameSchema(LIMITS.projectCodeMaxLength),
  /** EPB or slurry: chooses the machine's tag catalogue. */
  machineType: z.enum(MACHINE_TYPES, { error: 'runAdmin.validation.machineType' }),
  tbmName: optionalText(LIMITS.projectTextMaxLength),
  manufacturer: optionalText(LIMITS.projectTextMaxLength),
  cutterheadDiameter: optionalMeasure,
  serialNumber: optionalText(LIMITS.projectCodeMaxLength),
  purchaseDate: optionalDate,
  deliveryDate: optionalDate,
  owner: optionalText(LIMITS.projectTextMaxLength),
  contractor: optionalText(LIMITS.projectTextMaxLength),
  responsiblePerson: optionalText(LIMITS.personNameMaxLength),
  contactPhone: optionalPhone,
  machineLength: optionalMeasure,
  maxAdvanceSpeed: optionalMeasure,
  maxThrust: optionalMeasure,
  excavationDiameter: optionalMeasure,
  maxWorkingPressure: optionalMeasure,
  designPressure: optionalMeasure,
  totalWeight: optionalMeasure,
  maxRotationSpeed: optionalMeasure,
  turningRadius: optionalMeasure,
  installedPower: optionalMeasure,
  // Drive.
  ringWidthMm: positiveInteger(LIMITS.ringWidthMmMax),
  // Data source.
  source: z.enum(RUN_SOURCES, { error: 'runAdmin.validation.source' }),
};

type RunFields = { plannedStart: string | null; plannedCompletion: string | null; startChainage: number; endChainage: number; purchaseDate: string | null; deliveryDate: string | null; maxWorkingPressure: number | null; designPressure: number | null };

/** The rules between fields of the run form, each told at the field to correct. */
function crossFieldRules(v: RunFields, ctx: z.RefinementCtx): void {
  if (v.plannedStart && v.plannedCompletion && v.plannedCompletion < v.plannedStart) {
    ctx.addIssue({ code: 'custom', message: 'project.info.completionBeforeStart', path: ['plannedCompletion'] });
  }
  if (v.startChainage === v.endChainage) ctx.addIssue({ code: 'custom', message: 'project.info.sameChainage', path: ['endChainage'] });
  if (Math.abs(v.startChainage) > LIMITS.chainageAbsMaxMetres) ctx.addIssue({ code: 'custom', message: 'validation.chainage', path: ['startChainage'] });
  if (Math.abs(v.endChainage) > LIMITS.chainageAbsMaxMetres) ctx.addIssue({ code: 'custom', message: 'validation.chainage', path: ['endChainage'] });
  if (v.purchaseDate && v.deliveryDate && v.deliveryDate < v.purchaseDate) {
    ctx.addIssue({ code: 'custom', message: 'project.tbm.deliveryBeforePurchase', path: ['deliveryDate'] });
  }
  if (v.maxWorkingPressure !== null && v.designPressure !== null && v.maxWorkingPressure > v.designPressure) {
    ctx.addIssue({ code: 'custom', message: 'project.tbm.workingAboveDesign', path: ['maxWorkingPressure'] });
  }
}

export const RunAddSchema = z
  .object({
    ...runFields,
    /** The run's shifts (the shift rules: 1 to 6, unique names, none overlapping); the two 12-hour defaults when left out. */
    shifts: z.array(ShiftRowSchema, { error: 'validation.required' }).max(LIMITS.shiftsMax, { error: 'project.shift.tooMany' }).optional(),
  })
  .superRefine((v, ctx) => {
    crossFieldRules(v, ctx);
    const names = new Set<string>();
    for (const [i, shift] of (v.shifts ?? []).entries()) {
      const name = shift.name.toLowerCase();
      if (names.has(name)) ctx.addIssue({ code: 'custom', message: 'validation.duplicateName', path: ['shifts', i, 'name'] });
      names.add(name);
    }
  });

export const RunEditSchema = z.object({ runId: RunIdSchema, ...runFields }).superRefine(crossFieldRules);

/**
 * A run as its administrator edits it: basic info's project, machine and performance facts (their
 * schemas, not copies), and what decides the actions it allows.
 */
export const RunAdminDetailSchema = ProjectInfoSchema.omit({ updatedAt: true, updatedBy: true })
  .extend(DeviceInfoSchema.omit({ runId: true, performance: true, updatedAt: true, updatedBy: true }).shape)
  .extend(TbmPerformanceSchema.shape)
  .extend({
    orgId: z.number().int(),
    orgName: z.string(),
    /** 'up' when chainage grows as the machine advances. */
    direction: z.enum(['up', 'down']),
    startRing: z.number().int(),
    source: z.enum(RUN_SOURCES),
    /** When the drive was declared over (null while it runs): machine data is refused meanwhile. */
    finishedAt: z.number().int().nullable(),
    /** Machine data, rings, reports or files exist: the run cannot be deleted, nor its machine type changed. */
    hasData: z.boolean(),
    createdAt: z.number().int(),
  });
export type RunAdminDetail = z.infer<typeof RunAdminDetailSchema>;

/** What the project list needs to offer a row's administration actions. */
export const RunAdminStateSchema = z.object({
  runId: z.number().int(),
  finishedAt: z.number().int().nullable(),
  hasData: z.boolean(),
  /** The caller may edit, finish and reopen it (project.run.write at its organization). */
  canWrite: z.boolean(),
  /** The caller may delete it (project.run.delete at its organization). */
  canDelete: z.boolean(),
});
export type RunAdminState = z.infer<typeof RunAdminStateSchema>;

/** An organization a run may be created in (one the caller administers and holds project.run.write at). */
export const RunOrgOptionSchema = z.object({ orgId: z.number().int(), name: z.string(), path: z.string() });

const RunRefSchema = z.object({ runId: RunIdSchema });

export const runAdd = defineEndpoint({
  id: 'project.runAdd',
  base: 'main',
  method: 'POST',
  path: '/u/web/sts/run/add/v1',
  permission: 'project.run.write',
  summary:
    'Creates a run (project) in an organization the caller administers: project, machine, drive, shifts and data source; a simulator run starts producing data at once. The creator may reach it (added to the runs he is limited to, if any)',
  input: RunAddSchema,
  output: RunAdminDetailSchema,
});

export const runEdit = defineEndpoint({
  id: 'project.runEdit',
  base: 'main',
  method: 'POST',
  path: '/u/web/sts/run/edit/v1',
  permission: 'project.run.write',
  summary: "Saves every field of a run's form (its shifts are edited on the shift screen); the machine type only while the run holds no data",
  input: RunEditSchema,
  output: RunAdminDetailSchema,
});

export const runDetail = defineEndpoint({
  id: 'project.runDetail',
  base: 'main',
  method: 'GET',
  path: '/u/web/sts/run/detail/v1',
  permission: 'project.run.write',
  summary: 'A run as its administrator edits it, with its finish time and whether it holds data',
  input: RunRefSchema,
  output: RunAdminDetailSchema,
});

export const runAdminStates = defineEndpoint({
  id: 'project.runAdminStates',
  base: 'main',
  method: 'GET',
  path: '/u/web/sts/run/queryAdmin/v1',
  permission: 'authenticated',
  summary: 'For each visible run the caller may administer: finished or not, whether it holds data, and which actions the caller holds',
  input: z.object({}),
  output: z.array(RunAdminStateSchema),
});

export const runOrgOptions = defineEndpoint({
  id: 'project.runOrgOptions',
  base: 'main',
  method: 'GET',
  path: '/u/web/sts/run/queryOrg/v1',
  permission: 'project.run.write',
  summary: 'The organizations the caller may create runs in (administered by him, with project.run.write granted there)',
  input: z.object({}),
  output: z.array(RunOrgOptionSchema),
});

export const runFinish = defineEndpoint({
  id: 'project.runFinish',
  base: 'main',
  method: 'POST',
  path: '/u/web/sts/run/finish/v1',
  permission: 'project.run.write',
  summary: 'Declares the drive over (TBM state Finish): the data stays readable, machine data from any source is refused, the simulator stops',
  input: RunRefSchema,
  output: RunAdminDetailSchema,
});

export const runReopen = defineEndpoint({
  id: 'project.runReopen',
  base: 'main',
  method: 'POST',
  path: '/u/web/sts/run/reopen/v1',
  permission: 'project.run.write',
  summary: 'Reopens a finished run: machine data is accepted again (a simulator run resumes)',
  input: RunRefSchema,
  output: RunAdminDetailSchema,
});

export const runDelete = defineEndpoint({
  id: 'project.runDelete',
  base: 'main',
  method: 'POST',
  path: '/u/web/sts/run/delete/v1',
  permission: 'project.run.delete',
  summary: 'Deletes a run that holds no data (no frames, rings, states, reports, files…) permanently, with its settings',
  input: RunRefSchema,
  output: z.object({ runId: z.number().int() }),
});

export const runAdminEndpoints = [runAdd, runEdit, runDetail, runAdminStates, runOrgOptions, runFinish, runReopen, runDelete] as const;
