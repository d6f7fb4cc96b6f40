import { type graphContract, placeAtChainage, type StationedPoint } from '@boreline/contracts';

type MapData = graphContract.MapData;
import type { AuthSession } from '../../core/auth.js';
import type { Config } from '../../config.js';
import { driveOf } from './chainage.js';
import { geoSettingsOf } from './geoSettings.js';
import { type GeoDeps, machinePosition, READ } from './overlay.js';
import { definitionOf, gridConverter, gridProblem } from './projection.js';

/**
 * The maps-service map query (graph.map): the run's imported alignment in its grid and in WGS84,
 * the machine placed along it by chainage in the grid (the contracts' `placeAtChainage` over the
 * stationed vertices, station equations included) and only then turned into latitude and
 * longitude, the grid's definition and the installation's tile source. Without a usable grid
 * (none set, or one proj4 cannot read) the alignment cannot be drawn: it answers empty.
 */
export async function mapOf(deps: GeoDeps & { tiles: Config['maps']['tiles'] }, session: AuthSession, runId: number): Promise<MapData> {
  const run = await deps.runs.require(session, runId, READ);
  const settings = await geoSettingsOf(deps.db, run.id);
  const definition = definitionOf(settings);
  const base = { epsg: settings.epsg, definition, tiles: deps.tiles };
  if (!definition || gridProblem(definition)) return { ...base, alignment: [], machine: null };
  const grid = gridConverter(definition);
  const points = await deps.db
    .selectFrom('graph_alignment_points')
    .select(['chainage', 'easting', 'northing'])
    .where('run_id', '=', run.id)
    .orderBy('seq')
    .execute();
  const alignment = points.map((p) => {
    const vertex = { chainage: Number(p.chainage), easting: Number(p.easting), northing: Number(p.northing) };
    return { ...vertex, ...grid.toWgs84(vertex) };
  });
  const drive = driveOf(run, settings.equations);
  const position = alignment.length > 0 ? await machinePosition(deps.machine, run.id, drive) : null;
  const line: StationedPoint[] = alignment.map((v) => ({ x: v.easting, y: v.northing, chainage: v.chainage }));
  const place = position ? placeAtChainage(line, drive, position.chainage) : null;
  const machine =
    position && place ? { chainage: position.chainage, ring: position.ring, easting: place.x, northing: place.y, ...grid.toWgs84({ easting: place.x, northing: place.y }) } : null;
  return { ...base, alignment, machine };
}
