/**
 * Coordinate systems a project's alignment may be given in, by EPSG code, as proj4 definitions
 * (the server and the map page hand them to proj4). The table holds the grids tunnel projects of
 * the product's countries use; any other code needs its proj4 definition typed in the graph
 * settings (from epsg.io or the survey's report).
 */
const TM = (lon0: number, x0: number, ellps: string, extra = '') =>
  `+proj=tmerc +lat_0=0 +lon_0=${lon0} +k=1 +x_0=${x0} +y_0=0 +ellps=${ellps}${extra} +units=m +no_defs`;
const GRS80 = ' +towgs84=0,0,0,0,0,0,0';

const FIXED: Readonly<Record<number, string>> = {
  4326: '+proj=longlat +datum=WGS84 +no_defs',
  3857: '+proj=merc +a=6378137 +b=6378137 +lat_ts=0 +lon_0=0 +x_0=0 +y_0=0 +k=1 +units=m +nadgrids=@null +wktext +no_defs',
  // Italy: Monte Mario / Italy zones 1 and 2 (Gauss-Boaga).
  3003: '+proj=tmerc +lat_0=0 +lon_0=9 +k=0.9996 +x_0=1500000 +y_0=0 +ellps=intl +towgs84=-104.1,-49.1,-9.9,0.971,-2.917,0.714,-11.68 +units=m +no_defs',
  3004: '+proj=tmerc +lat_0=0 +lon_0=15 +k=0.9996 +x_0=2520000 +y_0=0 +ellps=intl +towgs84=-104.1,-49.1,-9.9,0.971,-2.917,0.714,-11.68 +units=m +no_defs',
  // Portugal: ETRS89 / Portugal TM06.
  3763: `+proj=tmerc +lat_0=39.6682583333333 +lon_0=-8.13310833333333 +k=1 +x_0=0 +y_0=0 +ellps=GRS80${GRS80} +units=m +no_defs`,
  // Austria: MGI / Austria GK West, Central, East.
  31254: TM(10.3333333333333, 0, 'bessel', ' +towgs84=577.326,90.129,463.919,5.137,1.474,5.297,2.4232').replace('+y_0=0', '+y_0=-5000000'),
  31255: TM(13.3333333333333, 0, 'bessel', ' +towgs84=577.326,90.129,463.919,5.137,1.474,5.297,2.4232').replace('+y_0=0', '+y_0=-5000000'),
  31256: TM(16.3333333333333, 0, 'bessel', ' +towgs84=577.326,90.129,463.919,5.137,1.474,5.297,2.4232').replace('+y_0=0', '+y_0=-5000000'),
  // Switzerland LV95, Great Britain national grid.
  2056: '+proj=somerc +lat_0=46.9524055555556 +lon_0=7.43958333333333 +k_0=1 +x_0=2600000 +y_0=1200000 +ellps=bessel +towgs84=674.374,15.056,405.346,0,0,0,0 +units=m +no_defs',
  27700: '+proj=tmerc +lat_0=49 +lon_0=-2 +k=0.9996012717 +x_0=400000 +y_0=-100000 +ellps=airy +towgs84=446.448,-125.157,542.06,0.15,0.247,0.842,-20.489 +units=m +no_defs',
};

/** The proj4 definition of an EPSG code the product knows, or null. */
export function epsgDefinition(code: number): string | null {
  const fixed = FIXED[code];
  if (fixed) return fixed;
  // WGS 84 / UTM north 32601-32660 and south 32701-32760.
  if (code >= 32601 && code <= 32660) return `+proj=utm +zone=${code - 32600} +datum=WGS84 +units=m +no_defs`;
  if (code >= 32701 && code <= 32760) return `+proj=utm +zone=${code - 32700} +south +datum=WGS84 +units=m +no_defs`;
  // ETRS89 / UTM 28N-38N.
  if (code >= 25828 && code <= 25838) return `+proj=utm +zone=${code - 25800} +ellps=GRS80${GRS80} +units=m +no_defs`;
  // CGCS2000 / 3-degree Gauss-Kruger CM 75E-135E (4534-4554), without zone prefix.
  if (code >= 4534 && code <= 4554) return TM(75 + (code - 4534) * 3, 500000, 'GRS80');
  // TUREF / TM27, TM30 ... TM45 (5253-5259).
  if (code >= 5253 && code <= 5259) return TM(27 + (code - 5253) * 3, 500000, 'GRS80', GRS80);
  return null;
}

/** Whether an EPSG code is a geographic (degrees) system, never a grid to interpolate in. */
export const isGeographic = (definition: string): boolean => /\+proj=longlat\b/.test(definition);
