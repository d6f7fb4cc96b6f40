import type { MatrixSamples } from '../../../test/matrix.js';

/** Valid-shaped requests of this module's endpoints for the authorization matrix, aimed at tenant A's objects. */
export const matrixSamples: MatrixSamples = (c) => ({
  'project.basicInfoProject': { runId: c.a.run },
  'project.basicInfoProjectEdit': { runId: c.a.run, projectName: `${c.canary} project`, projectCode: 'A-1', lineName: 'Line A', ringWidthMm: 1500, startChainage: 1000, endChainage: 2500, totalRings: 1000, country: 'IT', timeZone: 'Europe/Rome' },
  'project.basicInfoDevice': { runId: c.a.run },
  'project.basicInfoTbmEdit': { runId: c.a.run, tbmCode: 'TBM-A' },
  'project.basicInfoPerformanceEdit': { runId: c.a.run, maxThrust: 42_000 },
  'project.shiftQuery': { runId: c.a.run },
  'project.shiftSave': { runId: c.a.run, shifts: [{ name: 'Day', start: '07:00', end: '19:00', handoverTime: '07:00' }] },
  'project.dicQueryList': { types: ['machineStatus', 'country'] },
  'project.runQuery': { runId: c.a.run },
  'project.runStateQuery': { runId: c.a.run },
  'project.runStateTree': { runId: c.a.run },
  'statistics.indexPageData': { runId: c.a.run },
  'statistics.progressGraph': { runId: c.a.run, from: '2026-11-01', to: '2026-11-22' },
  'statistics.progressGraphDay': { runId: c.a.run, from: '2026-11-01', to: '2026-11-22' },
  'statistics.progressGraphWeek': { runId: c.a.run, from: '2026-11-01', to: '2026-11-22' },
  'statistics.progressGraphMonth': { runId: c.a.run, from: '2026-11-01', to: '2026-11-22' },
});
