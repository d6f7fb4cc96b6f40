import type { Generated } from 'kysely';

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
  /** When the drive was declared over (TBM state Finish); null while it runs. Machine data is refused meanwhile. */
  finished_at: Generated<number | null>;
}

export interface UserRunTable {
  user_id: number;
  run_id: number;
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

declare module '../schema.js' {
  interface Database {
    runs: RunTable;
    user_runs: UserRunTable;
    project_info: ProjectInfoTable;
    tbm_info: TbmInfoTable;
    shifts: ShiftTable;
  }
}
