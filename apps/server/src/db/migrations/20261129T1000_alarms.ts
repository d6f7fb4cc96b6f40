import { sql } from 'kysely';
import type { DialectMigration } from './helpers.js';
import { notNull, withId } from './helpers.js';

/**
 * Alarms (issue 19): the records the alarm engine keeps per run, what users did with them, shelved
 * points, and each run's alarm settings. At most one live (not backfill) alarm per run and point
 * is active at a time: a partial unique index holds it even across instances.
 */
export const migration: DialectMigration = {
  async up(db, dialect) {
    await withId(db.schema.createTable('alarms'), dialect)
      .addColumn('run_id', 'integer', (c) => c.notNull().references('runs.id').onDelete('cascade'))
      .addColumn('number', 'integer', notNull)
      .addColumn('kind', 'text', notNull)
      .addColumn('point', 'text', notNull)
      .addColumn('subsystem', 'text')
      .addColumn('level', 'text', notNull)
      .addColumn('direction', 'text')
      .addColumn('start_ts', 'bigint', notNull)
      .addColumn('end_ts', 'bigint')
      .addColumn('fault_ts', 'bigint', notNull)
      .addColumn('start_value', 'double precision')
      .addColumn('peak_value', 'double precision')
      .addColumn('limit_value', 'double precision')
      .addColumn('ring_no', 'integer')
      .addColumn('shift_date', 'text')
      .addColumn('shift_no', 'integer')
      .addColumn('start_chainage', 'double precision')
      .addColumn('end_chainage', 'double precision')
      .addColumn('escalated_to_alarm_at', 'bigint')
      .addColumn('chattering', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('backfill', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('notify', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('repeats', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('end_reason', 'text')
      .addColumn('acked_at', 'bigint')
      .addColumn('acked_by', 'integer')
      .addColumn('ack_comment', 'text')
      .addColumn('assigned_to', 'integer')
      .addColumn('escalated_at', 'bigint')
      .addColumn('created_at', 'bigint', notNull)
      .execute();
    await db.schema.createIndex('alarms_run_start_idx').on('alarms').columns(['run_id', 'start_ts']).execute();
    await db.schema.createIndex('alarms_run_ring_idx').on('alarms').columns(['run_id', 'ring_no']).execute();
    await db.schema.createIndex('alarms_run_number_idx').on('alarms').columns(['run_id', 'number']).unique().execute();
    await db.schema
      .createIndex('alarms_active_point_idx')
      .on('alarms')
      .columns(['run_id', 'point'])
      .unique()
      .where(sql.ref('end_ts'), 'is', null)
      .where(sql.ref('backfill'), '=', 0)
      .execute();

    await withId(db.schema.createTable('alarm_actions'), dialect)
      .addColumn('alarm_id', 'integer', (c) => c.notNull().references('alarms.id').onDelete('cascade'))
      .addColumn('at', 'bigint', notNull)
      .addColumn('action', 'text', notNull)
      .addColumn('user_id', 'integer')
      .addColumn('text', 'text')
      .execute();
    await db.schema.createIndex('alarm_actions_alarm_idx').on('alarm_actions').columns(['alarm_id', 'at']).execute();

    await withId(db.schema.createTable('alarm_shelves'), dialect)
      .addColumn('run_id', 'integer', (c) => c.notNull().references('runs.id').onDelete('cascade'))
      .addColumn('point', 'text', notNull)
      .addColumn('from_ts', 'bigint', notNull)
      .addColumn('until_ts', 'bigint', notNull)
      .addColumn('reason', 'text', notNull)
      .addColumn('user_id', 'integer')
      .addColumn('ended_at', 'bigint')
      .addColumn('ended_by', 'integer')
      .execute();
    await db.schema.createIndex('alarm_shelves_run_idx').on('alarm_shelves').columns(['run_id', 'point', 'until_ts']).execute();

    await db.schema
      .createTable('alarm_run_settings')
      .addColumn('run_id', 'integer', (c) => c.primaryKey().references('runs.id').onDelete('cascade'))
      .addColumn('escalate_after_min', 'integer', notNull)
      .addColumn('long_stop_min', 'integer', notNull)
      .addColumn('guidance_warn_mm', 'integer', notNull)
      .addColumn('guidance_alarm_mm', 'integer', notNull)
      .addColumn('group_window_min', 'integer', notNull)
      .addColumn('updated_by', 'integer')
      .addColumn('updated_at', 'bigint', notNull)
      .execute();
  },
};
