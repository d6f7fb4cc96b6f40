import { DAY_MS, type LocalDate, shiftLocalDate, utcToZoned, zonedMinutesToUtc } from '../../../core/timeZone.js';
import { type CalendarPlan, checkPlan, dateDiffDays, MAX_OCCURRENCES, nextDue, occurrencesBetween, weekdayOfDate } from './calendar.js';
import { checkRange, checkTimeZone, ScheduleInputError, wallMinutes } from './validate.js';

/** Repeat options of a reminder (spec §9). */
export const REMINDER_REPEATS = ['weekly', 'monthly', 'quarterly', 'halfYearly', 'yearly'] as const;
export type ReminderRepeat = (typeof REMINDER_REPEATS)[number];

/** 1 = Monday … 7 = Sunday: weeks start on Monday. */
export type Weekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

export const MAX_DAYS_AHEAD = 366;

export interface Reminder {
  /** Local days before the due (or repeat) date the push goes out: integer 0–366. */
  daysAhead: number;
  /** Local wall time of the push, 'HH:mm'. */
  pushTime: string;
  /** Absent or null: one push per due occurrence of the plan. */
  repeat?: ReminderRepeat | null;
  /** The weekday of a weekly repeat (required then). */
  weekday?: Weekday | null;
  /** Wall time 'HH:mm' of repeat pushes; defaults to pushTime. */
  time?: string | null;
}

export interface ReminderPush {
  /** The instant the reminder goes out. */
  pushAt: number;
  /** The plan's due time it announces: the occurrence, or for a repeat the plan's next due at the push; null when undated. */
  dueAt: number | null;
}

function checkReminder(reminder: Reminder): void {
  if (reminder === null || typeof reminder !== 'object') throw new ScheduleInputError('Reminder is missing');
  const { daysAhead } = reminder;
  if (typeof daysAhead !== 'number' || !Number.isInteger(daysAhead) || daysAhead < 0 || daysAhead > MAX_DAYS_AHEAD) {
    throw new ScheduleInputError(`Days ahead must be a whole number from 0 to ${MAX_DAYS_AHEAD}, got ${String(daysAhead)}`);
  }
  wallMinutes('Push time', reminder.pushTime);
  if (reminder.time !== undefined && reminder.time !== null) wallMinutes('Reminder time', reminder.time);
  const repeat = reminder.repeat ?? null;
  if (repeat !== null && !(REMINDER_REPEATS as readonly string[]).includes(repeat)) throw new ScheduleInputError(`Unknown reminder repeat "${String(repeat)}"`);
  const weekday = reminder.weekday ?? null;
  if (weekday !== null && !(Number.isInteger(weekday) && weekday >= 1 && weekday <= 7)) {
    throw new ScheduleInputError(`Weekday must be 1 (Monday) to 7 (Sunday), got ${String(weekday)}`);
  }
  if (repeat === 'weekly' && weekday === null) throw new ScheduleInputError('A weekly reminder needs a weekday');
}

/**
 * Every push instant of a reminder in [from, to) on the project's clock, in order.
 * - No repeat: for each due occurrence of the plan, at `pushTime` on the local date `daysAhead`
 *   days before the occurrence's local date (possibly after the due time itself when daysAhead = 0).
 * - Repeat weekly: on every `weekday` (from the plan's first due date on, if dated), `daysAhead`
 *   days earlier, at `time` (default pushTime).
 * - Repeat monthly / quarterly / half-yearly / yearly: the plan's anchor date stepped by 1/3/6/12
 *   months (day of month clamped to the month's end), `daysAhead` days earlier, at `time`.
 * A push time skipped by a spring-forward change goes out as late as the gap is long (02:30 → 03:30
 * in Europe/Rome), a push time repeated by a fall-back change goes out once, at the first of the two.
 */
export function reminderPushTimes(plan: CalendarPlan, reminder: Reminder, from: number, to: number, timeZone: string): ReminderPush[] {
  checkPlan(plan);
  checkReminder(reminder);
  checkRange(from, to);
  checkTimeZone(timeZone);
  const repeat = reminder.repeat ?? null;
  const minutes = wallMinutes('Reminder time', repeat === null ? reminder.pushTime : (reminder.time ?? reminder.pushTime));
  const ahead = reminder.daysAhead;
  // Dates whose push may land in [from, to): a day either side covers any wall time and a 25 h day.
  const lookFrom = from + (ahead - 2) * DAY_MS;
  const lookTo = to + (ahead + 2) * DAY_MS;
  const pushOn = (date: LocalDate) => zonedMinutesToUtc(shiftLocalDate(date, -ahead), minutes, timeZone);
  const pushes: ReminderPush[] = [];

  if (repeat === null) {
    for (const due of occurrencesBetween(plan, lookFrom, lookTo, timeZone)) pushes.push({ pushAt: pushOn(utcToZoned(due, timeZone)), dueAt: due });
  } else {
    let dates: LocalDate[];
    if (repeat === 'weekly') {
      const first = utcToZoned(plan.anchor === null ? lookFrom : Math.max(lookFrom, plan.anchor), timeZone);
      const last = utcToZoned(lookTo, timeZone);
      const weekday = reminder.weekday ?? 1;
      let date = shiftLocalDate(first, (weekday - weekdayOfDate(first) + 7) % 7);
      dates = [];
      while (dateDiffDays(date, last) >= 0) {
        if (dates.length > MAX_OCCURRENCES) throw new ScheduleInputError(`More than ${MAX_OCCURRENCES} reminders asked for; narrow the range`);
        dates.push(date);
        date = shiftLocalDate(date, 7);
      }
    } else {
      if (plan.anchor === null) throw new ScheduleInputError(`A ${repeat} reminder needs a plan with a first due time`);
      dates = occurrencesBetween({ cycle: repeat, anchor: plan.anchor }, lookFrom, lookTo, timeZone).map((ts) => utcToZoned(ts, timeZone));
    }
    for (const date of dates) {
      const pushAt = pushOn(date);
      if (pushAt >= from && pushAt < to) pushes.push({ pushAt, dueAt: nextDue(plan, pushAt - 1, timeZone) });
    }
  }
  const seen = new Set<number>();
  return pushes
    .filter((p) => p.pushAt >= from && p.pushAt < to)
    .sort((a, b) => a.pushAt - b.pushAt)
    .filter((p) => (seen.has(p.pushAt) ? false : (seen.add(p.pushAt), true)));
}
