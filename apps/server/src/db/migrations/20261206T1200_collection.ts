import type { DialectMigration } from './helpers.js';
import { notNull, withId } from './helpers.js';

/** The collection (favourites): each user's starred pages, projects, ring reports and alarms. Declared by the collection module. */
export const migration: DialectMigration = {
  async up(db, dialect) {
    await withId(db.schema.createTable('collection_items'), dialect)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('kind', 'varchar(16)', notNull)
      .addColumn('run_id', 'integer', (c) => c.references('runs.id').onDelete('cascade'))
      .addColumn('target', 'varchar(500)', notNull)
      .addColumn('title', 'varchar(100)', notNull)
      .addColumn('created_at', 'bigint', notNull)
      .execute();
    await db.schema.createIndex('collection_items_user_idx').on('collection_items').columns(['user_id', 'kind', 'target']).execute();
  },
};
