import { currentPeriod } from '../../../core/periods.js';
import { DAY_MS, type LocalDate, shiftLocalDate, utcToZoned, type ZonedTime, zonedToUtc } from '../../../core/timeZone.js';
import { checkInstant, checkRange, checkTimeZone, ScheduleInputError } from './validate.js';

/** Every plan cycle (plan type) of the spec, in its menu order. */
export const PLAN_CYCLES = ['initial', 'beforeUse', 'afterUse', 'daily', 'weekly', 'monthly', 'quarterly', 'halfYearly', 'yearly'] as const;
export type PlanCycle = (typeof PLAN_CYCLES)[number];

/** One-off or event-driven cycles: at most one dated occurrence, no calendar recurrence. */
export const ONE_OFF_CYCLES = ['initial', 'beforeUse', 'afterUse'] as const;
export type OneOffCycle = (typeof ONE_OFF_CYCLES)[number];
export type RecurringCycle = Exclude<PlanCycle, OneOffCycle>;
export const RECURRING_CYCLES = ['daily', 'weekly', 'monthly', 'quarterly', 'halfYearly', 'yearly'] as const satisfies readonly RecurringCycle[];

/** `fixed`: completions never move the calendar; `floating`: the next due counts from the completion. */
export const SCHEDULE_MODES = ['fixed', 'floating'] as const;
export type ScheduleMode = (typeof SCHEDULE_MODES)[number];

export interface CalendarPlan {
  cycle: PlanCycle;
  /**
   * The first due instant (epoch ms). Its local date and wall time in the project's zone fix the
   * series: the time of day, the weekday (weekly) and the day of the month (monthly and longer).
   * Required for recurring cycles; null for a one-off plan not yet dated (e.g. before use).
   */
  anchor: number | null;
  /** Default `fixed`. */
  mode?: ScheduleMode;
}

/** The step between two occurrences, in local calendar days or months. */
export const CYCLE_STEP: Readonly<Record<RecurringCycle, { days: number } | { months: number }>> = {
  daily: { days: 1 },
  weekly: { days: 7 },
  monthly: { months: 1 },
  quarterly: { months: 3 },
  halfYearly: { months: 6 },
  yearly: { months: 12 },
};

/** More occurrences than this in one call is a caller error (a century of a daily plan), not a view. */
export const MAX_OCCURRENCES = 10_000;

export function isRecurring(cycle: PlanCycle): cycle is RecurringCycle {
  return (RECURRING_CYCLES as readonly string[]).includes(cycle);
}

export function checkPlan(plan: CalendarPlan): void {
  if (plan === null || typeof plan !== 'object') throw new ScheduleInputError('Plan is missing');
  if (!(PLAN_CYCLES as readonly string[]).includes(plan.cycle)) throw new ScheduleInputError(`Unknown plan cycle "${String(plan.cycle)}"`);
  if (plan.mode !== undefined && !(SCHEDULE_MODES as readonly string[]).includes(plan.mode)) {
    throw new ScheduleInputError(`Unknown schedule mode "${String(plan.mode)}" (fixed or floating)`);
  }
  if (plan.anchor === null || plan.anchor === undefined) {
    if (isRecurring(plan.cycle)) throw new ScheduleInputError(`A ${plan.cycle} plan needs a first due time (anchor)`);
    return;
  }
  checkInstant('anchor', plan.anchor);
}

export function daysInMonth(y: number, m: number): number {
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/** ISO weekday of a local date: 1 = Monday … 7 = Sunday (weeks start on Monday). */
export function weekdayOfDate(date: LocalDate): number {
  const d = new Date(0);
  d.setUTCFullYear(date.y, date.m - 1, date.d);
  return ((d.getUTCDay() + 6) % 7) + 1;
}

/** ISO weekday (1 = Monday … 7 = Sunday) of an instant on the project's clock. */
export function isoWeekday(ts: number, timeZone: string): number {
  checkInstant('ts', ts);
  checkTimeZone(timeZone);
  return weekdayOfDate(utcToZoned(ts, timeZone));
}

/** The Monday-first local week holding `ts`: Monday 00:00 to the next Monday 00:00 (end exclusive). */
export function calendarWeek(ts: number, timeZone: string): { start: number; end: number } {
  checkInstant('ts', ts);
  checkTimeZone(timeZone);
  return currentPeriod(ts, 'week', timeZone);
}

/** The local month holding `ts`: the 1st 00:00 to the next 1st 00:00 (end exclusive). */
export function calendarMonth(ts: number, timeZone: string): { start: number; end: number } {
  checkInstant('ts', ts);
  checkTimeZone(timeZone);
  return currentPeriod(ts, 'month', timeZone);
}

/** Calendar days from local date a to b. */
export function dateDiffDays(a: LocalDate, b: LocalDate): number {
  return Math.round((Date.UTC(b.y, b.m - 1, b.d) - Date.UTC(a.y, a.m - 1, a.d)) / DAY_MS);
}

/**
 * Occurrence k (k = 0 is the start) of a series starting at the wall time `start`: always computed
 * from the start, never chained, so a clamped month end (31 Jan → 28 Feb) does not drift (→ 31 Mar).
 */
export function stepOccurrence(start: ZonedTime, cycle: RecurringCycle, k: number, timeZone: string): number {
  const step = CYCLE_STEP[cycle];
  if ('days' in step) {
    return zonedToUtc({ ...start, ...shiftLocalDate(start, k * step.days) }, timeZone);
  }
  const total = start.y * 12 + (start.m - 1) + k * step.months;
  const y = Math.floor(total / 12);
  const m = total - y * 12 + 1;
  return zonedToUtc({ ...start, y, m, d: Math.min(start.d, daysInMonth(y, m)) }, timeZone);
}

/** An index k whose occurrence lies strictly before the local day of `ts` (or 0). */
function indexBefore(start: ZonedTime, cycle: RecurringCycle, ts: number, timeZone: string): number {
  const at = utcToZoned(ts, timeZone);
  const step = CYCLE_STEP[cycle];
  const k =
    'days' in step
      ? Math.floor(dateDiffDays(start, at) / step.days) - 1
      : Math.floor((at.y * 12 + at.m - (start.y * 12 + start.m)) / step.months) - 1;
  return Math.max(0, k);
}

/** Occurrences of a started series lying in [from, to), in order. */
function seriesBetween(start: ZonedTime, cycle: RecurringCycle, from: number, to: number, timeZone: string): number[] {
  // Refuse a range surely holding too many before computing them: steps last at most 31 days a month plus an hour.
  const step = CYCLE_STEP[cycle];
  const longestStep = 'days' in step ? step.days * DAY_MS + 3_600_000 : step.months * 31 * DAY_MS + 3_600_000;
  if ((to - from) / longestStep > MAX_OCCURRENCES + 1) throw new ScheduleInputError(`More than ${MAX_OCCURRENCES} occurrences asked for; narrow the range`);
  const out: number[] = [];
  for (let k = indexBefore(start, cycle, from, timeZone); ; k++) {
    const ts = stepOccurrence(start, cycle, k, timeZone);
    if (ts >= to) break;
    if (ts >= from) {
      if (out.length >= MAX_OCCURRENCES) throw new ScheduleInputError(`More than ${MAX_OCCURRENCES} occurrences asked for; narrow the range`);
      out.push(ts);
    }
  }
  return out;
}

/** The first occurrence of a started series strictly after `after`. */
function seriesNext(start: ZonedTime, cycle: RecurringCycle, after: number, timeZone: string): number {
  for (let k = indexBefore(start, cycle, after, timeZone); ; k++) {
    const ts = stepOccurrence(start, cycle, k, timeZone);
    if (ts > after) return ts;
  }
}

/**
 * Due instants of the plan in [from, to) on the project's clock (calendar month and week views).
 * A one-off plan gives its anchor when it falls in the range.
 */
export function occurrencesBetween(plan: CalendarPlan, from: number, to: number, timeZone: string): number[] {
  checkPlan(plan);
  checkRange(from, to);
  checkTimeZone(timeZone);
  if (plan.anchor === null) return [];
  if (!isRecurring(plan.cycle)) return plan.anchor >= from && plan.anchor < to ? [plan.anchor] : [];
  return seriesBetween(utcToZoned(plan.anchor, timeZone), plan.cycle, Math.max(from, plan.anchor), to, timeZone);
}

/** The plan's first due instant strictly after `from`; null when there is none (a past or undated one-off plan). */
export function nextDue(plan: CalendarPlan, from: number, timeZone: string): number | null {
  checkPlan(plan);
  checkInstant('from', from);
  checkTimeZone(timeZone);
  if (plan.anchor === null) return null;
  if (plan.anchor > from) return plan.anchor;
  if (!isRecurring(plan.cycle)) return null;
  return seriesNext(utcToZoned(plan.anchor, timeZone), plan.cycle, from, timeZone);
}

/**
 * The next due instant once the occurrence due at `dueAt` is completed at `doneAt`.
 * - fixed: the plan's first occurrence after both the covered due time and the completion (done
 *   early: the following occurrence; done late: missed occurrences are not piled up).
 * - floating: one cycle after the completion's local date, at the plan's time of day; the day of
 *   the month is the completion's, clamped (done 31 Jan → due 28 Feb). A floating plan's anchor
 *   is then moved to this instant by its owner.
 * One-off plans give null (nothing comes next).
 */
export function dueAfterCompletion(plan: CalendarPlan, dueAt: number, doneAt: number, timeZone: string): number | null {
  checkPlan(plan);
  checkInstant('dueAt', dueAt);
  checkInstant('doneAt', doneAt);
  checkTimeZone(timeZone);
  if (!isRecurring(plan.cycle) || plan.anchor === null) return null;
  if ((plan.mode ?? 'fixed') === 'fixed') return nextDue(plan, Math.max(dueAt, doneAt), timeZone);
  const wall = utcToZoned(plan.anchor, timeZone);
  const done = utcToZoned(doneAt, timeZone);
  return stepOccurrence({ ...wall, y: done.y, m: done.m, d: done.d }, plan.cycle, 1, timeZone);
}
