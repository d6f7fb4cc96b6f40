import { auxiliaryBlocks } from './catalogue/auxiliary.js';
import { beltConveyorBlocks } from './catalogue/beltConveyor.js';
import { bentoniteBlocks } from './catalogue/bentonite.js';
import { cutterBlocks } from './catalogue/cutter.js';
import { cutterheadBlocks } from './catalogue/cutterhead.js';
import type { BlockSource, TagBlock } from './catalogue/define.js';
import { earthPressureBlocks } from './catalogue/earthPressure.js';
import { electricBlocks } from './catalogue/electric.js';
import { foamBlocks } from './catalogue/foam.js';
import { groutingBlocks } from './catalogue/grouting.js';
import { guidanceBlocks } from './catalogue/guidance.js';
import { hydraulicBlocks } from './catalogue/hydraulic.js';
import { lubricationSealBlocks } from './catalogue/lubricationSeal.js';
import { outerWaterBlocks } from './catalogue/outerWater.js';
import { screwConveyorBlocks } from './catalogue/screwConveyor.js';
import { slurryCircuitBlocks } from './catalogue/slurryCircuit.js';
import { stateBlocks } from './catalogue/state.js';
import { thrustBlocks } from './catalogue/thrust.js';
import { waterBlocks } from './catalogue/water.js';
import { type MachineType, type Subsystem, SUBSYSTEMS, type TagDef } from './tagTypes.js';

export { joinedTagNameKey, MACHINE_STATE_KEYS, SUBSYSTEM_NAME_KEYS, tagDisplayName } from './tagDisplayName.js';

const SOURCES: Record<Subsystem, BlockSource> = {
  state: stateBlocks,
  cutterhead: cutterheadBlocks,
  thrust: thrustBlocks,
  earthPressure: earthPressureBlocks,
  screwConveyor: screwConveyorBlocks,
  foam: foamBlocks,
  bentonite: bentoniteBlocks,
  water: waterBlocks,
  grouting: groutingBlocks,
  guidance: guidanceBlocks,
  lubricationSeal: lubricationSealBlocks,
  hydraulic: hydraulicBlocks,
  electric: electricBlocks,
  cutter: cutterBlocks,
  auxiliary: auxiliaryBlocks,
  slurryCircuit: slurryCircuitBlocks,
  outerWater: outerWaterBlocks,
  beltConveyor: beltConveyorBlocks,
};

/**
 * Lays a block out as a non-optimized S7 data block does: BOOLs packed eight to a byte, INT (levels)
 * two bytes and REAL/DINT (analog values, counters) four, every non-BOOL starting on an even byte.
 */
function blockTags(subsystem: Subsystem, block: TagBlock): TagDef[] {
  let byte = 0;
  let bit = 0;
  return block.tags.map((spec) => {
    let address: string;
    if (spec.kind === 'flag') {
      address = `DB${block.db}.DBX${byte}.${bit}`;
      bit += 1;
      if (bit === 8) {
        byte += 1;
        bit = 0;
      }
    } else {
      if (bit > 0) {
        byte += 1;
        bit = 0;
      }
      byte += byte % 2;
      const size = spec.kind === 'level' ? 2 : 4;
      address = `DB${block.db}.${size === 2 ? 'DBW' : 'DBD'}${byte}`;
      byte += size;
    }
    const name = spec.index === undefined
      ? { subject: spec.subject, quantity: spec.quantity }
      : { subject: spec.subject, index: spec.index, quantity: spec.quantity };
    return Object.freeze({
      code: `${subsystem}.${spec.code}`,
      subsystem,
      kind: spec.kind,
      unit: spec.unit,
      plcVar: `DB${block.db}.${spec.symbol}`,
      address,
      min: spec.min,
      max: spec.max,
      precision: spec.precision,
      name: Object.freeze(name),
    });
  });
}

interface Catalogue {
  tags: readonly TagDef[];
  byCode: ReadonlyMap<string, TagDef>;
  bySubsystem: ReadonlyMap<Subsystem, readonly TagDef[]>;
}

const catalogues = new Map<MachineType, Catalogue>();
const EMPTY: readonly TagDef[] = Object.freeze([]);

function catalogueOf(machineType: MachineType): Catalogue {
  const cached = catalogues.get(machineType);
  if (cached) return cached;
  const bySubsystem = new Map<Subsystem, readonly TagDef[]>();
  for (const subsystem of SUBSYSTEMS) {
    const blocks = SOURCES[subsystem](machineType);
    bySubsystem.set(subsystem, Object.freeze(blocks.flatMap((block) => blockTags(subsystem, block))));
  }
  const tags = Object.freeze(SUBSYSTEMS.flatMap((subsystem) => bySubsystem.get(subsystem) ?? []));
  const built: Catalogue = { tags, byCode: new Map(tags.map((tag) => [tag.code, tag])), bySubsystem };
  catalogues.set(machineType, built);
  return built;
}

/**
 * Every tag of a machine type in a fixed order: subsystem by subsystem as in `SUBSYSTEMS`, then in
 * the order of the PLC blocks. Built once; every call returns the same frozen array.
 */
export function tagCatalogue(machineType: MachineType): readonly TagDef[] {
  return catalogueOf(machineType).tags;
}

export function findTag(machineType: MachineType, code: string): TagDef | undefined {
  return catalogueOf(machineType).byCode.get(code);
}

/** The tags of one real-time tab; empty when the machine type lacks the subsystem. */
export function tagsOfSubsystem(machineType: MachineType, subsystem: Subsystem): readonly TagDef[] {
  return catalogueOf(machineType).bySubsystem.get(subsystem) ?? EMPTY;
}
