import type { DialectMigration } from './helpers.js';
import { notNull, withId } from './helpers.js';

/**
 * How machines connect (`modules/connection`): per run, when its ingest key was issued, how many
 * payloads were refused in all and when and through which source the newest frame arrived; and the
 * refused payloads themselves (the newest 50 per run are kept: time, source, reason, an excerpt
 * without the key).
 */
export const migration: DialectMigration = {
  async up(db, dialect) {
    await db.schema
      .createTable('ingest_connections')
      .addColumn('run_id', 'integer', (c) => c.primaryKey().references('runs.id').onDelete('cascade'))
      .addColumn('key_issued_at', 'bigint')
      .addColumn('refused_total', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('last_frame_at', 'bigint')
      .addColumn('last_source', 'varchar(16)')
      .execute();
    await withId(db.schema.createTable('ingest_refusals'), dialect)
      .addColumn('run_id', 'integer', (c) => c.notNull().references('runs.id').onDelete('cascade'))
      .addColumn('at', 'bigint', notNull)
      .addColumn('source', 'varchar(8)', notNull)
      .addColumn('reason', 'varchar(32)', notNull)
      .addColumn('excerpt', 'varchar(200)', notNull)
      .execute();
    await db.schema.createIndex('ingest_refusals_run_idx').on('ingest_refusals').columns(['run_id', 'id']).execute();
  },
};
