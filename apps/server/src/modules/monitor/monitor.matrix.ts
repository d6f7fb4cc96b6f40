import { KEY_TAGS } from '@boreline/contracts';
import type { MatrixSamples } from '../../../test/matrix.js';

/** Valid-shaped requests of this module's endpoints for the authorization matrix, aimed at tenant A's objects. */
export const matrixSamples: MatrixSamples = (c) => ({
  'monitor.realDataQuery': { runId: c.a.run },
  'monitor.deviceStateQuery': { runId: c.a.run },
  'monitor.cachedRealData': { runId: c.a.run, tags: [KEY_TAGS.advanceSpeed, KEY_TAGS.ringNo] },
  'monitor.cachedDeviceState': { runIds: [c.a.run] },
  'monitor.machineDiagram': { runId: c.a.run },
  // Without a run: the list of every run the caller may see (the by-id form is the same scope check as the rest).
  'monitor.connectStateQuery': {},
  'monitor.connectStatePage': { runId: c.a.run, page: 1, pageSize: 20, from: 0, to: 4_000_000_000_000 },
  'monitor.h5LinkIssue': { runId: c.a.run },
  'monitor.h5Exchange': { token: `h5${'A'.repeat(43)}`, runId: c.a.run },
});
