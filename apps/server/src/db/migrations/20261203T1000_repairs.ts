import type { DialectMigration } from './helpers.js';
import { notNull, withId } from './helpers.js';

/**
 * Repairs and knowledge (issue 22): a run's repair records (a case when published), its knowledge
 * items (the file's extracted text kept for search), and the readers' helpful marks on diagnosis
 * suggestions (one per reader and source). Photos, videos and knowledge files live in the file
 * service, owned by their record. The full-text index is the repair module's own migration.
 */
export const migration: DialectMigration = {
  async up(db, dialect) {
    await withId(db.schema.createTable('repair_records'), dialect)
      .addColumn('run_id', 'integer', (c) => c.notNull().references('runs.id').onDelete('cascade'))
      .addColumn('finder', 'varchar(50)', notNull)
      .addColumn('found_at', 'bigint', notNull)
      .addColumn('system', 'varchar(50)', notNull)
      .addColumn('component', 'varchar(50)', notNull)
      .addColumn('title', 'varchar(100)', notNull)
      .addColumn('description', 'text', notNull)
      .addColumn('failure_mode', 'varchar(16)')
      .addColumn('cause', 'text')
      .addColumn('result', 'text')
      .addColumn('repairers', 'varchar(200)')
      .addColumn('repaired_at', 'bigint')
      .addColumn('state', 'varchar(12)', notNull)
      .addColumn('case_state', 'varchar(12)', notNull)
      .addColumn('published_at', 'bigint')
      .addColumn('published_by', 'integer')
      .addColumn('alarm_id', 'integer', (c) => c.references('alarms.id').onDelete('set null'))
      .addColumn('ring_no', 'integer')
      .addColumn('mtce_record_id', 'integer', (c) => c.references('mtce_records.id').onDelete('set null'))
      .addColumn('fingerprint', 'text')
      .addColumn('created_by', 'integer')
      .addColumn('created_at', 'bigint', notNull)
      .addColumn('updated_at', 'bigint', notNull)
      .execute();
    await db.schema.createIndex('repair_records_run_found_idx').on('repair_records').columns(['run_id', 'found_at']).execute();
    await db.schema.createIndex('repair_records_case_idx').on('repair_records').columns(['case_state', 'run_id']).execute();

    await withId(db.schema.createTable('knowledge_items'), dialect)
      .addColumn('run_id', 'integer', (c) => c.notNull().references('runs.id').onDelete('cascade'))
      .addColumn('name', 'varchar(100)', notNull)
      .addColumn('code', 'varchar(50)', notNull)
      .addColumn('system', 'varchar(50)')
      .addColumn('remark', 'varchar(500)')
      .addColumn('file_id', 'varchar(64)')
      .addColumn('extraction', 'varchar(8)', notNull)
      .addColumn('text', 'text')
      .addColumn('created_by', 'integer')
      .addColumn('created_at', 'bigint', notNull)
      .addColumn('updated_at', 'bigint', notNull)
      .execute();
    await db.schema.createIndex('knowledge_items_run_idx').on('knowledge_items').columns(['run_id', 'updated_at']).execute();

    await db.schema
      .createTable('diagnosis_marks')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('source_kind', 'varchar(16)', notNull)
      .addColumn('source_id', 'integer', notNull)
      .addColumn('helpful', 'integer', notNull)
      .addColumn('at', 'bigint', notNull)
      .addPrimaryKeyConstraint('diagnosis_marks_pk', ['user_id', 'source_kind', 'source_id'])
      .execute();
    await db.schema.createIndex('diagnosis_marks_source_idx').on('diagnosis_marks').columns(['source_kind', 'source_id']).execute();
  },
};
