import type { Generated } from 'kysely';

/** A preset risk zone of a run's drive (`modules/risk`); chainage in metres, start <= end. */
export interface RiskPointTable {
  id: Generated<number>;
  run_id: number;
  code: string;
  position: number;
  name: string;
  start_chainage: number;
  end_chainage: number;
  remark: string | null;
  /** One of RISK_LEVELS of the contracts, or null. */
  settlement_level: string | null;
  vibration_level: string | null;
  description: string | null;
  /** The last state announced to the run's users: 'approaching', 'inside' or null (none yet). */
  notified_state: string | null;
  created_by: number | null;
  created_at: number;
  updated_at: number;
}

/** A run's own risk settings: zones within `warn_rings` rings ahead are approaching. */
export interface RiskSettingsTable {
  run_id: number;
  warn_rings: number;
  updated_at: number;
}

declare module '../schema.js' {
  interface Database {
    risk_points: RiskPointTable;
    risk_settings: RiskSettingsTable;
  }
}
