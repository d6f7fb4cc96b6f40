import type { alarmContract as a } from '@boreline/contracts';
import type { z } from 'zod';

/** 24/11/2026 08:00 UTC: 09:00 on the Milan site's clock. */
export const T0 = Date.UTC(2026, 10, 24, 8, 0, 0);

/** An alarm of the Milan run as the server answers it; overrides set what a test is about. */
export function alarm(id: number, overrides: Partial<a.Alarm> = {}): a.Alarm {
  return {
    id,
    runId: 1,
    number: id,
    kind: 'point',
    point: 'mainDrive.oilTemp',
    name: 'Main drive oil temperature',
    content: 'Main drive oil temperature 78.4 °C above the alarm limit 75 °C',
    subsystem: 'mainDrive',
    level: 'alarm',
    direction: 'high',
    unit: '°C',
    startTs: T0,
    endTs: null,
    faultTs: T0 - 5_000,
    value: 78.4,
    peakValue: 81.2,
    limit: 75,
    ringNo: 468,
    shiftDate: '2026-11-24',
    shiftNo: 1,
    startChainage: 4836.333,
    endChainage: null,
    plcVariable: 'DB12.MD_OIL_T',
    address: 'DB12.DBD40',
    repairSuggestion: 'Check the oil cooler and its water flow',
    workingHours: 2.5,
    knowledge: [{ id: 3, title: 'Main drive cooling circuit' }],
    state: 'activeUnacked',
    ackedAt: null,
    ackedBy: null,
    ackComment: null,
    assignee: null,
    escalatedAt: null,
    escalatedToAlarmAt: null,
    chattering: false,
    backfill: false,
    repeats: 0,
    shelvedUntil: null,
    ...overrides,
  };
}

export function current(alarms: a.Alarm[], shelved: a.Shelf[] = []): a.CurrentAlarms {
  return {
    alarms,
    shelved,
    counts: {
      alarm: alarms.filter((x) => x.level === 'alarm').length,
      warning: alarms.filter((x) => x.level === 'warning').length,
      unacked: alarms.filter((x) => x.state.endsWith('Unacked')).length,
    },
  };
}

export const PARAMS: z.infer<typeof a.AlarmParamsSchema> = {
  subsystems: [
    { code: 'mainDrive', name: 'Main drive' },
    { code: 'thrust', name: 'Thrust' },
  ],
  points: [
    { code: 'mainDrive.oilTemp', name: 'Main drive oil temperature', subsystem: 'mainDrive' },
    { code: 'thrust.totalThrust', name: 'Shield total thrust', subsystem: 'thrust' },
  ],
  ringMin: 400,
  ringMax: 470,
  firstTs: T0 - 86_400_000,
  lastTs: T0,
};

export function detail(base: a.Alarm): a.AlarmDetail {
  return {
    alarm: base,
    actions: [
      { at: base.startTs, action: 'raised', by: null, text: null },
      { at: base.startTs + 120_000, action: 'acked', by: { id: 5, name: 'Giulia Rossi' }, text: 'Cooler valve opened' },
    ],
    series: { ts: [base.startTs - 60_000, base.startTs, base.startTs + 60_000], values: [74, 78.4, 81.2] },
    limits: { lowAlarm: null, lowWarn: null, highWarn: 70, highAlarm: 75 },
  };
}

export function performance(from: number, to: number): a.AlarmPerformance {
  return {
    from,
    to,
    total: 420,
    byLevel: { warning: 300, alarm: 120 },
    per10MinAverage: 0.42,
    per10MinMax: 12,
    perDayAverage: 60,
    floods: [{ start: T0, end: T0 + 600_000, count: 12 }],
    floodTimePercent: 0.1,
    chattering: [{ point: 'thrust.totalThrust', name: 'Shield total thrust', count: 4 }],
    stale: [{ id: 9, point: 'state.connectionLost', name: 'Connection lost', startTs: T0 - 2 * 86_400_000 }],
    top: [
      { point: 'mainDrive.oilTemp', name: 'Main drive oil temperature', count: 84, percent: 20 },
      { point: 'thrust.totalThrust', name: 'Shield total thrust', count: 42, percent: 10 },
    ],
    perShift: [
      { shiftDate: '2026-11-23', shiftNo: 1, count: 30 },
      { shiftDate: '2026-11-23', shiftNo: 2, count: 25 },
    ],
    ackMedianMinutes: 3.5,
  };
}
