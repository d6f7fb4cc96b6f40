import { type Kysely, PostgresAdapter, type Selectable, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { ShiftRecordTable, ShiftReportTable } from '../../db/schema/report.js';
import { MachineHistory } from '../../telemetry/index.js';
import { RingSegmentReader } from './ringReport.js';
import type { RecordDraft } from './shiftRecords.js';
import type { SlotSpan } from './shiftSlots.js';

export type ShiftReportRow = Selectable<ShiftReportTable> & { updated_by_name: string | null };
export type ShiftRecordRow = Selectable<ShiftRecordTable>;

/** What a person writes on the main part of a report. */
export interface MainValues {
  leader: string | null;
  headcount: number | null;
  ringStart: number | null;
  ringEnd: number | null;
  machineStatus: string | null;
  remark: string | null;
  handover: string | null;
}

/** A record as stored (SQLite has no boolean: 0 or 1). */
export const recordRow = (reportId: number, r: RecordDraft) => ({
  report_id: reportId,
  kind: r.kind,
  process: r.process,
  stop_reason: r.stopReason,
  start_ts: r.start,
  end_ts: r.end,
  is_primary: r.primary ? 1 : 0,
  generated: r.generated ? 1 : 0,
  remark: r.remark,
});

/** SQL of shift reports, their records, and the machine data they are made from. */
export class ShiftReportRepo {
  constructor(private readonly db: Kysely<Database> | Transaction<Database>) {}

  /** The machine data, read on the same connection (inside this repo's transaction, if any). */
  get machine(): MachineHistory {
    return MachineHistory.on(this.db);
  }

  /** The rings' segment type, K position and clearances from the segment records. */
  get segments(): RingSegmentReader {
    return new RingSegmentReader(this.db);
  }

  transaction<T>(work: (repo: ShiftReportRepo) => Promise<T>): Promise<T> {
    if (this.db.isTransaction) return work(this);
    return this.db.transaction().execute((trx) => work(new ShiftReportRepo(trx)));
  }

  private reports() {
    return this.db
      .selectFrom('shift_reports')
      .leftJoin('users', 'users.id', 'shift_reports.updated_by')
      .selectAll('shift_reports')
      .select('users.nickname as updated_by_name');
  }

  /** A report of this run (another run's report reads as missing). */
  byId(runId: number, id: number): Promise<ShiftReportRow | undefined> {
    return this.reports().where('shift_reports.id', '=', id).where('shift_reports.run_id', '=', runId).executeTakeFirst();
  }

  at(runId: number, startTs: number): Promise<ShiftReportRow | undefined> {
    return this.reports().where('shift_reports.run_id', '=', runId).where('shift_reports.start_ts', '=', startTs).executeTakeFirst();
  }

  onDate(runId: number, date: string): Promise<ShiftReportRow[]> {
    return this.reports().where('shift_reports.run_id', '=', runId).where('shift_reports.date', '=', date).orderBy('shift_reports.start_ts').execute();
  }

  /** Reports per local date between two dates (inclusive, 'YYYY-MM-DD' compares as text). */
  async countsByDate(runId: number, fromDate: string, toDate: string): Promise<{ date: string; reports: number }[]> {
    const rows = await this.db
      .selectFrom('shift_reports')
      .select(['date', (eb) => eb.fn.countAll<number>().as('n')])
      .where('run_id', '=', runId)
      .where('date', '>=', fromDate)
      .where('date', '<=', toDate)
      .groupBy('date')
      .orderBy('date')
      .execute();
    return rows.map((r) => ({ date: r.date, reports: Number(r.n) }));
  }

  records(reportId: number): Promise<ShiftRecordRow[]> {
    return this.db.selectFrom('shift_records').selectAll().where('report_id', '=', reportId).orderBy('start_ts').orderBy('id').execute();
  }

  recordsOfReports(reportIds: readonly number[]): Promise<Pick<ShiftRecordRow, 'report_id' | 'kind' | 'stop_reason'>[]> {
    if (reportIds.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('shift_records').select(['report_id', 'kind', 'stop_reason']).where('report_id', 'in', reportIds).execute();
  }

  /** Creates the slot's main row unless it exists; two callers racing for one slot end up with one row. */
  async ensureMain(runId: number, span: SlotSpan, userId: number | null, now: number): Promise<void> {
    await this.db
      .insertInto('shift_reports')
      .values({
        run_id: runId,
        date: span.date,
        shift_no: span.shiftNo,
        shift_id: span.shiftId,
        shift_name: span.shiftName,
        start_ts: span.start,
        end_ts: span.end,
        created_by: userId,
        updated_by: userId,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.columns(['run_id', 'start_ts']).doNothing())
      .execute();
  }

  /**
   * The slot's main row, locked until the transaction ends: concurrent writers of one report queue
   * here. PostgreSQL needs the row lock; SQLite runs one write transaction at a time anyway.
   */
  async lockMain(runId: number, startTs: number): Promise<Selectable<ShiftReportTable> | undefined> {
    const query = this.db.selectFrom('shift_reports').selectAll().where('run_id', '=', runId).where('start_ts', '=', startTs);
    const isPostgres = this.db.getExecutor().adapter instanceof PostgresAdapter;
    return (isPostgres ? query.forUpdate() : query).executeTakeFirst();
  }

  async updateMain(id: number, values: MainValues, userId: number, now: number): Promise<void> {
    await this.db
      .updateTable('shift_reports')
      .set({
        leader: values.leader,
        headcount: values.headcount,
        ring_start: values.ringStart,
        ring_end: values.ringEnd,
        machine_status: values.machineStatus,
        remark: values.remark,
        handover: values.handover,
        updated_by: userId,
        updated_at: now,
      })
      .where('id', '=', id)
      .execute();
  }

  async markGenerated(id: number, fill: { ringStart: number | null; ringEnd: number | null; machineStatus: string | null }, userId: number | null, now: number): Promise<void> {
    await this.db
      .updateTable('shift_reports')
      .set({ ring_start: fill.ringStart, ring_end: fill.ringEnd, machine_status: fill.machineStatus, generated_at: now, updated_by: userId, updated_at: now })
      .where('id', '=', id)
      .execute();
  }

  async touch(id: number, userId: number, now: number): Promise<void> {
    await this.db.updateTable('shift_reports').set({ updated_by: userId, updated_at: now }).where('id', '=', id).execute();
  }

  async replaceRecords(reportId: number, records: readonly RecordDraft[]): Promise<void> {
    await this.db.deleteFrom('shift_records').where('report_id', '=', reportId).execute();
    await this.insertRecords(reportId, records);
  }

  async insertRecords(reportId: number, records: readonly RecordDraft[]): Promise<void> {
    if (records.length === 0) return;
    await this.db.insertInto('shift_records').values(records.map((r) => recordRow(reportId, r))).execute();
  }

  async updateRecord(reportId: number, id: number, record: RecordDraft): Promise<void> {
    await this.db.updateTable('shift_records').set(recordRow(reportId, record)).where('id', '=', id).where('report_id', '=', reportId).execute();
  }

  async deleteRecords(reportId: number, ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.deleteFrom('shift_records').where('report_id', '=', reportId).where('id', 'in', ids).execute();
  }

  async deleteReport(id: number): Promise<void> {
    await this.db.deleteFrom('shift_records').where('report_id', '=', id).execute();
    await this.db.deleteFrom('shift_reports').where('id', '=', id).execute();
  }

}
