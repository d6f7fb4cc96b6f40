import type { DialectMigration } from './helpers.js';
import { notNull, withId } from './helpers.js';

/**
 * File tickets (modules/files): short-lived links that stream one file to a player that cannot send
 * the session header. Stored as their SHA-256 only, in the database so every instance honours them.
 */
export const migration: DialectMigration = {
  async up(db, dialect) {
    await withId(db.schema.createTable('file_tickets'), dialect)
      .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('file_id', 'varchar(32)', notNull)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', 'bigint', notNull)
      .addColumn('expires_at', 'bigint', notNull)
      .addForeignKeyConstraint('file_tickets_file_fk', ['file_id'], 'files', ['id'], (fk) => fk.onDelete('cascade'))
      .execute();
    await db.schema.createIndex('file_tickets_expires_idx').on('file_tickets').column('expires_at').execute();
  },
};
