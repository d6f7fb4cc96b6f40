import type { DialectMigration } from './helpers.js';

/**
 * A diagnosis gathers the published cases of an alarm's point: the alarms of that point by index,
 * then their repairs by index, without reading every repair of the reader's runs.
 */
export const migration: DialectMigration = {
  async up(db) {
    await db.schema.createIndex('alarms_point_idx').on('alarms').column('point').execute();
    await db.schema.createIndex('repair_records_alarm_idx').on('repair_records').column('alarm_id').execute();
  },
};
