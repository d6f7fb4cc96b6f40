import type { MatrixSamples } from '../../../test/matrix.js';

/** Valid-shaped requests of this module's endpoints for the authorization matrix (the import's upload is multipart: the matrix's JSON body is refused as a missing file). */
export const matrixSamples: MatrixSamples = (c) => ({
  'ringHistory.import': {},
  'ringHistory.summary': { runId: c.a.run },
  'ringHistory.query': { runId: c.a.run, page: 1, pageSize: 20 },
  // Run A holds no imported ring: removing them changes nothing the other callers meet.
  'ringHistory.delete': { runId: c.a.run },
});
