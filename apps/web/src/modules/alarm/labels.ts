import type { alarmContract as a } from '@boreline/contracts';
import type { MessageKey } from '@boreline/i18n';

/** The names of the contract's choices in the reader's language (literal keys, so the catalogue check finds them). */
export const LEVEL_LABELS: Record<a.AlarmLevel, MessageKey> = { alarm: 'alarmWeb.level.alarm', warning: 'alarmWeb.level.warning' };

/** Alarm red, warning amber: the colours of level tags, rows and marked points everywhere. */
export const LEVEL_COLOURS: Record<a.AlarmLevel, string> = { alarm: '#cf1322', warning: '#d48806' };
export const LEVEL_TAG_COLOURS: Record<a.AlarmLevel, string> = { alarm: 'red', warning: 'gold' };

export const KIND_LABELS: Record<a.AlarmKind, MessageKey> = {
  point: 'alarmWeb.kind.point',
  longStop: 'alarmWeb.kind.longStop',
  connectionLost: 'alarmWeb.kind.connectionLost',
  guidance: 'alarmWeb.kind.guidance',
  segment: 'alarmWeb.kind.segment',
};

/** ISA-18.2 states: active or cleared, unacknowledged or acknowledged. */
export const STATE_LABELS: Record<a.AlarmState, MessageKey> = {
  activeUnacked: 'alarmWeb.state.activeUnacked',
  activeAcked: 'alarmWeb.state.activeAcked',
  clearedUnacked: 'alarmWeb.state.clearedUnacked',
  clearedAcked: 'alarmWeb.state.clearedAcked',
};
export const STATE_TAG_COLOURS: Record<a.AlarmState, string> = {
  activeUnacked: 'error',
  activeAcked: 'warning',
  clearedUnacked: 'processing',
  clearedAcked: 'default',
};

export const STATE_FILTER_LABELS: Record<(typeof a.ALARM_STATE_FILTERS)[number], MessageKey> = {
  active: 'alarmWeb.stateFilter.active',
  cleared: 'alarmWeb.stateFilter.cleared',
  unacked: 'alarmWeb.stateFilter.unacked',
  acked: 'alarmWeb.stateFilter.acked',
};

export const ACTION_LABELS: Record<(typeof a.ALARM_ACTIONS)[number], MessageKey> = {
  raised: 'alarmWeb.action.raised',
  escalatedToAlarm: 'alarmWeb.action.escalatedToAlarm',
  chattering: 'alarmWeb.action.chattering',
  cleared: 'alarmWeb.action.cleared',
  acked: 'alarmWeb.action.acked',
  assigned: 'alarmWeb.action.assigned',
  escalationSent: 'alarmWeb.action.escalationSent',
  shelved: 'alarmWeb.action.shelved',
  unshelved: 'alarmWeb.action.unshelved',
  disabled: 'alarmWeb.action.disabled',
};
