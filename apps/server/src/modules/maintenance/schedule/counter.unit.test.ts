import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  counterBaseAfterCompletion,
  counterDue,
  counterDueAt,
  type CounterReading,
  type CounterTrigger,
  forecastDate,
  nextDue,
  occurrenceState,
  pacePerDay,
  ScheduleInputError,
  whicheverFirst,
} from './index.js';
import { HOUR, iso, ROME, utc } from './testClock.js';

const DAY = 24 * HOUR;
const now = utc('2026-06-15T12:00:00Z');

describe('counter triggers', () => {
  const revolutions: CounterTrigger = { interval: 500, base: 1000 };
  it('is due once the reading reaches base + interval', () => {
    expect(counterDue(revolutions, 1499)).toEqual({ dueValue: 1500, remaining: 1, due: false });
    expect(counterDue(revolutions, 1500)).toEqual({ dueValue: 1500, remaining: 0, due: true });
    expect(counterDue(revolutions, 1720)).toEqual({ dueValue: 1500, remaining: -220, due: true });
  });

  it('works on fractional counters (operating hours, metres)', () => {
    expect(counterDue({ interval: 250, base: 1234.5 }, 1484.4).due).toBe(false);
    expect(counterDue({ interval: 250, base: 1234.5 }, 1484.5).due).toBe(true);
  });

  it.each([
    [{ interval: 0, base: 0 }, /Counter interval must be greater than 0, got 0/],
    [{ interval: -10, base: 0 }, /Counter interval must be greater than 0/],
    [{ interval: Number.NaN, base: 0 }, /Counter interval must be a finite number/],
    [{ interval: 10, base: Number.POSITIVE_INFINITY }, /Counter base must be a finite number/],
    [{ interval: 10, base: 0, mode: 'rolling' }, /Unknown schedule mode/],
  ] as [CounterTrigger, RegExp][])('refuses %o', (trigger, message) => {
    expect(() => counterDue(trigger, 0)).toThrow(ScheduleInputError);
    expect(() => counterDue(trigger, 0)).toThrow(message);
  });
});

describe('floating and fixed counter bases after a completion', () => {
  it('floating: the next service is a full interval after the reading at completion', () => {
    const t: CounterTrigger = { interval: 500, base: 1000, mode: 'floating' };
    expect(counterBaseAfterCompletion(t, 1470)).toBe(1470);
    expect(counterBaseAfterCompletion(t, 1530)).toBe(1530);
    expect(counterDue({ ...t, base: counterBaseAfterCompletion(t, 1530) }, 1600).dueValue).toBe(2030);
  });

  it('fixed: the grid of base + k·interval is kept, done early or late', () => {
    const t: CounterTrigger = { interval: 500, base: 1000, mode: 'fixed' };
    expect(counterBaseAfterCompletion(t, 1470)).toBe(1500); // early: covers the 1500 service, next due 2000
    expect(counterBaseAfterCompletion(t, 1500)).toBe(1500);
    expect(counterBaseAfterCompletion(t, 1530)).toBe(1500); // a little late: still next due 2000
    expect(counterBaseAfterCompletion(t, 2300)).toBe(2000); // very late: the 2000 service is not piled up, next due 2500
    expect(counterBaseAfterCompletion({ interval: 500, base: 1000 }, 1530)).toBe(1500); // fixed by default
  });
});

describe('pace and forecast', () => {
  const daily = (perDay: number[], end = now): CounterReading[] => {
    let value = 10_000;
    const out: CounterReading[] = [{ at: end - perDay.length * DAY, value }];
    perDay.forEach((inc, i) => {
      value += inc;
      out.push({ at: end - (perDay.length - i - 1) * DAY, value });
    });
    return out;
  };

  it('is the increase per day over the last N days', () => {
    expect(pacePerDay(daily(Array(14).fill(100) as number[]), now, 7)).toBeCloseTo(100, 9);
    // 14 days ago the pace was 1000/day; the last 7 days only count.
    expect(pacePerDay(daily([...(Array(7).fill(1000) as number[]), ...(Array(7).fill(50) as number[])]), now, 7)).toBeCloseTo(50, 9);
  });

  it('counts standstills as days without use', () => {
    expect(pacePerDay(daily([0, 300, 0, 0, 200, 0, 200]), now, 7)).toBeCloseTo(100, 9);
  });

  it('counts since the first reading when the counter is newer than the window', () => {
    const readings = [
      { at: now - 2 * DAY, value: 0 },
      { at: now, value: 60 },
    ];
    expect(pacePerDay(readings, now, 7)).toBeCloseTo(30, 9);
  });

  it('adds nothing for a counter going backwards (a replaced meter), ignores future readings', () => {
    const readings = [
      { at: now - 4 * DAY, value: 5000 },
      { at: now - 3 * DAY, value: 5100 },
      { at: now - 2 * DAY, value: 20 }, // meter replaced
      { at: now, value: 220 },
      { at: now + DAY, value: 999_999 },
    ];
    expect(pacePerDay(readings, now, 7)).toBeCloseTo(300 / 4, 9);
  });

  it('has no pace with fewer than two readings in reach', () => {
    expect(pacePerDay([], now, 7)).toBeNull();
    expect(pacePerDay([{ at: now - DAY, value: 5 }], now, 7)).toBeNull();
    expect(pacePerDay([{ at: now - 30 * DAY, value: 5 }, { at: now - 20 * DAY, value: 50 }], now, 7)).toBeNull();
    expect(() => pacePerDay([], now, 0)).toThrow(/Pace window \(days\) must be greater than 0/);
  });

  it('forecasts the day the counter reaches its due value at the recent pace', () => {
    expect(iso(forecastDate(1200, 1500, 100, now) ?? 0)).toBe('2026-06-18T12:00Z');
    expect(iso(forecastDate(1450, 1500, 100, now) ?? 0)).toBe('2026-06-16T00:00Z');
    expect(forecastDate(1500, 1500, 100, now)).toBe(now);
    expect(forecastDate(1600, 1500, null, now)).toBe(now);
    expect(forecastDate(1200, 1500, 0, now)).toBeNull();
    expect(forecastDate(1200, 1500, null, now)).toBeNull();
    expect(() => forecastDate(1200, 1500, -3, now)).toThrow(/Pace must not be negative/);
  });

  it('forecast counts elapsed days, not local days (a 24 h pace over the spring-forward night)', () => {
    const before = utc('2026-03-28T12:00:00Z');
    expect(forecastDate(0, 100, 100, before)).toBe(before + DAY);
  });
});

describe('whichever comes first', () => {
  const cal = utc('2026-07-01T06:00:00Z');
  it('picks the earlier trigger and names it', () => {
    expect(whicheverFirst(cal, cal + 1)).toEqual({ dueAt: cal, by: 'calendar' });
    expect(whicheverFirst(cal, cal - 1)).toEqual({ dueAt: cal - 1, by: 'counter' });
    expect(whicheverFirst(cal, cal)).toEqual({ dueAt: cal, by: 'calendar' });
    expect(whicheverFirst(null, cal)).toEqual({ dueAt: cal, by: 'counter' });
    expect(whicheverFirst(cal, null)).toEqual({ dueAt: cal, by: 'calendar' });
    expect(whicheverFirst(null, null)).toBeNull();
  });

  it('a monthly plan or 500 operating hours: the counter wins at a fast pace, the calendar at a slow one', () => {
    const plan = { cycle: 'monthly' as const, anchor: utc('2026-06-01T06:00:00Z') };
    const calendarDue = nextDue(plan, now, ROME);
    const hours: CounterTrigger = { interval: 500, base: 3000 };
    const fast = whicheverFirst(calendarDue, counterDueAt(hours, 3300, 20, now)); // 200 h left at 20 h/day: 10 days
    expect(fast?.by).toBe('counter');
    expect(iso(fast?.dueAt ?? 0)).toBe('2026-06-25T12:00Z');
    const slow = whicheverFirst(calendarDue, counterDueAt(hours, 3300, 4, now)); // 50 days
    expect(slow).toEqual({ dueAt: utc('2026-07-01T06:00:00Z'), by: 'calendar' });
    // A machine at a standstill: only the calendar can fall due.
    expect(whicheverFirst(calendarDue, counterDueAt(hours, 3300, 0, now))?.by).toBe('calendar');
    // The counter already past its due value is due now.
    expect(whicheverFirst(calendarDue, counterDueAt(hours, 3510, 0, now))).toEqual({ dueAt: now, by: 'counter' });
  });
});

describe('the 10 % rule on counter readings', () => {
  it('a 500 h service done by 550 h is on time, at 550.5 h late; undone at 551 h overdue', () => {
    expect(occurrenceState(1500, 1550, 500, 1600)).toBe('done');
    expect(occurrenceState(1500, 1550.5, 500, 1600)).toBe('doneLate');
    expect(occurrenceState(1500, null, 500, 1550)).toBe('due');
    expect(occurrenceState(1500, null, 500, 1551)).toBe('overdue');
  });
});

describe('property: forecast and counter status agree', () => {
  it('the counter is due exactly when the forecast is now', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1e6, noNaN: true }),
        fc.double({ min: 1, max: 1e5, noNaN: true }),
        fc.double({ min: 0, max: 1e6, noNaN: true }),
        fc.double({ min: 0.01, max: 1e4, noNaN: true }),
        (base, interval, reading, pace) => {
          const t = { interval, base };
          const status = counterDue(t, reading);
          const at = counterDueAt(t, reading, pace, now);
          expect(at).not.toBeNull();
          expect(at === now).toBe(status.due);
          if (!status.due) expect(at ?? 0).toBeGreaterThan(now);
          expect(counterBaseAfterCompletion({ ...t, mode: 'fixed' }, reading)).toBeGreaterThan(base);
        },
      ),
    );
  });
});
