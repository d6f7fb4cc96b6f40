import type { Generated } from 'kysely';

interface SegmentRecordMeta {
  id: Generated<number>;
  run_id: number;
  ring_no: number;
  /** draft (filled from the machine at the ring's end) | confirmed. */
  state: string;
  /** manual | import | machine. */
  source: string;
  remark: string | null;
  updated_by: number | null;
  updated_at: number;
}

/** A ring's segment attitude after the build (`modules/segment`); deviations signed, mm. */
export interface SegPoseTable extends SegmentRecordMeta {
  chainage: number | null;
  horizontal_dev: number;
  elevation_dev: number;
  segment_type: string | null;
  ring_width: number | null;
  k_position: string | null;
}

/** A ring's tail gap (mm). */
export interface SegTailGapTable extends SegmentRecordMeta {
  gap_up: number;
  gap_down: number;
  gap_left: number;
  gap_right: number;
}

/** A ring's tail clearance before and (all four or none) after the build (mm). */
export interface SegTailClearanceTable extends SegmentRecordMeta {
  up_before: number;
  down_before: number;
  left_before: number;
  right_before: number;
  up_after: number | null;
  down_after: number | null;
  left_after: number | null;
  right_after: number | null;
}

/** A run's tolerance bands and universal-ring geometry (no row: the defaults). */
export interface SegSettingsTable {
  run_id: number;
  deviation_warn_mm: number;
  deviation_alarm_mm: number;
  clearance_warn_mm: number;
  clearance_alarm_mm: number;
  imbalance_warn_mm: number;
  imbalance_alarm_mm: number;
  raise_alarms: number;
  taper_mm: number | null;
  outer_diameter_mm: number | null;
  k_position_count: number | null;
  updated_by: number | null;
  updated_at: number;
}

declare module '../schema.js' {
  interface Database {
    seg_poses: SegPoseTable;
    seg_tail_gaps: SegTailGapTable;
    seg_tail_clearances: SegTailClearanceTable;
    seg_settings: SegSettingsTable;
  }
}
