import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { ShiftReportTable } from '../../db/schema/report.js';
import { MachineHistory } from '../../telemetry/index.js';
import { ShiftRepo } from '../project/index.js';
import { RingSegmentReader } from './ringReport.js';
import { ShiftReportRepo } from './shiftReport.repo.js';

export interface StopRow {
  stop_reason: string | null;
  start_ts: number;
  end_ts: number;
}

/**
 * SQL of the ring and period reports and their exports: what only they read (rings by
 * number, stops of many reports), next to the shared reads of machine data, shifts and shift reports.
 */
export class PeriodReportRepo {
  readonly machine: MachineHistory;
  readonly shifts: ShiftRepo;
  readonly shiftReports: ShiftReportRepo;
  /** The rings' segment type, K position and clearances from the segment records. */
  readonly segments: RingSegmentReader;

  constructor(private readonly db: Kysely<Database>) {
    this.machine = MachineHistory.on(db);
    this.segments = new RingSegmentReader(db);
    this.shifts = new ShiftRepo(db);
    this.shiftReports = new ShiftReportRepo(db);
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
