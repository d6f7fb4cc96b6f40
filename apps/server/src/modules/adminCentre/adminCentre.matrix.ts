import type { MatrixSamples } from '../../../test/matrix.js';

/** The overview takes no input: it answers over the caller's own organizations. */
export const matrixSamples: MatrixSamples = () => ({
  'adminCentre.overview': {},
});
