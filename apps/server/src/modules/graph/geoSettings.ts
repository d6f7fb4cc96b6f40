import { graphContract, type StationEquation } from '@boreline/contracts';

const { DEFAULT_DISPLAY_OPTIONS, DisplayOptionsSchema } = graphContract;
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { equationsOf } from './chainage.js';

type Db = Kysely<Database> | Transaction<Database>;

/** What the overlay, the map and the alignment import read of a run's graph settings (defaults without a row). */
export interface GeoSettings {
  exists: boolean;
  equations: StationEquation[];
  epsg: number | null;
  proj4: string | null;
  nextRings: number;
}

export async function geoSettingsOf(db: Db, runId: number): Promise<GeoSettings> {
  const row = await db.selectFrom('graph_settings').select(['display', 'station_equations', 'epsg', 'proj4']).where('run_id', '=', runId).executeTakeFirst();
  if (!row) return { exists: false, equations: [], epsg: null, proj4: null, nextRings: DEFAULT_DISPLAY_OPTIONS.nextRings };
  let nextRings = DEFAULT_DISPLAY_OPTIONS.nextRings;
  try {
    const display = DisplayOptionsSchema.safeParse(JSON.parse(row.display));
    if (display.success) nextRings = display.data.nextRings;
  } catch {
    // An unreadable display column keeps the default.
  }
  return { exists: true, equations: equationsOf(row.station_equations), epsg: row.epsg === null ? null : Number(row.epsg), proj4: row.proj4, nextRings };
}

/** Sets the run's grid code (the import's `epsg` field), creating the settings row with the defaults when there is none. */
export async function saveGridCode(db: Db, runId: number, epsg: number, userId: number | null, now: number): Promise<void> {
  await db
    .insertInto('graph_settings')
    .values({
      run_id: runId,
      display: JSON.stringify(DEFAULT_DISPLAY_OPTIONS),
      profile: JSON.stringify({ ground: [], axis: [], geology: [] }),
      station_equations: '[]',
      epsg,
      proj4: null,
      updated_by: userId,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('run_id').doUpdateSet({ epsg, proj4: null, updated_by: userId, updated_at: now }))
    .execute();
}
