import type { MatrixSamples } from '../../../test/matrix.js';

const OWN_TAG = { code: 'own.matrixProbe', name_en_US: 'Probe', unit: 'bar', subsystem: 'thrust', rangeMin: 0, rangeMax: 10, precision: 1 };

/** Valid-shaped requests of this module's endpoints for the authorization matrix, aimed at tenant A's objects. */
export const matrixSamples: MatrixSamples = (c) => ({
  'telemetry.seriesQuery': { runId: c.a.run, tags: ['thrust.advanceSpeed'], from: 1_700_000_000_000, to: 1_700_000_600_000 },
  'telemetry.ingestKeyRotate': { runId: c.a.run },
  'telemetry.tagMappingQuery': { runId: c.a.run },
  'telemetry.tagMappingSave': { runId: c.a.run, mappings: [] },
  'telemetry.tagMappingUnmapped': { runId: c.a.run },
  'telemetry.tagMappingSuggest': { runId: c.a.run, names: [{ rawName: 'PLC1.VORTRIEB_V', unit: 'mm/min' }] },
  'telemetry.cycleRecompute': { runId: c.a.run, from: 1_700_000_000_000 },
  'ownTags.query': { runId: c.a.run },
  'ownTags.defs': { runId: c.a.run },
  'ownTags.add': { runId: c.a.run, ...OWN_TAG },
  'ownTags.edit': { runId: c.a.run, ...OWN_TAG },
  'ownTags.delete': { runId: c.a.run, code: OWN_TAG.code },
});
