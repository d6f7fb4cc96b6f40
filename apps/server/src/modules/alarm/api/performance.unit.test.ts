import { describe, expect, it } from 'vitest';
import { alarmPerformance, type PerformanceRow } from './performance.js';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const FROM = Date.UTC(2026, 10, 2, 0, 0, 0);
const TO = FROM + DAY;

let nextId = 1;
const row = (point: string, start: number, extra: Partial<PerformanceRow> = {}): PerformanceRow => ({
  id: nextId++,
  point,
  level: 'warning',
  start_ts: start,
  end_ts: start + MIN,
  acked_at: null,
  chattering: 0,
  shift_date: '2026-11-02',
  shift_no: start - FROM < 12 * HOUR ? 1 : 2,
  ...extra,
});
const names = (point: string) => `name of ${point}`;

describe('alarm performance figures (ISA-18.2 / EEMUA 191)', () => {
  it('counts alarms per 10 minutes and per day, by level and by shift, over the span only', () => {
    const rows = [
      row('a', FROM + HOUR, { level: 'alarm' }),
      row('a', FROM + HOUR + 2 * MIN),
      row('b', FROM + 13 * HOUR),
      row('b', FROM - HOUR), // before the span, cleared: not counted
      row('c', TO + MIN), // after the span
    ];
    const p = alarmPerformance(rows, FROM, TO, names);
    expect(p.total).toBe(3);
    expect(p.byLevel).toEqual({ warning: 2, alarm: 1 });
    expect(p.per10MinMax).toBe(2);
    expect(p.per10MinAverage).toBe(Math.round((3 / 144) * 100) / 100);
    expect(p.perDayAverage).toBe(3);
    expect(p.perShift).toEqual([
      { shiftDate: '2026-11-02', shiftNo: 1, count: 2 },
      { shiftDate: '2026-11-02', shiftNo: 2, count: 1 },
    ]);
    expect(p.floods).toEqual([]);
    expect(p.floodTimePercent).toBe(0);
    expect(p.ackMedianMinutes).toBeNull();
  });

  it('finds floods of 10 alarms within 10 minutes, merges overlapping windows and gives the share of time', () => {
    // 12 alarms a minute apart from 02:00, then 9 alarms a minute apart from 05:00 (no flood).
    const flood = Array.from({ length: 12 }, (_, i) => row(`p${i % 4}`, FROM + 2 * HOUR + i * MIN));
    const almost = Array.from({ length: 9 }, (_, i) => row('q', FROM + 5 * HOUR + i * MIN));
    const p = alarmPerformance([...flood, ...almost], FROM, TO, names);
    // Windows start at 02:00, 02:01 and 02:02 (each holds 10 starts within 10 minutes): one period 02:00–02:12.
    expect(p.floods).toEqual([{ start: FROM + 2 * HOUR, end: FROM + 2 * HOUR + 12 * MIN, count: 12 }]);
    expect(p.floodTimePercent).toBe(Math.round(((12 * MIN) / DAY) * 1000) / 10);
    expect(p.per10MinMax).toBe(10);
  });

  it('names chattering points (flagged records or 3 raises within a minute) and stale alarms active over 24 h at the end', () => {
    const rows = [
      row('chatty', FROM + HOUR),
      row('chatty', FROM + HOUR + 20_000),
      row('chatty', FROM + HOUR + 40_000),
      row('flagged', FROM + 3 * HOUR, { chattering: 1 }),
      row('slow', FROM + 4 * HOUR),
      row('slow', FROM + 4 * HOUR + 2 * MIN),
      row('slow', FROM + 4 * HOUR + 4 * MIN),
      row('old', FROM - 2 * HOUR, { end_ts: null }),
      row('young', FROM + 2 * HOUR, { end_ts: null }),
    ];
    const p = alarmPerformance(rows, FROM, TO, names);
    expect(p.chattering).toEqual([
      { point: 'chatty', name: 'name of chatty', count: 1 },
      { point: 'flagged', name: 'name of flagged', count: 1 },
    ]);
    expect(p.stale.map((s) => s.point)).toEqual(['old']);
    expect(p.total).toBe(8);
  });

  it('ranks the ten points raising most with their percent, and the median minutes to acknowledge', () => {
    const rows = [
      ...Array.from({ length: 5 }, (_, i) => row('top', FROM + i * HOUR, { acked_at: FROM + i * HOUR + (i + 1) * MIN })),
      ...Array.from({ length: 11 }, (_, i) => row(`p${String(i).padStart(2, '0')}`, FROM + 6 * HOUR + i * HOUR)),
    ];
    const p = alarmPerformance(rows, FROM, TO, names);
    expect(p.top).toHaveLength(10);
    expect(p.top[0]).toEqual({ point: 'top', name: 'name of top', count: 5, percent: 31.3 });
    expect(p.top[1]).toEqual({ point: 'p00', name: 'name of p00', count: 1, percent: 6.3 });
    // Acknowledged after 1, 2, 3, 4, 5 minutes.
    expect(p.ackMedianMinutes).toBe(3);
  });
});
