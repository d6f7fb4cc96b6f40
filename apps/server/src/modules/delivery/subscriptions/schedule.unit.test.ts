import { LIMITS } from '@boreline/contracts';
import { describe, expect, it } from 'vitest';
import { shiftDefinitions } from '../../report/index.js';
import { lastShiftEndedBy, nextDueAfter, toolParamsAt } from './schedule.js';

const H = 3_600_000;
const MIN = 60_000;
const ROME = { timeZone: 'Europe/Rome', shifts: shiftDefinitions([], 'en_US') };
const SHANGHAI = { timeZone: 'Asia/Shanghai', shifts: shiftDefinitions([], 'en_US') };
const AFTER = LIMITS.deliveryAfterShiftMs;
/** Rome in winter is UTC+1, in summer UTC+2. */
const romeWinter = (y: number, m: number, d: number, h: number, min = 0) => Date.UTC(y, m - 1, d, h - 1, min);
const romeSummer = (y: number, m: number, d: number, h: number, min = 0) => Date.UTC(y, m - 1, d, h - 2, min);

describe('nextDueAfter: daily', () => {
  const daily = { kind: 'daily', time: '07:00' } as const;

  it('is today at the time when it is still ahead, else tomorrow; never the instant itself', () => {
    expect(nextDueAfter(daily, romeWinter(2026, 11, 25, 6, 59), ROME)).toBe(romeWinter(2026, 11, 25, 7));
    expect(nextDueAfter(daily, romeWinter(2026, 11, 25, 7), ROME)).toBe(romeWinter(2026, 11, 26, 7));
    expect(nextDueAfter(daily, romeWinter(2026, 11, 25, 23, 30), ROME)).toBe(romeWinter(2026, 11, 26, 7));
  });

  it('keeps the local time across the daylight-saving changes (23 h and 25 h apart)', () => {
    const beforeSpring = nextDueAfter(daily, romeWinter(2026, 3, 28, 8), ROME);
    expect(beforeSpring).toBe(romeSummer(2026, 3, 29, 7));
    expect((beforeSpring ?? 0) - romeWinter(2026, 3, 28, 7)).toBe(23 * H);
    const beforeAutumn = nextDueAfter(daily, romeSummer(2026, 10, 24, 8), ROME);
    expect(beforeAutumn).toBe(romeWinter(2026, 10, 25, 7));
    expect((beforeAutumn ?? 0) - romeSummer(2026, 10, 24, 7)).toBe(25 * H);
  });

  it('moves a time the spring-forward skips to an hour later, and comes once on a repeated hour', () => {
    const skipped = { kind: 'daily', time: '02:30' } as const;
    // 29 March 2026 02:30 does not exist in Rome: 03:30 summer time (01:30 UTC).
    expect(nextDueAfter(skipped, romeWinter(2026, 3, 28, 12), ROME)).toBe(Date.UTC(2026, 2, 29, 1, 30));
    // 25 October 2026 02:30 happens twice: the first (00:30 UTC), and after it the next day.
    const first = nextDueAfter(skipped, romeSummer(2026, 10, 24, 12), ROME);
    expect(first).toBe(Date.UTC(2026, 9, 25, 0, 30));
    expect(nextDueAfter(skipped, first ?? 0, ROME)).toBe(romeWinter(2026, 10, 26, 2, 30));
  });

  it('reads the time in the run zone, not the server zone', () => {
    expect(nextDueAfter(daily, Date.UTC(2026, 10, 25, 0), SHANGHAI)).toBe(Date.UTC(2026, 10, 25, 23));
  });
});

describe('nextDueAfter: weekly on Monday', () => {
  const weekly = { kind: 'weekly', time: '08:15' } as const;

  it('is the coming Monday at the time (today when it is a Monday before the time)', () => {
    // 25 November 2026 is a Wednesday; 30 November a Monday.
    expect(nextDueAfter(weekly, romeWinter(2026, 11, 25, 12), ROME)).toBe(romeWinter(2026, 11, 30, 8, 15));
    expect(nextDueAfter(weekly, romeWinter(2026, 11, 30, 8), ROME)).toBe(romeWinter(2026, 11, 30, 8, 15));
    expect(nextDueAfter(weekly, romeWinter(2026, 11, 30, 8, 15), ROME)).toBe(romeWinter(2026, 12, 7, 8, 15));
    // Sunday evening: the next morning.
    expect(nextDueAfter(weekly, romeWinter(2026, 11, 29, 22), ROME)).toBe(romeWinter(2026, 11, 30, 8, 15));
  });

  it('keeps Monday 08:15 local across the spring-forward week', () => {
    expect(nextDueAfter(weekly, romeWinter(2026, 3, 25, 12), ROME)).toBe(romeSummer(2026, 3, 30, 8, 15));
  });
});

describe('nextDueAfter: after every shift', () => {
  const shift = { kind: 'shift' } as const;

  it('is the end of the next shift plus the settling delay', () => {
    // Day shift 07:00-19:00, night 19:00-07:00.
    expect(nextDueAfter(shift, romeWinter(2026, 11, 25, 12), ROME)).toBe(romeWinter(2026, 11, 25, 19) + AFTER);
    // Within the delay after a shift's end, that shift is still to deliver.
    expect(nextDueAfter(shift, romeWinter(2026, 11, 25, 19, 5), ROME)).toBe(romeWinter(2026, 11, 25, 19) + AFTER);
    expect(nextDueAfter(shift, romeWinter(2026, 11, 25, 19) + AFTER, ROME)).toBe(romeWinter(2026, 11, 26, 7) + AFTER);
  });

  it('follows a saved plan of three shifts and the 11-hour night of the spring-forward', () => {
    const three = { timeZone: 'Europe/Rome', shifts: shiftDefinitions([{ id: 1, name: 'A', start_min: 360, end_min: 840 }, { id: 2, name: 'B', start_min: 840, end_min: 1320 }, { id: 3, name: 'C', start_min: 1320, end_min: 360 }], 'en_US') };
    expect(nextDueAfter(shift, romeWinter(2026, 11, 25, 15), three)).toBe(romeWinter(2026, 11, 25, 22) + AFTER);
    expect(nextDueAfter(shift, romeWinter(2026, 11, 25, 23), three)).toBe(romeWinter(2026, 11, 26, 6) + AFTER);
    // The night of 28 March starts at 19:00 winter time and ends at 07:00 summer time.
    expect(nextDueAfter(shift, romeWinter(2026, 3, 28, 20), ROME)).toBe(romeSummer(2026, 3, 29, 7) + AFTER);
  });
});

describe('toolParamsAt: what a due time shows', () => {
  it('the summary: yesterday (daily), the week before by its Monday (weekly), the date of the shift just ended', () => {
    const morning = romeWinter(2026, 11, 25, 7);
    expect(toolParamsAt('shiftDailyTool', { kind: 'daily', time: '07:00' }, morning, ROME)).toEqual({ unit: 'day', date: '2026-11-24' });
    expect(toolParamsAt('shiftDailyTool', { kind: 'weekly', time: '07:00' }, romeWinter(2026, 11, 30, 7), ROME)).toEqual({ unit: 'week', date: '2026-11-23' });
    // The night shift of the 24th ends at 07:00 on the 25th: its date is the 24th.
    expect(toolParamsAt('shiftDailyTool', { kind: 'shift' }, morning + AFTER, ROME)).toEqual({ unit: 'day', date: '2026-11-24' });
    expect(toolParamsAt('shiftDailyTool', { kind: 'shift' }, romeWinter(2026, 11, 25, 19) + AFTER, ROME)).toEqual({ unit: 'day', date: '2026-11-25' });
  });

  it('the shift report: the shift that ended last before the due time', () => {
    expect(toolParamsAt('shiftReportTool', { kind: 'daily', time: '08:00' }, romeWinter(2026, 11, 25, 8), ROME)).toEqual({ date: '2026-11-24', shiftNo: 2 });
    expect(toolParamsAt('shiftReportTool', { kind: 'shift' }, romeWinter(2026, 11, 25, 19) + AFTER, ROME)).toEqual({ date: '2026-11-25', shiftNo: 1 });
    expect(lastShiftEndedBy(ROME, romeWinter(2026, 11, 25, 18, 59))).toMatchObject({ date: '2026-11-24', shiftNo: 2 });
  });

  it('other tools show the run as it is', () => {
    expect(toolParamsAt('guideTool', { kind: 'daily', time: '07:00' }, romeWinter(2026, 11, 25, 7), ROME)).toEqual({});
    expect(toolParamsAt('bMapTool', { kind: 'shift' }, romeWinter(2026, 11, 25, 7) + 30 * MIN, ROME)).toEqual({});
  });
});
