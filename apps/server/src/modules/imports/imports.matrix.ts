import type { MatrixSamples } from '../../../test/matrix.js';

/** Valid-shaped requests of this module's endpoints for the authorization matrix (templates hold no data; a check's upload is multipart, so the matrix's JSON body is refused as a missing file). */
export const matrixSamples: MatrixSamples = () => ({
  'imports.templateStmseg': {},
  'imports.templateStmtail': {},
  'imports.templateTailcleance': {},
  'imports.templateMtceplan': {},
  'imports.templateStmstk': {},
  'imports.templateRinghist': {},
  'imports.check': {},
  'imports.progress': { key: 'matrix-import-0001' },
});
