import type { mtcePlanContract } from '@boreline/contracts';
import { localDateOf, parseLocalDate, shiftLocalDate, utcToZoned, zonedMinutesToUtc, parseWallTime, DAY_MS } from '../../core/timeZone.js';
import { dueAfterCompletion, isRecurring, nextDue, occurrencesBetween, type PlanCycle } from './schedule/calendar.js';
import { nominalIntervalMs, occurrenceState } from './schedule/compliance.js';
import { counterBaseAfterCompletion, forecastDate, whicheverFirst } from './schedule/counter.js';

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

/** The instant a reminder `daysAhead` days before `due` at `pushTime` (HH:mm) goes out, in the project's zone. */
export function reminderPushAt(due: number, daysAhead: number, pushTime: string, timeZone: string): number {
  const date = shiftLocalDate(parseLocalDate(localDateOf(due, timeZone)), -daysAhead);
  return zonedMinutesToUtc(date, parseWallTime(pushTime), timeZone);
}

/** The latest push instant of a repeating reminder at or before `now` (weeks start on Monday; months etc. on their first day). */
export function latestRepeatPush(repeat: string, weekday: number | null, pushTime: string, now: number, timeZone: string): number {
  const minutes = parseWallTime(pushTime);
  const today = utcToZoned(now, timeZone);
  const candidates: number[] = [];
  if (repeat === 'weekly') {
    const iso = ((new Date(Date.UTC(today.y, today.m - 1, today.d)).getUTCDay() + 6) % 7) + 1;
    const back = (iso - (weekday ?? 1) + 7) % 7;
    const day = shiftLocalDate(today, -back);
    candidates.push(zonedMinutesToUtc(day, minutes, timeZone), zonedMinutesToUtc(shiftLocalDate(day, -7), minutes, timeZone));
  } else {
    const months = repeat === 'monthly' ? 1 : repeat === 'quarterly' ? 3 : repeat === 'halfYearly' ? 6 : 12;
    const index = today.y * 12 + (today.m - 1);
    const first = index - (index % months);
    for (const k of [first, first - months]) candidates.push(zonedMinutesToUtc({ y: Math.floor(k / 12), m: (k % 12) + 1, d: 1 }, minutes, timeZone));
  }
  return candidates.filter((c) => c <= now).reduce((a, b) => Math.max(a, b), 0);
}

/** Upcoming push instants of a plan's reminder (at most `count`), for the reminder's view. */
export function nextPushes(plan: SchedulePlan, reminder: { daysAhead: number; pushTime: string }, now: number, timeZone: string, count = 3): number[] {
  if (!usesCalendar(plan) || plan.next_due === null) return [];
  const dues = [plan.next_due, ...laterOccurrences(plan, plan.next_due + 1, plan.next_due + 400 * DAY_MS, timeZone).slice(0, count)];
  return dues
    .map((due) => reminderPushAt(due, reminder.daysAhead, reminder.pushTime, timeZone))
    .filter((at) => at > now)
    .slice(0, count);
}
