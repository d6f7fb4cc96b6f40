/**
 * Maintenance scheduling rules: pure functions, no database, no clock (every "now" is an argument),
 * no other module. Instants are epoch milliseconds (UTC); days, weeks and months are cut on the
 * project's clock, the run's IANA time zone (Europe/Rome, Asia/Shanghai…).
 *
 * Cycles (plan types)
 * - `initial`, `beforeUse`, `afterUse` are one-off or event-driven: at most one dated occurrence
 *   (the anchor, if any), no calendar recurrence, nothing after a completion.
 * - `daily`, `weekly`, `monthly`, `quarterly`, `halfYearly`, `yearly` recur from the anchor (the
 *   first due instant). Occurrence k is the anchor's local date moved by k days (1, 7) or k months
 *   (1, 3, 6, 12) at the anchor's local wall time, always computed from the anchor, never chained.
 * - Wall time is kept across daylight-saving changes: a daily 08:00 plan is due at 08:00 local every
 *   day (23 h or 25 h apart on the change days). A wall time skipped by spring-forward moves forward
 *   by the gap (02:30 → 03:30 in Europe/Rome), a repeated one takes the first of its two instants.
 * - Month ends: the anchor's day of the month is kept and clamped to the month's last day:
 *   31 Jan → 28 Feb (29 in 2028) → 31 Mar; quarterly from 30 Nov → 28 Feb → 30 May → 30 Aug;
 *   yearly from 29 Feb 2028 → 28 Feb 2029 … → 29 Feb 2032.
 * - Weeks start on Monday (`calendarWeek`, `isoWeekday`: 1 = Monday … 7 = Sunday); a weekly plan
 *   keeps its anchor's weekday, so one anchored on a Sunday falls on the last day of each week.
 * - `nextDue` is the first occurrence strictly after the given instant; `occurrencesBetween` lists
 *   [from, to) for the calendar month and week views (at most 10 000 per call).
 *
 * Fixed or floating (`mode`, default fixed) — `dueAfterCompletion`, `counterBaseAfterCompletion`
 * - fixed: completions never move the calendar (or the counter grid base + k·interval). Done early,
 *   the next due is the occurrence after the one covered; done late, the next occurrence after the
 *   completion (missed ones are not piled up).
 * - floating: the next due counts from the completion: its local date + one cycle at the plan's
 *   time of day (day of month clamped), or the counter reading at completion + interval.
 *
 * Counters (cutterhead revolutions, drive or pump hours, rings built, metres advanced)
 * - `counterDue`: due once the reading reaches base + interval (interval > 0).
 * - `pacePerDay`: counter increase per 24 h over the last N days, standstills included; a counter
 *   going backwards (replaced meter) adds nothing. `forecastDate`: now + remaining ÷ pace days
 *   (elapsed time), `now` when already reached, null when the pace is 0 or unknown.
 * - `whicheverFirst`: a plan with both triggers is due at the earlier one (the calendar on a tie).
 *
 * Reminders (spec §9) — `reminderPushTimes`
 * - Without repeat: one push per due occurrence, at `pushTime` local on the date `daysAhead` days
 *   (0–366) before the occurrence's local date.
 * - Repeat weekly: every `weekday` (1 = Monday … 7 = Sunday) from the plan's first due date;
 *   monthly / quarterly / half-yearly / yearly: the plan's anchor date stepped by 1/3/6/12 months
 *   (clamped); each `daysAhead` days earlier, at `time` (default pushTime).
 * - Push times on daylight-saving days follow the wall-time rule above (02:30 on the Rome
 *   spring-forward day → pushed at 03:30 CEST; 02:30 on the fall-back day → pushed once, CEST).
 *
 * Compliance — the 10 % rule (`occurrenceState`, `compliance`)
 * - An occurrence is on time when done no later than due + 10 % of its interval (the edge included):
 *   a 90-day plan within 9 days, a daily one within 2.4 h. The interval of a cycle is nominal
 *   elapsed time: daily 1 d, weekly 7 d, monthly 30 d, quarterly 90 d, half-yearly 180 d, yearly
 *   365 d, one-off as daily; for counter plans the same rule runs on counter readings.
 * - States: `done` (on time), `doneLate`, `due` (not done, still able to be on time: upcoming or
 *   within its tolerance), `overdue` (not done, past the tolerance).
 * - compliance = on time ÷ due, where due = done + doneLate + overdue (upcoming ones are not
 *   counted); null when nothing was due.
 *
 * Invalid input (an interval of 0, an unknown zone, a malformed 'HH:mm', from after to, a recurring
 * plan without anchor…) throws `ScheduleInputError` (a RangeError) with a message naming the field.
 */
export {
  calendarMonth,
  calendarWeek,
  type CalendarPlan,
  CYCLE_STEP,
  daysInMonth,
  dueAfterCompletion,
  isoWeekday,
  isRecurring,
  MAX_OCCURRENCES,
  nextDue,
  occurrencesBetween,
  ONE_OFF_CYCLES,
  type OneOffCycle,
  PLAN_CYCLES,
  type PlanCycle,
  RECURRING_CYCLES,
  type RecurringCycle,
  SCHEDULE_MODES,
  type ScheduleMode,
} from './calendar.js';
export {
  compliance,
  type ComplianceSummary,
  NOMINAL_INTERVAL_DAYS,
  nominalIntervalMs,
  OCCURRENCE_STATES,
  occurrenceState,
  type OccurrenceState,
  ON_TIME_FRACTION,
  onTimeLimit,
} from './compliance.js';
export {
  counterBaseAfterCompletion,
  counterDue,
  counterDueAt,
  type CounterReading,
  type CounterStatus,
  type CounterTrigger,
  type DueBy,
  forecastDate,
  pacePerDay,
  whicheverFirst,
} from './counter.js';
export { MAX_DAYS_AHEAD, type Reminder, type ReminderPush, reminderPushTimes, type ReminderRepeat, REMINDER_REPEATS, type Weekday } from './reminders.js';
export { ScheduleInputError } from './validate.js';
