import type { ColumnType, Generated } from 'kysely';

/** Where a ring or a state interval comes from: the cycle engine (`live`) or a ring-history import. */
export type HistoryOrigin = 'live' | 'import';

/** Written `live` unless given (migration 20261128T1300). */
type OriginColumn = ColumnType<HistoryOrigin, HistoryOrigin | undefined, HistoryOrigin>;

export interface TeleLayoutTable {
  id: Generated<number>;
  run_id: number;
  /** JSON array of tag codes: the column order of the run's chunks. */
  codes: string;
  created_at: number;
}

/** Ten minutes (or a batch of late frames) of one run, compressed column-wise, with per-minute rollups. */
export interface TeleChunkTable {
  id: Generated<number>;
  run_id: number;
  layout_id: number;
  start_ts: number;
  end_ts: number;
  frames: number;
  data: Uint8Array;
  minutes: Uint8Array;
}

/** One local day (UTC day start) of hourly rollups of one run. */
export interface TeleHourlyTable {
  run_id: number;
  layout_id: number;
  day_ts: number;
  data: Uint8Array;
}

/** Accepted frames of an open chunk window: durable before the sender is acknowledged. */
export interface TelePendingTable {
  id: Generated<number>;
  run_id: number;
  layout_id: number;
  window_ts: number;
  frames: number;
  data: Uint8Array;
}

export interface IngestBatchTable {
  run_id: number;
  batch_id: string;
  frames: number;
  received_at: number;
}

export interface TbmStateTable {
  id: Generated<number>;
  run_id: number;
  state: string;
  start_ts: number;
  end_ts: number;
  ring_no: number | null;
  origin: OriginColumn;
}

export interface RingTable {
  run_id: number;
  ring_no: number;
  start_ts: number;
  end_ts: number;
  advance_ms: number;
  ring_build_ms: number;
  waiting_ms: number;
  frames: number;
  start_chainage: number | null;
  end_chainage: number | null;
  thrust_avg: number | null;
  thrust_max: number | null;
  torque_avg: number | null;
  torque_max: number | null;
  speed_avg: number | null;
  /** Mean cutterhead rotation over the advance (r/min); absent for rings imported or derived before it was kept. */
  cutter_speed_avg: Generated<number | null>;
  speed_max: number | null;
  penetration_avg: number | null;
  face_pressure_avg: number | null;
  grout_volume: number | null;
  grout_pressure_avg: number | null;
  foam_volume: number | null;
  bentonite_volume: number | null;
  head_horizontal: number | null;
  head_vertical: number | null;
  tail_horizontal: number | null;
  tail_vertical: number | null;
  tail_gap_top: number | null;
  tail_gap_bottom: number | null;
  tail_gap_left: number | null;
  tail_gap_right: number | null;
  origin: OriginColumn;
}

export interface CycleSnapshotTable {
  run_id: number;
  ts: number;
  data: string;
}

/** A machine's data linker: its gateway's variable name for a catalogue tag. */
export interface TagMappingTable {
  run_id: number;
  raw_name: string;
  tag_code: string;
}

/** A run's own tag (see migration 20261128T1400_ownTags): one the catalogue lacks. */
export interface RunTagTable {
  run_id: number;
  code: string;
  name_zh_cn: string | null;
  name_en_us: string | null;
  name_it_it: string | null;
  name_de_at: string | null;
  name_pt_pt: string | null;
  name_tr_tr: string | null;
  unit: string;
  subsystem: string;
  range_min: number;
  range_max: number;
  precision: number;
  created_at: number;
  updated_at: number;
}

/** Min, mean and max of every tag over one ring's advance (see migration 20261125T1200). */
export interface RingTagStatsTable {
  run_id: number;
  ring_no: number;
  layout_id: number;
  ring_end_ts: number;
  /** Advance frames the statistics were computed from (0: none stored for the ring). */
  frames: number;
  built_at: number;
  /** Float32 little-endian [min, mean, max] per layout column. */
  data: Uint8Array;
}

/** Per run and hour: late frames received and recomputations with the rings they derived again (the backfill view). */
export interface RingBackfillHourTable {
  run_id: number;
  hour_ts: number;
  late_frames: number;
  last_late_at: number | null;
  /** The earliest time a late frame of the hour carried: where a recomputation should start. */
  earliest_late_ts: number | null;
  recomputes: number;
  rings_rebuilt: number;
  last_recompute_at: number | null;
}

declare module '../schema.js' {
  interface Database {
    tele_layouts: TeleLayoutTable;
    tele_chunks: TeleChunkTable;
    tele_hourly: TeleHourlyTable;
    tele_pending: TelePendingTable;
    ingest_batches: IngestBatchTable;
    tbm_states: TbmStateTable;
    rings: RingTable;
    cycle_snapshots: CycleSnapshotTable;
    tag_mappings: TagMappingTable;
    run_tags: RunTagTable;
    ring_tag_stats: RingTagStatsTable;
    ring_backfill_hours: RingBackfillHourTable;
  }
}

/** Gateway names that map to no tag of the run's machine (migration 20261128T1200). */
export interface UnmappedTagTable {
  run_id: number;
  raw_name: string;
  /** Frames that carried the name. */
  frames: number;
  first_seen: number;
  last_seen: number;
  last_value: number | null;
}

declare module '../schema.js' {
  interface Database {
    unmapped_tags: UnmappedTagTable;
  }
}
