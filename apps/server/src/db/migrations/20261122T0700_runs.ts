import type { DialectMigration } from './helpers.js';
import { notNull, withId } from './helpers.js';

/**
 * Runs: one TBM driving one tunnel of a project, the object every project screen is scoped by.
 * A run belongs to an organization (its deptPath is that organization's path, read at request
 * time so a transfer of the organization moves its runs too). Users may be limited to some runs;
 * part alarm settings are per run and tag.
 */
export const migration: DialectMigration = {
  async up(db, dialect) {
    await withId(db.schema.createTable('runs'), dialect)
      .addColumn('org_id', 'integer', (c) => c.notNull().references('orgs.id'))
      .addColumn('project_name', 'text', notNull)
      .addColumn('project_code', 'text', notNull)
      .addColumn('tbm_code', 'text', notNull)
      .addColumn('machine_type', 'text', notNull)
      .addColumn('country', 'text', notNull)
      .addColumn('time_zone', 'text', notNull)
      .addColumn('line_name', 'text', notNull)
      .addColumn('ring_width_mm', 'integer', notNull)
      .addColumn('start_ring', 'integer', notNull)
      .addColumn('planned_rings', 'integer', notNull)
      .addColumn('start_chainage', 'double precision', notNull)
      .addColumn('end_chainage', 'double precision', notNull)
      .addColumn('source', 'text', notNull)
      .addColumn('sim_seed', 'integer')
      .addColumn('ingest_key_hash', 'text')
      .addColumn('created_at', 'bigint', notNull)
      .execute();
    await db.schema.createIndex('runs_org_idx').on('runs').column('org_id').execute();

    await db.schema
      .createTable('user_runs')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('run_id', 'integer', (c) => c.notNull().references('runs.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('user_runs_pk', ['user_id', 'run_id'])
      .execute();
    await db.schema.createIndex('user_runs_run_idx').on('user_runs').column('run_id').execute();

    await db.schema
      .createTable('warn_settings')
      .addColumn('run_id', 'integer', (c) => c.notNull().references('runs.id').onDelete('cascade'))
      .addColumn('tag_code', 'text', notNull)
      .addColumn('enabled', 'integer', notNull)
      .addColumn('notify', 'integer', notNull)
      .addColumn('low_alarm', 'double precision')
      .addColumn('low_warn', 'double precision')
      .addColumn('high_warn', 'double precision')
      .addColumn('high_alarm', 'double precision')
      .addColumn('delay_s', 'integer', notNull)
      .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('updated_at', 'bigint', notNull)
      .addPrimaryKeyConstraint('warn_settings_pk', ['run_id', 'tag_code'])
      .execute();
  },
};
