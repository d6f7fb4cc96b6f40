import type { DialectMigration } from './helpers.js';
import { notNull, withId } from './helpers.js';

/**
 * Preventive maintenance (issue 20): a run's plans (system + component + content unique per run;
 * component '' when none, so the unique index holds on both databases), the records that complete
 * their occurrences, and the reminders and overdue notices sent (one row per plan, kind and slot:
 * the conditional insert that makes each go out once across instances). Declared by the
 * maintenance module.
 */
export const migration: DialectMigration = {
  async up(db, dialect) {
    await withId(db.schema.createTable('mtce_plans'), dialect)
      .addColumn('run_id', 'integer', (c) => c.notNull().references('runs.id').onDelete('cascade'))
      .addColumn('title', 'varchar(100)', notNull)
      .addColumn('cycle', 'varchar(16)', notNull)
      .addColumn('system', 'varchar(50)', notNull)
      .addColumn('component', 'varchar(50)', notNull)
      .addColumn('content', 'varchar(500)', notNull)
      .addColumn('items', 'text', notNull)
      .addColumn('remark', 'varchar(500)')
      .addColumn('trigger', 'varchar(16)', notNull)
      .addColumn('counter_kind', 'varchar(32)')
      .addColumn('counter_interval', 'double precision')
      .addColumn('counter_base', 'double precision')
      .addColumn('anchor_mode', 'varchar(8)', notNull)
      .addColumn('anchor_at', 'bigint')
      .addColumn('next_due', 'bigint')
      .addColumn('last_done_at', 'bigint')
      .addColumn('remind_enabled', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('remind_content', 'varchar(200)')
      .addColumn('remind_days_ahead', 'integer')
      .addColumn('remind_push_time', 'varchar(5)')
      .addColumn('remind_repeat', 'varchar(16)')
      .addColumn('remind_weekday', 'integer')
      .addColumn('created_by', 'integer')
      .addColumn('created_at', 'bigint', notNull)
      .addColumn('updated_at', 'bigint', notNull)
      .execute();
    await db.schema.createIndex('mtce_plans_identity_idx').on('mtce_plans').columns(['run_id', 'system', 'component', 'content']).unique().execute();

    await withId(db.schema.createTable('mtce_records'), dialect)
      .addColumn('run_id', 'integer', (c) => c.notNull().references('runs.id').onDelete('cascade'))
      .addColumn('plan_id', 'integer', (c) => c.references('mtce_plans.id').onDelete('set null'))
      .addColumn('type', 'varchar(16)', notNull)
      .addColumn('time', 'bigint', notNull)
      .addColumn('system', 'varchar(50)', notNull)
      .addColumn('component', 'varchar(50)')
      .addColumn('content', 'varchar(500)', notNull)
      .addColumn('done', 'integer', notNull)
      .addColumn('items', 'text', notNull)
      .addColumn('abnormal', 'integer', notNull)
      .addColumn('remark', 'varchar(500)')
      .addColumn('maintained_by', 'varchar(50)', notNull)
      .addColumn('checked_by', 'varchar(50)', notNull)
      .addColumn('reviewed_by', 'varchar(50)', notNull)
      .addColumn('entered_at', 'bigint', notNull)
      .addColumn('entered_by', 'integer')
      .addColumn('due_at', 'bigint')
      .addColumn('late', 'integer', notNull)
      .execute();
    await db.schema.createIndex('mtce_records_run_time_idx').on('mtce_records').columns(['run_id', 'time']).execute();
    await db.schema.createIndex('mtce_records_plan_idx').on('mtce_records').columns(['plan_id', 'time']).execute();

    await db.schema
      .createTable('mtce_notices_sent')
      .addColumn('plan_id', 'integer', (c) => c.notNull().references('mtce_plans.id').onDelete('cascade'))
      .addColumn('kind', 'varchar(16)', notNull)
      .addColumn('slot', 'bigint', notNull)
      .addColumn('sent_at', 'bigint', notNull)
      .addPrimaryKeyConstraint('mtce_notices_sent_pk', ['plan_id', 'kind', 'slot'])
      .execute();
  },
};
