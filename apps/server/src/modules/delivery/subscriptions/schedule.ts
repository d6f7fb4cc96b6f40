import { LIMITS, type subscriptionContract, type toolPagesContract } from '@boreline/contracts';
import { DAY_MS, formatLocalDate, type LocalDate, localDateOf, parseLocalDate, parseWallTime, shiftLocalDate, zonedMinutesToUtc } from '../../../core/timeZone.js';
import { type shiftDefinitions, slotsEndingIn, type SlotSpan } from '../../report/index.js';

type Schedule = subscriptionContract.Schedule;
type ToolParams = toolPagesContract.ToolParams;
type ShiftDefinition = ReturnType<typeof shiftDefinitions>[number];

/** What a schedule is cut in: the run's zone and its shift plan (the saved shifts or the defaults). */
export interface ScheduleClock {
  timeZone: string;
  shifts: readonly ShiftDefinition[];
}

/** Monday = 0 … Sunday = 6 of a local date (the calendar's weekday does not depend on the zone). */
function weekdayOf(date: LocalDate): number {
  return (new Date(Date.UTC(date.y, date.m - 1, date.d)).getUTCDay() + 6) % 7;
}

/** The Monday of the local week holding `date`. */
export function mondayOf(date: LocalDate): LocalDate {
  return shiftLocalDate(date, -weekdayOf(date));
}

/**
 * Every shift occurrence ending in (from, to], in time order, looking further ahead when none
 * does (a plan always has shifts: the defaults when none is saved).
 */
function shiftEndsAfter(clock: ScheduleClock, from: number): SlotSpan | null {
  for (let span = 2 * DAY_MS; span <= 16 * DAY_MS; span *= 2) {
    const found = slotsEndingIn(clock.shifts, clock.timeZone, from, from + span)[0];
    if (found) return found;
  }
  return null;
}

/** The shift that ended last at or before `at` (null when the plan has none within two weeks). */
export function lastShiftEndedBy(clock: ScheduleClock, at: number): SlotSpan | null {
  for (let span = 2 * DAY_MS; span <= 16 * DAY_MS; span *= 2) {
    const found = slotsEndingIn(clock.shifts, clock.timeZone, at - span, at).at(-1);
    if (found) return found;
  }
  return null;
}

/**
 * The first due time strictly after `after`, on the run's wall clock: daily and weekly (Monday)
 * at their local time — a time the spring-forward skips comes an hour later that day, a time the
 * fall-back repeats comes once (the first) —, after every shift at the end of the next shift of
 * the plan plus `LIMITS.deliveryAfterShiftMs`. Null only for a plan without any shift.
 */
export function nextDueAfter(schedule: Schedule, after: number, clock: ScheduleClock): number | null {
  const zone = clock.timeZone;
  switch (schedule.kind) {
    case 'daily': {
      const minutes = parseWallTime(schedule.time);
      let date = parseLocalDate(localDateOf(after, zone));
      // Two days cover every zone change: today's time is past, tomorrow's is not.
      for (let i = 0; i < 3; i += 1, date = shiftLocalDate(date, 1)) {
        const at = zonedMinutesToUtc(date, minutes, zone);
        if (at > after) return at;
      }
      return null;
    }
    case 'weekly': {
      const minutes = parseWallTime(schedule.time);
      let monday = mondayOf(parseLocalDate(localDateOf(after, zone)));
      for (let i = 0; i < 3; i += 1, monday = shiftLocalDate(monday, 7)) {
        const at = zonedMinutesToUtc(monday, minutes, zone);
        if (at > after) return at;
      }
      return null;
    }
    case 'shift': {
      const slot = shiftEndsAfter(clock, after - LIMITS.deliveryAfterShiftMs);
      return slot ? slot.end + LIMITS.deliveryAfterShiftMs : null;
    }
  }
}

/**
 * What a delivery due at `dueAt` shows. The shift/daily summary: the day before (daily), the week
 * before (weekly, dated by its Monday), the local date of the shift just ended (after every
 * shift). A shift report: the shift that ended last before the due time. Other tools show the run
 * as it is (no parameters).
 */
export function toolParamsAt(tool: toolPagesContract.ToolPage, schedule: Schedule, dueAt: number, clock: ScheduleClock): ToolParams {
  const zone = clock.timeZone;
  const today = parseLocalDate(localDateOf(dueAt, zone));
  if (tool === 'shiftDailyTool') {
    if (schedule.kind === 'weekly') return { unit: 'week', date: formatLocalDate(shiftLocalDate(mondayOf(today), -7)) };
    if (schedule.kind === 'shift') {
      const ended = lastShiftEndedBy(clock, dueAt);
      return { unit: 'day', date: ended ? ended.date : formatLocalDate(today) };
    }
    return { unit: 'day', date: formatLocalDate(shiftLocalDate(today, -1)) };
  }
  if (tool === 'shiftReportTool') {
    const ended = lastShiftEndedBy(clock, dueAt);
    return ended ? { date: ended.date, shiftNo: ended.shiftNo } : {};
  }
  return {};
}
