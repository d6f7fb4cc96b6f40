import type { PeriodReport, RingReportRow } from '../../periodApi.js';

const HOUR = 3_600_000;
const MINUTE = 60_000;
/** 25/11/2026 00:00 in Rome (UTC+1). */
export const DAY_START = Date.UTC(2026, 10, 24, 23, 0, 0);

/** A ring completed `index` rings after 06:00 of the day, every 75 minutes. */
export function ring(ringNo: number, index: number, dayStart: number = DAY_START): RingReportRow {
  const start = dayStart + 6 * HOUR + index * 75 * MINUTE;
  return {
    ringNo,
    start,
    end: start + 75 * MINUTE,
    durationMs: 75 * MINUTE,
    advanceMs: 40 * MINUTE,
    ringBuildMs: 30 * MINUTE,
    waitingMs: 5 * MINUTE,
    startChainage: 4219.833 + (ringNo - 412) * 1.5,
    endChainage: 4219.833 + (ringNo - 411) * 1.5,
    thrustAvg: 14_230.4,
    thrustMax: 17_980,
    torqueAvg: 2_610.2,
    torqueMax: 3_420,
    speedAvg: 42.37,
    speedMax: 61.2,
    penetrationAvg: 22.4,
    facePressureAvg: 1.8421,
    groutVolume: 5.214,
    groutPressureAvg: 2.96,
    foamVolume: 31.5,
    bentoniteVolume: null,
    headHorizontal: -12.4,
    headVertical: 8.6,
    tailHorizontal: -9.1,
    tailVertical: 5.2,
    segmentType: 'Universal 6+1',
    keyPosition: 'K2',
    tailGapTop: 31,
    tailGapBottom: 27,
    tailGapLeft: 29,
    tailGapRight: 33,
  };
}

/** The daily report of 25/11/2026 on the Milan run: 8 of 12 planned rings, two shifts. */
export function dailyReport(overrides: Partial<PeriodReport> = {}): PeriodReport {
  return {
    runId: 1,
    projectName: 'Metro M4 Lot 3 – San Babila',
    tbmCode: 'S-1125',
    machineType: 'epb',
    timeZone: 'Europe/Rome',
    ringWidth: 1.5,
    unit: 'day',
    firstDate: '2026-11-25',
    lastDate: '2026-11-25',
    start: DAY_START,
    end: DAY_START + 24 * HOUR,
    plan: { rings: 12, metres: 18 },
    actual: { rings: 8, metres: 12 },
    cumulative: { rings: 468, metres: 702, plannedRings: 1800, progress: 0.26 },
    times: { advanceMs: 320 * MINUTE, ringBuildMs: 240 * MINUTE, waitingMs: 610 * MINUTE, finishMs: 0, unrecordedMs: 270 * MINUTE },
    rates: { advance: 0.2735, ringBuild: 0.2051, waiting: 0.5214 },
    avgSpeed: 42.37,
    stopReasons: [
      { reason: 'cutterChange', durationMs: 255 * MINUTE, share: 0.418, count: 1 },
      { reason: null, durationMs: 190 * MINUTE, share: 0.3115, count: 4 },
      { reason: 'segmentSupply', durationMs: 165 * MINUTE, share: 0.2705, count: 3 },
    ],
    rings: Array.from({ length: 8 }, (_, i) => ring(461 + i, i)),
    shifts: [
      {
        date: '2026-11-25',
        shiftNo: 1,
        shiftName: 'Day shift',
        start: DAY_START + 7 * HOUR,
        end: DAY_START + 19 * HOUR,
        shiftRecId: 31,
        leader: 'Crew A foreman',
        headcount: 9,
        rings: 5,
        metres: 7.5,
        advanceMs: 200 * MINUTE,
        ringBuildMs: 150 * MINUTE,
        waitingMs: 370 * MINUTE,
      },
      {
        date: '2026-11-25',
        shiftNo: 2,
        shiftName: 'Night shift',
        start: DAY_START + 19 * HOUR,
        end: DAY_START + 31 * HOUR,
        shiftRecId: null,
        leader: null,
        headcount: null,
        rings: 3,
        metres: 4.5,
        advanceMs: 120 * MINUTE,
        ringBuildMs: 90 * MINUTE,
        waitingMs: 240 * MINUTE,
      },
    ],
    days: [{ date: '2026-11-25', plannedRings: 12, rings: 8, metres: 12, advanceMs: 320 * MINUTE, ringBuildMs: 240 * MINUTE, waitingMs: 610 * MINUTE }],
    notableAlarms: null,
    ...overrides,
  };
}
