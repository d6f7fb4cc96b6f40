import type { DialectMigration } from './helpers.js';
import { notNull, withId } from './helpers.js';

/**
 * Announcements: title, cleaned HTML body, time window and pinned flag; their audience (an
 * organization with those below it, or a run) and each reader's read mark. Declared by the
 * announcement module.
 */
export const migration: DialectMigration = {
  async up(db, dialect) {
    await withId(db.schema.createTable('announcements'), dialect)
      .addColumn('title', 'varchar(100)', notNull)
      .addColumn('content', 'text', notNull)
      .addColumn('start_at', 'bigint', notNull)
      .addColumn('end_at', 'bigint', notNull)
      .addColumn('pinned', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', 'bigint', notNull)
      .addColumn('updated_at', 'bigint', notNull)
      .execute();
    await db.schema.createIndex('announcements_window_idx').on('announcements').columns(['start_at', 'end_at']).execute();

    await db.schema
      .createTable('announcement_targets')
      .addColumn('announcement_id', 'integer', (c) => c.notNull().references('announcements.id').onDelete('cascade'))
      .addColumn('kind', 'varchar(8)', notNull)
      .addColumn('target_id', 'integer', notNull)
      .addPrimaryKeyConstraint('announcement_targets_pk', ['announcement_id', 'kind', 'target_id'])
      .execute();

    await db.schema
      .createTable('announcement_reads')
      .addColumn('announcement_id', 'integer', (c) => c.notNull().references('announcements.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('read_at', 'bigint', notNull)
      .addPrimaryKeyConstraint('announcement_reads_pk', ['announcement_id', 'user_id'])
      .execute();
  },
};
