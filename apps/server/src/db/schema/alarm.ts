import type { Generated } from 'kysely';

/**
 * An alarm of a run (`modules/alarm`): raised by the engine from a point past its limits or from a
 * machine state. `end_ts` null while active; at most one active live alarm per run and point.
 */
export interface AlarmTable {
  id: Generated<number>;
  run_id: number;
  /** 1, 2, … within the run. */
  number: number;
  /** One of ALARM_KINDS. */
  kind: string;
  /** Tag code or a MACHINE_STATE_POINTS code. */
  point: string;
  subsystem: string | null;
  /** 'warning' | 'alarm': the highest level reached. */
  level: string;
  /** 'high' | 'low' | null. */
  direction: string | null;
  start_ts: number;
  end_ts: number | null;
  /** When the value first passed the limit (before the on-delay). */
  fault_ts: number;
  start_value: number | null;
  peak_value: number | null;
  limit_value: number | null;
  ring_no: number | null;
  shift_date: string | null;
  shift_no: number | null;
  start_chainage: number | null;
  end_chainage: number | null;
  escalated_to_alarm_at: number | null;
  chattering: Generated<number>;
  /** Raised from late frames (recovered from backfill). */
  backfill: Generated<number>;
  /** The point's push switch was on when it was raised. */
  notify: Generated<number>;
  /** Repeats grouped into this record. */
  repeats: Generated<number>;
  /** Why it ended: 'normal' | 'disabled' | 'stateChanged' | 'reconnected' … */
  end_reason: string | null;
  acked_at: number | null;
  acked_by: number | null;
  ack_comment: string | null;
  assigned_to: number | null;
  /** When the supervisors were told it is still unacknowledged. */
  escalated_at: number | null;
  created_at: number;
}

/** What happened to an alarm (ALARM_ACTIONS), oldest first: the audit of its lifecycle. */
export interface AlarmActionTable {
  id: Generated<number>;
  alarm_id: number;
  at: number;
  action: string;
  user_id: number | null;
  text: string | null;
}

/** A point shelved for a time with a reason; kept after it ends (audit). */
export interface AlarmShelfTable {
  id: Generated<number>;
  run_id: number;
  point: string;
  from_ts: number;
  until_ts: number;
  reason: string;
  user_id: number | null;
  /** Ended before its time by a user. */
  ended_at: number | null;
  ended_by: number | null;
}

/** A run's alarm settings (AlarmRunSettings); absent: the defaults. */
export interface AlarmRunSettingsTable {
  run_id: number;
  escalate_after_min: number;
  long_stop_min: number;
  guidance_warn_mm: number;
  guidance_alarm_mm: number;
  group_window_min: number;
  updated_by: number | null;
  updated_at: number;
}

declare module '../schema.js' {
  interface Database {
    alarms: AlarmTable;
    alarm_actions: AlarmActionTable;
    alarm_shelves: AlarmShelfTable;
    alarm_run_settings: AlarmRunSettingsTable;
  }
}
