import type { DialectMigration } from './helpers.js';
import { notNull, withId } from './helpers.js';

/**
 * The spare-part store (issue 21): a run's parts (part number unique per run, case-insensitive
 * through `code_key`), the stock sheets (stock-in and stock-out; a correction references the sheet
 * it replaces, and a sheet is replaced once: `corrects_id` is unique), their lines as entered, and
 * the ledger of signed moves whose sum per part is the part's stock. Quantities are whole
 * thousandths (`*_milli`), so sums are exact on both databases. Declared by the stock module.
 */
export const migration: DialectMigration = {
  async up(db, dialect) {
    await withId(db.schema.createTable('stock_parts'), dialect)
      .addColumn('run_id', 'integer', (c) => c.notNull().references('runs.id').onDelete('cascade'))
      .addColumn('name', 'varchar(100)', notNull)
      .addColumn('code', 'varchar(50)', notNull)
      .addColumn('code_key', 'varchar(50)', notNull)
      .addColumn('unit', 'varchar(20)')
      .addColumn('system', 'varchar(50)')
      .addColumn('component', 'varchar(50)')
      .addColumn('spec', 'varchar(100)')
      .addColumn('location', 'varchar(50)')
      .addColumn('stock_milli', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('warning_milli', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('lead_time_days', 'integer')
      .addColumn('remark', 'varchar(500)')
      .addColumn('created_by', 'integer')
      .addColumn('created_at', 'bigint', notNull)
      .addColumn('updated_at', 'bigint', notNull)
      .execute();
    await db.schema.createIndex('stock_parts_code_idx').on('stock_parts').columns(['run_id', 'code_key']).unique().execute();

    await withId(db.schema.createTable('stock_sheets'), dialect)
      .addColumn('run_id', 'integer', (c) => c.notNull().references('runs.id').onDelete('cascade'))
      .addColumn('kind', 'varchar(4)', notNull)
      .addColumn('number', 'varchar(32)', notNull)
      .addColumn('in_type', 'varchar(8)')
      .addColumn('date', 'varchar(10)', notNull)
      .addColumn('reorder_date', 'varchar(10)')
      .addColumn('handler', 'varchar(50)', notNull)
      .addColumn('recipient', 'varchar(50)')
      .addColumn('remark', 'varchar(500)')
      .addColumn('mtce_record_id', 'integer', (c) => c.references('mtce_records.id').onDelete('set null'))
      .addColumn('corrects_id', 'integer', (c) => c.references('stock_sheets.id'))
      .addColumn('reason', 'varchar(200)')
      .addColumn('entered_by', 'integer')
      .addColumn('entered_at', 'bigint', notNull)
      .execute();
    await db.schema.createIndex('stock_sheets_number_idx').on('stock_sheets').columns(['run_id', 'kind', 'number']).unique().execute();
    await db.schema.createIndex('stock_sheets_corrects_idx').on('stock_sheets').column('corrects_id').unique().execute();
    await db.schema.createIndex('stock_sheets_run_date_idx').on('stock_sheets').columns(['run_id', 'kind', 'date']).execute();

    await withId(db.schema.createTable('stock_sheet_lines'), dialect)
      .addColumn('sheet_id', 'integer', (c) => c.notNull().references('stock_sheets.id').onDelete('cascade'))
      .addColumn('part_id', 'integer', (c) => c.notNull().references('stock_parts.id'))
      .addColumn('line_no', 'integer', notNull)
      .addColumn('quantity_milli', 'bigint', notNull)
      .execute();
    await db.schema.createIndex('stock_sheet_lines_sheet_idx').on('stock_sheet_lines').columns(['sheet_id', 'line_no']).execute();
    await db.schema.createIndex('stock_sheet_lines_part_idx').on('stock_sheet_lines').column('part_id').execute();

    await withId(db.schema.createTable('stock_moves'), dialect)
      .addColumn('run_id', 'integer', (c) => c.notNull().references('runs.id').onDelete('cascade'))
      .addColumn('part_id', 'integer', (c) => c.notNull().references('stock_parts.id'))
      .addColumn('sheet_id', 'integer', (c) => c.notNull().references('stock_sheets.id'))
      .addColumn('kind', 'varchar(4)', notNull)
      .addColumn('date', 'varchar(10)', notNull)
      .addColumn('quantity_milli', 'bigint', notNull)
      .addColumn('at', 'bigint', notNull)
      .execute();
    await db.schema.createIndex('stock_moves_part_idx').on('stock_moves').columns(['part_id', 'date']).execute();
    await db.schema.createIndex('stock_moves_run_date_idx').on('stock_moves').columns(['run_id', 'kind', 'date']).execute();
  },
};
