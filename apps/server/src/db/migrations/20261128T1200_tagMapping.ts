import type { DialectMigration } from './helpers.js';
import { notNull } from './helpers.js';

/**
 * The gateway variable names a machine sends that map to no tag (neither a catalogue code, nor a
 * PLC variable of the catalogue, nor a name of its data linker): one row per run and name, updated
 * once per ingest call with the frames that carried it.
 */
export const migration: DialectMigration = {
  async up(db) {
    await db.schema
      .createTable('unmapped_tags')
      .addColumn('run_id', 'integer', (c) => c.notNull().references('runs.id').onDelete('cascade'))
      .addColumn('raw_name', 'text', notNull)
      .addColumn('frames', 'bigint', notNull)
      .addColumn('first_seen', 'bigint', notNull)
      .addColumn('last_seen', 'bigint', notNull)
      .addColumn('last_value', 'double precision')
      .addPrimaryKeyConstraint('unmapped_tags_pk', ['run_id', 'raw_name'])
      .execute();
    await db.schema.createIndex('unmapped_tags_run_seen').on('unmapped_tags').columns(['run_id', 'last_seen']).execute();
  },
};
