import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { localDayRange } from './timeZone.js';
import { attributeRing, cutIntervals, type ShiftDef, type ShiftOccurrence, shiftOccurrences } from './shiftCutter.js';

const ROME = 'Europe/Rome';
const HOUR = 3_600_000;
const utc = (iso: string): number => Date.parse(iso);
const TWO_TWELVES: ShiftDef[] = [
  { id: 'day', name: 'Day', start: '07:00', end: '19:00' },
  { id: 'night', name: 'Night', start: '19:00', end: '07:00' },
];
const THREE_EIGHTS: ShiftDef[] = [
  { id: 'a', name: 'Morning', start: '06:00', end: '14:00' },
  { id: 'b', name: 'Afternoon', start: '14:00', end: '22:00' },
  { id: 'c', name: 'Night', start: '22:00', end: '06:00' },
];

const lengths = (occ: readonly ShiftOccurrence[]) => occ.map((o) => [o.shiftId, o.date, (o.end - o.start) / HOUR]);

function occurrencesOfDay(shifts: readonly ShiftDef[], date: string, tz: string): ShiftOccurrence[] {
  const day = localDayRange(date, tz);
  return shiftOccurrences(shifts, day.start, day.end, tz);
}

describe('shiftOccurrences', () => {
  it('gives the 19:00–07:00 night over the Rome spring-forward 11 hours', () => {
    expect(lengths(occurrencesOfDay(TWO_TWELVES, '2026-03-29', ROME))).toEqual([
      ['night', '2026-03-28', 11],
      ['day', '2026-03-29', 12],
      ['night', '2026-03-29', 12],
    ]);
  });

  it('gives the night over the Rome fall-back 13 hours', () => {
    const occ = occurrencesOfDay(TWO_TWELVES, '2026-10-25', ROME);
    expect(lengths(occ)).toEqual([
      ['night', '2026-10-24', 13],
      ['day', '2026-10-25', 12],
      ['night', '2026-10-25', 12],
    ]);
    expect(occ[0]).toMatchObject({ start: utc('2026-10-24T17:00:00Z'), end: utc('2026-10-25T06:00:00Z') });
  });

  it('keeps 12-hour shifts in Istanbul and starts the Shanghai day shift at 23:00 UTC the day before', () => {
    expect(lengths(occurrencesOfDay(TWO_TWELVES, '2026-03-29', 'Europe/Istanbul')).map((l) => l[2])).toEqual([12, 12, 12]);
    const shanghai = occurrencesOfDay(TWO_TWELVES, '2026-03-29', 'Asia/Shanghai');
    expect(shanghai[1]).toEqual({ shiftId: 'day', date: '2026-03-29', start: utc('2026-03-28T23:00:00Z'), end: utc('2026-03-29T11:00:00Z') });
  });

  it('tiles the week of a daylight-saving change with 3 × 8 h shifts, the spring night 7 h long', () => {
    const from = localDayRange('2026-03-26', ROME).start;
    const to = localDayRange('2026-04-01', ROME).end;
    const occ = shiftOccurrences(THREE_EIGHTS, from, to, ROME);
    for (let i = 1; i < occ.length; i++) expect(occ[i]?.start).toBe(occ[i - 1]?.end);
    expect(occ.filter((o) => o.end - o.start !== 8 * HOUR).map((o) => [o.shiftId, o.date, (o.end - o.start) / HOUR])).toEqual([
      ['c', '2026-03-28', 7],
    ]);
  });

  it('includes only shifts that overlap the range', () => {
    const occ = shiftOccurrences(TWO_TWELVES, utc('2026-01-10T05:00:00Z'), utc('2026-01-10T06:00:00Z'), ROME);
    expect(lengths(occ)).toEqual([['night', '2026-01-09', 12]]);
    expect(shiftOccurrences(TWO_TWELVES, 10, 10, ROME)).toEqual([]);
  });

  it('rejects malformed wall times', () => {
    expect(() => shiftOccurrences([{ id: 'x', name: 'X', start: '7:00', end: '19:00' }], 0, HOUR, ROME)).toThrow(RangeError);
    expect(() => shiftOccurrences([{ id: 'x', name: 'X', start: '07:00', end: '24:00' }], 0, HOUR, ROME)).toThrow(RangeError);
  });
});

describe('cutIntervals', () => {
  it('splits intervals exactly at shift boundaries across the fall-back night', () => {
    const occ = occurrencesOfDay(TWO_TWELVES, '2026-10-25', ROME);
    const intervals = [
      { state: 'advance', start: utc('2026-10-24T16:00:00Z'), end: utc('2026-10-25T07:30:00Z') },
      { state: 'waiting', start: utc('2026-10-25T07:30:00Z'), end: utc('2026-10-25T08:00:00Z') },
    ];
    const pieces = cutIntervals(intervals, occ);
    expect(pieces.map((p) => [p.state, p.shiftId, p.date, p.durationMs / HOUR])).toEqual([
      ['advance', 'night', '2026-10-24', 13],
      ['advance', 'day', '2026-10-25', 1.5],
      ['waiting', 'day', '2026-10-25', 0.5],
    ]);
    // 16:00–17:00 UTC falls before the first occurrence of the day's range and is not counted.
    expect(pieces[0]?.start).toBe(utc('2026-10-24T17:00:00Z'));
    expect(pieces[1]?.start).toBe(utc('2026-10-25T06:00:00Z'));
  });

  it('keeps every minute of the input when the shifts cover it', () => {
    const from = utc('2026-03-27T00:00:00Z');
    const to = utc('2026-03-31T00:00:00Z');
    const arbInterval = fc
      .tuple(fc.integer({ min: from, max: to }), fc.integer({ min: 0, max: 30 * HOUR }))
      .map(([start, length]) => ({ start, end: Math.min(to, start + length) }));
    fc.assert(
      fc.property(fc.array(arbInterval, { maxLength: 8 }), fc.constantFrom(TWO_TWELVES, THREE_EIGHTS), (intervals, shifts) => {
        const occ = shiftOccurrences(shifts, from, to, ROME);
        const pieces = cutIntervals(intervals, occ);
        const total = (xs: readonly { start: number; end: number }[]) => xs.reduce((sum, x) => sum + x.end - x.start, 0);
        expect(pieces.reduce((sum, p) => sum + p.durationMs, 0)).toBe(total(intervals));
        for (const p of pieces) {
          const shift = occ.find((o) => o.shiftId === p.shiftId && o.date === p.date);
          expect(shift && p.start >= shift.start && p.end <= shift.end).toBe(true);
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe('attributeRing', () => {
  const occ = occurrencesOfDay(TWO_TWELVES, '2026-03-29', ROME);

  it('credits a ring to the shift it ended in', () => {
    expect(attributeRing({ end: utc('2026-03-29T05:01:00Z') }, occ)).toMatchObject({ shiftId: 'day', date: '2026-03-29' });
    expect(attributeRing({ end: utc('2026-03-29T04:59:00Z') }, occ)).toMatchObject({ shiftId: 'night', date: '2026-03-28' });
  });

  it('credits a ring ending exactly at 07:00 to the night shift that completed it', () => {
    expect(attributeRing({ end: utc('2026-03-29T05:00:00Z') }, occ)).toMatchObject({ shiftId: 'night' });
  });

  it('returns null outside the given shifts', () => {
    expect(attributeRing({ end: utc('2026-04-10T05:00:00Z') }, occ)).toBeNull();
  });
});
