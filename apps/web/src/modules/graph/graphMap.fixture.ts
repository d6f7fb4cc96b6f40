import type { graphContract } from '@boreline/contracts';

/** A drive from 0+000 to 1+000, rings of 1.5 m from ring 1. */
export const SETTING: graphContract.GraphSetting = {
  runId: 1,
  drawings: [],
  display: { ringColouring: 'quality', showRings: true, showRisks: true, nextRings: 3, iconScale: 1 },
  profile: {
    ground: [
      { chainage: 0, level: 120 },
      { chainage: 500, level: 124 },
      { chainage: 1000, level: 118 },
    ],
    axis: [
      { chainage: 0, level: 100 },
      { chainage: 1000, level: 96 },
    ],
    geology: [
      { from: 0, to: 400, label: 'Gravel and sand', colour: '#d8c690' },
      { from: 400, to: 1000, label: 'Silty clay', colour: '#a0522d' },
    ],
  },
  stationEquations: [],
  map: { epsg: 32632, proj4: null, definition: null, alignmentPoints: 0, tiles: null },
  drive: { startChainage: 0, endChainage: 1000, startRing: 1, ringWidthM: 1.5 },
  canEdit: false,
};

const overlayRing = (no: number, band: 'ok' | 'warning' | 'alarm' | null, dev: [number, number] | null = null): graphContract.OverlayRing => ({
  ring: no,
  fromDistance: (no - 1) * 1.5,
  toDistance: no * 1.5,
  startChainage: (no - 1) * 1.5,
  endChainage: no * 1.5,
  state: 'built',
  band,
  horizontalDev: dev?.[0] ?? null,
  elevationDev: dev?.[1] ?? null,
});

export const OVERLAY: graphContract.Overlay = {
  position: { ring: 4, chainage: 400, distance: 400, at: null, state: 'advancing' },
  rings: [overlayRing(1, 'ok'), overlayRing(2, 'warning', [62, -3]), overlayRing(3, 'alarm', [4, -118]), overlayRing(4, null)],
  risks: [{ id: 9, name: 'Naviglio crossing', level: 'high', startChainage: 600, endChainage: 700, fromDistance: 600, toDistance: 700, state: 'approaching' }],
  ringsTruncated: false,
};

/** UTM zone 32N (EPSG 32632) near Milan: 1 km east along the northing 5 035 000. */
export const UTM32 = '+proj=utm +zone=32 +datum=WGS84 +units=m +no_defs';
export const E0 = 514_000;
export const N0 = 5_035_000;

/** The map answer for the drive of SETTING: three vertices along 1 km, in the grid and in WGS84 (`lat`/`lng` from `toWgs`). */
export function mapData(toWgs: (e: number, n: number) => [number, number], over: Partial<graphContract.MapData> = {}): graphContract.MapData {
  const vertex = (chainage: number) => {
    const [lat, lng] = toWgs(E0 + chainage, N0);
    return { chainage, easting: E0 + chainage, northing: N0, lat, lng };
  };
  const [lat, lng] = toWgs(E0 + 400, N0);
  return {
    epsg: 32632,
    definition: UTM32,
    alignment: [vertex(0), vertex(500), vertex(1000)],
    machine: { chainage: 400, ring: 4, easting: E0 + 400, northing: N0, lat, lng },
    tiles: null,
    ...over,
  };
}
