import { KEY_TAGS } from '@boreline/contracts';
import type { MatrixSamples } from '../../../test/matrix.js';

/** Valid-shaped requests of this module's endpoints for the authorization matrix, aimed at tenant A's objects. */
export const matrixSamples: MatrixSamples = (c) => ({
  'statistic.pointGroups': { runId: c.a.run },
  'statistic.ringList': { runId: c.a.run },
  'statistic.progressList': { runId: c.a.run, unit: 'week', from: '2026-11-01', to: '2026-11-22' },
  'statistic.efficiencyGraph': { runId: c.a.run, ringStart: 1, ringEnd: 10 },
  'statistic.ringWorkList': { runId: c.a.run, ringStart: 1, ringEnd: 10, limit: 5 },
  // The run has no completed ring: callers allowed in get the business answer (code 3), not datc.a.
  'statistic.ringCurves': { runId: c.a.run, rings: [1], tags: [KEY_TAGS.advanceSpeed], axis: 'stroke' },
  'statistic.exportRingCurves': { runId: c.a.run, rings: [1], tags: [KEY_TAGS.advanceSpeed] },
  'statistic.ringStats': { runId: c.a.run, view: 'historyTable', range: { by: 'ring', ringStart: 1, ringEnd: 10 }, tags: [KEY_TAGS.advanceSpeed] },
  'statistic.exportRingStats': { runId: c.a.run, view: 'ringTable', range: { by: 'chainage', chainageStart: 1000, chainageEnd: 1010 }, tags: [KEY_TAGS.advanceSpeed] },
});
