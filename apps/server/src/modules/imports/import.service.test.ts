import { IMPORT_KINDS, IMPORT_TEMPLATES, type ImportKind } from '@boreline/contracts';
import { translate } from '@boreline/i18n';
import ExcelJS from 'exceljs';
import { sql, type Transaction } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fixture, PNG_BYTES, workbook } from '../../../test/spreadsheets.js';
import { createTestDatabase, type TestDatabase } from '../../../test/testDatabase.js';
import { type Db, openDatabase } from '../../db/database.js';
import { AppError } from '../../core/errors.js';
import { localeOf, t } from '../../core/i18n.js';
import { migrateToLatest } from '../../db/migrate.js';
import type { Database } from '../../db/schema.js';
import { type ImportedRow, ImportRowsRefused, ImportService } from './import.service.js';
import { ImportProgressRepo } from './importProgress.repo.js';
import { importsModule } from './index.js';
import { importReader } from './importReader.js';
import { TEMPLATE_ROWS } from './templateWorkbook.js';

let database: TestDatabase;
let db: Db;
let imports: ImportService;
const reader = importReader();

beforeAll(async () => {
  database = await createTestDatabase();
  db = openDatabase(database.config, () => undefined);
  await migrateToLatest(db, importsModule.migrations);
  // A table standing in for a module's own (segment attitude), written in the import's transaction.
  await db.kysely.schema
    .createTable('import_test_rings')
    .addColumn('ring_no', 'integer', (c) => c.primaryKey())
    .addColumn('horizontal', 'integer', (c) => c.notNull())
    .execute();
  imports = new ImportService(db.kysely, reader, new ImportProgressRepo(db.kysely), pino({ level: 'silent' }));
}, 30_000);

afterAll(async () => {
  await reader.close();
  await db.close();
  await database.drop();
});

const storedRings = async () => (await sql<{ ring_no: number }>`select ring_no from import_test_rings order by ring_no`.execute(db.kysely)).rows.map((r) => Number(r.ring_no));

async function writeRings(rows: readonly ImportedRow<'stmseg'>[], trx: Transaction<Database>) {
  for (const { values } of rows) await sql`insert into import_test_rings (ring_no, horizontal) values (${values.ringNo}, ${values.horizontalDeviation})`.execute(trx);
}

/** The message key and text of a file refused as a whole (code 3). */
async function refusedFile(promise: Promise<unknown>): Promise<{ key: string; msg: string }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError && error.code === 3) return { key: error.messageKey, msg: t('en_US', error.messageKey, error.params) };
    throw error;
  }
  throw new Error('the file was accepted');
}

const SEGMENT_HEADER = ['Ring number', 'Chainage', 'Horizontal deviation (mm)', 'Elevation deviation (mm)', 'Remark'];

/** Six rows of segment attitude; rows 3, 5 and 6 of the sheet are wrong. */
const segmentsWithThreeBadRows = () =>
  workbook([
    SEGMENT_HEADER,
    [101, '0+151.500', -12, 8, null],
    [-1, '0+153.000', -9, 6, null],
    [103, '0+154.500', 4, -3, 'ok'],
    [104, 'km 0.156', 'abc', null, null],
    [101, '0+157.500', 2, 1, 'again'],
    [106, '0+159.000', 0, 0, null],
  ]);

describe('import of a sheet, all or nothing', () => {
  it('refuses a file with three bad rows naming exactly those rows and cells, and writes nothing', async () => {
    await db.kysely.deleteFrom('import_progress').execute();
    const write = vi.fn(writeRings);
    const report = await imports.run({ kind: 'stmseg', file: await segmentsWithThreeBadRows(), language: 'en_US', mode: 'all', write });
    expect(report.imported).toBe(0);
    expect(report.refused).toEqual([
      { row: 3, column: 'Ring number', message: 'Please enter an integer of 0 or more' },
      { row: 5, column: 'Chainage', message: 'Please write the chainage like 12+345.678' },
      { row: 5, column: 'Horizontal deviation (mm)', message: 'Please enter an integer' },
      { row: 5, column: 'Elevation deviation (mm)', message: 'This field is required' },
      { row: 6, column: 'Ring number', message: '101 already appears on row 2' },
    ]);
    expect(new Set(report.refused.map((r) => r.row))).toEqual(new Set([3, 5, 6]));
    expect(write).not.toHaveBeenCalled();
    expect(await storedRings()).toEqual([]);
  });

  it('writes only the valid rows when asked to after a preview, in one transaction', async () => {
    const file = await segmentsWithThreeBadRows();
    const preview = await imports.check({ kind: 'stmseg', file, language: 'en_US', mode: 'validOnly' });
    expect(preview.imported).toBe(3);
    expect(await storedRings()).toEqual([]);
    const report = await imports.run({ kind: 'stmseg', file, language: 'en_US', mode: 'validOnly', write: writeRings });
    expect(report.imported).toBe(3);
    expect(report.refused.map((r) => r.row)).toEqual([3, 5, 5, 5, 6]);
    expect(await storedRings()).toEqual([101, 103, 106]);
    await sql`delete from import_test_rings`.execute(db.kysely);
  });

  it('rolls back what the module wrote when it refuses rows itself', async () => {
    const file = await workbook([SEGMENT_HEADER, [201, null, 1, 1, null], [202, null, 2, 2, null]]);
    const report = await imports.run({
      kind: 'stmseg',
      file,
      language: 'en_US',
      mode: 'all',
      write: async (rows, trx) => {
        await writeRings(rows, trx);
        throw new ImportRowsRefused([{ row: 3, column: 'Ring number', message: 'Ring 202 is already stored' }]);
      },
    });
    expect(report).toEqual({ imported: 0, refused: [{ row: 3, column: 'Ring number', message: 'Ring 202 is already stored' }] });
    expect(await storedRings()).toEqual([]);
  });

  it('answers messages in the caller language with the headers as the file writes them', async () => {
    const file = await workbook([['Numero anello', 'Scostamento orizzontale (mm)', 'Scostamento altimetrico (mm)'], [1, 3000, 2]]);
    const report = await imports.check({ kind: 'stmseg', file, language: 'it_IT', mode: 'all' });
    expect(report.refused).toEqual([{ row: 2, column: 'Scostamento orizzontale (mm)', message: 'Tra -2000 e 2000' }]);
  });
});

describe('headers in any language', () => {
  it('accepts a German header row (LibreOffice .xlsx), ignoring and reporting an unknown column', async () => {
    const report = await imports.check({ kind: 'tailcleance', file: fixture('tailcleance.xlsx'), language: 'de_AT', mode: 'all' });
    expect(report).toEqual({ imported: 3, refused: [], notices: ['Ignorierte Spalten: Bemerkung'] });
  });

  it('accepts a Chinese header row (LibreOffice .xls), dates read as days', async () => {
    const rows: ImportedRow<'stmstk'>[] = [];
    const report = await imports.run({ kind: 'stmstk', file: fixture('stmstk.xls'), language: 'zh_CN', mode: 'all', write: async (r) => void rows.push(...r) });
    expect(report).toEqual({ imported: 2, refused: [] });
    expect(rows).toEqual([
      { row: 2, values: { partName: '17英寸滚刀', partNumber: 'DS-4410', unit: '把', quantity: 2, date: '2026-11-20', remark: null } },
      { row: 3, values: { partName: '主轴承密封', partNumber: 'MB-0032', unit: '件', quantity: 1.5, date: '2026-11-21', remark: '夜班更换' } },
    ]);
  });

  it('reads a legacy .xls with English headers', async () => {
    const report = await imports.check({ kind: 'stmseg', file: fixture('stmseg.xls'), language: 'en_US', mode: 'all' });
    expect(report).toEqual({ imported: 3, refused: [] });
  });

  it('refuses a file lacking a required column, naming it in the caller language', async () => {
    const file = await workbook([['Ring number', 'Horizontal deviation'], [1, 2]]);
    const refusal = await refusedFile(imports.check({ kind: 'stmseg', file, language: 'en_US', mode: 'all' }));
    expect(refusal).toEqual({ key: 'imports.refused.missingColumns', msg: 'Required columns are missing: Elevation deviation (mm)' });
  });

  it('takes maintenance cycles by their name in any language or by code', async () => {
    const rows: ImportedRow<'mtceplan'>[] = [];
    const header = ['Titel', 'Art / Intervall', 'System', 'Inhalt'];
    const file = await workbook([header, ['A', 'Mensile', 'Drive', 'x'], ['B', '每月', 'Drive', 'x'], ['C', 'halfYearly', 'Drive', 'x'], ['D', 'fortnightly', 'Drive', 'x']]);
    const report = await imports.run({ kind: 'mtceplan', file, language: 'en_US', mode: 'validOnly', write: async (r) => void rows.push(...r) });
    expect(rows.map((r) => r.values.cycle)).toEqual(['monthly', 'monthly', 'halfYearly']);
    expect(report.refused).toEqual([
      { row: 5, column: 'Art / Intervall', message: 'Choose one of: Initial, Before use, After use, Daily, Weekly, Monthly, Quarterly, Half-yearly, Yearly' },
    ]);
  });
});

describe('files refused as a whole', () => {
  it('a PNG renamed .xlsx', async () => {
    expect((await refusedFile(imports.check({ kind: 'stmseg', file: PNG_BYTES, language: 'en_US', mode: 'all' }))).key).toBe('imports.refused.notSpreadsheet');
  });

  it('a file over the kind limit (segments: 2 MB), read no further than the limit when streamed', async () => {
    const big = Buffer.alloc(2 * 1024 * 1024 + 1, 0x41);
    expect(await refusedFile(imports.check({ kind: 'stmseg', file: big, language: 'en_US', mode: 'all' }))).toEqual({ key: 'imports.refused.tooLarge', msg: 'The file is larger than 2 MB' });
    const { Readable } = await import('node:stream');
    expect((await refusedFile(imports.check({ kind: 'mtceplan', file: Readable.from([big]), language: 'en_US', mode: 'all' }))).msg).toBe('The file is larger than 500 KB');
  });

  it('a sheet without rows below its header', async () => {
    const file = await workbook([SEGMENT_HEADER]);
    expect((await refusedFile(imports.check({ kind: 'stmseg', file, language: 'en_US', mode: 'all' }))).key).toBe('imports.refused.noRows');
  });

  it('a sheet without a header row', async () => {
    const file = await workbook([['x', 'y'], [1, 2]]);
    expect((await refusedFile(imports.check({ kind: 'stmtail', file, language: 'en_US', mode: 'all' }))).msg).toBe(
      'No header row found; the first rows should name the columns, such as Ring number, Clearance up (mm), Clearance down (mm), Clearance left (mm), Clearance right (mm)',
    );
  });
});

describe('templates', () => {
  async function readBack(kind: ImportKind, language: 'en_US' | 'zh_CN') {
    const { fileName, body } = await imports.template(kind, language);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(new Uint8Array(body).buffer);
    const sheet = book.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    const cells = (n: number) => Object.keys(IMPORT_TEMPLATES[kind].columns).map((_, i) => sheet.getRow(n).getCell(i + 1).value);
    return { fileName, note: String(sheet.getCell(TEMPLATE_ROWS.note, 1).value), header: cells(TEMPLATE_ROWS.header), example: cells(TEMPLATE_ROWS.example), body };
  }

  it.each(IMPORT_KINDS)('%s in English and Chinese: headers, example row and note row, and it imports back', async (kind) => {
    for (const language of ['en_US', 'zh_CN'] as const) {
      const template = await readBack(kind, language);
      const columns = Object.values(IMPORT_TEMPLATES[kind].columns);
      const say = (key: string) => translate(localeOf(language), key);
      expect(template.header).toEqual(columns.map((c) => `${say(c.header)}${c.required ? ' *' : ''}`));
      expect(template.example.every((v) => v !== null && v !== '')).toBe(true);
      expect(template.note.split('\n')[0]).toBe(t(language, 'imports.note.heading'));
      expect(template.note).toContain(t(language, 'imports.note.required'));
      expect(template.fileName).toBe(`${t(language, 'imports.template.fileName', { kind: say(IMPORT_TEMPLATES[kind].title) })}.xlsx`);
      // Downloaded as it is, the sheet holds only its example, which is never imported.
      expect((await refusedFile(imports.check({ kind, file: template.body, language, mode: 'all' }))).key).toBe('imports.refused.noRows');
    }
  });

  it('a template filled in below its example imports the new row and skips the example', async () => {
    const { body } = await imports.template('stmtail', 'en_US');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(new Uint8Array(body).buffer);
    const sheet = book.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    sheet.getRow(TEMPLATE_ROWS.example + 1).values = [301, 40, 41, 42, 43];
    const file = Buffer.from(await book.xlsx.writeBuffer());
    const report = await imports.check({ kind: 'stmtail', file, language: 'en_US', mode: 'all' });
    expect(report).toEqual({ imported: 1, refused: [], notices: [`Row ${TEMPLATE_ROWS.example} is the template's example and was skipped`] });
  });
});

describe('progress', () => {
  it('is recorded under the caller own id and read by no one else', async () => {
    const file = await workbook([SEGMENT_HEADER, [1, null, 0, 0, null], [2, null, 0, 0, null]]);
    await imports.check({ kind: 'stmseg', file, language: 'en_US', mode: 'all', progress: { userId: 7, progressKey: 'upload-0001' } });
    expect(await imports.progressOf(7, 'upload-0001')).toEqual({ phase: 'done', done: 2, total: 2 });
    expect(await imports.progressOf(8, 'upload-0001')).toEqual({ phase: 'unknown', done: 0, total: null });
    await refusedFile(imports.check({ kind: 'stmseg', file: PNG_BYTES, language: 'en_US', mode: 'all', progress: { userId: 7, progressKey: 'upload-0002' } }));
    expect((await imports.progressOf(7, 'upload-0002')).phase).toBe('failed');
  });
});
