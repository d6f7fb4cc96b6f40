import type { DialectMigration } from './helpers.js';
import { notNull } from './helpers.js';

/**
 * A run's own tags: quantities its machine measures that the machine type's catalogue lacks. Codes
 * are `own.<slug>` (never a catalogue code or PLC variable); the names are one per language, at
 * least one given (the others fall back to it).
 */
export const migration: DialectMigration = {
  async up(db) {
    await db.schema
      .createTable('run_tags')
      .addColumn('run_id', 'integer', (c) => c.notNull().references('runs.id').onDelete('cascade'))
      .addColumn('code', 'text', notNull)
      .addColumn('name_zh_cn', 'text')
      .addColumn('name_en_us', 'text')
      .addColumn('name_it_it', 'text')
      .addColumn('name_de_at', 'text')
      .addColumn('name_pt_pt', 'text')
      .addColumn('name_tr_tr', 'text')
      .addColumn('unit', 'text', notNull)
      .addColumn('subsystem', 'text', notNull)
      .addColumn('range_min', 'double precision', notNull)
      .addColumn('range_max', 'double precision', notNull)
      .addColumn('precision', 'integer', notNull)
      .addColumn('created_at', 'bigint', notNull)
      .addColumn('updated_at', 'bigint', notNull)
      .addPrimaryKeyConstraint('run_tags_pk', ['run_id', 'code'])
      .execute();
  },
};
