import type { MessageKey } from '@boreline/i18n';
import type { ItemCondition, MaintenanceAnchor, MaintenanceCounterKind, MaintenanceCycle, MaintenanceTrigger, OccurrenceState, ReminderRepeat } from './api.js';

/** The names of the contract's choices in the reader's language (literal keys, so the catalogue check finds them). */
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
  calendar: 'maintenanceWeb.trigger.calendar',
  counter: 'maintenanceWeb.trigger.counter',
  whicheverFirst: 'maintenanceWeb.trigger.whicheverFirst',
};

export const COUNTER_LABELS: Record<MaintenanceCounterKind, MessageKey> = {
  cutterheadRevolutions: 'maintenanceWeb.counterKind.cutterheadRevolutions',
  driveHours: 'maintenanceWeb.counterKind.driveHours',
  pumpHours: 'maintenanceWeb.counterKind.pumpHours',
  ringsBuilt: 'maintenanceWeb.counterKind.ringsBuilt',
  metresAdvanced: 'maintenanceWeb.counterKind.metresAdvanced',
};

export const ANCHOR_LABELS: Record<MaintenanceAnchor, MessageKey> = {
  fixed: 'maintenanceWeb.anchor.fixed',
  floating: 'maintenanceWeb.anchor.floating',
};

export const STATE_LABELS: Record<OccurrenceState, MessageKey> = {
  upcoming: 'maintenanceWeb.state.upcoming',
  due: 'maintenanceWeb.state.due',
  done: 'maintenanceWeb.state.done',
  overdue: 'maintenanceWeb.state.overdue',
  doneLate: 'maintenanceWeb.state.doneLate',
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
  normal: 'maintenanceWeb.condition.normal',
  abnormal: 'maintenanceWeb.condition.abnormal',
};

export const REPEAT_LABELS: Record<ReminderRepeat, MessageKey> = {
  weekly: 'maintenanceWeb.repeat.weekly',
  monthly: 'maintenanceWeb.repeat.monthly',
  quarterly: 'maintenanceWeb.repeat.quarterly',
  halfYearly: 'maintenanceWeb.repeat.halfYearly',
  yearly: 'maintenanceWeb.repeat.yearly',
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
