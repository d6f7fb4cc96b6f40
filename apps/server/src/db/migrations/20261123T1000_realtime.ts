import type { DialectMigration } from './helpers.js';
import { notNull, withId } from './helpers.js';

/**
 * Real-time monitoring: a session may be scoped to one run (opened from an H5 link), the one-time
 * tickets those links carry (stored hashed), and the history of machines' disconnections.
 */
export const migration: DialectMigration = {
  async up(db, dialect) {
    await db.schema
      .alterTable('sessions')
      .addColumn('scope_run_id', 'integer', (c) => c.references('runs.id').onDelete('cascade'))
      .execute();

    await withId(db.schema.createTable('h5_tickets'), dialect)
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('run_id', 'integer', (c) => c.notNull().references('runs.id').onDelete('cascade'))
      .addColumn('created_at', 'bigint', notNull)
      .addColumn('expires_at', 'bigint', notNull)
      .addColumn('used_at', 'bigint')
      .execute();

    await withId(db.schema.createTable('machine_disconnections'), dialect)
      .addColumn('run_id', 'integer', (c) => c.notNull().references('runs.id').onDelete('cascade'))
      .addColumn('disconnected_at', 'bigint', notNull)
      .addColumn('reconnected_at', 'bigint')
      .addUniqueConstraint('machine_disconnections_run_at_uq', ['run_id', 'disconnected_at'])
      .execute();
    await db.schema.createIndex('machine_disconnections_open_idx').on('machine_disconnections').columns(['run_id', 'reconnected_at']).execute();
  },
};
