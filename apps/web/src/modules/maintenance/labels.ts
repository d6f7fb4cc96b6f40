import type { MessageKey } from '@boreline/i18n';
import type { ItemCondition, MaintenanceAnchor, MaintenanceCounterKind, MaintenanceCycle, MaintenanceTrigger, OccurrenceState, ReminderRepeat } from './api.js';

/**
 * The names of the contract's choices in the reader's language (literal keys, so the catalogue check
 * finds them): the server's own names of its choices (`maintenance.*`) and the dictionary's cycles.
 */
export const CYCLE_LABELS: Record<MaintenanceCycle, MessageKey> = {
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

export const TRIGGER_LABELS: Record<MaintenanceTrigger, MessageKey> = {
  calendar: 'maintenance.trigger.calendar',
  counter: 'maintenance.trigger.counter',
  whicheverFirst: 'maintenance.trigger.whicheverFirst',
};

export const COUNTER_LABELS: Record<MaintenanceCounterKind, MessageKey> = {
  cutterheadRevolutions: 'maintenance.counter.cutterheadRevolutions',
  driveHours: 'maintenance.counter.driveHours',
  pumpHours: 'maintenance.counter.pumpHours',
  ringsBuilt: 'maintenance.counter.ringsBuilt',
  metresAdvanced: 'maintenance.counter.metresAdvanced',
};

export const ANCHOR_LABELS: Record<MaintenanceAnchor, MessageKey> = {
  fixed: 'maintenance.anchor.fixed',
  floating: 'maintenance.anchor.floating',
};

export const STATE_LABELS: Record<OccurrenceState, MessageKey> = {
  upcoming: 'maintenance.state.upcoming',
  due: 'maintenance.state.due',
  done: 'maintenance.state.done',
  overdue: 'maintenance.state.overdue',
  doneLate: 'maintenance.state.doneLate',
};

/** Calendar and tag colours of an occurrence: due amber, done green, overdue red, done late purple. */
export const STATE_COLOURS: Record<OccurrenceState, string> = {
  upcoming: '#1677ff',
  due: '#d48806',
  done: '#389e0d',
  overdue: '#cf1322',
  doneLate: '#722ed1',
};
export const STATE_TAG_COLOURS: Record<OccurrenceState, string> = { upcoming: 'blue', due: 'gold', done: 'green', overdue: 'red', doneLate: 'purple' };

export const CONDITION_LABELS: Record<ItemCondition, MessageKey> = {
  normal: 'maintenance.condition.normal',
  abnormal: 'maintenance.condition.abnormal',
};

export const REPEAT_LABELS: Record<ReminderRepeat, MessageKey> = {
  weekly: 'maintenance.repeat.weekly',
  monthly: 'maintenance.repeat.monthly',
  quarterly: 'maintenance.repeat.quarterly',
  halfYearly: 'maintenance.repeat.halfYearly',
  yearly: 'maintenance.repeat.yearly',
};

/** Spec §9: weekdays start on Monday (1) whatever the reader's locale. */
export const WEEKDAYS: readonly { value: number; label: MessageKey }[] = [
  { value: 1, label: 'maintenanceWeb.weekday.monday' },
  { value: 2, label: 'maintenanceWeb.weekday.tuesday' },
  { value: 3, label: 'maintenanceWeb.weekday.wednesday' },
  { value: 4, label: 'maintenanceWeb.weekday.thursday' },
  { value: 5, label: 'maintenanceWeb.weekday.friday' },
  { value: 6, label: 'maintenanceWeb.weekday.saturday' },
  { value: 7, label: 'maintenanceWeb.weekday.sunday' },
];
