import type { MatrixSamples } from '../../../test/matrix.js';

/** Valid-shaped requests of this module's endpoints for the authorization matrix, aimed at tenant A's objects. */
export const matrixSamples: MatrixSamples = (c) => ({
  'auth.resetPassword': { userId: c.target(c.a.user), adminPassword: 'Matrix-pass-1', newPassword: 'Hijack-pass-1', confirmPassword: 'Hijack-pass-1' },
  'auth.loginLog': { page: 1, pageSize: 200 },
});
