import type { MachineType } from '@boreline/contracts';

/** Names of the machine types (earth-pressure balance, slurry). */
export const MACHINE_TYPE_KEYS = {
  epb: 'project.machineType.epb',
  slurry: 'project.machineType.slurry',
} as const satisfies Record<MachineType, string>;
