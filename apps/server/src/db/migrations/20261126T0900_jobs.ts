import type { DialectMigration } from './helpers.js';
import { notNull } from './helpers.js';

/** The lease rows of the scheduler's jobs (one runner per job across instances). */
export const migration: DialectMigration = {
  async up(db) {
    await db.schema
      .createTable('job_runs')
      .addColumn('name', 'varchar(100)', (c) => c.primaryKey())
      .addColumn('due_at', 'bigint', notNull)
      .addColumn('state', 'varchar(16)', notNull)
      .addColumn('owner', 'varchar(100)')
      .addColumn('lease_until', 'bigint')
      .addColumn('retry_at', 'bigint')
      .addColumn('attempts', 'integer', notNull)
      .addColumn('started_at', 'bigint')
      .addColumn('finished_at', 'bigint')
      .addColumn('last_error', 'varchar(500)')
      .addColumn('last_count', 'integer')
      .execute();
  },
};
