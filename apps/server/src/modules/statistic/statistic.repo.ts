import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { type DriveFigures, MachineHistory, type RingListItem, type RingRow } from '../../telemetry/index.js';
import { PeriodReportRepo, type StopRow } from '../report/index.js';

/** A ring record as statistics read it. */
export type StatRing = RingRow;

export type { DriveFigures };

/**
 * What the statistics read: the run's machine history (rings by number, by chainage and by end,
 * states, stored frames, per-ring tag statistics) and the shift reports' stops.
 */
export class StatisticRepo {
  readonly machine: MachineHistory;
  private readonly reports: PeriodReportRepo;

  constructor(readonly db: Kysely<Database>) {
    this.machine = MachineHistory.on(db);
    this.reports = new PeriodReportRepo(db);
  }

  ringsBetween(runId: number, first: number, last: number): Promise<StatRing[]> {
    return this.machine.ringsBetween(runId, first, last);
  }

  ringsNamed(runId: number, ringNos: readonly number[]): Promise<StatRing[]> {
    return this.machine.ringsNamed(runId, ringNos);
  }

  ringsAcross(runId: number, from: number, to: number): Promise<StatRing[]> {
    return this.machine.ringsAcross(runId, from, to);
  }

  /** Every completed ring for the pickers, ascending. */
  ringOptions(runId: number): Promise<RingListItem[]> {
    return this.machine.ringList(runId);
  }

  /** Number and end of the rings ending in [from, to) — a ring counts for the period it ends in. */
  async ringEnds(runId: number, from: number, to: number): Promise<{ ring_no: number; end_ts: number }[]> {
    const rings = await this.machine.ringList(runId, { from, to });
    return rings.map((r) => ({ ring_no: r.ring_no, end_ts: r.end_ts })).sort((a, b) => a.end_ts - b.end_ts);
  }

  ringsBefore(runId: number, to: number): Promise<{ count: number; lastRing: number | null }> {
    return this.machine.ringsBefore(runId, to);
  }

  drive(runId: number): Promise<DriveFigures> {
    return this.machine.drive(runId);
  }

  stopsBetween(runId: number, from: number, to: number): Promise<StopRow[]> {
    return this.reports.stopsBetween(runId, from, to);
  }
}
