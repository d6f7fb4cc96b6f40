import { sql } from 'kysely';
import type { DialectMigration } from './helpers.js';
import { notNull, withId } from './helpers.js';

/**
 * The message centre: one row per message and user. Indexes serve the three reads that run all the
 * time: the unread counts of a user per type and run (partial: unread rows only, so the index stays
 * as small as the unread backlog), a user's list newest first (all runs, or one run), and the
 * dedupe key (unique per user; NULLs never collide on either dialect).
 */
export const migration: DialectMigration = {
  async up(db, dialect) {
    await withId(db.schema.createTable('messages'), dialect)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('type', 'varchar(32)', notNull)
      .addColumn('run_id', 'integer', (c) => c.references('runs.id').onDelete('cascade'))
      .addColumn('content_key', 'varchar(120)', notNull)
      .addColumn('content_params', 'text', notNull)
      .addColumn('text', 'text')
      .addColumn('object_kind', 'varchar(32)')
      .addColumn('object_id', 'integer')
      .addColumn('at', 'bigint', notNull)
      .addColumn('created_at', 'bigint', notNull)
      .addColumn('read_at', 'bigint')
      .addColumn('dedupe_key', 'varchar(200)')
      .execute();
    await db.schema
      .createIndex('messages_unread_idx')
      .on('messages')
      .columns(['user_id', 'type', 'run_id'])
      .where(sql.ref('read_at'), 'is', null)
      .execute();
    await db.schema.createIndex('messages_user_at_idx').on('messages').columns(['user_id', 'at', 'id']).execute();
    await db.schema.createIndex('messages_user_run_at_idx').on('messages').columns(['user_id', 'run_id', 'at', 'id']).execute();
    await db.schema.createIndex('messages_dedupe_idx').on('messages').columns(['dedupe_key', 'user_id']).unique().execute();
  },
};
