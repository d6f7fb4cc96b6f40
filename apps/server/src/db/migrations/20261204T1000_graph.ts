import type { DialectMigration } from './helpers.js';
import { notNull, withId } from './helpers.js';

/**
 * Drawings and maps (issue 24): a run's drawings (plan, section, map picture) per language ('' for
 * the run's default) and variant, each owning one picture in the file service, with its calibration
 * (JSON); the run's graph settings (display options, long-section profile and station equations as
 * JSON, the map grid's EPSG code or proj4 definition); and the GIS alignment's vertices in that
 * grid, in driving order. Declared by the graph module.
 */
export const migration: DialectMigration = {
  async up(db, dialect) {
    await withId(db.schema.createTable('graph_drawings'), dialect)
      .addColumn('run_id', 'integer', (c) => c.notNull().references('runs.id').onDelete('cascade'))
      .addColumn('name', 'varchar(12)', notNull)
      .addColumn('lang', 'varchar(8)', notNull)
      .addColumn('variant', 'varchar(12)', notNull)
      .addColumn('file_id', 'varchar(22)', notNull)
      .addColumn('width', 'integer', notNull)
      .addColumn('height', 'integer', notNull)
      .addColumn('calibration', 'text')
      .addColumn('updated_by', 'integer')
      .addColumn('updated_at', 'bigint', notNull)
      .execute();
    await db.schema.createIndex('graph_drawings_key_idx').on('graph_drawings').columns(['run_id', 'name', 'lang', 'variant']).unique().execute();

    await db.schema
      .createTable('graph_settings')
      .addColumn('run_id', 'integer', (c) => c.primaryKey().references('runs.id').onDelete('cascade'))
      .addColumn('display', 'text', notNull)
      .addColumn('profile', 'text', notNull)
      .addColumn('station_equations', 'text', notNull)
      .addColumn('epsg', 'integer')
      .addColumn('proj4', 'varchar(1000)')
      .addColumn('updated_by', 'integer')
      .addColumn('updated_at', 'bigint', notNull)
      .execute();

    await db.schema
      .createTable('graph_alignment_points')
      .addColumn('run_id', 'integer', (c) => c.notNull().references('runs.id').onDelete('cascade'))
      .addColumn('seq', 'integer', notNull)
      .addColumn('chainage', 'double precision', notNull)
      .addColumn('easting', 'double precision', notNull)
      .addColumn('northing', 'double precision', notNull)
      .addPrimaryKeyConstraint('graph_alignment_points_pk', ['run_id', 'seq'])
      .execute();
  },
};
