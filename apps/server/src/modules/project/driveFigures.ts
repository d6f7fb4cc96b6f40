import { formatLocalDate, localDateOf, localDayRange, parseLocalDate, shiftLocalDate } from '../../core/timeZone.js';
import { daysBetween } from '../../core/periods.js';
import { builtRings, type MachineHistory } from '../../telemetry/index.js';

/**
 * The drive's shared figures — the plan, the rings built, the recent pace and the forecast finish —
 * defined once here and read by every screen that shows them: the project list and home, the
 * progress charts and statistics, the daily, weekly and monthly reports.
 */

/** The plan of basic info as every screen reads it. */
export interface DrivePlan {
  ringsPerDay: number;
  metresPerDay: number;
  /** Local dates, when basic info sets them. */
  plannedStart: string | null;
  plannedCompletion: string | null;
}

/** The columns of basic info the plan is read from. */
export interface PlanInfo {
  planned_start: string | null;
  planned_completion: string | null;
  planned_rings_per_day: number | null;
  planned_length_per_day: number | null;
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * The daily plan set in basic info: planned rings per day, or, when only the planned length per day
 * is set, that length in rings of the run's width. No plan (null) when basic info sets neither:
 * no screen invents one.
 */
export function planOf(info: PlanInfo | null | undefined, ringWidthMm: number): DrivePlan | null {
  if (!info) return null;
  const lengthRings = info.planned_length_per_day ? (info.planned_length_per_day * 1000) / ringWidthMm : null;
  const ringsPerDay = info.planned_rings_per_day ?? lengthRings;
  if (ringsPerDay === null || ringsPerDay <= 0) return null;
  const metresPerDay = info.planned_rings_per_day === null ? (info.planned_length_per_day ?? 0) : (ringsPerDay * ringWidthMm) / 1000;
  return { ringsPerDay: round(ringsPerDay, 3), metresPerDay: round(metresPerDay, 3), plannedStart: info.planned_start, plannedCompletion: info.planned_completion };
}

/** The days of the recent pace the forecast extrapolates: today and the 13 local days before it. */
export const PACE_DAYS = 14;

/** The instant the recent pace is counted from: local midnight starting today's 13th day before. */
export function paceWindowStart(now: number, timeZone: string): number {
  const today = parseLocalDate(localDateOf(now, timeZone));
  return localDayRange(formatLocalDate(shiftLocalDate(today, 1 - PACE_DAYS)), timeZone).start;
}

/** Where the drive stands and when it is expected to end. */
export interface DriveForecast {
  built: number;
  remaining: number;
  /** Rings per day over the last `paceDays` local days (fewer when the drive began within them); null without a ring in them. */
  ratePerDay: number | null;
  paceDays: number;
  /** The local date the remaining rings are done at that pace; null when complete or not moving. */
  forecastFinish: string | null;
}

/**
 * The forecast finish from the rings ended over the last `PACE_DAYS` local calendar days (fewer
 * when the drive's first ring began within them): remaining ÷ pace, in whole days from today.
 */
export function forecastOf(input: { built: number; plannedRings: number; recentRings: number; firstStart: number | null; now: number; timeZone: string }): DriveForecast {
  const remaining = Math.max(0, input.plannedRings - input.built);
  const today = localDateOf(input.now, input.timeZone);
  const days = input.firstStart === null ? 0 : Math.min(PACE_DAYS, daysBetween(localDateOf(input.firstStart, input.timeZone), today) + 1);
  const hasRate = input.recentRings > 0 && days > 0;
  // Whole days from integers: a float rate could put an exact quotient a day late.
  const daysToGo = hasRate && remaining > 0 ? Math.ceil((remaining * days) / input.recentRings) : null;
  return {
    built: input.built,
    remaining,
    ratePerDay: hasRate ? round(input.recentRings / days, 3) : null,
    paceDays: PACE_DAYS,
    forecastFinish: daysToGo === null ? null : formatLocalDate(shiftLocalDate(parseLocalDate(today), daysToGo)),
  };
}

/** A run as the figures need it. */
export interface FiguresRun {
  id: number;
  time_zone: string;
  ring_width_mm: number;
  start_ring: number;
  planned_rings: number;
}

/**
 * The shared figures of a run, read from basic info and the machine history (service
 * `projectFigures`): later modules read the plan and the forecast here, never on their own.
 */
export class ProjectFigures {
  constructor(
    private readonly machine: MachineHistory,
    private readonly info: (runId: number) => Promise<PlanInfo | null | undefined>,
    private readonly now: () => number = Date.now,
  ) {}

  /** The plan of basic info, or null when it sets none. */
  async plan(run: Pick<FiguresRun, 'id' | 'ring_width_mm'>): Promise<DrivePlan | null> {
    return planOf(await this.info(run.id), run.ring_width_mm);
  }

  /** Rings built, the recent pace and the forecast finish at this instant. */
  async forecast(run: FiguresRun): Promise<DriveForecast> {
    const now = this.now();
    const [drive, recent] = await Promise.all([this.machine.drive(run.id), this.machine.ringEnds(run.id, paceWindowStart(now, run.time_zone), now + 1)]);
    return forecastOf({
      built: builtRings(run.start_ring, drive, drive.firstRing),
      plannedRings: run.planned_rings,
      recentRings: recent.length,
      firstStart: drive.firstStart,
      now,
      timeZone: run.time_zone,
    });
  }
}
