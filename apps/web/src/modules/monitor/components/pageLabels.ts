import type { RealtimePage } from '@boreline/contracts';
import type { MessageKey } from '@boreline/i18n';

/** The real-time pages' names, each a key the compiler checks against the catalogue. */
export const PAGE_LABELS: Record<RealtimePage, MessageKey> = {
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
