import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { ShiftReportTable } from '../../db/schema/report.js';
import { ShiftRepo } from '../project/shift.repo.js';
import { MachineDataRepo, type RingRow } from './machineData.repo.js';
import { ShiftReportRepo } from './shiftReport.repo.js';

export interface StopRow {
  stop_reason: string | null;
  start_ts: number;
  end_ts: number;
}

const RING_PAGE = 500;

/**
 * SQL of the ring and period reports and their exports: what only they read (plans, rings by
 * number, stops of many reports), next to the shared reads of machine data, shifts and shift reports.
 */
export class PeriodReportRepo {
  readonly machine: MachineDataRepo;
  readonly shifts: ShiftRepo;
  readonly shiftReports: ShiftReportRepo;

  constructor(private readonly db: Kysely<Database>) {
    this.machine = new MachineDataRepo(db);
    this.shifts = new ShiftRepo(db);
    this.shiftReports = new ShiftReportRepo(db);
  }

  plan(runId: number): Promise<{ planned_rings_per_day: number | null; planned_length_per_day: number | null } | undefined> {
    return this.db.selectFrom('project_info').select(['planned_rings_per_day', 'planned_length_per_day']).where('run_id', '=', runId).executeTakeFirst();
  }

  /**
   * Rings `first` to `last` by number. Read in pages with a return to the event loop between them:
   * SQLite answers synchronously, and 2,000 rings in one read would hold up every other request.
   */
  async ringsBetweenNumbers(runId: number, first: number, last: number): Promise<RingRow[]> {
    const rows: RingRow[] = [];
    for (let from = first; from <= last; from += RING_PAGE) {
      if (from > first) await new Promise<void>((resolve) => setImmediate(resolve));
      const to = Math.min(last, from + RING_PAGE - 1);
      rows.push(...(await this.db.selectFrom('rings').selectAll().where('run_id', '=', runId).where('ring_no', '>=', from).where('ring_no', '<=', to).orderBy('ring_no').execute()));
    }
    return rows;
  }

  /** Count and highest number of the rings completed before `to`. */
  async ringsBefore(runId: number, to: number): Promise<{ count: number; lastRing: number | null }> {
    const row = await this.db
      .selectFrom('rings')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('ring_no').as('last')])
      .where('run_id', '=', runId)
      .where('end_ts', '<', to)
      .executeTakeFirst();
    return { count: Number(row?.n ?? 0), lastRing: row?.last === null || row?.last === undefined ? null : Number(row.last) };
  }

  /** Shift reports of the shifts starting in [from, to). */
  shiftReportsStarting(runId: number, from: number, to: number): Promise<Selectable<ShiftReportTable>[]> {
    return this.db.selectFrom('shift_reports').selectAll().where('run_id', '=', runId).where('start_ts', '>=', from).where('start_ts', '<', to).execute();
  }

  /** Stop records of the run's shift reports overlapping [from, to). */
  stopsBetween(runId: number, from: number, to: number): Promise<StopRow[]> {
    return this.db
      .selectFrom('shift_records')
      .innerJoin('shift_reports', 'shift_reports.id', 'shift_records.report_id')
      .select(['shift_records.stop_reason', 'shift_records.start_ts', 'shift_records.end_ts'])
      .where('shift_reports.run_id', '=', runId)
      .where('shift_records.kind', '=', 'stop')
      .where('shift_records.start_ts', '<', to)
      .where('shift_records.end_ts', '>', from)
      .execute();
  }
}
