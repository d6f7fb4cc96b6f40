import type { DialectMigration } from './helpers.js';

/**
 * A ring's mean cutterhead rotation over its advance (r/min): with the advance time, the ring's
 * cutterhead revolutions, the counter maintenance plans of cutters and main bearing run on. Null for
 * rings derived before it was kept and for imported ones.
 */
export const migration: DialectMigration = {
  async up(db) {
    await db.schema.alterTable('rings').addColumn('cutter_speed_avg', 'double precision').execute();
  },
};
