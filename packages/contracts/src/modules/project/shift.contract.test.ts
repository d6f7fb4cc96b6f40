import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { minutesToWallTime } from '../../core/primitives.js';
import { findShiftOverlap, ShiftSaveSchema, shiftMinutes } from './shift.contract.js';

const s = (name: string, start: string, end: string) => ({ name, start, end });

describe('shift rules', () => {
  it('measures a shift by the clock, past midnight when it ends before it starts', () => {
    expect(shiftMinutes('07:00', '19:00')).toBe(720);
    expect(shiftMinutes('19:00', '07:00')).toBe(720);
    expect(shiftMinutes('22:00', '06:00')).toBe(480);
    expect(shiftMinutes('23:59', '00:00')).toBe(1);
  });

  it('finds the first overlapping pair, also across midnight, and lets shifts meet end to start', () => {
    expect(findShiftOverlap([s('Day', '07:00', '19:00'), s('Night', '19:00', '07:00')])).toBeNull();
    expect(findShiftOverlap([s('A', '06:00', '14:00'), s('B', '14:00', '22:00'), s('C', '22:00', '06:00')])).toBeNull();
    expect(findShiftOverlap([s('Day', '07:00', '19:00'), s('Late', '18:00', '02:00')])?.map((x) => x.name)).toEqual(['Day', 'Late']);
    expect(findShiftOverlap([s('Night', '22:00', '06:00'), s('Early', '05:00', '13:00')])?.map((x) => x.name)).toEqual(['Night', 'Early']);
    expect(findShiftOverlap([s('Night', '19:00', '07:00'), s('Break', '01:00', '02:00')])?.map((x) => x.name)).toEqual(['Night', 'Break']);
    expect(findShiftOverlap([s('Short', '10:00', '11:00'), s('Other', '12:00', '13:00'), s('Late', '10:30', '12:30')])?.map((x) => x.name)).toEqual(['Short', 'Late']);
  });

  it('never reports shifts cut from one day at increasing boundaries, and always reports a shift laid over one of them', () => {
    const cuts = fc.uniqueArray(fc.integer({ min: 0, max: 1439 }), { minLength: 2, maxLength: 6 }).map((xs) => [...xs].sort((a, b) => a - b));
    fc.assert(
      fc.property(cuts, fc.integer({ min: 0, max: 1439 }), (bounds, offset) => {
        // Consecutive cuts, the last one wrapping round to the first: they tile the day exactly.
        const tiles = bounds.map((from, i) => s(`S${i}`, minutesToWallTime(from + offset), minutesToWallTime((bounds[i + 1] ?? (bounds[0] ?? 0) + 1440) + offset)));
        expect(findShiftOverlap(tiles)).toBeNull();
        const [first] = tiles;
        if (first) expect(findShiftOverlap([...tiles, { ...first, name: 'Copy' }])).not.toBeNull();
      }),
    );
  });

  it('refuses equal start and end, repeated names and more than six shifts', () => {
    const base = { runId: 1, shifts: [{ name: 'Day', start: '07:00', end: '19:00', handoverTime: '07:00' }] };
    expect(ShiftSaveSchema.safeParse(base).success).toBe(true);
    const messages = (shifts: object[]) => ShiftSaveSchema.safeParse({ runId: 1, shifts }).error?.issues.map((i) => i.message);
    expect(messages([{ name: 'Day', start: '07:00', end: '07:00', handoverTime: '07:00' }])).toEqual(['project.shift.sameStartEnd']);
    expect(messages([{ name: 'Day', start: '07:00', end: '19:00', handoverTime: '07:00' }, { name: ' DAY ', start: '19:00', end: '07:00', handoverTime: '19:00' }])).toEqual(['validation.duplicateName']);
    expect(messages(Array.from({ length: 7 }, (_, i) => ({ name: `S${i}`, start: `0${i}:00`, end: `0${i}:30`, handoverTime: `0${i}:00` })))).toEqual(['project.shift.tooMany']);
  });
});
