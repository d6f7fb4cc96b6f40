import type { DialectMigration } from './helpers.js';

/**
 * Administration of runs: when a drive was declared over (TBM state Finish). A finished run keeps
 * its data readable and refuses machine data until it is reopened; null while the drive runs.
 */
export const migration: DialectMigration = {
  async up(db) {
    await db.schema.alterTable('runs').addColumn('finished_at', 'bigint').execute();
  },
};
