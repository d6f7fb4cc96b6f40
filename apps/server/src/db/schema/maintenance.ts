import type { Generated } from 'kysely';

/** A maintenance plan of a run (`modules/maintenance`); component '' when none. */
export interface MtcePlanTable {
  id: Generated<number>;
  run_id: number;
  title: string;
  /** One of MAINTENANCE_CYCLES. */
  cycle: string;
  system: string;
  component: string;
  content: string;
  /** JSON array of the checklist's texts. */
  items: string;
  remark: string | null;
  /** calendar | counter | whicheverFirst. */
  trigger: string;
  counter_kind: string | null;
  counter_interval: number | null;
  /** The counter reading the next due value counts from. */
  counter_base: number | null;
  /** fixed | floating. */
  anchor_mode: string;
  /** The calendar series' first due instant (moved to each new due time of a floating plan). */
  anchor_at: number | null;
  /** The due time of the plan's current calendar occurrence (null: none). */
  next_due: number | null;
  last_done_at: number | null;
  remind_enabled: number;
  remind_content: string | null;
  remind_days_ahead: number | null;
  remind_push_time: string | null;
  remind_repeat: string | null;
  remind_weekday: number | null;
  created_by: number | null;
  created_at: number;
  updated_at: number;
}

/** Maintenance work done (spec §3); `due_at`/`late`: the plan occurrence it completed. */
export interface MtceRecordTable {
  id: Generated<number>;
  run_id: number;
  plan_id: number | null;
  type: string;
  time: number;
  system: string;
  component: string | null;
  content: string;
  done: number;
  /** JSON array of { text, condition, note }. */
  items: string;
  abnormal: number;
  remark: string | null;
  maintained_by: string;
  checked_by: string;
  reviewed_by: string;
  entered_at: number;
  entered_by: number | null;
  due_at: number | null;
  late: number;
}

/** A reminder or overdue notice sent: one row per plan, kind and slot (the occurrence or the day). */
export interface MtceNoticeSentTable {
  plan_id: number;
  kind: string;
  slot: number;
  sent_at: number;
}

declare module '../schema.js' {
  interface Database {
    mtce_plans: MtcePlanTable;
    mtce_records: MtceRecordTable;
    mtce_notices_sent: MtceNoticeSentTable;
  }
}
