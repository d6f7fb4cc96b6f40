import type { ColumnType, Generated } from 'kysely';

/** Instants are epoch milliseconds (UTC); flags are 0/1 integers on both dialects. */
export interface OrgTable {
  id: Generated<number>;
  name: string;
  type: string;
  parent_id: number | null;
  path: string;
  sort: number;
  admin_user_id: Generated<number | null>;
  created_at: number;
}

export interface UserTable {
  id: Generated<number>;
  phone: string;
  email: string | null;
  nickname: string;
  password_hash: string;
  enabled: number;
  is_sa: number;
  is_zb: number;
  org_id: number | null;
  avatar_key: string | null;
  lang: string;
  created_at: number;
  updated_at: number;
}

export interface SessionTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  revoked_at: number | null;
  revoke_reason: string | null;
  ip: string;
  user_agent: string;
  /** Set for a session opened from an H5 link: it may read only this run's real-time data. */
  scope_run_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface LoginLogTable {
  id: Generated<number>;
  user_id: number | null;
  account: string;
  ip: string;
  user_agent: string;
  method: string;
  result: string;
  created_at: number;
}

/** Short-lived single-use secrets: captcha answers and SMS codes (hashed). */
export interface ChallengeTable {
  id: string;
  kind: string;
  /** sha-256 of the answer for exact-match challenges; the gap position for slide puzzles. */
  answer: string;
  expires_at: number;
  attempts: number;
  created_at: number;
}

export interface SmsOutboxTable {
  id: Generated<number>;
  phone: string;
  text: string;
  created_at: number;
}

export interface ResourceGroupTable {
  id: Generated<number>;
  name: string;
  description: string;
  sort: number;
  created_at: number;
}

export interface ResourceTable {
  id: Generated<number>;
  group_id: number;
  parent_id: number | null;
  code: string;
  name: string;
  description: string;
  level: number;
  sort: number;
  path: string;
  created_at: number;
}

export interface RoleTable {
  id: Generated<number>;
  name: string;
  kind: string;
  org_id: number;
  creator_org_id: number | null;
  sort: number;
  created_at: number;
}

export interface RoleResourceTable {
  role_id: number;
  resource_id: number;
}

export interface OrgResourceTable {
  org_id: number;
  resource_id: number;
}

export interface UserRoleTable {
  user_id: number;
  role_id: number;
}

/** One TBM driving one tunnel of a project (spec: Run). Chainage in metres. */
export interface RunTable {
  id: Generated<number>;
  org_id: number;
  project_name: string;
  project_code: string;
  tbm_code: string;
  machine_type: string;
  country: string;
  time_zone: string;
  line_name: string;
  ring_width_mm: number;
  start_ring: number;
  planned_rings: number;
  start_chainage: number;
  end_chainage: number;
  /** Where its data comes from: 'simulator', 'mqtt' or 'http'. */
  source: string;
  sim_seed: number | null;
  /** sha-256 of the HTTP ingest key of the machine's gateway. */
  ingest_key_hash: string | null;
  created_at: number;
}

export interface UserRunTable {
  user_id: number;
  run_id: number;
}

export interface WarnSettingTable {
  run_id: number;
  tag_code: string;
  enabled: number;
  notify: number;
  low_alarm: number | null;
  low_warn: number | null;
  high_warn: number | null;
  high_alarm: number | null;
  delay_s: number;
  updated_by: number | null;
  updated_at: number;
}

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
}

/** A machine's data linker: its gateway's variable name for a catalogue tag. */
export interface TagMappingTable {
  run_id: number;
  raw_name: string;
  tag_code: string;
}

export interface CycleSnapshotTable {
  run_id: number;
  ts: number;
  data: string;
}

/** Basic info of a project beyond its run's columns; dates are local `YYYY-MM-DD`, lengths metres. */
export interface ProjectInfoTable {
  run_id: number;
  planned_start: string | null;
  planned_completion: string | null;
  planned_rings_per_day: number | null;
  planned_length_per_day: number | null;
  tunnel_length: number | null;
  segment_spec: string | null;
  project_manager: string | null;
  site_manager: string | null;
  contacts: string | null;
  updated_by: number | null;
  updated_at: number;
}

/** A run's TBM: equipment data and performance (m, mm/min, kN, bar, t, r/min, kW). */
export interface TbmInfoTable {
  run_id: number;
  tbm_name: string | null;
  manufacturer: string | null;
  cutterhead_diameter: number | null;
  serial_number: string | null;
  purchase_date: string | null;
  delivery_date: string | null;
  owner: string | null;
  contractor: string | null;
  responsible_person: string | null;
  contact_phone: string | null;
  machine_length: number | null;
  max_advance_speed: number | null;
  max_thrust: number | null;
  excavation_diameter: number | null;
  max_working_pressure: number | null;
  design_pressure: number | null;
  total_weight: number | null;
  max_rotation_speed: number | null;
  turning_radius: number | null;
  installed_power: number | null;
  updated_by: number | null;
  updated_at: number;
}

/** A shift of a run; times are minutes after local midnight (end ≤ start: it ends the next day). */
export interface ShiftTable {
  id: Generated<number>;
  run_id: number;
  name: string;
  start_min: number;
  end_min: number;
  handover_min: number;
  responsible_person: string | null;
  contact: string | null;
  sort: number;
}

export interface Database {
  orgs: OrgTable;
  users: UserTable;
  sessions: SessionTable;
  login_logs: LoginLogTable;
  challenges: ChallengeTable;
  sms_outbox: SmsOutboxTable;
  resource_groups: ResourceGroupTable;
  resources: ResourceTable;
  roles: RoleTable;
  role_resources: RoleResourceTable;
  org_resources: OrgResourceTable;
  user_roles: UserRoleTable;
  runs: RunTable;
  user_runs: UserRunTable;
  warn_settings: WarnSettingTable;
  tele_layouts: TeleLayoutTable;
  tele_chunks: TeleChunkTable;
  tele_hourly: TeleHourlyTable;
  tele_pending: TelePendingTable;
  ingest_batches: IngestBatchTable;
  tbm_states: TbmStateTable;
  rings: RingTable;
  cycle_snapshots: CycleSnapshotTable;
  tag_mappings: TagMappingTable;
  project_info: ProjectInfoTable;
  tbm_info: TbmInfoTable;
  shifts: ShiftTable;
  h5_tickets: H5TicketTable;
  machine_disconnections: MachineDisconnectionTable;
  shift_reports: ShiftReportTable;
  shift_records: ShiftRecordTable;
  ring_tag_stats: RingTagStatsTable;
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

export interface H5TicketTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  run_id: number;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface MachineDisconnectionTable {
  id: Generated<number>;
  run_id: number;
  disconnected_at: number;
  reconnected_at: number | null;
}

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
