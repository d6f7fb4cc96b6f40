import { chainageAtDistance, cumulativeLengths, distanceAtChainage, type DriveStationing, epsgDefinition, type Point, pointAlong } from '@boreline/contracts';
import proj4 from 'proj4';
import type { DemoCity } from './demoCities.js';

/** Spacing of the seeded alignment's vertices along the line (m). */
export const ALIGNMENT_STEP_M = 25;

export interface AlignmentVertex {
  chainage: number;
  easting: number;
  northing: number;
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;

/**
 * The GIS alignment of a drive in its city: the route's waypoints projected to the project's grid,
 * cut at the drive's length (or stretched from its start when the route is shorter), a vertex
 * every 25 m along it in driving order, each with the chainage that distance bored has (station
 * equations included).
 */
export function demoAlignment(city: DemoCity, drive: DriveStationing): AlignmentVertex[] {
  const definition = epsgDefinition(city.epsg);
  if (!definition) return [];
  const projection = proj4(definition);
  const grid: Point[] = city.route.map(([lat, lng]) => {
    const [x, y] = projection.forward([lng, lat]);
    return { x, y };
  });
  const length = distanceAtChainage(drive, drive.endChainage);
  const routeLength = cumulativeLengths(grid).at(-1) ?? 0;
  if (length <= 0 || routeLength <= 0) return [];
  const origin = grid[0] as Point;
  const scale = routeLength < length ? length / routeLength : 1;
  const line = grid.map((p) => ({ x: origin.x + (p.x - origin.x) * scale, y: origin.y + (p.y - origin.y) * scale }));
  const out: AlignmentVertex[] = [];
  const steps = Math.ceil(length / ALIGNMENT_STEP_M);
  for (let i = 0; i <= steps; i += 1) {
    const distance = Math.min(length, i * ALIGNMENT_STEP_M);
    const p = pointAlong(line, distance);
    if (!p) continue;
    out.push({ chainage: round3(chainageAtDistance(drive, distance)), easting: round3(p.x), northing: round3(p.y) });
  }
  return out;
}
