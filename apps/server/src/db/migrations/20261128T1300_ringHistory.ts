import type { DialectMigration } from './helpers.js';
import { notNull } from './helpers.js';

/**
 * Ring history: where a ring and a state interval come from — `live` (derived by the cycle engine
 * from the machine's frames) or `import` (the rings built before the console, from a spreadsheet).
 * A recomputation of live data clears and derives `live` rows only. And the backfill tally: per run
 * and hour, the late frames received and the recomputations with the rings they derived again.
 * Declared by the ringHistory module (module migrations run after the platform's, in name order).
 */
export const migration: DialectMigration = {
  async up(db) {
    await db.schema.alterTable('rings').addColumn('origin', 'text', (c) => c.notNull().defaultTo('live')).execute();
    await db.schema.alterTable('tbm_states').addColumn('origin', 'text', (c) => c.notNull().defaultTo('live')).execute();
    await db.schema.createIndex('rings_run_origin_idx').on('rings').columns(['run_id', 'origin', 'ring_no']).execute();

    await db.schema
      .createTable('ring_backfill_hours')
      .addColumn('run_id', 'integer', (c) => c.notNull().references('runs.id').onDelete('cascade'))
      .addColumn('hour_ts', 'bigint', notNull)
      .addColumn('late_frames', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('last_late_at', 'bigint')
      .addColumn('earliest_late_ts', 'bigint')
      .addColumn('recomputes', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('rings_rebuilt', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('last_recompute_at', 'bigint')
      .addPrimaryKeyConstraint('ring_backfill_hours_pk', ['run_id', 'hour_ts'])
      .execute();
  },
};
