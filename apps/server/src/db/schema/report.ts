import type { Generated } from 'kysely';

export interface ShiftReportTable {
  id: Generated<number>;
  run_id: number;
  /** Local date (YYYY-MM-DD) the shift starts on, in the project's zone. */
  date: string;
  shift_no: number;
  shift_id: number | null;
  shift_name: string;
  start_ts: number;
  end_ts: number;
  leader: string | null;
  headcount: number | null;
  ring_start: number | null;
  ring_end: number | null;
  machine_status: string | null;
  remark: string | null;
  handover: string | null;
  generated_at: number | null;
  created_by: number | null;
  updated_by: number | null;
  created_at: number;
  updated_at: number;
}

export interface ShiftRecordTable {
  id: Generated<number>;
  report_id: number;
  kind: string;
  process: string | null;
  stop_reason: string | null;
  start_ts: number;
  end_ts: number;
  /** 0 or 1 (SQLite has no boolean). */
  is_primary: number;
  generated: number;
  remark: string | null;
}

declare module '../schema.js' {
  interface Database {
    shift_reports: ShiftReportTable;
    shift_records: ShiftRecordTable;
  }
}
