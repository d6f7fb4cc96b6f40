import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { RingTable } from '../../db/schema/telemetry.js';
import { FrameStoreRepo } from '../../telemetry/store/frameStore.repo.js';
import { RingTagStatsRepo } from '../../telemetry/store/ringTagStats.repo.js';
import { MachineDataRepo } from '../report/machineData.repo.js';
import { PeriodReportRepo, type StopRow } from '../report/periodReport.repo.js';

/** The columns of a ring record statistics read: times, state times, chainage, speed. */
const RING_COLUMNS = ['ring_no', 'start_ts', 'end_ts', 'advance_ms', 'ring_build_ms', 'waiting_ms', 'frames', 'start_chainage', 'end_chainage', 'speed_avg'] as const;

/** A ring record as statistics read it. */
export type StatRing = Pick<RingTable, (typeof RING_COLUMNS)[number]>;

export interface StatPlan {
  planned_start: string | null;
  planned_completion: string | null;
  planned_rings_per_day: number | null;
}

/** Rings of a run as the progress figures count them: every ring, its number and when it was finished. */
export interface DriveFigures {
  count: number;
  lastRing: number | null;
  /** The lowest ring on record: a run may start recording part-way through its drive. */
  firstRing: number | null;
  firstStart: number | null;
}

/**
 * SQL of the statistics: ring records by number, by chainage and by end, the plan, and the shared
 * reads of machine states, shift-report stops, stored frames and per-ring tag statistics.
 */
export class StatisticRepo {
  readonly machine: MachineDataRepo;
  readonly store: FrameStoreRepo;
  readonly tagStats: RingTagStatsRepo;
  private readonly reports: PeriodReportRepo;

  constructor(private readonly db: Kysely<Database>) {
    this.machine = new MachineDataRepo(db);
    this.store = new FrameStoreRepo(db);
    this.tagStats = new RingTagStatsRepo(db);
    this.reports = new PeriodReportRepo(db);
  }

  private rings(runId: number) {
    return this.db.selectFrom('rings').select(RING_COLUMNS).where('run_id', '=', runId);
  }

  async plan(runId: number): Promise<StatPlan | null> {
    const row = await this.db.selectFrom('project_info').select(['planned_start', 'planned_completion', 'planned_rings_per_day']).where('run_id', '=', runId).executeTakeFirst();
    return row ?? null;
  }

  /** Completed rings `first` to `last` by number, ascending. */
  ringsBetween(runId: number, first: number, last: number): Promise<StatRing[]> {
    return this.rings(runId).where('ring_no', '>=', first).where('ring_no', '<=', last).orderBy('ring_no').execute();
  }

  /** The completed rings among `ringNos`, ascending. */
  ringsNamed(runId: number, ringNos: readonly number[]): Promise<StatRing[]> {
    if (ringNos.length === 0) return Promise.resolve([]);
    return this.rings(runId).where('ring_no', 'in', ringNos).orderBy('ring_no').execute();
  }

  /**
   * Rings whose chainage span [min(start, end), max(start, end)] meets [from, to]: a drive may bore
   * towards falling chainage, so either end of a ring may be the lower one.
   */
  ringsAcross(runId: number, from: number, to: number): Promise<StatRing[]> {
    return this.rings(runId)
      .where('start_chainage', 'is not', null)
      .where('end_chainage', 'is not', null)
      .where((eb) => eb.and([eb.or([eb('start_chainage', '<=', to), eb('end_chainage', '<=', to)]), eb.or([eb('start_chainage', '>=', from), eb('end_chainage', '>=', from)])]))
      .orderBy('ring_no')
      .execute();
  }

  /** Every completed ring for the pickers, ascending. */
  ringOptions(runId: number) {
    return this.db.selectFrom('rings').select(['ring_no', 'start_ts', 'end_ts', 'start_chainage', 'end_chainage']).where('run_id', '=', runId).orderBy('ring_no').execute();
  }

  /** Number and end of the rings ending in [from, to) — a ring counts for the period it ends in. */
  ringEnds(runId: number, from: number, to: number): Promise<{ ring_no: number; end_ts: number }[]> {
    return this.db.selectFrom('rings').select(['ring_no', 'end_ts']).where('run_id', '=', runId).where('end_ts', '>=', from).where('end_ts', '<', to).orderBy('end_ts').execute();
  }

  /** Count and highest number of the rings completed before `to`. */
  ringsBefore(runId: number, to: number): Promise<{ count: number; lastRing: number | null }> {
    return this.reports.ringsBefore(runId, to);
  }

  async drive(runId: number): Promise<DriveFigures> {
    const row = await this.db
      .selectFrom('rings')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('ring_no').as('last'), eb.fn.min('ring_no').as('firstRing'), eb.fn.min('start_ts').as('first')])
      .where('run_id', '=', runId)
      .executeTakeFirst();
    const orNull = (v: number | string | null | undefined) => (v === null || v === undefined ? null : Number(v));
    return { count: Number(row?.n ?? 0), lastRing: orNull(row?.last), firstRing: orNull(row?.firstRing), firstStart: orNull(row?.first) };
  }

  stopsBetween(runId: number, from: number, to: number): Promise<StopRow[]> {
    return this.reports.stopsBetween(runId, from, to);
  }
}
