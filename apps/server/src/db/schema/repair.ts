import type { Generated } from 'kysely';

/** A repair of a run's machine (`modules/repair`); a case once `case_state` is published. */
export interface RepairRecordTable {
  id: Generated<number>;
  run_id: number;
  finder: string;
  found_at: number;
  system: string;
  component: string;
  title: string;
  description: string;
  /** One of FAILURE_MODES (ISO 14224). */
  failure_mode: string | null;
  cause: string | null;
  result: string | null;
  repairers: string | null;
  repaired_at: number | null;
  /** open | repaired. */
  state: string;
  /** none | published. */
  case_state: string;
  published_at: number | null;
  published_by: number | null;
  alarm_id: number | null;
  ring_no: number | null;
  mtce_record_id: number | null;
  /** JSON Fingerprint: alarms and key values of the 30 minutes before the fault. */
  fingerprint: string | null;
  created_by: number | null;
  created_at: number;
  updated_at: number;
}

/** A knowledge item of a run: a document with its extracted text (`extraction`: pending | done | none | failed). */
export interface KnowledgeItemTable {
  id: Generated<number>;
  run_id: number;
  name: string;
  code: string;
  system: string | null;
  remark: string | null;
  file_id: string | null;
  extraction: string;
  text: string | null;
  created_by: number | null;
  created_at: number;
  updated_at: number;
}

/** A reader's mark on a diagnosis suggestion's source (`source_kind`: case | knowledge | alarmSuggestion); 1 helpful, 0 not. */
export interface DiagnosisMarkTable {
  user_id: number;
  source_kind: string;
  source_id: number;
  helpful: number;
  at: number;
}

declare module '../schema.js' {
  interface Database {
    repair_records: RepairRecordTable;
    knowledge_items: KnowledgeItemTable;
    diagnosis_marks: DiagnosisMarkTable;
  }
}
