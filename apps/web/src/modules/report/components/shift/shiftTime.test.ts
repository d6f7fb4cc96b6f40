import { describe, expect, it } from 'vitest';
import { checkRecords, firstGap, hourTicks, instantInShift, type RecordRow, type ShiftSpan } from './shiftTime.js';

const H = 3_600_000;
// 23/11/2026 19:00 in Milan (UTC+1) to 07:00 the next morning.
const NIGHT: ShiftSpan = { date: '2026-11-23', start: Date.UTC(2026, 10, 23, 18), end: Date.UTC(2026, 10, 24, 6), timeZone: 'Europe/Rome' };
// The night of the autumn clock change in Milan: 19:00 to 07:00 lasts 13 hours.
const LONG_NIGHT: ShiftSpan = { date: '2026-10-24', start: Date.UTC(2026, 9, 24, 17), end: Date.UTC(2026, 9, 25, 6), timeZone: 'Europe/Rome' };

const row = (key: string, extra: Partial<RecordRow>): RecordRow => ({
  key,
  recordId: null,
  kind: 'process',
  process: 'maintenance',
  stopReason: null,
  start: NIGHT.start,
  end: NIGHT.start + H,
  remark: '',
  primary: false,
  ...extra,
});

const texts = {
  required: 'required',
  endBeforeStart: 'end before start',
  outsideShift: 'outside',
  stopReasonRequired: 'reason',
  processRequired: 'process',
  overlap: (a: RecordRow, b: RecordRow) => `overlap ${a.key}/${b.key}`,
};

describe('times typed in a shift', () => {
  it('puts a time after midnight on the next day of a night shift, and the shift end on its end', () => {
    expect(instantInShift(NIGHT, 2 * 60, 'start')).toBe(Date.UTC(2026, 10, 24, 1));
    expect(instantInShift(NIGHT, 20 * 60, 'start')).toBe(Date.UTC(2026, 10, 23, 19));
    expect(instantInShift(NIGHT, 7 * 60, 'end')).toBe(NIGHT.end);
    expect(instantInShift(NIGHT, 19 * 60, 'start')).toBe(NIGHT.start);
  });

  it('leaves a time outside the shift outside, for the check to name it', () => {
    const noon = instantInShift(NIGHT, 12 * 60, 'start');
    expect(noon < NIGHT.start || noon >= NIGHT.end).toBe(true);
  });

  it('ticks every full hour of the project clock, 14 of them over the 13-hour night of the clock change', () => {
    expect(hourTicks(LONG_NIGHT)).toHaveLength(14);
    expect(hourTicks(NIGHT)).toHaveLength(13);
  });
});

describe('the records check (server rules)', () => {
  it('finds stops without reason, ends before starts, times outside the shift and overlaps with primary records', () => {
    const primary = row('p', { primary: true, process: 'advance', start: NIGHT.start, end: NIGHT.start + 2 * H });
    const rows = [
      primary,
      row('a', { kind: 'stop', process: null, start: NIGHT.start + H, end: NIGHT.start + 3 * H }),
      row('b', { start: NIGHT.start + 5 * H, end: NIGHT.start + 4 * H }),
      row('c', { start: NIGHT.end - H, end: NIGHT.end + H }),
    ];
    const check = checkRecords(NIGHT, rows, texts);
    expect(check.byRow.get('a')).toEqual({ stopReason: 'reason', start: 'overlap p/a' });
    expect(check.byRow.get('b')).toEqual({ end: 'end before start' });
    expect(check.byRow.get('c')).toEqual({ end: 'outside' });
    expect(check.byRow.has('p')).toBe(false);
  });

  it('finds a record overlapping a long one it does not follow directly, as the server does', () => {
    const rows = [
      row('long', { start: NIGHT.start, end: NIGHT.start + 4 * H }),
      row('short', { start: NIGHT.start + H, end: NIGHT.start + 2 * H }),
      row('late', { start: NIGHT.start + 3 * H, end: NIGHT.start + 5 * H }),
    ];
    const check = checkRecords(NIGHT, rows, texts);
    expect(check.byRow.get('short')).toEqual({ start: 'overlap long/short' });
    expect(check.byRow.get('late')).toEqual({ start: 'overlap long/late' });
  });

  it('accepts records that touch end to start', () => {
    const rows = [row('a', {}), row('b', { start: NIGHT.start + H, end: NIGHT.start + 2 * H, kind: 'stop', process: null, stopReason: 'muckRemoval' })];
    expect(checkRecords(NIGHT, rows, texts).messages).toEqual([]);
    expect(firstGap(NIGHT, rows)).toEqual({ start: NIGHT.start + 2 * H, end: NIGHT.end });
  });
});
