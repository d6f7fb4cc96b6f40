import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calendarWeek, type CalendarPlan, occurrencesBetween, type Reminder, reminderPushTimes, ScheduleInputError } from './index.js';
import { HOUR, iso, ROME, utc, wall } from './testClock.js';

const daily0800: CalendarPlan = { cycle: 'daily', anchor: utc('2026-03-20T07:00:00Z') }; // 08:00 CET
/** Local calendar day number of an instant in the zone. */
const dayNumber = (ts: number, tz: string) => {
  const [y, m, d] = wall(ts, tz).slice(0, 10).split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d) / (24 * HOUR);
};
const pushes = (plan: CalendarPlan, reminder: Reminder, from: string, to: string, tz = ROME) =>
  reminderPushTimes(plan, reminder, utc(from), utc(to), tz);

describe('reminders ahead of each due occurrence', () => {
  it('pushes at the push time, daysAhead local days before each due', () => {
    const list = pushes(daily0800, { daysAhead: 2, pushTime: '18:15' }, '2026-03-20T00:00:00Z', '2026-03-23T00:00:00Z');
    expect(list.map((p) => [wall(p.pushAt, ROME), wall(p.dueAt ?? 0, ROME)])).toEqual([
      ['2026-03-20 18:15', '2026-03-22 08:00'],
      ['2026-03-21 18:15', '2026-03-23 08:00'],
      ['2026-03-22 18:15', '2026-03-24 08:00'],
    ]);
  });

  it('a 02:30 push on the spring-forward day goes out at 03:30 CEST, the others at 02:30', () => {
    const list = pushes(daily0800, { daysAhead: 2, pushTime: '02:30' }, '2026-03-27T23:00:00Z', '2026-03-30T22:00:00Z');
    expect(list.map((p) => iso(p.pushAt))).toEqual(['2026-03-28T01:30Z', '2026-03-29T01:30Z', '2026-03-30T00:30Z']);
    expect(list.map((p) => wall(p.pushAt, ROME))).toEqual(['2026-03-28 02:30', '2026-03-29 03:30', '2026-03-30 02:30']);
    expect(list.map((p) => wall(p.dueAt ?? 0, ROME))).toEqual(['2026-03-30 08:00', '2026-03-31 08:00', '2026-04-01 08:00']);
  });

  it('a 02:30 push on the fall-back day goes out once, at the first 02:30 (CEST)', () => {
    const list = pushes(daily0800, { daysAhead: 2, pushTime: '02:30' }, '2026-10-24T22:00:00Z', '2026-10-25T23:00:00Z');
    expect(list.map((p) => iso(p.pushAt))).toEqual(['2026-10-25T00:30Z']);
    expect(wall(list[0]?.dueAt ?? 0, ROME)).toBe('2026-10-27 08:00');
  });

  it('keeps an 07:30 push at 07:30 local on both change days', () => {
    const spring = pushes(daily0800, { daysAhead: 0, pushTime: '07:30' }, '2026-03-28T00:00:00Z', '2026-03-30T00:00:00Z');
    expect(spring.map((p) => iso(p.pushAt))).toEqual(['2026-03-28T06:30Z', '2026-03-29T05:30Z']);
    const autumn = pushes(daily0800, { daysAhead: 0, pushTime: '07:30' }, '2026-10-24T00:00:00Z', '2026-10-26T00:00:00Z');
    expect(autumn.map((p) => iso(p.pushAt))).toEqual(['2026-10-24T05:30Z', '2026-10-25T06:30Z']);
  });

  it('a monthly plan from 31 January is announced 3 days before each clamped due date', () => {
    const plan: CalendarPlan = { cycle: 'monthly', anchor: utc('2027-01-31T08:00:00Z') };
    const list = pushes(plan, { daysAhead: 3, pushTime: '09:00' }, '2027-01-01T00:00:00Z', '2027-04-01T00:00:00Z');
    expect(list.map((p) => wall(p.pushAt, ROME))).toEqual(['2027-01-28 09:00', '2027-02-25 09:00', '2027-03-28 09:00']);
    expect(list.map((p) => wall(p.dueAt ?? 0, ROME))).toEqual(['2027-01-31 09:00', '2027-02-28 09:00', '2027-03-31 09:00']);
  });

  it('includes a push at `from` and leaves one at `to` out', () => {
    const at = utc('2026-03-21T17:15:00Z'); // 18:15 CET
    const r = { daysAhead: 2, pushTime: '18:15' };
    expect(reminderPushTimes(daily0800, r, at, at + 1, ROME).map((p) => p.pushAt)).toEqual([at]);
    expect(reminderPushTimes(daily0800, r, at - 1, at, ROME)).toEqual([]);
  });

  it('an undated before-use plan has nothing to announce', () => {
    expect(pushes({ cycle: 'beforeUse', anchor: null }, { daysAhead: 1, pushTime: '08:00' }, '2026-01-01T00:00:00Z', '2027-01-01T00:00:00Z')).toEqual([]);
  });
});

describe('repeating reminders', () => {
  it('weekly on Monday: every Monday at the time, Monday being the first day of the week', () => {
    const list = pushes({ cycle: 'beforeUse', anchor: null }, { daysAhead: 0, pushTime: '07:00', repeat: 'weekly', weekday: 1 }, '2026-03-01T00:00:00Z', '2026-04-01T00:00:00Z');
    expect(list.map((p) => wall(p.pushAt, ROME))).toEqual([
      '2026-03-02 07:00',
      '2026-03-09 07:00',
      '2026-03-16 07:00',
      '2026-03-23 07:00',
      '2026-03-30 07:00',
    ]);
    expect(list.every((p) => p.dueAt === null)).toBe(true);
    for (const p of list) expect(calendarWeek(p.pushAt, ROME).start).toBe(p.pushAt - 7 * HOUR);
  });

  it('weekly on Sunday: the last day of each Monday-first week', () => {
    const week = calendarWeek(utc('2026-03-25T12:00:00Z'), ROME);
    const list = reminderPushTimes({ cycle: 'afterUse', anchor: null }, { daysAhead: 0, pushTime: '20:00', repeat: 'weekly', weekday: 7 }, week.start, week.end, ROME);
    expect(list.map((p) => wall(p.pushAt, ROME))).toEqual(['2026-03-29 20:00']);
  });

  it('weekly starts at the plan’s first due date, uses `time` over pushTime and names the next due', () => {
    const plan: CalendarPlan = { cycle: 'monthly', anchor: utc('2026-03-18T08:00:00Z') }; // 18th, 09:00 CET
    const list = pushes(plan, { daysAhead: 0, pushTime: '06:00', time: '10:45', repeat: 'weekly', weekday: 3 }, '2026-03-01T00:00:00Z', '2026-04-02T00:00:00Z');
    expect(list.map((p) => wall(p.pushAt, ROME))).toEqual(['2026-03-18 10:45', '2026-03-25 10:45', '2026-04-01 10:45']);
    expect(list.map((p) => wall(p.dueAt ?? 0, ROME))).toEqual(['2026-04-18 09:00', '2026-04-18 09:00', '2026-04-18 09:00']);
  });

  it('weekly with days ahead moves the push back from the weekday', () => {
    const list = pushes({ cycle: 'beforeUse', anchor: null }, { daysAhead: 2, pushTime: '07:00', repeat: 'weekly', weekday: 1 }, '2026-03-01T00:00:00Z', '2026-03-15T00:00:00Z');
    expect(list.map((p) => wall(p.pushAt, ROME))).toEqual(['2026-03-07 07:00', '2026-03-14 07:00']);
  });

  it('monthly, quarterly, half-yearly and yearly repeats step from the plan anchor, clamped at month ends', () => {
    const plan: CalendarPlan = { cycle: 'quarterly', anchor: utc('2027-01-31T08:00:00Z') };
    const at = (repeat: Reminder['repeat']) =>
      pushes(plan, { daysAhead: 1, pushTime: '10:00', repeat }, '2027-01-01T00:00:00Z', '2028-03-01T00:00:00Z').map((p) => wall(p.pushAt, ROME).slice(0, 10));
    expect(at('monthly').slice(0, 4)).toEqual(['2027-01-30', '2027-02-27', '2027-03-30', '2027-04-29']);
    expect(at('quarterly')).toEqual(['2027-01-30', '2027-04-29', '2027-07-30', '2027-10-30', '2028-01-30']);
    expect(at('halfYearly')).toEqual(['2027-01-30', '2027-07-30', '2028-01-30']);
    expect(at('yearly')).toEqual(['2027-01-30', '2028-01-30']);
    const monthly = pushes(plan, { daysAhead: 1, pushTime: '10:00', repeat: 'monthly' }, '2027-01-01T00:00:00Z', '2027-03-01T00:00:00Z');
    expect(monthly.map((p) => wall(p.dueAt ?? 0, ROME))).toEqual(['2027-01-31 09:00', '2027-04-30 09:00']);
  });
});

describe('invalid reminders are refused', () => {
  const from = utc('2026-03-01T00:00:00Z');
  const to = utc('2026-04-01T00:00:00Z');
  it.each([
    [{ daysAhead: -1, pushTime: '08:00' }, /Days ahead must be a whole number from 0 to 366/],
    [{ daysAhead: 1.5, pushTime: '08:00' }, /Days ahead/],
    [{ daysAhead: 400, pushTime: '08:00' }, /Days ahead/],
    [{ daysAhead: 1, pushTime: '24:00' }, /Push time must be a time 'HH:mm'/],
    [{ daysAhead: 1, pushTime: '7:30' }, /Push time/],
    [{ daysAhead: 1, pushTime: '08:00', time: '8h' }, /Reminder time/],
    [{ daysAhead: 1, pushTime: '08:00', repeat: 'weekly' }, /weekly reminder needs a weekday/],
    [{ daysAhead: 1, pushTime: '08:00', repeat: 'weekly', weekday: 8 }, /Weekday must be 1 \(Monday\) to 7 \(Sunday\)/],
    [{ daysAhead: 1, pushTime: '08:00', repeat: 'daily' }, /Unknown reminder repeat "daily"/],
  ] as [Reminder, RegExp][])('%o', (reminder, message) => {
    const call = () => reminderPushTimes(daily0800, reminder, from, to, ROME);
    expect(call).toThrow(ScheduleInputError);
    expect(call).toThrow(message);
  });

  it('a monthly repeat on an undated plan, and an unknown zone', () => {
    expect(() => reminderPushTimes({ cycle: 'afterUse', anchor: null }, { daysAhead: 0, pushTime: '08:00', repeat: 'monthly' }, from, to, ROME)).toThrow(
      /monthly reminder needs a plan with a first due time/,
    );
    expect(() => reminderPushTimes(daily0800, { daysAhead: 0, pushTime: '08:00' }, from, to, 'Europe/Atlantis')).toThrow(/Unknown time zone/);
  });
});

describe('property: one push per due occurrence, at the push time daysAhead days before', () => {
  it('holds for any daily or weekly plan, days ahead and push time', () => {
    const zones = fc.constantFrom('Europe/Rome', 'Europe/Vienna', 'Asia/Shanghai', 'Europe/Istanbul', 'Europe/Lisbon');
    fc.assert(
      fc.property(
        fc.constantFrom('daily' as const, 'weekly' as const),
        fc.integer({ min: utc('2026-01-01T00:00:00Z'), max: utc('2027-01-01T00:00:00Z') }),
        fc.integer({ min: 0, max: 10 }),
        fc.integer({ min: 0, max: 23 }),
        zones,
        (cycle, anchor, daysAhead, hour, tz) => {
          const plan = { cycle, anchor };
          const pushTime = `${String(hour).padStart(2, '0')}:00`;
          const from = anchor + 15 * 24 * HOUR;
          const to = from + 30 * 24 * HOUR;
          const list = reminderPushTimes(plan, { daysAhead, pushTime }, from, to, tz);
          const sorted = [...list].sort((a, b) => a.pushAt - b.pushAt);
          expect(list).toEqual(sorted);
          for (const p of list) {
            expect(p.pushAt).toBeGreaterThanOrEqual(from);
            expect(p.pushAt).toBeLessThan(to);
            expect(occurrencesBetween(plan, p.dueAt ?? 0, (p.dueAt ?? 0) + 1, tz)).toHaveLength(1);
            expect(dayNumber(p.dueAt ?? 0, tz) - dayNumber(p.pushAt, tz)).toBe(daysAhead);
            const local = wall(p.pushAt, tz).slice(11);
            expect([pushTime, `${String(hour + 1).padStart(2, '0')}:00`]).toContain(local);
          }
          // Every occurrence due well inside the shifted range is announced, once.
          const inner = occurrencesBetween(plan, from + (daysAhead + 1) * 24 * HOUR, to + (daysAhead - 1) * 24 * HOUR, tz);
          for (const due of inner) expect(list.filter((p) => p.dueAt === due)).toHaveLength(1);
          expect(new Set(list.map((p) => p.dueAt)).size).toBe(list.length);
        },
      ),
      { numRuns: 150 },
    );
  });
});
