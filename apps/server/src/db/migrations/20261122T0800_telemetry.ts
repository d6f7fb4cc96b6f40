import type { DialectMigration } from './helpers.js';
import { binaryType, notNull, withId } from './helpers.js';

/**
 * Telemetry (ARCHITECTURE.md §5): the tag layout a run's chunks are written in; compressed
 * 10-minute chunks with their per-minute rollups; per-day rows of hourly rollups for long
 * ranges; accepted frames not yet in a chunk (the write-ahead rows that make an acknowledged
 * frame durable); HTTP batch ids for idempotency; and what the cycle engine derives: state
 * intervals, ring records and its own resumable snapshot.
 */
export const migration: DialectMigration = {
  async up(db, dialect) {
    const bin = binaryType(dialect);
    await withId(db.schema.createTable('tele_layouts'), dialect)
      .addColumn('run_id', 'integer', (c) => c.notNull().references('runs.id').onDelete('cascade'))
      .addColumn('codes', 'text', notNull)
      .addColumn('created_at', 'bigint', notNull)
      .execute();

    await withId(db.schema.createTable('tele_chunks'), dialect)
      .addColumn('run_id', 'integer', (c) => c.notNull().references('runs.id').onDelete('cascade'))
      .addColumn('layout_id', 'integer', (c) => c.notNull().references('tele_layouts.id'))
      .addColumn('start_ts', 'bigint', notNull)
      .addColumn('end_ts', 'bigint', notNull)
      .addColumn('frames', 'integer', notNull)
      .addColumn('data', bin, notNull)
      .addColumn('minutes', bin, notNull)
      .execute();
    await db.schema.createIndex('tele_chunks_run_ts_idx').on('tele_chunks').columns(['run_id', 'start_ts']).execute();

    await db.schema
      .createTable('tele_hourly')
      .addColumn('run_id', 'integer', (c) => c.notNull().references('runs.id').onDelete('cascade'))
      .addColumn('layout_id', 'integer', (c) => c.notNull().references('tele_layouts.id'))
      .addColumn('day_ts', 'bigint', notNull)
      .addColumn('data', bin, notNull)
      .addPrimaryKeyConstraint('tele_hourly_pk', ['run_id', 'layout_id', 'day_ts'])
      .execute();

    await withId(db.schema.createTable('tele_pending'), dialect)
      .addColumn('run_id', 'integer', (c) => c.notNull().references('runs.id').onDelete('cascade'))
      .addColumn('layout_id', 'integer', (c) => c.notNull().references('tele_layouts.id'))
      .addColumn('window_ts', 'bigint', notNull)
      .addColumn('frames', 'integer', notNull)
      .addColumn('data', bin, notNull)
      .execute();
    await db.schema.createIndex('tele_pending_run_idx').on('tele_pending').columns(['run_id', 'window_ts']).execute();

    await db.schema
      .createTable('ingest_batches')
      .addColumn('run_id', 'integer', (c) => c.notNull().references('runs.id').onDelete('cascade'))
      .addColumn('batch_id', 'text', notNull)
      .addColumn('frames', 'integer', notNull)
      .addColumn('received_at', 'bigint', notNull)
      .addPrimaryKeyConstraint('ingest_batches_pk', ['run_id', 'batch_id'])
      .execute();

    await withId(db.schema.createTable('tbm_states'), dialect)
      .addColumn('run_id', 'integer', (c) => c.notNull().references('runs.id').onDelete('cascade'))
      .addColumn('state', 'text', notNull)
      .addColumn('start_ts', 'bigint', notNull)
      .addColumn('end_ts', 'bigint', notNull)
      .addColumn('ring_no', 'integer')
      .execute();
    await db.schema.createIndex('tbm_states_run_ts_idx').on('tbm_states').columns(['run_id', 'start_ts']).execute();
    await db.schema.createIndex('tbm_states_run_end_idx').on('tbm_states').columns(['run_id', 'end_ts']).execute();

    let rings = db.schema
      .createTable('rings')
      .addColumn('run_id', 'integer', (c) => c.notNull().references('runs.id').onDelete('cascade'))
      .addColumn('ring_no', 'integer', notNull)
      .addColumn('start_ts', 'bigint', notNull)
      .addColumn('end_ts', 'bigint', notNull)
      .addColumn('advance_ms', 'bigint', notNull)
      .addColumn('ring_build_ms', 'bigint', notNull)
      .addColumn('waiting_ms', 'bigint', notNull)
      .addColumn('frames', 'integer', notNull);
    for (const name of RING_NUMBER_COLUMNS) rings = rings.addColumn(name, 'double precision');
    await rings.addPrimaryKeyConstraint('rings_pk', ['run_id', 'ring_no']).execute();
    await db.schema.createIndex('rings_run_ts_idx').on('rings').columns(['run_id', 'start_ts']).execute();
    await db.schema.createIndex('rings_run_end_idx').on('rings').columns(['run_id', 'end_ts']).execute();

    await db.schema
      .createTable('tag_mappings')
      .addColumn('run_id', 'integer', (c) => c.notNull().references('runs.id').onDelete('cascade'))
      .addColumn('raw_name', 'text', notNull)
      .addColumn('tag_code', 'text', notNull)
      .addPrimaryKeyConstraint('tag_mappings_pk', ['run_id', 'raw_name'])
      .execute();

    await db.schema
      .createTable('cycle_snapshots')
      .addColumn('run_id', 'integer', (c) => c.primaryKey().references('runs.id').onDelete('cascade'))
      .addColumn('ts', 'bigint', notNull)
      .addColumn('data', 'text', notNull)
      .execute();
  },
};

/** Nullable measured columns of a ring record, fixed with this migration. */
const RING_NUMBER_COLUMNS = [
  'start_chainage',
  'end_chainage',
  'thrust_avg',
  'thrust_max',
  'torque_avg',
  'torque_max',
  'speed_avg',
  'speed_max',
  'penetration_avg',
  'face_pressure_avg',
  'grout_volume',
  'grout_pressure_avg',
  'foam_volume',
  'bentonite_volume',
  'head_horizontal',
  'head_vertical',
  'tail_horizontal',
  'tail_vertical',
  'tail_gap_top',
  'tail_gap_bottom',
  'tail_gap_left',
  'tail_gap_right',
] as const;
