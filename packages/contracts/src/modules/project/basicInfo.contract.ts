import { z } from 'zod';
import { defineEndpoint } from '../../core/endpoint.js';
import { CountryCodeSchema, nameSchema, TimeZoneSchema } from '../../core/primitives.js';
import { LIMITS } from '../../limits.js';
import { MACHINE_TYPES } from '../../telemetry/tagTypes.js';
import { RunIdSchema } from './project.contract.js';
import { optionalDate, optionalMeasure, optionalPhone, optionalText, positiveInteger, requiredNumber } from './projectFields.js';

/**
 * Basic info of a project (spec §3 Project, TBM equipment): what the run itself holds (names,
 * codes, chainage, rings, country, time zone) and what the basic-info screen adds. Edits replace
 * every field of their form: a field left empty is cleared.
 */

/** Chainage in metres (the web writes it `k+mmm.mmm`); decreasing chainage is allowed. */
const chainageMetres = z
  .number({ error: requiredNumber('validation.number') })
  .finite({ error: 'validation.number' })
  .refine((v) => Math.abs(v) <= LIMITS.chainageAbsMaxMetres, { error: 'validation.number' });

export const ProjectInfoSchema = z.object({
  runId: z.number().int(),
  projectName: z.string(),
  /** The project number. */
  projectCode: z.string(),
  /** Local calendar dates of the project, `YYYY-MM-DD`. */
  plannedStart: z.string().nullable(),
  plannedCompletion: z.string().nullable(),
  plannedRingsPerDay: z.number().nullable(),
  /** Metres a day. */
  plannedLengthPerDay: z.number().nullable(),
  /** Metres. */
  tunnelLength: z.number().nullable(),
  segmentSpec: z.string().nullable(),
  ringWidthMm: z.number().int(),
  /** Metres; shown `k+mmm.mmm`. */
  startChainage: z.number(),
  endChainage: z.number(),
  lineName: z.string(),
  projectManager: z.string().nullable(),
  siteManager: z.string().nullable(),
  contacts: z.string().nullable(),
  totalRings: z.number().int(),
  /** ISO 3166-1 alpha-2. */
  country: z.string(),
  /** IANA zone: shifts, days and reports are cut in it. */
  timeZone: z.string(),
  /** Null until someone saves the basic info. */
  updatedAt: z.number().int().nullable(),
  updatedBy: z.string().nullable(),
});
export type ProjectInfo = z.infer<typeof ProjectInfoSchema>;

export const ProjectInfoEditSchema = z
  .object({
    runId: RunIdSchema,
    projectName: nameSchema(LIMITS.projectNameMaxLength),
    projectCode: nameSchema(LIMITS.projectCodeMaxLength),
    plannedStart: optionalDate,
    plannedCompletion: optionalDate,
    plannedRingsPerDay: optionalMeasure,
    plannedLengthPerDay: optionalMeasure,
    tunnelLength: optionalMeasure,
    segmentSpec: optionalText(LIMITS.segmentSpecMaxLength),
    ringWidthMm: positiveInteger(LIMITS.ringWidthMmMax),
    startChainage: chainageMetres,
    endChainage: chainageMetres,
    lineName: nameSchema(LIMITS.projectTextMaxLength),
    projectManager: optionalText(LIMITS.personNameMaxLength),
    siteManager: optionalText(LIMITS.personNameMaxLength),
    contacts: optionalText(LIMITS.projectContactsMaxLength),
    totalRings: positiveInteger(LIMITS.ringsTotalMax),
    country: CountryCodeSchema,
    timeZone: TimeZoneSchema,
  })
  .refine((v) => !v.plannedStart || !v.plannedCompletion || v.plannedCompletion >= v.plannedStart, {
    error: 'project.info.completionBeforeStart',
    path: ['plannedCompletion'],
  })
  .refine((v) => v.endChainage !== v.startChainage, { error: 'project.info.sameChainage', path: ['endChainage'] });

export const TbmPerformanceSchema = z.object({
  /** Metres. */
  machineLength: z.number().nullable(),
  /** Millimetres a minute. */
  maxAdvanceSpeed: z.number().nullable(),
  /** Kilonewtons. */
  maxThrust: z.number().nullable(),
  /** Metres. */
  excavationDiameter: z.number().nullable(),
  /** Bar. */
  maxWorkingPressure: z.number().nullable(),
  designPressure: z.number().nullable(),
  /** Tonnes. */
  totalWeight: z.number().nullable(),
  /** Cutterhead revolutions a minute. */
  maxRotationSpeed: z.number().nullable(),
  /** Metres. */
  turningRadius: z.number().nullable(),
  /** Kilowatts. */
  installedPower: z.number().nullable(),
});
export type TbmPerformance = z.infer<typeof TbmPerformanceSchema>;

export const DeviceInfoSchema = z.object({
  runId: z.number().int(),
  /** The TBM number. */
  tbmCode: z.string(),
  /** Read-only here: it decides the machine's tag catalogue. */
  machineType: z.enum(MACHINE_TYPES),
  tbmName: z.string().nullable(),
  manufacturer: z.string().nullable(),
  /** Metres. */
  cutterheadDiameter: z.number().nullable(),
  /** Serial (production) number. */
  serialNumber: z.string().nullable(),
  purchaseDate: z.string().nullable(),
  deliveryDate: z.string().nullable(),
  /** Client / owner. */
  owner: z.string().nullable(),
  contractor: z.string().nullable(),
  responsiblePerson: z.string().nullable(),
  contactPhone: z.string().nullable(),
  performance: TbmPerformanceSchema,
  updatedAt: z.number().int().nullable(),
  updatedBy: z.string().nullable(),
});
export type DeviceInfo = z.infer<typeof DeviceInfoSchema>;

export const TbmInfoEditSchema = z
  .object({
    runId: RunIdSchema,
    tbmCode: nameSchema(LIMITS.projectCodeMaxLength),
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
  })
  .refine((v) => !v.purchaseDate || !v.deliveryDate || v.deliveryDate >= v.purchaseDate, {
    error: 'project.tbm.deliveryBeforePurchase',
    path: ['deliveryDate'],
  });

export const TbmPerformanceEditSchema = z
  .object({
    runId: RunIdSchema,
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
  })
  // A shield is designed for more than it may work at, never less.
  .refine((v) => v.maxWorkingPressure === null || v.designPressure === null || v.maxWorkingPressure <= v.designPressure, {
    error: 'project.tbm.workingAboveDesign',
    path: ['maxWorkingPressure'],
  });

const RunQuerySchema = z.object({ runId: RunIdSchema });

export const basicInfoProject = defineEndpoint({
  id: 'project.basicInfoProject',
  base: 'project',
  method: 'GET',
  path: '/u/web/basicInfo/getPrjInfo/v1',
  permission: 'project.basicInfo.read',
  summary: "A project's basic info: names, planned dates and rates, tunnel, chainage, rings, people, country and time zone",
  input: RunQuerySchema,
  output: ProjectInfoSchema,
});

export const basicInfoProjectEdit = defineEndpoint({
  id: 'project.basicInfoProjectEdit',
  base: 'project',
  method: 'POST',
  path: '/u/web/basicInfo/editProjectInfo/v1',
  permission: 'project.basicInfo.write',
  summary: "Saves a project's basic info (every field of the form; an empty optional field is cleared)",
  input: ProjectInfoEditSchema,
  output: ProjectInfoSchema,
});

export const basicInfoDevice = defineEndpoint({
  id: 'project.basicInfoDevice',
  base: 'project',
  method: 'GET',
  path: '/u/web/basicInfo/getDeviceInfo/v1',
  permission: 'project.basicInfo.read',
  summary: "A run's TBM: equipment data and performance figures",
  input: RunQuerySchema,
  output: DeviceInfoSchema,
});

export const basicInfoTbmEdit = defineEndpoint({
  id: 'project.basicInfoTbmEdit',
  base: 'project',
  method: 'POST',
  path: '/u/web/basicInfo/editTbmInfo/v1',
  permission: 'project.basicInfo.write',
  summary: "Saves a TBM's equipment data (not its machine type, which decides the tag catalogue)",
  input: TbmInfoEditSchema,
  output: DeviceInfoSchema,
});

export const basicInfoPerformanceEdit = defineEndpoint({
  id: 'project.basicInfoPerformanceEdit',
  base: 'project',
  method: 'POST',
  path: '/u/web/basicInfo/editTbmPerformance/v1',
  permission: 'project.basicInfo.write',
  summary: "Saves a TBM's performance figures",
  input: TbmPerformanceEditSchema,
  output: DeviceInfoSchema,
});

export const basicInfoEndpoints = [basicInfoProject, basicInfoProjectEdit, basicInfoDevice, basicInfoTbmEdit, basicInfoPerformanceEdit] as const;
