import type { DialectMigration } from './helpers.js';
import { notNull, withId } from './helpers.js';

/**
 * Risk points: preset risk zones along a run's drive (spec §3), each between an alarm start and end
 * chainage (metres, start not greater than end), with the state the machine was last announced in
 * for it (`notified_state`: approaching / inside, so each is told once); and a run's warning
 * distance in rings. A zone's pictures are files of purpose `riskPicture` owned by `riskPoint`.
 * Declared by the risk module.
 */
export const migration: DialectMigration = {
  async up(db, dialect) {
    await withId(db.schema.createTable('risk_points'), dialect)
      .addColumn('run_id', 'integer', (c) => c.notNull().references('runs.id').onDelete('cascade'))
      .addColumn('code', 'varchar(50)', notNull)
      .addColumn('position', 'double precision', notNull)
      .addColumn('name', 'varchar(100)', notNull)
      .addColumn('start_chainage', 'double precision', notNull)
      .addColumn('end_chainage', 'double precision', notNull)
      .addColumn('remark', 'varchar(500)')
      .addColumn('settlement_level', 'varchar(16)')
      .addColumn('vibration_level', 'varchar(16)')
      .addColumn('description', 'text')
      .addColumn('notified_state', 'varchar(16)')
      .addColumn('created_by', 'integer')
      .addColumn('created_at', 'bigint', notNull)
      .addColumn('updated_at', 'bigint', notNull)
      .execute();
    await db.schema.createIndex('risk_points_run_code_idx').on('risk_points').columns(['run_id', 'code']).unique().execute();

    await db.schema
      .createTable('risk_settings')
      .addColumn('run_id', 'integer', (c) => c.primaryKey().references('runs.id').onDelete('cascade'))
      .addColumn('warn_rings', 'integer', notNull)
      .addColumn('updated_at', 'bigint', notNull)
      .execute();
  },
};
