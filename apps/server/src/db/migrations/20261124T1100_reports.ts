import type { DialectMigration } from './helpers.js';
import { notNull, withId } from './helpers.js';

/**
 * Shift reports: one main row per occurrence of a shift (a shift on a local date), keyed by the
 * instant it starts so two requests for the same shift can only ever find one report; its name
 * and span are kept as they were, so changing the shift definitions later does not rewrite old
 * reports. Records tile the shift with processes and stops; `is_primary` marks the processes
 * generated from advance and ring building, which nobody edits.
 */
export const migration: DialectMigration = {
  async up(db, dialect) {
    await withId(db.schema.createTable('shift_reports'), dialect)
      .addColumn('run_id', 'integer', (c) => c.notNull().references('runs.id').onDelete('cascade'))
      .addColumn('date', 'text', notNull)
      .addColumn('shift_no', 'integer', notNull)
      .addColumn('shift_id', 'integer', (c) => c.references('shifts.id').onDelete('set null'))
      .addColumn('shift_name', 'text', notNull)
      .addColumn('start_ts', 'bigint', notNull)
      .addColumn('end_ts', 'bigint', notNull)
      .addColumn('leader', 'text')
      .addColumn('headcount', 'integer')
      .addColumn('ring_start', 'integer')
      .addColumn('ring_end', 'integer')
      .addColumn('machine_status', 'text')
      .addColumn('remark', 'text')
      .addColumn('handover', 'text')
      .addColumn('generated_at', 'bigint')
      .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', 'bigint', notNull)
      .addColumn('updated_at', 'bigint', notNull)
      .addUniqueConstraint('shift_reports_slot_uq', ['run_id', 'start_ts'])
      .execute();
    await db.schema.createIndex('shift_reports_run_date_idx').on('shift_reports').columns(['run_id', 'date']).execute();

    await withId(db.schema.createTable('shift_records'), dialect)
      .addColumn('report_id', 'integer', (c) => c.notNull().references('shift_reports.id').onDelete('cascade'))
      .addColumn('kind', 'text', notNull)
      .addColumn('process', 'text')
      .addColumn('stop_reason', 'text')
      .addColumn('start_ts', 'bigint', notNull)
      .addColumn('end_ts', 'bigint', notNull)
      .addColumn('is_primary', 'integer', notNull)
      .addColumn('generated', 'integer', notNull)
      .addColumn('remark', 'text')
      .execute();
    await db.schema.createIndex('shift_records_report_idx').on('shift_records').columns(['report_id', 'start_ts']).execute();
  },
};
