import { z } from 'zod';
export * from './graphSchemas.js';
import { defineEndpoint } from '../../core/endpoint.js';
import { RunIdSchema } from '../project/project.contract.js';
import {
  AlignmentImportReportSchema,
  DrawingCalibrateInputSchema,
  DrawingFetchInputSchema,
  DrawingRefSchema,
  DrawingSaveInputSchema,
  DrawingSchema,
  GraphSettingInputSchema,
  GraphSettingSchema,
  MapDataSchema,
  OverlayInputSchema,
  OverlaySchema,
  ThirdTokenSchema,
} from './graphSchemas.js';

/**
 * The graph calls of spec §7 (settings, drawing fetch by key), the drawings' upload, calibration
 * and removal, the overlay of rings, risk zones and the machine's position, the maps-service map
 * query, the alignment import and the third-party access token. Reading needs `graph.drawing.read`,
 * changing `graph.drawing.write`; every id is one of the run's (another run's drawing is not found).
 */

const BASE = 'project' as const;

export const getGraphSetting = defineEndpoint({
  id: 'graph.getSetting',
  base: BASE,
  method: 'POST',
  path: '/u/web/graph/getGraphSetting/v1',
  permission: 'graph.drawing.read',
  summary: "A run's drawings (every language and variant, with their calibration), display options, long-section profile, station equations, map grid and the installation's tile source",
  input: z.object({ runId: RunIdSchema }),
  output: GraphSettingSchema,
});

const SAVE_SUMMARY =
  "Saves a run's display options, long-section profile (ground and axis levels, geology bands), station equations and map grid (EPSG code; a proj4 definition for a code the product does not know). Answers the settings";

export const graphSetting = defineEndpoint({
  id: 'graph.saveSetting',
  base: BASE,
  method: 'POST',
  path: '/u/web/graph/graphSetting/v1',
  permission: 'graph.drawing.write',
  summary: SAVE_SUMMARY,
  input: GraphSettingInputSchema,
  output: GraphSettingSchema,
});

export const graphSettingBase = defineEndpoint({
  id: 'graph.saveSettingBase',
  base: BASE,
  method: 'POST',
  path: '/u/graph/graphSetting',
  permission: 'graph.drawing.write',
  summary: `${SAVE_SUMMARY} (the project base's path of the same call)`,
  input: GraphSettingInputSchema,
  output: GraphSettingSchema,
});

export const drawingByKey = defineEndpoint({
  id: 'graph.drawing',
  base: BASE,
  method: 'GET',
  path: '/u/web/graph/drawing/v1',
  permission: 'graph.drawing.read',
  summary:
    'A drawing by its key (`{runId}_{name}[_{lang}][_m|_s]`, spec §7) for the run `runId` names; without a drawing of that language the run\'s default one, without a mobile or screenshot variant the plain one. A key of another run, or no drawing, answers a nonzero code (2: not permitted)',
  input: DrawingFetchInputSchema,
  output: DrawingSchema,
});

export const drawingSave = defineEndpoint({
  id: 'graph.drawingSave',
  base: BASE,
  method: 'POST',
  path: '/u/web/graph/drawing/save/v1',
  permission: 'graph.drawing.write',
  summary:
    "Puts an uploaded picture (purpose `drawing`, this run's, JPG or PNG ≤ 4 MB) in place as the run's drawing of a name, language and variant, replacing the one there (whose calibration it keeps unless given)",
  input: DrawingSaveInputSchema,
  output: DrawingSchema,
});

export const drawingCalibrate = defineEndpoint({
  id: 'graph.drawingCalibrate',
  base: BASE,
  method: 'POST',
  path: '/u/web/graph/drawing/calibrate/v1',
  permission: 'graph.drawing.write',
  summary:
    'Calibrates a drawing: a plan or map by at least two marks along the drawn alignment with their chainage (more for curves), a section by two marks on its chainage axis and two on its level axis; marks inside the picture',
  input: DrawingCalibrateInputSchema,
  output: DrawingSchema,
});

export const drawingDelete = defineEndpoint({
  id: 'graph.drawingDelete',
  base: BASE,
  method: 'POST',
  path: '/u/web/graph/drawing/delete/v1',
  permission: 'graph.drawing.write',
  summary: 'Removes a drawing of the run (its picture with it)',
  input: DrawingRefSchema,
  output: z.object({ deleted: z.number().int() }),
});

export const overlay = defineEndpoint({
  id: 'graph.overlay',
  base: BASE,
  method: 'GET',
  path: '/u/web/graph/overlay/v1',
  permission: 'graph.drawing.read',
  summary:
    "What the drawings show along the alignment: the machine's position (ring, chainage, distance bored), the built rings with their state or quality band and deviations, the next rings as planned, and the risk zones with their state (ahead, approaching, inside, passed)",
  input: OverlayInputSchema,
  output: OverlaySchema,
});

export const mapQuery = defineEndpoint({
  id: 'graph.map',
  base: BASE,
  method: 'POST',
  path: '/u/web/graph/map/v1',
  permission: 'graph.drawing.read',
  summary:
    "The maps-service map query: the run's alignment in its grid and in WGS84, the machine's position interpolated along it in the grid, the grid's definition and the installation's tile source (none by default)",
  input: z.object({ runId: RunIdSchema }),
  output: MapDataSchema,
});

export const alignmentImport = defineEndpoint({
  id: 'graph.alignmentImport',
  base: BASE,
  method: 'POST',
  path: '/u/web/graph/alignment/import/v1',
  permission: 'graph.drawing.write',
  summary:
    "Replaces the run's GIS alignment: multipart fields `runId` and optional `epsg` first, then the `file`: CSV rows of chainage, easting, northing (header optional, comma, semicolon or tab), or GeoJSON (a LineString in the project's grid, chainage from the drive's start along it, or Points with a `chainage` property). At most 4 MB; every refused row named",
  inputFrom: 'multipart',
  input: z.object({}),
  output: AlignmentImportReportSchema,
});

export const thirdAuth = defineEndpoint({
  id: 'graph.thirdAuth',
  base: 'main',
  method: 'GET',
  path: '/u/web/third/auth/:provider/v1',
  permission: 'graph.drawing.read',
  summary:
    'A short-lived token of a configured map provider for a run the caller may see (spec §7); the provider\'s secret stays on the server. No such provider configured: a clear refusal',
  input: z.object({ provider: z.string().regex(/^[a-z0-9_-]{1,40}$/i, { error: 'validation.invalid' }), runId: RunIdSchema }),
  output: ThirdTokenSchema,
});

export const graphEndpoints = [
  getGraphSetting,
  graphSetting,
  graphSettingBase,
  drawingByKey,
  drawingSave,
  drawingCalibrate,
  drawingDelete,
  overlay,
  mapQuery,
  alignmentImport,
  thirdAuth,
] as const;
