import type { Generated } from 'kysely';

/** A run's drawing (`modules/graph`): one per name, language ('' = the run's default) and variant. */
export interface GraphDrawingTable {
  id: Generated<number>;
  run_id: number;
  /** plan | section | map. */
  name: string;
  /** One of the six languages, or '' for the drawing shown to every language without its own. */
  lang: string;
  /** default | mobile | screenshot. */
  variant: string;
  /** The picture (file service, purpose `drawing`, owned by this row). */
  file_id: string;
  width: number;
  height: number;
  /** JSON Calibration (contracts' graph schemas), or null before it is calibrated. */
  calibration: string | null;
  updated_by: number | null;
  updated_at: number;
}

/** A run's graph settings; a run without a row has the defaults. */
export interface GraphSettingTable {
  run_id: number;
  /** JSON DisplayOptions. */
  display: string;
  /** JSON SectionProfile. */
  profile: string;
  /** JSON StationEquation[] in driving order. */
  station_equations: string;
  epsg: number | null;
  proj4: string | null;
  updated_by: number | null;
  updated_at: number;
}

/** A vertex of a run's GIS alignment in the project's grid (metres), in driving order. */
export interface GraphAlignmentPointTable {
  run_id: number;
  seq: number;
  chainage: number;
  easting: number;
  northing: number;
}

declare module '../schema.js' {
  interface Database {
    graph_drawings: GraphDrawingTable;
    graph_settings: GraphSettingTable;
    graph_alignment_points: GraphAlignmentPointTable;
  }
}
