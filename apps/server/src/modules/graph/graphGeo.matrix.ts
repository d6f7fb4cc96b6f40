import type { MatrixSamples } from '../../../test/matrix.js';

/**
 * Valid-shaped requests of the overlay, the map query and the alignment import for the
 * authorization matrix (the import is multipart: its JSON body is refused as a missing file).
 */
export const matrixSamples: MatrixSamples = (c) => ({
  'graph.overlay': { runId: c.a.run },
  'graph.map': { runId: c.a.run },
  'graph.alignmentImport': {},
});
