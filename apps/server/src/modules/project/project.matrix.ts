import type { MatrixSamples } from '../../../test/matrix.js';

/** A complete run form (project, machine, drive, data source) for the run administration samples. */
const runForm = {
  projectCode: 'A-1',
  plannedStart: '2026-03-02',
  plannedCompletion: '2027-09-30',
  startChainage: '1+000',
  endChainage: '2+500',
  lineName: 'Line A',
  totalRings: 1000,
  startRing: 1,
  country: 'IT',
  timeZone: 'Europe/Rome',
  tbmCode: 'TBM-A',
  machineType: 'epb',
  ringWidthMm: 1500,
  source: 'http',
} as const;

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
  // Run administration: a new run in A; A's first run edited under its own name, finished and
  // reopened in turn (the routes run in that order), and refused deletion (it holds a shift report).
  'project.runAdd': { ...runForm, orgId: c.a.org, projectName: 'Matrix drive', shifts: [{ name: 'Day', start: '07:00', end: '19:00', handoverTime: '07:00' }] },
  'project.runEdit': { ...runForm, runId: c.a.run, orgId: c.a.org, projectName: `${c.canary} project` },
  'project.runDetail': { runId: c.a.run },
  'project.runFinish': { runId: c.a.run },
  'project.runReopen': { runId: c.a.run },
  'project.runDelete': { runId: c.a.run },
  'statistics.indexPageData': { runId: c.a.run },
  'statistics.progressGraph': { runId: c.a.run, from: '2026-11-01', to: '2026-11-22' },
  'statistics.progressGraphDay': { runId: c.a.run, from: '2026-11-01', to: '2026-11-22' },
  'statistics.progressGraphWeek': { runId: c.a.run, from: '2026-11-01', to: '2026-11-22' },
  'statistics.progressGraphMonth': { runId: c.a.run, from: '2026-11-01', to: '2026-11-22' },
});
