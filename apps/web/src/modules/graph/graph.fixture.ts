import type { Drawing, GraphSetting, Overlay, OverlayRing } from './api.js';

/** A 1200×800 floor plan whose alignment runs right from (100, 600) to (600, 600), then up to (600, 100). */
export const PLAN: Drawing = {
  id: 7,
  runId: 1,
  name: 'plan',
  lang: null,
  variant: 'default',
  key: '1_plan',
  file: { id: 'f-plan', name: 'floor-plan.png', size: 120_000, contentType: 'image/png', sha256: 'x', url: '/api/project/u/web/common/file/v1?id=f-plan' },
  width: 1200,
  height: 800,
  calibration: {
    kind: 'alignment',
    points: [
      { x: 100, y: 600, chainage: 4200 },
      { x: 600, y: 600, chainage: 4700 },
      { x: 600, y: 100, chainage: 5200 },
    ],
  },
  updatedAt: 1_764_000_000_000,
  updatedBy: 'admin',
};

/** A section whose chainage axis puts 4+200 at x 100 and 5+200 at x 1100, level 0 m at y 700 and -50 m at y 200. */
export const SECTION: Drawing = {
  ...PLAN,
  id: 8,
  name: 'section',
  key: '1_section',
  file: { ...PLAN.file, id: 'f-section', name: 'section.png' },
  calibration: { kind: 'axes', chainage: { a: { pixel: 100, value: 4200 }, b: { pixel: 1100, value: 5200 } }, level: { a: { pixel: 700, value: 0 }, b: { pixel: 200, value: -50 } } },
};

export const SETTING: GraphSetting = {
  runId: 1,
  drawings: [PLAN],
  display: { ringColouring: 'quality', showRings: true, showRisks: true, nextRings: 20, iconScale: 1 },
  profile: {
    ground: [],
    axis: [
      { chainage: 4200, level: -10 },
      { chainage: 5200, level: -30 },
    ],
    geology: [],
  },
  stationEquations: [],
  map: { epsg: null, proj4: null, definition: null, alignmentPoints: 0, tiles: null },
  drive: { startChainage: 4200, endChainage: 6900, startRing: 1, ringWidthM: 1.5 },
  canEdit: true,
};

export const ring = (no: number, state: OverlayRing['state'], band: OverlayRing['band'] = 'ok', dev: [number | null, number | null] = [12, -8]): OverlayRing => {
  const from = (no - 1) * 1.5;
  return { ring: no, fromDistance: from, toDistance: from + 1.5, startChainage: 4200 + from, endChainage: 4201.5 + from, state, band, horizontalDev: dev[0], elevationDev: dev[1] };
};

export const OVERLAY: Overlay = {
  position: { ring: 167, chainage: 4450, distance: 250, at: 1_764_000_000_000, state: 'advance' },
  rings: [ring(165, 'built', 'ok'), ring(166, 'built', 'alarm', [58, -31]), ring(167, 'building', null, [null, null]), ring(168, 'planned', null, [null, null])],
  risks: [{ id: 3, name: 'Canale Villoresi', level: 'high', startChainage: 4500, endChainage: 4560, fromDistance: 300, toDistance: 360, state: 'approaching' }],
  ringsTruncated: false,
};
