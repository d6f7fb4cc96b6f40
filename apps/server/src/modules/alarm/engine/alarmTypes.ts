import type { alarmContract } from '@boreline/contracts';

export type AlarmLevel = alarmContract.AlarmLevel;
export type AlarmKind = alarmContract.AlarmKind;
export type AlarmDirection = alarmContract.AlarmDirection;

/**
 * One point the engine judges, compiled from a part alarm setting (warn_settings) or from the run's
 * guidance band. Null limits are not used. `deadband` is absolute, in the tag's unit.
 */
export interface PointSetting {
  code: string;
  kind: 'point' | 'guidance';
  lowAlarm: number | null;
  lowWarn: number | null;
  highWarn: number | null;
  highAlarm: number | null;
  /** On-delay: the value stays past the limit this long (frame time) before the alarm starts. */
  delayMs: number;
  /** Clearing hysteresis: the value must be back inside the entry limit by this much. */
  deadband: number;
  /** The point's push switch: a raised live alarm of it is announced by a message. */
  notify: boolean;
}

/** What the engine tells its runtime: a record starts, changes or ends. */
export type TransitionType = 'raised' | 'escalatedToAlarm' | 'chattering' | 'cleared' | 'disabled';

/** Why an alarm ended (alarms.end_reason). */
export type EndReason = 'normal' | 'disabled' | 'backfillEnd' | 'running' | 'reconnected';

export interface AlarmTransition {
  type: TransitionType;
  point: string;
  kind: AlarmKind;
  /** The record's level after the transition (the highest reached). */
  level: AlarmLevel;
  direction: AlarmDirection | null;
  /** When it happened: the start (after the on-delay), the escalation, the clear. */
  ts: number;
  /** First crossing of the limit (raised only; the start otherwise). */
  faultTs: number;
  /** The value at the transition (null for machine-state alarms). */
  value: number | null;
  /** The limit in force (the alarm limit after an escalation). */
  limit: number | null;
  /** The worst value while active. */
  peak: number | null;
  notify: boolean;
  chattering: boolean;
  backfill: boolean;
  /** Cleared and disabled only. */
  reason: EndReason | null;
}

/** An active alarm as persisted: what the engine needs to continue the same record after a restart. */
export interface ActiveAlarmState {
  point: string;
  level: AlarmLevel;
  direction: AlarmDirection | null;
  startTs: number;
  faultTs: number;
  limit: number | null;
  peak: number | null;
  chattering: boolean;
}
