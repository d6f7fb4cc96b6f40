import type { CreateTableBuilder } from 'kysely';
import type { DialectMigration } from './helpers.js';
import { notNull, withId } from './helpers.js';

/**
 * Segment attitude, tail gap and tail clearance (issue 23): one record per run, ring and dataset
 * (`state` draft | confirmed, `source` manual | import | machine), and a run's settings: tolerance
 * bands and the universal ring's geometry for the next-ring advisor. Side columns are named
 * `gap_*` / `*_before` / `*_after` (never the bare SQL words left and right). Declared by the
 * segment module.
 */
export const migration: DialectMigration = {
  async up(db, dialect) {
    const meta = <T extends string>(table: CreateTableBuilder<T, never>) =>
      withId(table, dialect)
        .addColumn('run_id', 'integer', (c) => c.notNull().references('runs.id').onDelete('cascade'))
        .addColumn('ring_no', 'integer', notNull)
        .addColumn('state', 'varchar(12)', notNull)
        .addColumn('source', 'varchar(8)', notNull)
        .addColumn('remark', 'varchar(500)')
        .addColumn('updated_by', 'integer')
        .addColumn('updated_at', 'bigint', notNull);

    await meta(db.schema.createTable('seg_poses'))
      .addColumn('chainage', 'double precision')
      .addColumn('horizontal_dev', 'integer', notNull)
      .addColumn('elevation_dev', 'integer', notNull)
      .addColumn('segment_type', 'varchar(50)')
      .addColumn('ring_width', 'integer')
      .addColumn('k_position', 'varchar(20)')
      .execute();
    await db.schema.createIndex('seg_poses_ring_idx').on('seg_poses').columns(['run_id', 'ring_no']).unique().execute();

    await meta(db.schema.createTable('seg_tail_gaps'))
      .addColumn('gap_up', 'integer', notNull)
      .addColumn('gap_down', 'integer', notNull)
      .addColumn('gap_left', 'integer', notNull)
      .addColumn('gap_right', 'integer', notNull)
      .execute();
    await db.schema.createIndex('seg_tail_gaps_ring_idx').on('seg_tail_gaps').columns(['run_id', 'ring_no']).unique().execute();

    await meta(db.schema.createTable('seg_tail_clearances'))
      .addColumn('up_before', 'integer', notNull)
      .addColumn('down_before', 'integer', notNull)
      .addColumn('left_before', 'integer', notNull)
      .addColumn('right_before', 'integer', notNull)
      .addColumn('up_after', 'integer')
      .addColumn('down_after', 'integer')
      .addColumn('left_after', 'integer')
      .addColumn('right_after', 'integer')
      .execute();
    await db.schema.createIndex('seg_tail_clearances_ring_idx').on('seg_tail_clearances').columns(['run_id', 'ring_no']).unique().execute();

    await db.schema
      .createTable('seg_settings')
      .addColumn('run_id', 'integer', (c) => c.primaryKey().references('runs.id').onDelete('cascade'))
      .addColumn('deviation_warn_mm', 'integer', notNull)
      .addColumn('deviation_alarm_mm', 'integer', notNull)
      .addColumn('clearance_warn_mm', 'integer', notNull)
      .addColumn('clearance_alarm_mm', 'integer', notNull)
      .addColumn('imbalance_warn_mm', 'integer', notNull)
      .addColumn('imbalance_alarm_mm', 'integer', notNull)
      .addColumn('raise_alarms', 'integer', notNull)
      .addColumn('taper_mm', 'double precision')
      .addColumn('outer_diameter_mm', 'integer')
      .addColumn('k_position_count', 'integer')
      .addColumn('updated_by', 'integer')
      .addColumn('updated_at', 'bigint', notNull)
      .execute();
  },
};
