import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compliance, nominalIntervalMs, occurrenceState, type OccurrenceState, onTimeLimit, type PlanCycle, ScheduleInputError } from './index.js';
import { HOUR, utc } from './testClock.js';

const DAY = 24 * HOUR;
const due = utc('2026-03-29T06:00:00Z'); // 08:00 CEST on the spring-forward day

describe('occurrence states by the 10 % rule', () => {
  it('a 90-day plan done within 9 days is on time; 1 ms later it is late', () => {
    const interval = 90 * DAY;
    expect(occurrenceState(due, due + 9 * DAY, interval, due + 30 * DAY)).toBe('done');
    expect(occurrenceState(due, due + 9 * DAY + 1, interval, due + 30 * DAY)).toBe('doneLate');
    expect(onTimeLimit(due, interval)).toBe(due + 9 * DAY);
  });

  it('a daily plan has 2.4 h, even on a 23 h daylight-saving day', () => {
    const interval = nominalIntervalMs('daily');
    expect(occurrenceState(due, due + 2.4 * HOUR, interval, due + DAY)).toBe('done');
    expect(occurrenceState(due, due + 2.4 * HOUR + 1, interval, due + DAY)).toBe('doneLate');
  });

  it('done before the due time is on time', () => {
    expect(occurrenceState(due, due - 5 * DAY, nominalIntervalMs('weekly'), due)).toBe('done');
  });

  it('not done: due until the tolerance runs out (edge included), overdue after', () => {
    const interval = nominalIntervalMs('quarterly');
    expect(occurrenceState(due, null, interval, due - DAY)).toBe('due');
    expect(occurrenceState(due, null, interval, due + DAY)).toBe('due');
    expect(occurrenceState(due, null, interval, due + 9 * DAY)).toBe('due');
    expect(occurrenceState(due, null, interval, due + 9 * DAY + 1)).toBe('overdue');
  });

  it('a completion decides the state whatever the time now', () => {
    expect(occurrenceState(due, due + HOUR, DAY, due - DAY)).toBe('done');
    expect(occurrenceState(due, due + 5 * HOUR, DAY, due + 100 * DAY)).toBe('doneLate');
  });

  it('nominal intervals: daily 1 d, weekly 7, monthly 30, quarterly 90, half-yearly 180, yearly 365, one-off as daily', () => {
    const cycles: PlanCycle[] = ['initial', 'beforeUse', 'afterUse', 'daily', 'weekly', 'monthly', 'quarterly', 'halfYearly', 'yearly'];
    expect(cycles.map((c) => nominalIntervalMs(c) / DAY)).toEqual([1, 1, 1, 1, 7, 30, 90, 180, 365]);
    // Tolerances users see: monthly 3 days, yearly 36.5 days.
    expect(onTimeLimit(0, nominalIntervalMs('monthly'))).toBe(3 * DAY);
    expect(onTimeLimit(0, nominalIntervalMs('yearly'))).toBe(36.5 * DAY);
  });

  it.each([
    ['an interval of 0', () => occurrenceState(due, null, 0, due), /Interval must be greater than 0, got 0/],
    ['a negative interval', () => occurrenceState(due, null, -DAY, due), /Interval must be greater than 0/],
    ['a NaN due', () => occurrenceState(Number.NaN, null, DAY, due), /Due must be a finite number/],
    ['a NaN done', () => occurrenceState(due, Number.NaN, DAY, due), /Done must be a finite number/],
    ['an unknown cycle', () => nominalIntervalMs('hourly' as PlanCycle), /Unknown plan cycle "hourly"/],
  ])('refuses %s', (_name, call, message) => {
    expect(call).toThrow(ScheduleInputError);
    expect(call).toThrow(message);
  });
});

describe('compliance = on time ÷ due', () => {
  it('counts done, late and overdue as due; upcoming ones are left out', () => {
    const states: OccurrenceState[] = ['done', 'done', 'done', 'doneLate', 'overdue', 'due', 'due'];
    expect(compliance(states)).toEqual({ due: 5, onTime: 3, late: 1, overdue: 1, upcoming: 2, ratio: 0.6 });
  });

  it('takes occurrences carrying a state', () => {
    expect(compliance([{ state: 'done' }, { state: 'doneLate' }]).ratio).toBe(0.5);
  });

  it('has no ratio when nothing was due, and 1 when everything was on time', () => {
    expect(compliance([]).ratio).toBeNull();
    expect(compliance(['due', 'due']).ratio).toBeNull();
    expect(compliance(['done']).ratio).toBe(1);
    expect(compliance(['overdue']).ratio).toBe(0);
  });

  it('a quarterly plan done on the 9th day after due every time is fully compliant; on the 10th it is not', () => {
    const interval = nominalIntervalMs('quarterly');
    const dues = [0, 1, 2, 3].map((k) => due + k * interval);
    const at9 = dues.map((d) => ({ state: occurrenceState(d, d + 9 * DAY, interval, d + 40 * DAY) }));
    const at10 = dues.map((d) => ({ state: occurrenceState(d, d + 10 * DAY, interval, d + 40 * DAY) }));
    expect(compliance(at9).ratio).toBe(1);
    expect(compliance(at10).ratio).toBe(0);
  });

  it('refuses an unknown state', () => {
    expect(() => compliance(['skipped' as OccurrenceState])).toThrow(/Unknown occurrence state "skipped"/);
  });

  it('property: on time exactly when 10·(done − due) ≤ interval; ratio between 0 and 1', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ late: fc.integer({ min: -10 * DAY, max: 60 * DAY }), days: fc.integer({ min: 1, max: 365 }), done: fc.boolean() }), { maxLength: 30 }),
        (items) => {
          const states = items.map(({ late, days, done }) => occurrenceState(due, done ? due + late : null, days * DAY, due + late));
          states.forEach((s, i) => {
            const item = items[i];
            if (item === undefined) return;
            const onTime = 10 * item.late <= item.days * DAY;
            expect(s).toBe(item.done ? (onTime ? 'done' : 'doneLate') : onTime ? 'due' : 'overdue');
          });
          const c = compliance(states);
          expect(c.due + c.upcoming).toBe(items.length);
          if (c.ratio !== null) {
            expect(c.ratio).toBeGreaterThanOrEqual(0);
            expect(c.ratio).toBeLessThanOrEqual(1);
          }
        },
      ),
    );
  });
});
