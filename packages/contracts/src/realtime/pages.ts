import { tagCatalogue } from '../telemetry/tagCatalogue.js';
import type { MachineType, Subsystem, TagDef } from '../telemetry/tagTypes.js';

/**
 * The real-time subsystem pages of spec §2 (`/fw1/rta/<page>`: each name is its path segment, the
 * spec's `lubbers` for the gear-oil and central lubrication page), in menu order. Each page shows the
 * tags of some subsystems, narrowed by subject where the spec splits one subsystem over two pages
 * (gear-oil and central lubrication apart from the seals; the slurry's suspension apart from its
 * pumps). Every tag of a catalogue except the machine-state signals lands on exactly one page.
 */
export const REALTIME_PAGES = [
  'foam',
  'bentonite',
  'water',
  'grouting',
  'guide',
  'lubbers',
  'hydraulic',
  'electric',
  'cutter',
  'auxiliary',
  'slurry',
  'slurryCircuit',
  'outerWater',
  'beltConveyor',
  'lubricationSeal',
] as const;
export type RealtimePage = (typeof REALTIME_PAGES)[number];

const LUBRICATION_SUBJECTS = new Set(['telemetry.subject.gearOil', 'telemetry.subject.gearOilFilter', 'telemetry.subject.centralLubrication']);
const SLURRY_PUMP_SUBJECT = 'telemetry.subject.slurryPump';

interface PageRule {
  subsystems: readonly Subsystem[];
  keep?: (tag: TagDef) => boolean;
}

const RULES: Record<RealtimePage, PageRule> = {
  foam: { subsystems: ['foam'] },
  bentonite: { subsystems: ['bentonite'] },
  water: { subsystems: ['water'] },
  grouting: { subsystems: ['grouting'] },
  guide: { subsystems: ['guidance'] },
  lubbers: { subsystems: ['cutterhead', 'lubricationSeal'], keep: (t) => LUBRICATION_SUBJECTS.has(t.name.subject) },
  hydraulic: { subsystems: ['hydraulic', 'thrust'] },
  electric: { subsystems: ['electric'] },
  cutter: { subsystems: ['cutterhead', 'cutter'], keep: (t) => !LUBRICATION_SUBJECTS.has(t.name.subject) },
  auxiliary: { subsystems: ['auxiliary', 'earthPressure', 'screwConveyor'] },
  slurry: { subsystems: ['slurryCircuit'], keep: (t) => t.name.subject !== SLURRY_PUMP_SUBJECT },
  slurryCircuit: { subsystems: ['slurryCircuit'], keep: (t) => t.name.subject === SLURRY_PUMP_SUBJECT },
  outerWater: { subsystems: ['outerWater'] },
  beltConveyor: { subsystems: ['beltConveyor'] },
  lubricationSeal: { subsystems: ['lubricationSeal'], keep: (t) => !LUBRICATION_SUBJECTS.has(t.name.subject) },
};

const cache = new Map<string, readonly TagDef[]>();

const onPage = (page: RealtimePage) => {
  const rule = RULES[page];
  const wanted = new Set<Subsystem>(rule.subsystems);
  return (t: TagDef) => wanted.has(t.subsystem) && (rule.keep?.(t) ?? true);
};

/**
 * The tags a page shows for a machine type, in catalogue order (empty: the machine has no such page),
 * then the run's own tags of the page's subsystems (`own`, see the own-tags contract).
 */
export function realtimePageTags(machineType: MachineType, page: RealtimePage, own: readonly TagDef[] = []): readonly TagDef[] {
  const key = `${machineType}:${page}`;
  let tags = cache.get(key);
  if (!tags) {
    tags = tagCatalogue(machineType).filter(onPage(page));
    cache.set(key, tags);
  }
  if (own.length === 0) return tags;
  const extra = own.filter(onPage(page));
  return extra.length === 0 ? tags : [...tags, ...extra];
}

/** The pages a machine type has (a slurry machine has no foam page, an EPB machine no slurry pages). */
export const realtimePagesOf = (machineType: MachineType): RealtimePage[] =>
  REALTIME_PAGES.filter((page) => realtimePageTags(machineType, page).length > 0);

/** Menu labels of the pages, keys of the `realtime` catalogue. */
export const REALTIME_PAGE_KEYS: Record<RealtimePage, string> = {
  foam: 'realtime.page.foam',
  bentonite: 'realtime.page.bentonite',
  water: 'realtime.page.water',
  grouting: 'realtime.page.grouting',
  guide: 'realtime.page.guide',
  lubbers: 'realtime.page.lubrication',
  hydraulic: 'realtime.page.hydraulic',
  electric: 'realtime.page.electric',
  cutter: 'realtime.page.cutter',
  auxiliary: 'realtime.page.auxiliary',
  slurry: 'realtime.page.slurry',
  slurryCircuit: 'realtime.page.slurryCircuit',
  outerWater: 'realtime.page.outerWater',
  beltConveyor: 'realtime.page.beltConveyor',
  lubricationSeal: 'realtime.page.lubricationSeal',
};
