import { dictionaryContract, type EndpointArgs, type Language, minutesToWallTime, type periodReportContract } from '@boreline/contracts';
import type { AuthSession } from '../../core/auth.js';
import { localDayRange, parseLocalDate, formatLocalDate, shiftLocalDate } from '../../core/timeZone.js';
import { type ShiftDef, type ShiftOccurrence, shiftOccurrences } from '../../core/shiftCutter.js';
import { daysBetween, nextPeriod, periodStart, type PeriodUnit } from '../../core/periods.js';
import { machineTypeOf, type ProjectFigures, type RunScope, type ScopedRun, metresOf } from '../project/index.js';
import { builtRings, type RingRow } from '../../telemetry/index.js';
import type { PeriodReportRepo, StopRow } from './periodReport.repo.js';
import { checkRingRange, type RingSegmentData, toRingReportRow } from './ringReport.js';
import { type StateInterval, stopReasonOf } from './shiftRecords.js';
import { shiftDefinitions } from './shiftSlots.js';

type PeriodReport = periodReportContract.PeriodReport;
type RingReport = periodReportContract.RingReport;
type StopReasonLine = PeriodReport['stopReasons'][number];
type StopReason = dictionaryContract.StopReason;

/** Where the notable alarms of a period come from (the alarm module's digest, when the server has it). */
export interface NotableAlarmsSource {
  notable(runId: number, from: number, to: number, language: Language): Promise<periodReportContract.NotableAlarms>;
}

interface StateTimes {
  advanceMs: number;
  ringBuildMs: number;
  waitingMs: number;
  finishMs: number;
}

/** Time of [start, end) inside [from, to). */
const overlap = (start: number, end: number, from: number, to: number) => Math.max(0, Math.min(end, to) - Math.max(start, from));

function stateTimes(states: readonly StateInterval[], from: number, to: number): StateTimes {
  const times: StateTimes = { advanceMs: 0, ringBuildMs: 0, waitingMs: 0, finishMs: 0 };
  for (const s of states) {
    const ms = overlap(s.start, s.end, from, to);
    if (s.state === 'advance') times.advanceMs += ms;
    else if (s.state === 'ringBuild') times.ringBuildMs += ms;
    else if (s.state === 'waiting') times.waitingMs += ms;
    else if (s.state === 'finish') times.finishMs += ms;
  }
  return times;
}

const withoutFinish = (x: StateTimes) => ({ advanceMs: x.advanceMs, ringBuildMs: x.ringBuildMs, waitingMs: x.waitingMs });


/**
 * Standby time by the reason the shift reports give, largest first. Standby no stop record explains
 * (or whose record still lacks its reason) is one line of its own with reason null, so the lines
 * add up to the period's standby time.
 */
export function rankStopReasons(stops: readonly StopRow[], waitingMs: number, from: number, to: number): StopReasonLine[] {
  const byReason = new Map<StopReason, { durationMs: number; count: number }>();
  let unexplainedCount = 0;
  for (const stop of stops) {
    const ms = overlap(stop.start_ts, stop.end_ts, from, to);
    const reason = stopReasonOf(stop.stop_reason);
    if (ms <= 0) continue;
    if (reason === null) {
      unexplainedCount += 1;
      continue;
    }
    const line = byReason.get(reason) ?? { durationMs: 0, count: 0 };
    line.durationMs += ms;
    line.count += 1;
    byReason.set(reason, line);
  }
  const lines: { reason: StopReason | null; durationMs: number; count: number }[] = [...byReason].map(([reason, v]) => ({ reason, ...v }));
  const explained = lines.reduce((sum, l) => sum + l.durationMs, 0);
  if (waitingMs > explained) lines.push({ reason: null, durationMs: waitingMs - explained, count: unexplainedCount });
  const total = Math.max(waitingMs, explained);
  const order = (reason: StopReason | null) => (reason === null ? dictionaryContract.STOP_REASONS.length : dictionaryContract.STOP_REASONS.indexOf(reason));
  return lines
    .sort((a, b) => b.durationMs - a.durationMs || order(a.reason) - order(b.reason))
    .map((l) => ({ ...l, share: total > 0 ? l.durationMs / total : 0 }));
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/** A ring counts for the span its end falls in (start inclusive, end exclusive), like the board's figures. */
const endingIn = (rings: readonly RingRow[], from: number, to: number) => rings.filter((r) => r.end_ts >= from && r.end_ts < to);

/** The first and last local dates and the instants bounding the period of `unit` that holds `date`. */
export function periodBounds(date: string, unit: PeriodUnit, timeZone: string) {
  const firstDate = periodStart(date, unit);
  const after = nextPeriod(firstDate, unit);
  return {
    firstDate,
    lastDate: formatLocalDate(shiftLocalDate(parseLocalDate(after), -1)),
    days: daysBetween(firstDate, after),
    start: localDayRange(firstDate, timeZone).start,
    end: localDayRange(after, timeZone).start,
  };
}

/**
 * Ring, daily, weekly and monthly reports (spec §2 Reports). Periods are cut in the project's zone;
 * state times are clipped to the period, the shift and the day, so days and shifts add up to the
 * period; rings count where they end.
 */
export class PeriodReportService {
  constructor(
    private readonly repo: PeriodReportRepo,
    private readonly runs: RunScope,
    private readonly figures: ProjectFigures,
    private readonly now: () => number,
    /** Read at request time: the alarm module registers after the reports. */
    private readonly alarms: () => NotableAlarmsSource | null = () => null,
  ) {}

  requireRun(session: AuthSession, runId: number): Promise<ScopedRun> {
    return this.runs.require(session, runId, 'report.period.read');
  }

  async requireShiftRead(session: AuthSession, runId: number): Promise<void> {
    await this.runs.require(session, runId, 'report.shift.read');
  }

  head(run: ScopedRun) {
    return {
      runId: run.id,
      projectName: run.project_name,
      tbmCode: run.tbm_code,
      machineType: machineTypeOf(run),
      timeZone: run.time_zone,
      ringWidth: run.ring_width_mm / 1000,
    };
  }

  async ringReport(session: AuthSession, input: EndpointArgs<typeof periodReportContract.ringReport>): Promise<RingReport> {
    const run = await this.requireRun(session, input.runId);
    return this.ringsOf(run, input.ringStart, input.ringEnd);
  }

  async ringsOf(run: ScopedRun, ringStart: number, ringEnd: number): Promise<RingReport> {
    checkRingRange(ringStart, ringEnd);
    const [rows, segments] = await Promise.all([this.repo.machine.ringsBetween(run.id, ringStart, ringEnd), this.repo.segments.of(run.id, ringStart, ringEnd)]);
    return { ...this.head(run), rows: rows.map((r) => toRingReportRow(r, segments.get(r.ring_no))) };
  }

  async periodReport(session: AuthSession, input: EndpointArgs<typeof periodReportContract.periodReport>, language: Language): Promise<PeriodReport> {
    const run = await this.requireRun(session, input.runId);
    return this.periodOf(run, input.unit, input.date, language);
  }

  /** The run's shifts, or the two 12 h defaults named in the caller's language; ids are the shift numbers. */
  private async shiftDefs(runId: number, language: Language): Promise<ShiftDef[]> {
    const definitions = shiftDefinitions(await this.repo.shifts.ofRun(runId), language);
    return definitions.map((d, i) => ({ id: String(i + 1), name: d.name, start: minutesToWallTime(d.startMin), end: minutesToWallTime(d.endMin) }));
  }

  async periodOf(run: ScopedRun, unit: PeriodUnit, date: string, language: Language): Promise<PeriodReport> {
    const tz = run.time_zone;
    const period = periodBounds(date, unit, tz);
    const { start, end } = period;
    // The current period is reported as far as it has gone: no future days or shifts, no time yet to come counted as unrecorded.
    const until = Math.max(start, Math.min(end, this.now()));
    const defs = await this.shiftDefs(run.id, language);
    const occurrences = shiftOccurrences(defs, start, end, tz);
    const firstShiftStart = Math.min(start, occurrences[0]?.start ?? start);
    const digest = this.alarms();
    const [plan, rings, before, drive, states, stops, reports, notableAlarms] = await Promise.all([
      this.figures.plan(run),
      this.repo.machine.ringsEndingIn(run.id, start, end),
      this.repo.machine.ringsBefore(run.id, end),
      this.repo.machine.drive(run.id),
      this.repo.machine.states(run.id, start, end),
      this.repo.stopsBetween(run.id, start, end),
      this.repo.shiftReportsStarting(run.id, firstShiftStart, end),
      digest ? digest.notable(run.id, start, end, language) : null,
    ]);
    const ringNos = rings.map((r) => r.ring_no);
    const segments = ringNos.length > 0 ? await this.repo.segments.of(run.id, Math.min(...ringNos), Math.max(...ringNos)) : new Map<number, RingSegmentData>();
    const widthMm = run.ring_width_mm;
    const times = stateTimes(states, start, end);
    const recorded = times.advanceMs + times.ringBuildMs + times.waitingMs + times.finishMs;
    // The plan of basic info and the rings built as every screen shows them (project figures, machine history).
    const ringsPerDay = plan?.ringsPerDay ?? null;
    const metresPerDay = plan?.metresPerDay ?? null;
    const built = builtRings(run.start_ring, before, drive.firstRing);
    const speeds = rings.flatMap((r) => (r.speed_avg === null ? [] : [r.speed_avg]));
    const names = new Map(defs.map((d) => [d.id, d.name]));
    const byStart = new Map(reports.map((r) => [r.start_ts, r]));

    const shift = (occ: ShiftOccurrence) => {
      const from = Math.max(occ.start, start);
      const to = Math.min(occ.end, end);
      const n = endingIn(rings, from, to).length;
      const report = byStart.get(occ.start);
      const clipped = withoutFinish(stateTimes(states, from, to));
      return {
        date: occ.date,
        shiftNo: Number(occ.shiftId),
        shiftName: names.get(occ.shiftId) ?? occ.shiftId,
        start: occ.start,
        end: occ.end,
        shiftRecId: report?.id ?? null,
        leader: report?.leader ?? null,
        headcount: report?.headcount ?? null,
        rings: n,
        metres: metresOf(n, widthMm),
        ...clipped,
      };
    };

    const days: PeriodReport['days'] = [];
    for (let d = period.firstDate, i = 0; i < period.days; d = formatLocalDate(shiftLocalDate(parseLocalDate(d), 1)), i++) {
      const range = localDayRange(d, tz);
      if (range.start > until) break;
      const n = endingIn(rings, range.start, range.end).length;
      const clipped = withoutFinish(stateTimes(states, range.start, range.end));
      days.push({ date: d, plannedRings: ringsPerDay === null ? null : round(ringsPerDay, 3), rings: n, metres: metresOf(n, widthMm), ...clipped });
    }

    return {
      ...this.head(run),
      unit,
      firstDate: period.firstDate,
      lastDate: period.lastDate,
      start,
      end,
      plan: ringsPerDay === null || metresPerDay === null ? null : { rings: round(ringsPerDay * period.days, 3), metres: round(metresPerDay * period.days, 3) },
      actual: { rings: rings.length, metres: metresOf(rings.length, widthMm) },
      cumulative: {
        rings: built,
        metres: metresOf(built, widthMm),
        plannedRings: run.planned_rings,
        progress: run.planned_rings > 0 ? Math.min(1, built / run.planned_rings) : 0,
      },
      times: { ...times, unrecordedMs: Math.max(0, until - start - recorded) },
      rates: {
        advance: recorded > 0 ? times.advanceMs / recorded : 0,
        ringBuild: recorded > 0 ? times.ringBuildMs / recorded : 0,
        waiting: recorded > 0 ? times.waitingMs / recorded : 0,
      },
      avgSpeed: speeds.length > 0 ? round(speeds.reduce((a, b) => a + b, 0) / speeds.length, 2) : null,
      stopReasons: rankStopReasons(stops, times.waitingMs, start, end),
      rings: rings.map((r) => toRingReportRow(r, segments.get(r.ring_no))),
      shifts: occurrences.filter((occ) => occ.start <= until).map(shift),
      days,
      notableAlarms,
    };
  }
}
