import { epsgDefinition, isGeographic } from '@boreline/contracts';
import proj4 from 'proj4';

/**
 * The project's grid and WGS84 (issue 24): proj4 turns the alignment's easting and northing into
 * latitude and longitude for the map, and back. Interpolation along the alignment is done in the
 * grid (metres), never in degrees: a geographic definition is no grid and is refused here.
 */

const WGS84 = '+proj=longlat +datum=WGS84 +no_defs';

export interface GridSettings {
  epsg: number | null;
  proj4: string | null;
}

/** The definition of the project's grid: the typed proj4 definition, else the known one of the EPSG code; null when neither. */
export function definitionOf(settings: GridSettings): string | null {
  const typed = settings.proj4?.trim();
  if (typed) return typed;
  return settings.epsg === null ? null : epsgDefinition(settings.epsg);
}

/** What proj4 makes of a definition: its projection's name, or null when it cannot read it. */
function projectionName(definition: string): string | null {
  try {
    const parsed = proj4.Proj(definition) as { projName?: string };
    return typeof parsed.projName === 'string' ? parsed.projName : null;
  } catch {
    return null;
  }
}

/** Whether a definition is in degrees (latitude and longitude), whatever alias or form it is written in. */
export function isGeographicDefinition(definition: string): boolean {
  if (isGeographic(definition) || /\+proj=(?:latlong|lonlat|latlon)\b/.test(definition) || /^\s*GEOG(?:CS|CRS)\b/i.test(definition)) return true;
  return projectionName(definition) === 'longlat';
}

export type GridProblem = 'unreadable' | 'geographic';

/** Why a definition cannot be the alignment's grid, or null when it can. */
export function gridProblem(definition: string): GridProblem | null {
  if (isGeographicDefinition(definition)) return 'geographic';
  if (projectionName(definition) === null) return 'unreadable';
  try {
    const [x, y] = proj4(WGS84, definition).forward([0, 0]);
    void x;
    void y;
  } catch {
    return 'unreadable';
  }
  return null;
}

export interface LatLng {
  lat: number;
  lng: number;
}

export interface GridPoint {
  easting: number;
  northing: number;
}

/** A converter between a projected grid and WGS84; throws for a geographic or unreadable definition. */
export interface GridConverter {
  definition: string;
  toWgs84(point: GridPoint): LatLng;
  fromWgs84(point: LatLng): GridPoint;
}

export class GridDefinitionError extends Error {
  constructor(readonly problem: GridProblem) {
    super(problem === 'geographic' ? 'a geographic definition is no grid' : 'proj4 cannot read the definition');
  }
}

/** The converter of a grid definition (check it with `gridProblem` first to answer the caller). */
export function gridConverter(definition: string): GridConverter {
  const problem = gridProblem(definition);
  if (problem) throw new GridDefinitionError(problem);
  const converter = proj4(WGS84, definition);
  return {
    definition,
    toWgs84: ({ easting, northing }) => {
      const [lng, lat] = converter.inverse([easting, northing]) as [number, number];
      return { lat, lng };
    },
    fromWgs84: ({ lat, lng }) => {
      const [easting, northing] = converter.forward([lng, lat]) as [number, number];
      return { easting, northing };
    },
  };
}

/** A grid point in WGS84. */
export const gridToWgs84 = (definition: string, point: GridPoint): LatLng => gridConverter(definition).toWgs84(point);

/** A WGS84 point in the grid. */
export const wgs84ToGrid = (definition: string, point: LatLng): GridPoint => gridConverter(definition).fromWgs84(point);
