import { DAY_MS } from '../../../core/timeZone.js';
import { type PlanCycle, PLAN_CYCLES } from './calendar.js';
import { checkFinite, checkPositive, ScheduleInputError } from './validate.js';

/** `due`: not done and still able to be on time; `overdue`: not done and past its tolerance. */
export const OCCURRENCE_STATES = ['due', 'done', 'overdue', 'doneLate'] as const;
export type OccurrenceState = (typeof OCCURRENCE_STATES)[number];

/** The 10 % rule: on time when done no later than a tenth of the interval after the due time. */
export const ON_TIME_FRACTION = 0.1;

/**
 * The interval the 10 % rule is taken of, per cycle, in ms of elapsed time (not local days, so a
 * daily plan's tolerance is 2.4 h on daylight-saving days too): daily 1 d, weekly 7 d, monthly 30 d,
 * quarterly 90 d, half-yearly 180 d, yearly 365 d; one-off plans are judged like daily ones.
 */
export const NOMINAL_INTERVAL_DAYS: Readonly<Record<PlanCycle, number>> = {
  initial: 1,
  beforeUse: 1,
  afterUse: 1,
  daily: 1,
  weekly: 7,
  monthly: 30,
  quarterly: 90,
  halfYearly: 180,
  yearly: 365,
};

export function nominalIntervalMs(cycle: PlanCycle): number {
  if (!(PLAN_CYCLES as readonly string[]).includes(cycle)) throw new ScheduleInputError(`Unknown plan cycle "${String(cycle)}"`);
  return NOMINAL_INTERVAL_DAYS[cycle] * DAY_MS;
}

/** The latest on-time completion: due + 10 % of the interval. */
export function onTimeLimit(due: number, interval: number): number {
  checkFinite('Due', due);
  checkPositive('Interval', interval);
  return due + interval * ON_TIME_FRACTION;
}

/**
 * The state of one occurrence. Works on any axis: instants with an interval in ms, or counter
 * readings with the counter interval (done = reading at completion, now = reading now).
 * Done at or before due + 10 % of the interval → `done`, later → `doneLate`; not done → `due` up to
 * and including that limit, `overdue` after it. Compared as 10·(done − due) ≤ interval, exact in
 * integers, so the edge itself is on time.
 */
export function occurrenceState(due: number, done: number | null, interval: number, now: number): OccurrenceState {
  checkFinite('Due', due);
  checkPositive('Interval', interval);
  checkFinite('Now', now);
  const withinTolerance = (at: number) => (at - due) * 10 <= interval;
  if (done !== null && done !== undefined) {
    checkFinite('Done', done);
    return withinTolerance(done) ? 'done' : 'doneLate';
  }
  return withinTolerance(now) ? 'due' : 'overdue';
}

export interface ComplianceSummary {
  /** Occurrences settled: done + doneLate + overdue. */
  due: number;
  onTime: number;
  late: number;
  overdue: number;
  /** Not done and still able to be on time: not counted. */
  upcoming: number;
  /** onTime ÷ due (0–1); null when nothing was due. */
  ratio: number | null;
}

/** Compliance of a set of occurrences by the 10 % rule: on time ÷ due. */
export function compliance(occurrences: Iterable<OccurrenceState | { state: OccurrenceState }>): ComplianceSummary {
  const out: ComplianceSummary = { due: 0, onTime: 0, late: 0, overdue: 0, upcoming: 0, ratio: null };
  for (const occ of occurrences) {
    const state = typeof occ === 'string' ? occ : occ.state;
    switch (state) {
      case 'done':
        out.onTime++;
        break;
      case 'doneLate':
        out.late++;
        break;
      case 'overdue':
        out.overdue++;
        break;
      case 'due':
        out.upcoming++;
        break;
      default:
        throw new ScheduleInputError(`Unknown occurrence state "${String(state)}"`);
    }
  }
  out.due = out.onTime + out.late + out.overdue;
  out.ratio = out.due === 0 ? null : out.onTime / out.due;
  return out;
}
