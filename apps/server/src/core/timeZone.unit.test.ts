import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addLocalDays,
  localDateOf,
  localDayRange,
  startOfLocalDay,
  utcToZoned,
  zonedToUtc,
  zoneOffset,
} from './timeZone.js';

const ROME = 'Europe/Rome';
const ISTANBUL = 'Europe/Istanbul';
const SHANGHAI = 'Asia/Shanghai';
const HOUR = 3_600_000;
const utc = (iso: string): number => Date.parse(iso);
const hours = (range: { start: number; end: number }): number => (range.end - range.start) / HOUR;

describe('utcToZoned', () => {
  it('reads the wall clock on both sides of the Rome spring-forward', () => {
    expect(utcToZoned(utc('2026-03-29T00:59:59.250Z'), ROME)).toEqual({ y: 2026, m: 3, d: 29, h: 1, min: 59, s: 59, ms: 250 });
    expect(utcToZoned(utc('2026-03-29T01:00:00Z'), ROME)).toMatchObject({ d: 29, h: 3, min: 0 });
  });

  it('reads midnight as hour 0 and knows zones without daylight saving', () => {
    expect(utcToZoned(utc('2026-07-01T21:00:00Z'), ISTANBUL)).toMatchObject({ m: 7, d: 2, h: 0 });
    expect(utcToZoned(utc('2026-07-01T16:00:00Z'), SHANGHAI)).toMatchObject({ m: 7, d: 2, h: 0 });
    expect(zoneOffset(utc('2026-01-15T12:00:00Z'), ISTANBUL)).toBe(3 * HOUR);
    expect(zoneOffset(utc('2026-07-15T12:00:00Z'), ISTANBUL)).toBe(3 * HOUR);
  });
});

describe('zonedToUtc', () => {
  it('converts ordinary wall times', () => {
    expect(zonedToUtc({ y: 2026, m: 1, d: 15, h: 7, min: 0, s: 0 }, ROME)).toBe(utc('2026-01-15T06:00:00Z'));
    expect(zonedToUtc({ y: 2026, m: 7, d: 15, h: 7, min: 0, s: 0 }, ROME)).toBe(utc('2026-07-15T05:00:00Z'));
    expect(zonedToUtc({ y: 2026, m: 3, d: 29, h: 7, min: 0, s: 0 }, SHANGHAI)).toBe(utc('2026-03-28T23:00:00Z'));
  });

  it('moves a wall time skipped by the spring-forward ahead by the gap (02:30 → 03:30)', () => {
    const ts = zonedToUtc({ y: 2026, m: 3, d: 29, h: 2, min: 30, s: 0 }, ROME);
    expect(ts).toBe(utc('2026-03-29T01:30:00Z'));
    expect(utcToZoned(ts, ROME)).toMatchObject({ h: 3, min: 30 });
  });

  it('takes the earlier instant of a wall time repeated by the fall-back', () => {
    expect(zonedToUtc({ y: 2026, m: 10, d: 25, h: 2, min: 30, s: 0 }, ROME)).toBe(utc('2026-10-25T00:30:00Z'));
    expect(zonedToUtc({ y: 2026, m: 10, d: 25, h: 3, min: 0, s: 0 }, ROME)).toBe(utc('2026-10-25T02:00:00Z'));
  });

  it('returns every instant to its own wall clock, in any zone (earlier instant when repeated)', () => {
    const zones = [ROME, ISTANBUL, SHANGHAI, 'America/New_York', 'Australia/Sydney', 'America/Santiago', 'Asia/Kolkata'];
    fc.assert(
      fc.property(
        fc.integer({ min: utc('2020-01-01T00:00:00Z'), max: utc('2032-01-01T00:00:00Z') }),
        fc.constantFrom(...zones),
        (ts, zone) => {
          const wall = utcToZoned(ts, zone);
          const back = zonedToUtc(wall, zone);
          expect(utcToZoned(back, zone)).toEqual(wall);
          expect([0, HOUR]).toContain(ts - back);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('local days', () => {
  it('makes 2026-03-29 in Rome 23 hours long and 2026-10-25 25 hours long', () => {
    expect(localDayRange('2026-03-29', ROME)).toEqual({ start: utc('2026-03-28T23:00:00Z'), end: utc('2026-03-29T22:00:00Z') });
    expect(hours(localDayRange('2026-03-29', ROME))).toBe(23);
    expect(localDayRange('2026-10-25', ROME)).toEqual({ start: utc('2026-10-24T22:00:00Z'), end: utc('2026-10-25T23:00:00Z') });
    expect(hours(localDayRange('2026-10-25', ROME))).toBe(25);
    expect(hours(localDayRange('2026-03-30', ROME))).toBe(24);
  });

  it('keeps every day 24 hours long in Istanbul and Shanghai', () => {
    expect(localDayRange('2026-03-29', ISTANBUL)).toEqual({ start: utc('2026-03-28T21:00:00Z'), end: utc('2026-03-29T21:00:00Z') });
    expect(hours(localDayRange('2026-10-25', ISTANBUL))).toBe(24);
    expect(localDayRange('2026-10-25', SHANGHAI)).toEqual({ start: utc('2026-10-24T16:00:00Z'), end: utc('2026-10-25T16:00:00Z') });
  });

  it('crosses month and year ends', () => {
    expect(localDayRange('2026-12-31', ROME)).toEqual({ start: utc('2026-12-30T23:00:00Z'), end: utc('2026-12-31T23:00:00Z') });
    expect(localDayRange('2028-02-29', SHANGHAI).end).toBe(utc('2028-02-29T16:00:00Z'));
  });

  it('rejects malformed and impossible dates', () => {
    expect(() => localDayRange('2026-02-30', ROME)).toThrow(RangeError);
    expect(() => localDayRange('29/03/2026', ROME)).toThrow(RangeError);
    expect(() => localDayRange('2026-03-29', 'Mars/Olympus')).toThrow(RangeError);
  });

  it('finds the start and the date of the local day of an instant', () => {
    expect(startOfLocalDay(utc('2026-03-29T12:00:00Z'), ROME)).toBe(utc('2026-03-28T23:00:00Z'));
    expect(startOfLocalDay(utc('2026-10-25T23:30:00Z'), ROME)).toBe(utc('2026-10-25T23:00:00Z'));
    expect(localDateOf(utc('2026-10-25T22:59:59Z'), ROME)).toBe('2026-10-25');
    expect(localDateOf(utc('2026-03-28T16:00:00Z'), SHANGHAI)).toBe('2026-03-29');
  });

  it('adds local days keeping the wall time: 23 h and 25 h across the changes', () => {
    const noon28 = utc('2026-03-28T11:00:00Z');
    expect(addLocalDays(noon28, 1, ROME) - noon28).toBe(23 * HOUR);
    expect(addLocalDays(addLocalDays(noon28, 1, ROME), -1, ROME)).toBe(noon28);
    const noon24 = utc('2026-10-24T10:00:00Z');
    expect(addLocalDays(noon24, 1, ROME) - noon24).toBe(25 * HOUR);
    expect(addLocalDays(noon24, 7, ISTANBUL) - noon24).toBe(7 * 24 * HOUR);
    // 02:30 on the 28th has no counterpart on the 29th: it lands after the gap.
    expect(addLocalDays(utc('2026-03-28T01:30:00Z'), 1, ROME)).toBe(utc('2026-03-29T01:30:00Z'));
  });
});
