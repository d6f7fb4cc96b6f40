import { DAY_MS } from '../../../core/timeZone.js';
import { type ScheduleMode, SCHEDULE_MODES } from './calendar.js';
import { checkFinite, checkInstant, checkPositive, ScheduleInputError } from './validate.js';

/** A plan due by a machine counter (cutterhead revolutions, drive or pump hours, rings, metres…). */
export interface CounterTrigger {
  /** Counter units between two services; > 0. */
  interval: number;
  /** The counter reading the next due counts from (the last completion, or the reading at the plan's start). */
  base: number;
  /** Default `fixed`. */
  mode?: ScheduleMode;
}

export interface CounterStatus {
  /** The counter reading at which the plan is due: base + interval. */
  dueValue: number;
  /** Units left until due; 0 or negative once due. */
  remaining: number;
  due: boolean;
}

function checkTrigger(trigger: CounterTrigger): void {
  if (trigger === null || typeof trigger !== 'object') throw new ScheduleInputError('Counter trigger is missing');
  checkPositive('Counter interval', trigger.interval);
  checkFinite('Counter base', trigger.base);
  if (trigger.mode !== undefined && !(SCHEDULE_MODES as readonly string[]).includes(trigger.mode)) {
    throw new ScheduleInputError(`Unknown schedule mode "${String(trigger.mode)}" (fixed or floating)`);
  }
}

/** Where the counter stands against the plan: due once the reading reaches base + interval. */
export function counterDue(trigger: CounterTrigger, counterNow: number): CounterStatus {
  checkTrigger(trigger);
  checkFinite('Counter reading', counterNow);
  const dueValue = trigger.base + trigger.interval;
  return { dueValue, remaining: dueValue - counterNow, due: counterNow >= dueValue };
}

/**
 * The base after a completion at the reading `valueAtCompletion`.
 * - floating: the reading at completion (the next service is a full interval of use later).
 * - fixed: the grid base, base + k·interval, is kept: the completion covers the due value
 *   (base + interval) even when done early, and when done late the base jumps to the last grid value
 *   reached, so missed services are not piled up.
 */
export function counterBaseAfterCompletion(trigger: CounterTrigger, valueAtCompletion: number): number {
  checkTrigger(trigger);
  checkFinite('Counter reading at completion', valueAtCompletion);
  if ((trigger.mode ?? 'fixed') === 'floating') return valueAtCompletion;
  const reached = Math.floor((valueAtCompletion - trigger.base) / trigger.interval);
  return trigger.base + Math.max(1, reached) * trigger.interval;
}

export interface CounterReading {
  at: number;
  value: number;
}

/**
 * The recent pace of a counter: units per day (24 h) over the last `windowDays` days before `now`.
 * Counted from the last reading at or before the window's start (or the first one inside it) to the
 * latest reading not after `now`, over the time between that first reading and `now`, so standstills
 * count as no use. A counter going backwards (a replaced meter) adds nothing for that step.
 * Null when fewer than two readings fall in reach or no time has passed.
 */
export function pacePerDay(readings: readonly CounterReading[], now: number, windowDays: number): number | null {
  checkInstant('now', now);
  checkPositive('Pace window (days)', windowDays);
  for (const r of readings) {
    checkInstant('Reading time', r.at);
    checkFinite('Reading value', r.value);
  }
  const sorted = readings.filter((r) => r.at <= now).sort((a, b) => a.at - b.at);
  const windowStart = now - windowDays * DAY_MS;
  let first = sorted.findIndex((r) => r.at > windowStart) - 1;
  if (first === -2) return null; // no reading inside the window: the counter has not reported lately
  if (first < 0) first = 0;
  const used = sorted.slice(first);
  if (used.length < 2) return null;
  const [base] = used;
  if (base === undefined || now <= base.at) return null;
  let increase = 0;
  for (let i = 1; i < used.length; i++) {
    const step = (used[i]?.value ?? 0) - (used[i - 1]?.value ?? 0);
    if (step > 0) increase += step;
  }
  return increase / ((now - base.at) / DAY_MS);
}

/**
 * When the counter will reach `dueValue` at `pacePerDay` units per 24 h: `now` when already reached;
 * null when the pace is 0 or unknown (a machine at a standstill has no forecast).
 */
export function forecastDate(counterNow: number, dueValue: number, pace: number | null, now: number): number | null {
  checkFinite('Counter reading', counterNow);
  checkFinite('Due value', dueValue);
  checkInstant('now', now);
  if (counterNow >= dueValue) return now;
  if (pace === null) return null;
  checkFinite('Pace', pace);
  if (pace < 0) throw new ScheduleInputError(`Pace must not be negative, got ${pace}`);
  if (pace === 0) return null;
  return now + Math.ceil(((dueValue - counterNow) / pace) * DAY_MS);
}

export type DueBy = 'calendar' | 'counter';

/**
 * A plan due by calendar and counter is due at whichever comes first. Null inputs are triggers the
 * plan does not have (or a counter with no forecast). On a tie the calendar is named.
 */
export function whicheverFirst(calendarDueAt: number | null, counterDueAt: number | null): { dueAt: number; by: DueBy } | null {
  if (calendarDueAt !== null) checkInstant('Calendar due time', calendarDueAt);
  if (counterDueAt !== null) checkInstant('Counter due time', counterDueAt);
  if (calendarDueAt === null) return counterDueAt === null ? null : { dueAt: counterDueAt, by: 'counter' };
  if (counterDueAt === null || calendarDueAt <= counterDueAt) return { dueAt: calendarDueAt, by: 'calendar' };
  return { dueAt: counterDueAt, by: 'counter' };
}

/** The forecast instant the counter trigger falls due: `forecastDate` of `counterDue`'s due value. */
export function counterDueAt(trigger: CounterTrigger, counterNow: number, pace: number | null, now: number): number | null {
  return forecastDate(counterNow, counterDue(trigger, counterNow).dueValue, pace, now);
}
