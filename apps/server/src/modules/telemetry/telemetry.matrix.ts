import type { MatrixSamples } from '../../../test/matrix.js';

/** Valid-shaped requests of this module's endpoints for the authorization matrix, aimed at tenant A's objects. */
export const matrixSamples: MatrixSamples = (c) => ({
  'telemetry.seriesQuery': { runId: c.a.run, tags: ['thrust.advanceSpeed'], from: 1_700_000_000_000, to: 1_700_000_600_000 },
  'telemetry.ingestKeyRotate': { runId: c.a.run },
  'telemetry.tagMappingQuery': { runId: c.a.run },
  'telemetry.tagMappingSave': { runId: c.a.run, mappings: [] },
  'telemetry.tagMappingUnmapped': { runId: c.a.run },
  'telemetry.tagMappingSuggest': { runId: c.a.run, names: [{ rawName: 'PLC1.VORTRIEB_V', unit: 'mm/min' }] },
  'telemetry.cycleRecompute': { runId: c.a.run, from: 1_700_000_000_000 },
});
