import type { basicInfoContract } from '@boreline/contracts';

type PerformanceField = keyof basicInfoContract.TbmPerformance;

/** The performance figures in the order of the view and the form, each with its label and unit. */
export const PERFORMANCE_FIELDS = [
  { name: 'machineLength', label: 'field.machineLength', unit: 'm' },
  { name: 'excavationDiameter', label: 'field.excavationDiameter', unit: 'm' },
  { name: 'turningRadius', label: 'field.turningRadius', unit: 'm' },
  { name: 'maxAdvanceSpeed', label: 'field.maxAdvanceSpeed', unit: 'mm/min' },
  { name: 'maxRotationSpeed', label: 'field.maxRotationSpeed', unit: 'r/min' },
  { name: 'maxThrust', label: 'field.maxThrust', unit: 'kN' },
  { name: 'maxWorkingPressure', label: 'field.maxWorkingPressure', unit: 'bar' },
  { name: 'designPressure', label: 'field.designPressure', unit: 'bar' },
  { name: 'totalWeight', label: 'field.totalWeight', unit: 't' },
  { name: 'installedPower', label: 'field.installedPower', unit: 'kW' },
] as const satisfies readonly { name: PerformanceField; label: `field.${PerformanceField}`; unit: string }[];
