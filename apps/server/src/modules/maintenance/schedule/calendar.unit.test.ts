import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  calendarMonth,
  calendarWeek,
  type CalendarPlan,
  dueAfterCompletion,
  isoWeekday,
  nextDue,
  occurrencesBetween,
  type PlanCycle,
  RECURRING_CYCLES,
  ScheduleInputError,
} from './index.js';
import { utcToZoned, zonedToUtc, zoneOffset } from '../../../core/timeZone.js';
import { HOUR, iso, ROME, utc, wall } from './testClock.js';

const plan = (cycle: PlanCycle, anchorIso: string | null, mode?: 'fixed' | 'floating'): CalendarPlan => ({
  cycle,
  anchor: anchorIso === null ? null : utc(anchorIso),
  ...(mode ? { mode } : {}),
});

/** The first `n` occurrences, each found by nextDue from the previous one. */
function chain(p: CalendarPlan, n: number, tz: string): string[] {
  const out: string[] = [];
  let at = (p.anchor ?? 0) - 1;
  for (let i = 0; i < n; i++) {
    const next = nextDue(p, at, tz);
    if (next === null) break;
    out.push(wall(next, tz));
    at = next;
  }
  return out;
}

describe('daily plans keep their local time across daylight-saving changes', () => {
  it('stays at 08:00 in Rome over the March change (23 h apart on the change day)', () => {
    const p = plan('daily', '2026-03-27T07:00:00Z'); // 08:00 CET
    const occ = occurrencesBetween(p, utc('2026-03-27T00:00:00Z'), utc('2026-03-31T00:00:00Z'), ROME);
    expect(occ.map(iso)).toEqual(['2026-03-27T07:00Z', '2026-03-28T07:00Z', '2026-03-29T06:00Z', '2026-03-30T06:00Z']);
    expect(occ.map((t) => wall(t, ROME).slice(11))).toEqual(['08:00', '08:00', '08:00', '08:00']);
    expect(((occ[2] ?? 0) - (occ[1] ?? 0)) / HOUR).toBe(23);
  });

  it('stays at 08:00 in Rome over the October change (25 h apart on the change day)', () => {
    const p = plan('daily', '2026-10-23T06:00:00Z'); // 08:00 CEST
    const occ = occurrencesBetween(p, utc('2026-10-23T00:00:00Z'), utc('2026-10-27T00:00:00Z'), ROME);
    expect(occ.map(iso)).toEqual(['2026-10-23T06:00Z', '2026-10-24T06:00Z', '2026-10-25T07:00Z', '2026-10-26T07:00Z']);
    expect(((occ[2] ?? 0) - (occ[1] ?? 0)) / HOUR).toBe(25);
  });

  it('is every 24 h in zones without daylight saving (Shanghai, Istanbul)', () => {
    for (const [tz, anchor] of [
      ['Asia/Shanghai', '2026-03-27T00:00:00Z'],
      ['Europe/Istanbul', '2026-03-27T05:00:00Z'],
    ] as const) {
      const occ = occurrencesBetween(plan('daily', anchor), utc('2026-03-27T00:00:00Z'), utc('2026-03-31T00:00:00Z'), tz);
      expect(occ).toHaveLength(4);
      expect(occ.slice(1).map((t, i) => (t - (occ[i] ?? 0)) / HOUR)).toEqual([24, 24, 24]);
      expect(occ.map((t) => wall(t, tz).slice(11))).toEqual(['08:00', '08:00', '08:00', '08:00']);
    }
  });

  it('moves a time skipped by spring-forward ahead by the gap and takes a repeated time once, at its first instant', () => {
    const p = plan('daily', '2026-03-27T01:30:00Z'); // 02:30 CET
    const spring = occurrencesBetween(p, utc('2026-03-28T00:00:00Z'), utc('2026-03-31T00:00:00Z'), ROME);
    // 28 Mar 02:30 CET, 29 Mar 02:30 does not exist → 03:30 CEST, 30 Mar 02:30 CEST.
    expect(spring.map(iso)).toEqual(['2026-03-28T01:30Z', '2026-03-29T01:30Z', '2026-03-30T00:30Z']);
    expect(spring.map((t) => wall(t, ROME))).toEqual(['2026-03-28 02:30', '2026-03-29 03:30', '2026-03-30 02:30']);
    const autumn = occurrencesBetween(p, utc('2026-10-24T00:00:00Z'), utc('2026-10-27T00:00:00Z'), ROME);
    // 25 Oct: 02:30 happens twice (CEST 00:30Z, CET 01:30Z); the plan is due once, at the first.
    expect(autumn.map(iso)).toEqual(['2026-10-24T00:30Z', '2026-10-25T00:30Z', '2026-10-26T01:30Z']);
  });

  it('handles Lisbon, whose change is at 01:00 local', () => {
    const p = plan('daily', '2026-03-27T01:30:00Z'); // 01:30 WET
    const occ = occurrencesBetween(p, utc('2026-03-28T00:00:00Z'), utc('2026-03-31T00:00:00Z'), 'Europe/Lisbon');
    expect(occ.map((t) => wall(t, 'Europe/Lisbon'))).toEqual(['2026-03-28 01:30', '2026-03-29 02:30', '2026-03-30 01:30']);
  });
});

describe('every cycle: next due on the project clock', () => {
  // [cycle, anchor, from, expected next due (UTC), expected wall time in Rome]
  const cases: [PlanCycle, string, string, string, string][] = [
    ['daily', '2026-03-20T07:00:00Z', '2026-03-28T12:00:00Z', '2026-03-29T06:00:00Z', '2026-03-29 08:00'],
    ['daily', '2026-10-20T06:00:00Z', '2026-10-24T12:00:00Z', '2026-10-25T07:00:00Z', '2026-10-25 08:00'],
    ['weekly', '2026-03-23T07:00:00Z', '2026-03-23T07:00:00Z', '2026-03-30T06:00:00Z', '2026-03-30 08:00'],
    ['weekly', '2026-10-19T06:00:00Z', '2026-10-20T00:00:00Z', '2026-10-26T07:00:00Z', '2026-10-26 08:00'],
    ['monthly', '2026-03-15T08:00:00Z', '2026-03-16T00:00:00Z', '2026-04-15T07:00:00Z', '2026-04-15 09:00'],
    ['monthly', '2026-10-15T07:00:00Z', '2026-10-16T00:00:00Z', '2026-11-15T08:00:00Z', '2026-11-15 09:00'],
    ['quarterly', '2026-01-10T08:00:00Z', '2026-01-10T08:00:01Z', '2026-04-10T07:00:00Z', '2026-04-10 09:00'],
    ['halfYearly', '2026-05-10T07:00:00Z', '2026-06-01T00:00:00Z', '2026-11-10T08:00:00Z', '2026-11-10 09:00'],
    ['yearly', '2026-07-01T07:00:00Z', '2026-07-01T07:00:00Z', '2027-07-01T07:00:00Z', '2027-07-01 09:00'],
    ['yearly', '2025-01-20T08:00:00Z', '2026-05-01T00:00:00Z', '2027-01-20T08:00:00Z', '2027-01-20 09:00'],
  ];
  it.each(cases)('%s anchored %s, after %s → %s', (cycle, anchor, from, expected, local) => {
    const due = nextDue(plan(cycle, anchor), utc(from), ROME);
    expect(due === null ? null : iso(due)).toBe(iso(utc(expected)));
    expect(wall(utc(expected), ROME)).toBe(local);
  });

  it('is the anchor itself before the anchor, and strictly after `from` on an occurrence', () => {
    const p = plan('weekly', '2026-03-23T07:00:00Z');
    expect(nextDue(p, utc('2026-01-01T00:00:00Z'), ROME)).toBe(utc('2026-03-23T07:00:00Z'));
    expect(nextDue(p, utc('2026-03-23T06:59:59Z'), ROME)).toBe(utc('2026-03-23T07:00:00Z'));
    expect(nextDue(p, utc('2026-03-23T07:00:00Z'), ROME)).toBe(utc('2026-03-30T06:00:00Z'));
  });

  it('finds the next due of a plan anchored years ago', () => {
    const p = plan('daily', '2016-01-01T07:00:00Z');
    expect(wall(nextDue(p, utc('2026-06-15T12:00:00Z'), ROME) ?? 0, ROME)).toBe('2026-06-16 08:00');
  });
});

describe('month ends: the anchor day is kept and clamped to the month end', () => {
  it('monthly from 31 January: 28 Feb → 31 Mar → 30 Apr (no drift)', () => {
    expect(chain(plan('monthly', '2027-01-31T08:00:00Z'), 5, ROME)).toEqual([
      '2027-01-31 09:00',
      '2027-02-28 09:00',
      '2027-03-31 09:00',
      '2027-04-30 09:00',
      '2027-05-31 09:00',
    ]);
  });

  it('monthly from 31 January 2028 (leap year) falls on 29 February', () => {
    expect(chain(plan('monthly', '2028-01-31T08:00:00Z'), 3, ROME)).toEqual(['2028-01-31 09:00', '2028-02-29 09:00', '2028-03-31 09:00']);
  });

  it('quarterly from 31 August and from 30 November', () => {
    expect(chain(plan('quarterly', '2026-08-31T06:00:00Z'), 5, ROME)).toEqual([
      '2026-08-31 08:00',
      '2026-11-30 08:00',
      '2027-02-28 08:00',
      '2027-05-31 08:00',
      '2027-08-31 08:00',
    ]);
    expect(chain(plan('quarterly', '2026-11-30T07:00:00Z'), 5, ROME)).toEqual([
      '2026-11-30 08:00',
      '2027-02-28 08:00',
      '2027-05-30 08:00',
      '2027-08-30 08:00',
      '2027-11-30 08:00',
    ]);
  });

  it('half-yearly from 31 August and from 30 November across the leap year', () => {
    expect(chain(plan('halfYearly', '2027-08-31T06:00:00Z'), 4, ROME)).toEqual([
      '2027-08-31 08:00',
      '2028-02-29 08:00',
      '2028-08-31 08:00',
      '2029-02-28 08:00',
    ]);
    expect(chain(plan('halfYearly', '2027-11-30T07:00:00Z'), 3, ROME)).toEqual(['2027-11-30 08:00', '2028-05-30 08:00', '2028-11-30 08:00']);
  });

  it('yearly from 29 February: 28 Feb in common years, 29 Feb again in 2032', () => {
    expect(chain(plan('yearly', '2028-02-29T08:00:00Z'), 5, ROME)).toEqual([
      '2028-02-29 09:00',
      '2029-02-28 09:00',
      '2030-02-28 09:00',
      '2031-02-28 09:00',
      '2032-02-29 09:00',
    ]);
  });

  it('lists the same clamped dates through occurrencesBetween as through nextDue', () => {
    const p = plan('monthly', '2027-01-31T08:00:00Z');
    const occ = occurrencesBetween(p, utc('2027-02-01T00:00:00Z'), utc('2027-05-01T00:00:00Z'), ROME);
    expect(occ.map((t) => wall(t, ROME))).toEqual(['2027-02-28 09:00', '2027-03-31 09:00', '2027-04-30 09:00']);
  });
});

describe('weeks start on Monday', () => {
  it('a weekly plan anchored on a Sunday falls on the last day of each Monday-first week', () => {
    const p = plan('weekly', '2026-03-01T09:00:00Z'); // Sunday 1 March 2026, 10:00 CET
    expect(isoWeekday(utc('2026-03-01T09:00:00Z'), ROME)).toBe(7);
    const week = calendarWeek(utc('2026-03-04T12:00:00Z'), ROME); // a Wednesday
    expect([wall(week.start, ROME), wall(week.end, ROME)]).toEqual(['2026-03-02 00:00', '2026-03-09 00:00']);
    expect(occurrencesBetween(p, week.start, week.end, ROME).map((t) => wall(t, ROME))).toEqual(['2026-03-08 10:00']);
    // The week of a Sunday is the one that began the Monday before, not the one starting that Sunday.
    const sundayWeek = calendarWeek(utc('2026-03-08T09:00:00Z'), ROME);
    expect(wall(sundayWeek.start, ROME)).toBe('2026-03-02 00:00');
  });

  it('a week holding the spring-forward change is 167 h long and still holds one weekly occurrence', () => {
    const week = calendarWeek(utc('2026-03-25T12:00:00Z'), ROME);
    expect([wall(week.start, ROME), wall(week.end, ROME)]).toEqual(['2026-03-23 00:00', '2026-03-30 00:00']);
    expect((week.end - week.start) / HOUR).toBe(167);
    expect(occurrencesBetween(plan('weekly', '2026-03-01T09:00:00Z'), week.start, week.end, ROME).map((t) => wall(t, ROME))).toEqual([
      '2026-03-29 10:00',
    ]);
  });

  it('numbers weekdays 1 = Monday … 7 = Sunday', () => {
    const days = [0, 1, 2, 3, 4, 5, 6].map((i) => isoWeekday(utc('2026-03-02T11:00:00Z') + i * 24 * HOUR, ROME));
    expect(days).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
});

describe('calendar month views', () => {
  it('counts a daily plan 31 times in March 2026 and 28 in February', () => {
    const p = plan('daily', '2026-01-01T07:00:00Z');
    const march = calendarMonth(utc('2026-03-15T12:00:00Z'), ROME);
    const feb = calendarMonth(utc('2026-02-15T12:00:00Z'), ROME);
    expect(occurrencesBetween(p, march.start, march.end, ROME)).toHaveLength(31);
    expect(occurrencesBetween(p, feb.start, feb.end, ROME)).toHaveLength(28);
    expect(occurrencesBetween(plan('weekly', '2026-03-01T09:00:00Z'), march.start, march.end, ROME)).toHaveLength(5);
  });

  it('starts at the anchor: nothing before it', () => {
    const p = plan('daily', '2026-03-20T07:00:00Z');
    const march = calendarMonth(utc('2026-03-15T12:00:00Z'), ROME);
    expect(occurrencesBetween(p, march.start, march.end, ROME)).toHaveLength(12);
  });

  it('ends exclusive: an occurrence at `to` is left for the next view', () => {
    const p = plan('daily', '2026-03-20T07:00:00Z');
    expect(occurrencesBetween(p, utc('2026-03-20T07:00:00Z'), utc('2026-03-21T07:00:00Z'), ROME).map(iso)).toEqual(['2026-03-20T07:00Z']);
  });
});

describe('one-off and event-driven plans', () => {
  it('an initial plan is due once, at its anchor', () => {
    const p = plan('initial', '2026-04-01T08:00:00Z');
    expect(nextDue(p, utc('2026-03-01T00:00:00Z'), ROME)).toBe(utc('2026-04-01T08:00:00Z'));
    expect(nextDue(p, utc('2026-04-01T08:00:00Z'), ROME)).toBeNull();
    expect(occurrencesBetween(p, utc('2026-01-01T00:00:00Z'), utc('2027-01-01T00:00:00Z'), ROME)).toEqual([utc('2026-04-01T08:00:00Z')]);
  });

  it('before-use and after-use plans without a date have no occurrence and nothing after completion', () => {
    for (const cycle of ['beforeUse', 'afterUse'] as const) {
      const p = plan(cycle, null);
      expect(nextDue(p, utc('2026-03-01T00:00:00Z'), ROME)).toBeNull();
      expect(occurrencesBetween(p, utc('2026-01-01T00:00:00Z'), utc('2027-01-01T00:00:00Z'), ROME)).toEqual([]);
      expect(dueAfterCompletion(plan(cycle, '2026-03-01T08:00:00Z'), utc('2026-03-01T08:00:00Z'), utc('2026-03-01T09:00:00Z'), ROME)).toBeNull();
    }
  });
});

describe('fixed and floating schedules after a completion', () => {
  const fixed = plan('monthly', '2026-03-10T07:00:00Z'); // 10th, 08:00 CET
  const floating = { ...fixed, mode: 'floating' as const };
  const due = utc('2026-04-10T06:00:00Z'); // 10 Apr 08:00 CEST

  it('fixed keeps the calendar whether done early, on time or late', () => {
    const next = (done: string) => wall(dueAfterCompletion(fixed, due, utc(done), ROME) ?? 0, ROME);
    expect(next('2026-04-05T10:00:00Z')).toBe('2026-05-10 08:00');
    expect(next('2026-04-12T13:00:00Z')).toBe('2026-05-10 08:00');
    // Done on 20 May for the April occurrence: the 10 May one is not piled up.
    expect(next('2026-05-20T10:00:00Z')).toBe('2026-06-10 08:00');
  });

  it('floating counts one cycle from the completion day, at the plan time of day', () => {
    expect(wall(dueAfterCompletion(floating, due, utc('2026-04-12T13:00:00Z'), ROME) ?? 0, ROME)).toBe('2026-05-12 08:00');
    expect(wall(dueAfterCompletion(floating, due, utc('2026-04-05T10:00:00Z'), ROME) ?? 0, ROME)).toBe('2026-05-05 08:00');
    // Completed on 31 January: one month later is clamped to 28 February.
    expect(wall(dueAfterCompletion(floating, due, utc('2027-01-31T10:00:00Z'), ROME) ?? 0, ROME)).toBe('2027-02-28 08:00');
  });

  it('floating weekly and daily plans follow the completion across a DST change', () => {
    const weekly = plan('weekly', '2026-03-02T07:00:00Z', 'floating'); // Mondays 08:00
    // Done on Wednesday 25 March: next due Wednesday 1 April at 08:00 CEST.
    expect(wall(dueAfterCompletion(weekly, utc('2026-03-23T07:00:00Z'), utc('2026-03-25T15:00:00Z'), ROME) ?? 0, ROME)).toBe('2026-04-01 08:00');
    const daily = plan('daily', '2026-03-02T07:00:00Z', 'floating');
    expect(iso(dueAfterCompletion(daily, utc('2026-03-28T07:00:00Z'), utc('2026-03-28T20:00:00Z'), ROME) ?? 0)).toBe('2026-03-29T06:00Z');
  });
});

describe('invalid input is refused with a clear error', () => {
  const p = plan('daily', '2026-03-20T07:00:00Z');
  it.each([
    ['an unknown zone', () => nextDue(p, 0, 'Mars/Olympus'), /Unknown time zone "Mars\/Olympus"/],
    ['an empty zone', () => nextDue(p, 0, ''), /Time zone is missing/],
    ['a recurring plan without anchor', () => nextDue(plan('weekly', null), 0, ROME), /weekly plan needs a first due time/],
    ['an unknown cycle', () => nextDue({ cycle: 'fortnightly' as PlanCycle, anchor: 0 }, 0, ROME), /Unknown plan cycle "fortnightly"/],
    ['an unknown mode', () => nextDue({ ...p, mode: 'sliding' as 'fixed' }, 0, ROME), /Unknown schedule mode/],
    ['a range backwards', () => occurrencesBetween(p, utc('2026-04-01T00:00:00Z'), utc('2026-03-01T00:00:00Z'), ROME), /from .* is after to/],
    ['a NaN instant', () => nextDue(p, Number.NaN, ROME), /from must be a finite instant/],
    ['a century of a daily plan', () => occurrencesBetween(p, utc('2026-03-20T00:00:00Z'), utc('2126-03-20T00:00:00Z'), ROME), /More than 10000/],
  ])('%s', (_name, call, message) => {
    expect(call).toThrow(ScheduleInputError);
    expect(call).toThrow(message);
  });
});

describe('properties', () => {
  const zones = fc.constantFrom('Europe/Rome', 'Europe/Istanbul', 'Asia/Shanghai', 'Europe/Lisbon', 'Europe/Vienna', 'America/New_York');
  const instant = fc.integer({ min: utc('2020-01-01T00:00:00Z'), max: utc('2035-01-01T00:00:00Z') });

  it('next due is always strictly after `from`, and no occurrence lies between them', () => {
    fc.assert(
      fc.property(fc.constantFrom(...RECURRING_CYCLES), instant, instant, zones, (cycle, anchor, from, tz) => {
        const p = { cycle, anchor };
        const next = nextDue(p, from, tz);
        expect(next).not.toBeNull();
        expect(next ?? 0).toBeGreaterThan(from);
        expect(next ?? 0).toBeGreaterThanOrEqual(anchor);
        expect(occurrencesBetween(p, from + 1, next ?? 0, tz)).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('a daily plan keeps its local wall time every day (a time skipped by spring-forward is one hour later)', () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }), zones, (day, h, min, tz) => {
        const date = utcToZoned(day, tz);
        const anchor = zonedToUtc({ y: date.y, m: date.m, d: date.d, h, min, s: 0 }, tz);
        const hhmm = `${String(h).padStart(2, '0')}:${String(min).padStart(2, '0')}`;
        fc.pre(wall(anchor, tz).slice(11) === hhmm); // the anchor day itself skips that time
        const p = { cycle: 'daily' as const, anchor };
        const occ = occurrencesBetween(p, anchor, anchor + 60 * 24 * HOUR, tz);
        expect(occ.length).toBeGreaterThanOrEqual(59);
        const dates = occ.map((t) => wall(t, tz).slice(0, 10));
        expect(new Set(dates).size).toBe(occ.length);
        for (const t of occ) {
          const local = wall(t, tz).slice(11);
          if (local === hhmm) continue;
          // Skipped by a spring-forward change: the clock went forward an hour in the day before.
          expect(zoneOffset(t, tz) - zoneOffset(t - 24 * HOUR, tz)).toBe(HOUR);
          expect(local).toBe(`${String(h + 1).padStart(2, '0')}:${String(min).padStart(2, '0')}`);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('monthly occurrences fall on the anchor day clamped to the month length', () => {
    fc.assert(
      fc.property(instant, zones, fc.integer({ min: 1, max: 40 }), (anchor, tz, k) => {
        const p = { cycle: 'monthly' as const, anchor };
        const anchorDay = Number(wall(anchor, tz).slice(8, 10));
        const list = occurrencesBetween(p, anchor, anchor + k * 32 * 24 * HOUR, tz);
        for (const t of list) {
          const [y, m, d] = wall(t, tz).slice(0, 10).split('-').map(Number) as [number, number, number];
          expect(d).toBe(Math.min(anchorDay, new Date(Date.UTC(y, m, 0)).getUTCDate()));
        }
      }),
      { numRuns: 150 },
    );
  });
});
