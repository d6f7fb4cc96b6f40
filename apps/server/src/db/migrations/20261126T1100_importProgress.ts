import type { DialectMigration } from './helpers.js';
import { notNull, withId } from './helpers.js';

/** Progress of running spreadsheet imports, one row per user and client-chosen import id. */
export const migration: DialectMigration = {
  async up(db, dialect) {
    await withId(db.schema.createTable('import_progress'), dialect)
      .addColumn('user_id', 'integer', notNull)
      .addColumn('progress_key', 'varchar(64)', notNull)
      .addColumn('kind', 'varchar(16)', notNull)
      .addColumn('phase', 'varchar(16)', notNull)
      .addColumn('done', 'integer', notNull)
      .addColumn('total', 'integer')
      .addColumn('updated_at', 'bigint', notNull)
      .addUniqueConstraint('import_progress_user_key', ['user_id', 'progress_key'])
      .execute();
    await db.schema.createIndex('import_progress_updated').on('import_progress').column('updated_at').execute();
  },
};
