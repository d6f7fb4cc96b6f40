import type { DialectMigration } from './helpers.js';
import { binaryType, notNull } from './helpers.js';

/**
 * Statistics of every tag over each completed ring's advance: one row per ring holding, for each
 * column of the layout the ring's frames were stored with, min, mean and max as little-endian
 * float32 triples (NaN: the tag had no value while advancing). `ring_end_ts` is the ring's end
 * when the row was built; a ring derived again with another end (late data) is built again.
 */
export const migration: DialectMigration = {
  async up(db, dialect) {
    await db.schema
      .createTable('ring_tag_stats')
      .addColumn('run_id', 'integer', (c) => c.notNull().references('runs.id').onDelete('cascade'))
      .addColumn('ring_no', 'integer', notNull)
      .addColumn('layout_id', 'integer', notNull)
      .addColumn('ring_end_ts', 'bigint', notNull)
      .addColumn('frames', 'integer', notNull)
      .addColumn('built_at', 'bigint', notNull)
      .addColumn('data', binaryType(dialect), notNull)
      .addPrimaryKeyConstraint('ring_tag_stats_pk', ['run_id', 'ring_no'])
      .execute();
  },
};
