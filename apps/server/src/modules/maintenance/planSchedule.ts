import type { mtcePlanContract } from '@boreline/contracts';
import {
  counterBaseAfterCompletion,
  dueAfterCompletion,
  forecastDate,
  isRecurring,
  nextDue,
  nominalIntervalMs,
  occurrencesBetween,
  occurrenceState,
  type PlanCycle,
  reminderPushTimes,
  type ReminderPush,
  type Weekday,
  whicheverFirst,
} from './schedule/index.js';

/**
 * The one adapter between the module and the pure scheduling library (`schedule/`): a stored plan
 * row in, due times, states, reminder push times out. Everything here is pure.
 */

type OccurrenceState = mtcePlanContract.OccurrenceState;

export interface SchedulePlan {
  cycle: string;
  trigger: string;
  anchor_mode: string;
  anchor_at: number | null;
  next_due: number | null;
  last_done_at: number | null;
  counter_interval: number | null;
  counter_base: number | null;
}

/** A counter's reading now and its recent pace (units per day); null when the machine offers no such counter. */
export interface CounterNow {
  value: number | null;
  pacePerDay: number | null;
}

const cycleOf = (plan: SchedulePlan): PlanCycle => plan.cycle as PlanCycle;
const modeOf = (plan: SchedulePlan): 'fixed' | 'floating' => (plan.anchor_mode === 'fixed' ? 'fixed' : 'floating');
export const usesCalendar = (plan: Pick<SchedulePlan, 'trigger'>): boolean => plan.trigger !== 'counter';
export const usesCounter = (plan: Pick<SchedulePlan, 'trigger'>): boolean => plan.trigger !== 'calendar';

/** The 10 % rule's interval of a calendar occurrence (ms). */
export const calendarInterval = (cycle: string): number => nominalIntervalMs(cycle as PlanCycle);

/** The first due time of a new calendar plan without one: one cycle from now (none for one-off cycles). */
export function firstDue(cycle: string, now: number, timeZone: string): number | null {
  if (!isRecurring(cycle as PlanCycle)) return null;
  return nextDue({ cycle: cycle as PlanCycle, anchor: now, mode: 'fixed' }, now, timeZone);
}

const WORSE: Record<OccurrenceState, number> = { upcoming: 0, done: 0, due: 1, doneLate: 0, overdue: 2 };

export interface PlanTiming {
  nextTime: number | null;
  state: OccurrenceState;
  done: boolean;
  counter: { value: number | null; dueValue: number | null; forecastAt: number | null } | null;
}

/** Where a plan stands now: its next due time (whichever trigger comes first), the state of that occurrence, its counter. */
export function planTiming(plan: SchedulePlan, counter: CounterNow | null, now: number): PlanTiming {
  const states: OccurrenceState[] = [];
  const calendarDue = usesCalendar(plan) ? plan.next_due : null;
  if (calendarDue !== null) {
    states.push(calendarDue > now ? 'upcoming' : (occurrenceState(calendarDue, null, calendarInterval(plan.cycle), now) as OccurrenceState));
  }
  let counterView: PlanTiming['counter'] = null;
  let counterDueAt: number | null = null;
  if (usesCounter(plan) && plan.counter_interval !== null) {
    const dueValue = (plan.counter_base ?? 0) + plan.counter_interval;
    const value = counter?.value ?? null;
    const forecastAt = value === null ? null : forecastDate(value, dueValue, counter?.pacePerDay ?? null, now);
    counterView = { value, dueValue, forecastAt };
    counterDueAt = forecastAt;
    if (value !== null) states.push(value < dueValue ? 'upcoming' : (occurrenceState(dueValue, null, plan.counter_interval, value) as OccurrenceState));
  }
  const nextTime = plan.trigger === 'calendar' ? calendarDue : plan.trigger === 'counter' ? counterDueAt : (whicheverFirst(calendarDue, counterDueAt)?.dueAt ?? null);
  const worst = states.reduce<OccurrenceState | null>((a, s) => (a === null || WORSE[s] > WORSE[a] ? s : a), null);
  const state: OccurrenceState = worst ?? (plan.last_done_at !== null ? 'done' : 'upcoming');
  return { nextTime, state, done: plan.last_done_at !== null && state !== 'due' && state !== 'overdue', counter: counterView };
}

export interface Completion {
  /** The occurrence completed (its due time; the record's time for a counter plan), null when none was open. */
  dueAt: number | null;
  late: boolean;
  next_due: number | null;
  anchor_at: number | null;
  counter_base: number | null;
}

/**
 * A record done at `doneAt` completes the plan's open occurrence: late by the 10 % rule of whichever
 * trigger it answered; the calendar moves (fixed: keeps the series; floating: counts from the
 * work), the counter's base moves to the reading then (or the grid of a fixed plan).
 */
export function completion(plan: SchedulePlan, doneAt: number, counterAtDone: number | null, timeZone: string): Completion {
  let late = false;
  let dueAt: number | null = null;
  let next = plan.next_due;
  let anchor = plan.anchor_at;
  let base = plan.counter_base;
  if (usesCalendar(plan) && plan.next_due !== null) {
    dueAt = plan.next_due;
    late = occurrenceState(plan.next_due, doneAt, calendarInterval(plan.cycle), doneAt) === 'doneLate';
    const series = { cycle: cycleOf(plan), anchor: plan.anchor_at ?? plan.next_due, mode: modeOf(plan) };
    next = isRecurring(series.cycle) ? dueAfterCompletion(series, plan.next_due, doneAt, timeZone) : null;
    if (modeOf(plan) === 'floating' && next !== null) anchor = next;
  }
  if (usesCounter(plan) && plan.counter_interval !== null && counterAtDone !== null) {
    const trigger = { interval: plan.counter_interval, base: plan.counter_base ?? 0, mode: modeOf(plan) };
    const dueValue = trigger.base + trigger.interval;
    if (counterAtDone >= dueValue && occurrenceState(dueValue, counterAtDone, trigger.interval, counterAtDone) === 'doneLate') late = true;
    base = counterBaseAfterCompletion(trigger, counterAtDone);
    dueAt ??= doneAt;
  }
  return { dueAt, late, next_due: next, anchor_at: anchor, counter_base: base };
}

/** Due times of the plan's calendar series in [from, to) after its open occurrence (the later ones, all upcoming). */
export function laterOccurrences(plan: SchedulePlan, from: number, to: number, timeZone: string): number[] {
  if (!usesCalendar(plan) || plan.next_due === null || !isRecurring(cycleOf(plan)) || to <= from) return [];
  const start = Math.max(from, plan.next_due + 1);
  if (start >= to) return [];
  return occurrencesBetween({ cycle: cycleOf(plan), anchor: plan.next_due, mode: 'fixed' }, start, to, timeZone);
}

export interface StoredReminder {
  daysAhead: number;
  pushTime: string;
  repeat: string | null;
  weekday: number | null;
}

/**
 * The reminder's pushes in [from, to) for the plan's open calendar occurrence and the ones after it
 * (no repeat), or on its repeat cadence (weekly on its weekday, monthly … from the plan's due time).
 * A plan without a dated occurrence has no pushes, but a weekly repeat.
 */
export function reminderPushes(plan: SchedulePlan, reminder: StoredReminder, from: number, to: number, timeZone: string): ReminderPush[] {
  if (!usesCalendar(plan) && reminder.repeat === null) return [];
  const repeat = (reminder.repeat ?? null) as 'weekly' | 'monthly' | 'quarterly' | 'halfYearly' | 'yearly' | null;
  const anchor = usesCalendar(plan) ? plan.next_due : null;
  if (anchor === null && repeat !== 'weekly') return [];
  const cycle = usesCalendar(plan) ? cycleOf(plan) : 'initial';
  return reminderPushTimes(
    { cycle, anchor, mode: 'fixed' },
    { daysAhead: reminder.daysAhead, pushTime: reminder.pushTime, repeat, weekday: repeat === 'weekly' ? ((reminder.weekday ?? 1) as Weekday) : null },
    from,
    to,
    timeZone,
  );
}

/** Upcoming push instants of a plan's reminder (at most `count`), for the reminder's view. */
export function nextPushes(plan: SchedulePlan, reminder: StoredReminder, now: number, timeZone: string, count = 3): number[] {
  return reminderPushes(plan, reminder, now + 1, now + 400 * 86_400_000, timeZone)
    .map((p) => p.pushAt)
    .slice(0, count);
}
