import type { shiftReportContract as sr, toolPagesContract as tp } from '@boreline/contracts';
import { MILAN_RUN } from '../../test/apiStub.fixture.js';

const HOUR = 3_600_000;
const MINUTE = 60_000;
/** 25/11/2026 00:00 in Rome (UTC+1). */
export const DAY_START = Date.UTC(2026, 10, 24, 23, 0, 0);

/** The exchange's answer: the Milan run, whose site speaks Italian. */
export const exchanged = (tool: tp.ToolPage) => ({ token: 'tool-session-token', expiresAt: DAY_START + 2 * HOUR, tool, run: { ...MILAN_RUN, language: 'it_IT' as const } });

/** A shift of a local date: day shift 07–19, night shift 19–07 of the next morning. */
export function slot(date: string, shiftNo: 1 | 2, dayStart: number, over: Partial<sr.ShiftDay['shifts'][number]> = {}): sr.ShiftDay['shifts'][number] {
  const start = dayStart + (shiftNo === 1 ? 7 : 19) * HOUR;
  return {
    runId: 1,
    date,
    shiftNo,
    shiftId: null,
    shiftName: shiftNo === 1 ? 'Day shift' : 'Night shift',
    start,
    end: start + 12 * HOUR,
    timeZone: 'Europe/Rome',
    editableUntil: start + 36 * HOUR,
    editable: true,
    shiftRecId: 40 + shiftNo,
    recordCount: 3,
    unexplainedStops: 0,
    ...over,
  };
}

/** The report of the night shift of 24/11 (19:00–07:00): 4 rings, a cutter change and a stop nobody explained. */
export function nightReport(s: sr.ShiftDay['shifts'][number]): sr.ShiftReport {
  return {
    slot: s,
    main: {
      shiftRecId: s.shiftRecId ?? 1,
      leader: 'Giulia Conti',
      headcount: 11,
      ringStart: 465,
      ringEnd: 468,
      machineStatus: 'advance',
      remark: 'Cutter 23 changed at 02:10.',
      handover: 'Segment supply low: 6 rings on site.',
      generatedAt: null,
      updatedAt: s.end,
      updatedBy: 'giulia',
    },
    records: [],
    stats: {
      shiftMs: 12 * HOUR,
      processMs: 9 * HOUR,
      stopMs: 3 * HOUR,
      unrecordedMs: 0,
      unexplainedStops: 1,
      lines: [
        { kind: 'process', code: 'advance', durationMs: 5 * HOUR, share: 5 / 12, count: 4 },
        { kind: 'process', code: 'ringBuild', durationMs: 4 * HOUR, share: 4 / 12, count: 4 },
        { kind: 'stop', code: 'cutterChange', durationMs: 2 * HOUR + 30 * MINUTE, share: 2.5 / 12, count: 1 },
        { kind: 'stop', code: null, durationMs: 30 * MINUTE, share: 0.5 / 12, count: 1 },
      ],
      machine: { advanceMs: 5 * HOUR, ringBuildMs: 4 * HOUR, waitingMs: 3 * HOUR, ringsCompleted: 4, metres: 6 },
    },
  };
}

/** The guidance view: the head 62 mm right (outside ±50), the tail inside; four strokes; two rings. */
export const GUIDE: tp.GuideView = {
  runId: 1,
  ts: DAY_START + 8 * HOUR,
  stale: false,
  ringNo: 468,
  chainage: 4921.333,
  head: { horizontal: 62, vertical: -14 },
  tail: { horizontal: 18, vertical: -9 },
  attitude: [
    { code: 'guidance.pitch', value: -3.2, unit: 'mm/m' },
    { code: 'guidance.roll', value: 1.4, unit: 'mm/m' },
  ],
  strokes: [
    { code: 'thrust.strokeA', value: 1412 },
    { code: 'thrust.strokeB', value: 1388 },
    { code: 'thrust.strokeC', value: 1450 },
    { code: 'thrust.strokeD', value: null },
  ],
  rings: [
    { ringNo: 468, end: DAY_START + 7 * HOUR, headHorizontal: 58, headVertical: -12, tailHorizontal: 16, tailVertical: -8 },
    { ringNo: 467, end: DAY_START + 5 * HOUR, headHorizontal: 41, headVertical: -10, tailHorizontal: 12, tailVertical: -7 },
  ],
  toleranceMm: 50,
};
