import { dictionaryContract as d, type Language, MACHINE_TYPES, type MachineType } from '@boreline/contracts';
import type { MessageKey } from '@boreline/i18n';
import { MACHINE_STATUS_KEYS, STOP_REASON_KEYS, WORK_PROCESS_KEYS } from '@boreline/i18n/dictionaryKeys';
import { localeOf, t } from '../../core/i18n.js';

type RunStatus = (typeof d.MACHINE_STATUSES)[number];

// Keys are written out, never built from codes, so the catalogues can be checked against the code.
const MACHINE_STATUS_NAMES: Record<RunStatus, MessageKey> = MACHINE_STATUS_KEYS;

const MACHINE_TYPE_NAMES: Record<MachineType, MessageKey> = {
  epb: 'project.machineType.epb',
  slurry: 'project.machineType.slurry',
};

const STOP_REASON_NAMES: Record<d.StopReason, MessageKey> = STOP_REASON_KEYS;

const WORK_PROCESS_NAMES: Record<d.WorkProcess, MessageKey> = WORK_PROCESS_KEYS;

const MAINTENANCE_TYPE_NAMES: Record<d.MaintenanceType, MessageKey> = {
  dailyInspection: 'project.dic.maintenanceType.dailyInspection',
  weekly: 'project.dic.maintenanceType.weekly',
  monthly: 'project.dic.maintenanceType.monthly',
  corrective: 'project.dic.maintenanceType.corrective',
  preventive: 'project.dic.maintenanceType.preventive',
};

const MAINTENANCE_CYCLE_NAMES: Record<d.MaintenanceCycle, MessageKey> = {
  initial: 'project.dic.maintenanceCycle.initial',
  beforeUse: 'project.dic.maintenanceCycle.beforeUse',
  afterUse: 'project.dic.maintenanceCycle.afterUse',
  daily: 'project.dic.maintenanceCycle.daily',
  weekly: 'project.dic.maintenanceCycle.weekly',
  monthly: 'project.dic.maintenanceCycle.monthly',
  quarterly: 'project.dic.maintenanceCycle.quarterly',
  halfYearly: 'project.dic.maintenanceCycle.halfYearly',
  yearly: 'project.dic.maintenanceCycle.yearly',
};

const named = <C extends string>(codes: readonly C[], names: Record<C, MessageKey>, language: Language): d.DicList['items'] =>
  codes.map((code) => ({ code, name: t(language, names[code]) }));

/**
 * Country names come from the runtime's CLDR data (Intl.DisplayNames), which holds reviewed names
 * of every ISO 3166 country in all six languages; listed in the caller's alphabetical order.
 */
function countries(language: Language): d.DicList['items'] {
  const locale = localeOf(language);
  const names = new Intl.DisplayNames([locale], { type: 'region' });
  const collator = new Intl.Collator(locale);
  return d.DIC_COUNTRIES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) => collator.compare(a.name, b.name));
}

/** The dictionaries of spec §7 with names in the caller's language. */
export class DictionaryService {
  list(types: readonly d.DicType[], language: Language): d.DicList[] {
    return [...new Set(types)].map((type) => ({ type, items: this.items(type, language) }));
  }

  private items(type: d.DicType, language: Language): d.DicList['items'] {
    switch (type) {
      case 'machineStatus':
        return named(d.MACHINE_STATUSES, MACHINE_STATUS_NAMES, language);
      case 'machineType':
        return named(MACHINE_TYPES, MACHINE_TYPE_NAMES, language);
      case 'stopReason':
        return named(d.STOP_REASONS, STOP_REASON_NAMES, language);
      case 'workProcess':
        return named(d.WORK_PROCESSES, WORK_PROCESS_NAMES, language);
      case 'maintenanceType':
        return named(d.MAINTENANCE_TYPES, MAINTENANCE_TYPE_NAMES, language);
      case 'maintenanceCycle':
        return named(d.MAINTENANCE_CYCLES, MAINTENANCE_CYCLE_NAMES, language);
      case 'country':
        return countries(language);
    }
  }
}
