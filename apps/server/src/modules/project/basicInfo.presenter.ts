import type { basicInfoContract } from '@boreline/contracts';
import type { z } from 'zod';
import type { ProjectInfoRow, RunBasicsRow, TbmInfoRow } from './basicInfo.repo.js';
import { machineTypeOf } from './run.repo.js';

type ProjectInfo = basicInfoContract.ProjectInfo;
type DeviceInfo = basicInfoContract.DeviceInfo;

/** The project's basic info: the run's columns, and nulls where nobody has entered the rest yet. */
export function presentProjectInfo(run: RunBasicsRow, info: ProjectInfoRow | undefined): ProjectInfo {
  return {
    runId: run.id,
    projectName: run.project_name,
    projectCode: run.project_code,
    plannedStart: info?.planned_start ?? null,
    plannedCompletion: info?.planned_completion ?? null,
    plannedRingsPerDay: info?.planned_rings_per_day ?? null,
    plannedLengthPerDay: info?.planned_length_per_day ?? null,
    tunnelLength: info?.tunnel_length ?? null,
    segmentSpec: info?.segment_spec ?? null,
    ringWidthMm: run.ring_width_mm,
    startChainage: run.start_chainage,
    endChainage: run.end_chainage,
    lineName: run.line_name,
    projectManager: info?.project_manager ?? null,
    siteManager: info?.site_manager ?? null,
    contacts: info?.contacts ?? null,
    totalRings: run.planned_rings,
    country: run.country,
    timeZone: run.time_zone,
    updatedAt: info?.updated_at ?? null,
    updatedBy: info?.updated_by_name ?? null,
  };
}

export function presentDeviceInfo(run: RunBasicsRow, tbm: TbmInfoRow | undefined): DeviceInfo {
  return {
    runId: run.id,
    tbmCode: run.tbm_code,
    machineType: machineTypeOf(run),
    tbmName: tbm?.tbm_name ?? null,
    manufacturer: tbm?.manufacturer ?? null,
    cutterheadDiameter: tbm?.cutterhead_diameter ?? null,
    serialNumber: tbm?.serial_number ?? null,
    purchaseDate: tbm?.purchase_date ?? null,
    deliveryDate: tbm?.delivery_date ?? null,
    owner: tbm?.owner ?? null,
    contractor: tbm?.contractor ?? null,
    responsiblePerson: tbm?.responsible_person ?? null,
    contactPhone: tbm?.contact_phone ?? null,
    performance: {
      machineLength: tbm?.machine_length ?? null,
      maxAdvanceSpeed: tbm?.max_advance_speed ?? null,
      maxThrust: tbm?.max_thrust ?? null,
      excavationDiameter: tbm?.excavation_diameter ?? null,
      maxWorkingPressure: tbm?.max_working_pressure ?? null,
      designPressure: tbm?.design_pressure ?? null,
      totalWeight: tbm?.total_weight ?? null,
      maxRotationSpeed: tbm?.max_rotation_speed ?? null,
      turningRadius: tbm?.turning_radius ?? null,
      installedPower: tbm?.installed_power ?? null,
    },
    updatedAt: tbm?.updated_at ?? null,
    updatedBy: tbm?.updated_by_name ?? null,
  };
}

type ProjectEdit = z.output<typeof basicInfoContract.ProjectInfoEditSchema>;
type TbmEdit = z.output<typeof basicInfoContract.TbmInfoEditSchema>;
type PerformanceEdit = z.output<typeof basicInfoContract.TbmPerformanceEditSchema>;

/** The project-info columns of a form's values (basic info and run administration write the same ones). */
export const projectInfoColumns = (input: Omit<ProjectEdit, 'runId'>) => ({
  planned_start: input.plannedStart,
  planned_completion: input.plannedCompletion,
  planned_rings_per_day: input.plannedRingsPerDay,
  planned_length_per_day: input.plannedLengthPerDay,
  tunnel_length: input.tunnelLength,
  segment_spec: input.segmentSpec,
  project_manager: input.projectManager,
  site_manager: input.siteManager,
  contacts: input.contacts,
});

/** The TBM equipment columns of a form's values. */
export const tbmEquipmentColumns = (input: Omit<TbmEdit, 'runId'>) => ({
  tbm_name: input.tbmName,
  manufacturer: input.manufacturer,
  cutterhead_diameter: input.cutterheadDiameter,
  serial_number: input.serialNumber,
  purchase_date: input.purchaseDate,
  delivery_date: input.deliveryDate,
  owner: input.owner,
  contractor: input.contractor,
  responsible_person: input.responsiblePerson,
  contact_phone: input.contactPhone,
});

/** The TBM performance columns of a form's values. */
export const tbmPerformanceColumns = (input: Omit<PerformanceEdit, 'runId'>) => ({
  machine_length: input.machineLength,
  max_advance_speed: input.maxAdvanceSpeed,
  max_thrust: input.maxThrust,
  excavation_diameter: input.excavationDiameter,
  max_working_pressure: input.maxWorkingPressure,
  design_pressure: input.designPressure,
  total_weight: input.totalWeight,
  max_rotation_speed: input.maxRotationSpeed,
  turning_radius: input.turningRadius,
  installed_power: input.installedPower,
});
