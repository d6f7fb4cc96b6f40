import type { MatrixSamples } from '../../../test/matrix.js';

/**
 * The file calls for the authorization matrix: everybody aims at A's risk picture, except the caller
 * without resources, who reads its own unattached upload (allowed: the signed-in uploader's alone).
 * The upload calls take a multipart form; the matrix's JSON body is refused as no file (code 3).
 */
export const matrixSamples: MatrixSamples = (c) => ({
  'files.download': { id: c.files.own ?? c.files.a },
  'files.thumb': { id: c.files.own ?? c.files.a },
  'files.ticketIssue': { id: c.files.own ?? c.files.a },
});
