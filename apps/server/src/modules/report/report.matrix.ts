import type { MatrixSamples } from '../../../test/matrix.js';

/** Valid-shaped requests of this module's endpoints for the authorization matrix, aimed at tenant A's objects. */
export const matrixSamples: MatrixSamples = (c) => ({
  // Writes by callers allowed to make them aim at a shift past its edit window, so A's report keeps its canary.
  'report.shiftQuery': { runId: c.a.run, shiftRecId: c.target(c.a.report) },
  'report.shiftDay': { runId: c.a.run, date: c.today },
  'report.findShiftMain': { runId: c.a.run, date: c.today, shiftNo: 1 },
  'report.saveShiftMain': { runId: c.a.run, date: c.attacker ? c.today : '2026-01-05', shiftNo: 1, leader: 'x' },
  // One stop in the middle of the day shift: a row whose record id the matrix's id swap can aim elsewhere.
  'report.saveShiftRecords': {
    runId: c.a.run,
    shiftRecId: c.target(c.a.report),
    records: [{ kind: 'stop', stopReason: 'segmentSupply', start: Date.parse(`${c.today}T12:00:00Z`), end: Date.parse(`${c.today}T12:30:00Z`) }],
  },
  'report.shiftGraph': { runId: c.a.run, shiftRecId: c.target(c.a.report) },
  'report.shiftStats': { runId: c.a.run, shiftRecId: c.target(c.a.report) },
  'report.autoGenShiftRecord': { runId: c.a.run, date: c.attacker ? c.today : '2026-01-05', shiftNo: 1, overwrite: true },
  'report.datesWithRecords': { runId: c.a.run, month: c.today.slice(0, 7) },
  'report.shiftDelete': { runId: c.a.run, shiftRecId: c.target(c.a.report) },
  'report.ringOptions': { runId: c.a.run },
  'report.ringSegments': { runId: c.a.run, shiftRecId: c.target(c.a.report) },
  'report.ring': { runId: c.a.run, ringStart: 1, ringEnd: 10 },
  'report.period': { runId: c.a.run, unit: 'day', date: c.today },
  'report.export': { report: 'shift', runId: c.a.run, shiftRecId: c.target(c.a.report) },
});
