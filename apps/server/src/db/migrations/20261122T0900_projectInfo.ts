import type { DialectMigration } from './helpers.js';
import { notNull, withId } from './helpers.js';

/**
 * Basic info of a project beyond what its run holds, the TBM's equipment and performance data,
 * and the run's shift definitions. Names, codes, chainage, rings, country and time zone stay on
 * `runs` (one place for each fact); a run without rows here has none of the extra data yet.
 * Shift times are minutes after local midnight in the project's zone.
 */
export const migration: DialectMigration = {
  async up(db, dialect) {
    await db.schema
      .createTable('project_info')
      .addColumn('run_id', 'integer', (c) => c.primaryKey().references('runs.id').onDelete('cascade'))
      .addColumn('planned_start', 'text')
      .addColumn('planned_completion', 'text')
      .addColumn('planned_rings_per_day', 'double precision')
      .addColumn('planned_length_per_day', 'double precision')
      .addColumn('tunnel_length', 'double precision')
      .addColumn('segment_spec', 'text')
      .addColumn('project_manager', 'text')
      .addColumn('site_manager', 'text')
      .addColumn('contacts', 'text')
      .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('updated_at', 'bigint', notNull)
      .execute();

    await db.schema
      .createTable('tbm_info')
      .addColumn('run_id', 'integer', (c) => c.primaryKey().references('runs.id').onDelete('cascade'))
      .addColumn('tbm_name', 'text')
      .addColumn('manufacturer', 'text')
      .addColumn('cutterhead_diameter', 'double precision')
      .addColumn('serial_number', 'text')
      .addColumn('purchase_date', 'text')
      .addColumn('delivery_date', 'text')
      .addColumn('owner', 'text')
      .addColumn('contractor', 'text')
      .addColumn('responsible_person', 'text')
      .addColumn('contact_phone', 'text')
      .addColumn('machine_length', 'double precision')
      .addColumn('max_advance_speed', 'double precision')
      .addColumn('max_thrust', 'double precision')
      .addColumn('excavation_diameter', 'double precision')
      .addColumn('max_working_pressure', 'double precision')
      .addColumn('design_pressure', 'double precision')
      .addColumn('total_weight', 'double precision')
      .addColumn('max_rotation_speed', 'double precision')
      .addColumn('turning_radius', 'double precision')
      .addColumn('installed_power', 'double precision')
      .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('updated_at', 'bigint', notNull)
      .execute();

    await withId(db.schema.createTable('shifts'), dialect)
      .addColumn('run_id', 'integer', (c) => c.notNull().references('runs.id').onDelete('cascade'))
      .addColumn('name', 'text', notNull)
      .addColumn('start_min', 'integer', notNull)
      .addColumn('end_min', 'integer', notNull)
      .addColumn('handover_min', 'integer', notNull)
      .addColumn('responsible_person', 'text')
      .addColumn('contact', 'text')
      .addColumn('sort', 'integer', notNull)
      .execute();
    await db.schema.createIndex('shifts_run_idx').on('shifts').columns(['run_id', 'sort']).execute();
  },
};
