import { describe, expect, it } from 'vitest';
import { completion, planTiming, type SchedulePlan } from './planSchedule.js';

const H = 3_600_000;
const D = 24 * H;
const TZ = 'Europe/Rome';
// Monday 23 November 2026, 10:00 in Rome.
const DUE = Date.UTC(2026, 10, 23, 9, 0);

const plan = (overrides: Partial<SchedulePlan> = {}): SchedulePlan => ({
  cycle: 'weekly',
  trigger: 'calendar',
  anchor_mode: 'fixed',
  anchor_at: DUE,
  next_due: DUE,
  last_done_at: null,
  counter_interval: null,
  counter_base: null,
  ...overrides,
});

describe('plan timing and completion (the adapter over the schedule library)', () => {
  it('a weekly occurrence is upcoming before its time, due within 10 % of a week after, overdue beyond', () => {
    expect(planTiming(plan(), null, DUE - H).state).toBe('upcoming');
    expect(planTiming(plan(), null, DUE + 16.8 * H).state).toBe('due');
    expect(planTiming(plan(), null, DUE + 16.8 * H + 1).state).toBe('overdue');
  });

  it('whichever comes first: the counter overdue makes the plan overdue although the calendar is far off', () => {
    const both = plan({ trigger: 'whicheverFirst', next_due: DUE + 20 * D, counter_interval: 20, counter_base: 0 });
    const timing = planTiming(both, { value: 23, pacePerDay: 1 }, DUE);
    expect(timing).toMatchObject({ state: 'overdue', nextTime: DUE, counter: { value: 23, dueValue: 20, forecastAt: DUE } });
    // The counter not yet reached at one ring a day: due in 5 days, before the calendar's 20.
    expect(planTiming(both, { value: 15, pacePerDay: 1 }, DUE)).toMatchObject({ state: 'upcoming', nextTime: DUE + 5 * D });
  });

  it('fixed keeps the calendar, floating counts from the work; late past 10 %', () => {
    const doneAt = DUE + 2 * D;
    expect(completion(plan(), doneAt, null, TZ)).toMatchObject({ dueAt: DUE, late: true, next_due: DUE + 7 * D });
    const floating = completion(plan({ anchor_mode: 'floating' }), doneAt, null, TZ);
    expect(floating).toMatchObject({ dueAt: DUE, late: true, next_due: DUE + 9 * D, anchor_at: DUE + 9 * D });
    expect(completion(plan(), DUE + 16 * H, null, TZ).late).toBe(false);
  });

  it('a counter plan done at 23 of a 20-ring interval is late (past 22), and floating counts again from 23', () => {
    const counter = plan({ trigger: 'counter', next_due: null, anchor_mode: 'floating', counter_interval: 20, counter_base: 0 });
    expect(completion(counter, DUE, 23, TZ)).toMatchObject({ late: true, counter_base: 23, dueAt: DUE });
    expect(completion(counter, DUE, 21, TZ)).toMatchObject({ late: false, counter_base: 21 });
    expect(completion({ ...counter, anchor_mode: 'fixed' }, DUE, 23, TZ).counter_base).toBe(20);
  });

  it('a one-off plan done has nothing next and reads done', () => {
    const once = completion(plan({ cycle: 'initial' }), DUE + H, null, TZ);
    expect(once.next_due).toBeNull();
    expect(planTiming(plan({ cycle: 'initial', next_due: null, last_done_at: DUE + H }), null, DUE + 2 * H)).toMatchObject({ state: 'done', done: true, nextTime: null });
  });
});
