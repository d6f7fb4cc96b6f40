import { epsgDefinition } from '@boreline/contracts';
import { describe, expect, it } from 'vitest';
import { definitionOf, gridConverter, GridDefinitionError, gridProblem, gridToWgs84, isGeographicDefinition, wgs84ToGrid } from './projection.js';

/** Metres per degree of latitude (near enough to tell a millimetre from a metre). */
const M_PER_DEG = 111_320;

const must = (code: number): string => {
  const definition = epsgDefinition(code);
  if (!definition) throw new Error(`EPSG ${String(code)} unknown`);
  return definition;
};

describe('projection between the project grid and WGS84', () => {
  it.each([
    ['Milan', 32632, 45.4642, 9.19],
    ['Istanbul', 5254, 41.0082, 28.9784],
    ['Lisbon', 3763, 38.7223, -9.1393],
    ['Wuhan', 4547, 30.5928, 114.3055],
  ])('%s (EPSG %i): WGS84 -> grid -> WGS84 comes back within a millimetre', (_city, code, lat, lng) => {
    const grid = gridConverter(must(code));
    const there = grid.fromWgs84({ lat, lng });
    // A projected grid in metres: far from degrees.
    expect(Math.abs(there.easting) > 180 || Math.abs(there.northing) > 180).toBe(true);
    const back = grid.toWgs84(there);
    expect(Math.abs(back.lat - lat) * M_PER_DEG).toBeLessThan(0.001);
    expect(Math.abs(back.lng - lng) * M_PER_DEG * Math.cos((lat * Math.PI) / 180)).toBeLessThan(0.001);
    // And grid -> WGS84 -> grid.
    const again = grid.fromWgs84(grid.toWgs84({ easting: there.easting + 250.5, northing: there.northing - 80.25 }));
    expect(again.easting).toBeCloseTo(there.easting + 250.5, 3);
    expect(again.northing).toBeCloseTo(there.northing - 80.25, 3);
  });

  it('puts published points where the grids say they are (within a metre)', () => {
    // UTM 32N: on the central meridian 9°E at 45°N the easting is the false easting and the
    // northing 0.9996 × the WGS84 meridian arc to 45° (4 984 944.378 m) = 4 982 950.400 m.
    const milan = wgs84ToGrid(must(32632), { lat: 45, lng: 9 });
    expect(Math.abs(milan.easting - 500_000)).toBeLessThan(1);
    expect(Math.abs(milan.northing - 4_982_950.4)).toBeLessThan(1);
    // PT-TM06's origin (39°40'05.73"N, 8°07'59.19"W) is its grid's 0, 0.
    const lisbon = wgs84ToGrid(must(3763), { lat: 39.6682583333333, lng: -8.13310833333333 });
    expect(Math.hypot(lisbon.easting, lisbon.northing)).toBeLessThan(1);
    // And back: the false easting on the equator is the central meridian, 0°N 9°E.
    const equator = gridToWgs84(must(32632), { easting: 500_000, northing: 0 });
    expect(equator.lat).toBeCloseTo(0, 9);
    expect(equator.lng).toBeCloseTo(9, 9);
  });

  it('refuses a geographic definition as the grid, whatever its spelling', () => {
    for (const definition of [must(4326), '+proj=latlong +datum=WGS84', '+proj=lonlat +ellps=GRS80']) {
      expect(isGeographicDefinition(definition)).toBe(true);
      expect(gridProblem(definition)).toBe('geographic');
      expect(() => gridConverter(definition)).toThrow(GridDefinitionError);
    }
    expect(gridProblem('+proj=nonsense +units=m')).toBe('unreadable');
    expect(gridProblem(must(32632))).toBeNull();
  });

  it('takes the typed proj4 definition first, else the known code', () => {
    expect(definitionOf({ epsg: 32632, proj4: null })).toBe(must(32632));
    expect(definitionOf({ epsg: 32632, proj4: '  +proj=utm +zone=33 +datum=WGS84  ' })).toBe('+proj=utm +zone=33 +datum=WGS84');
    expect(definitionOf({ epsg: 99_999, proj4: null })).toBeNull();
    expect(definitionOf({ epsg: null, proj4: '' })).toBeNull();
  });
});
