import { afterAll, describe, expect, it } from 'vitest';
import { fixture, nestedZip, overlappingZip, PNG_BYTES, workbook, xlsxBomb } from '../../../test/spreadsheets.js';
import { DEFAULT_READER_OPTIONS, SpreadsheetReader, SpreadsheetRefused } from './spreadsheetReader.js';

const MB = 1024 * 1024;
const reader = new SpreadsheetReader();
afterAll(() => reader.close());

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof SpreadsheetRefused) return error.reason;
    throw error;
  }
  throw new Error('the file was read');
}

describe('spreadsheet reader', () => {
  it('reads an .xlsx: numbers, text, dates as wall-clock days, formulas by their result, empty rows left out with the rows numbered as in Excel', async () => {
    const file = await workbook([
      ['Ring', 'Chainage', 'Date', 'Twice'],
      [12, '0+018.000', new Date(Date.UTC(2026, 10, 20)), { formula: 'A2*2', result: 24 }],
      [],
      [13, { richText: [{ text: '  0+019' }, { text: '.500 ', font: { bold: true } }] }, new Date(Date.UTC(2026, 10, 21, 8, 30)), null],
    ]);
    // The first file starts a worker (it loads exceljs), which later files reuse.
    const sheet = await reader.read(file, { maxBytes: 2 * MB });
    expect(sheet.sheetName).toBe('Data');
    expect(sheet.rows).toEqual([
      { row: 1, cells: ['Ring', 'Chainage', 'Date', 'Twice'] },
      { row: 2, cells: [12, '0+018.000', '2026-11-20', 24] },
      { row: 4, cells: [13, '0+019.500', '2026-11-21 08:30'] },
    ]);
  }, 30_000);

  it('reads a legacy .xls made by LibreOffice, its date cells as days', async () => {
    const segments = await reader.read(fixture('stmseg.xls'), { maxBytes: 2 * MB });
    expect(segments.rows[0]?.cells[0]).toBe('Ring number');
    expect(segments.rows.slice(1).map((r) => r.cells)).toEqual([
      [101, '0+151.500', -12, 8, null, 'Standard ring', 1500, 'K3'],
      [102, '0+153.000', -9, 6, 'Checked by survey', 'Standard ring', 1500, 'K5'],
      [103, '0+154.500', 4, -3, null, 'Left turn', 1500, 'K1'],
    ]);
    const stock = await reader.read(fixture('stmstk.xls'), { maxBytes: 2 * MB });
    expect(stock.rows[1]?.cells).toEqual(['17英寸滚刀', 'DS-4410', '把', 2, '2026-11-20']);
  });

  it('refuses by content, not by name: a PNG renamed .xlsx, a zip that is no workbook', async () => {
    expect(await refusal(reader.read(PNG_BYTES, { maxBytes: 2 * MB }))).toBe('notSpreadsheet');
    expect(await refusal(reader.read(Buffer.from('Ring;Chainage\n1;0+001'), { maxBytes: 2 * MB }))).toBe('notSpreadsheet');
  });

  it('refuses a file over the limit before looking inside', async () => {
    const file = await workbook([['Ring'], [1]]);
    expect(await refusal(reader.read(file, { maxBytes: file.length - 1 }))).toBe('tooLarge');
  });

  it('refuses a 1.8 MB workbook inflating to 512 MB on its numbers alone, with the process alive and its memory flat', async () => {
    const bomb = xlsxBomb();
    expect(bomb.length).toBeGreaterThan(1.7 * MB);
    expect(bomb.length).toBeLessThan(2 * MB);
    const before = process.memoryUsage();
    expect(await refusal(reader.read(bomb, { maxBytes: 2 * MB }))).toBe('bomb');
    const after = process.memoryUsage();
    expect(after.rss - before.rss).toBeLessThan(32 * MB);
    expect(after.heapUsed - before.heapUsed).toBeLessThan(32 * MB);
    expect(await reader.read(await workbook([['Ring'], [7]]), { maxBytes: 2 * MB })).toMatchObject({ rows: [{ row: 1 }, { row: 2, cells: [7] }] });
  });

  it('refuses a bomb whose directory understates its size once the worker inflates past it, never holding more than the declared bytes', async () => {
    const bomb = xlsxBomb({ lying: true });
    const before = process.memoryUsage();
    expect(await refusal(reader.read(bomb, { maxBytes: 2 * MB }))).toBe('bomb');
    // A worker's heap and the declared 8 MB at most, nowhere near the 512 MB the sheet holds.
    expect(process.memoryUsage().rss - before.rss).toBeLessThan(160 * MB);
  });

  it('refuses entries sharing bytes and archives inside the archive', async () => {
    expect(await refusal(reader.read(overlappingZip(), { maxBytes: 2 * MB }))).toBe('unreadable');
    expect(await refusal(reader.read(nestedZip(), { maxBytes: 2 * MB }))).toBe('nested');
  });

  it('answers a worker that runs out of memory with a refusal and keeps reading other files', async () => {
    const tight = new SpreadsheetReader({ ...DEFAULT_READER_OPTIONS, heapMb: 16, pool: { ...DEFAULT_READER_OPTIONS.pool, size: 1 } });
    try {
      const rows = Array.from({ length: 25_000 }, (_, i) => [i, `ring ${i} remark that takes some room in memory`, i * 1.5]);
      const big = await workbook([['Ring', 'Remark', 'Metres'], ...rows]);
      expect(await refusal(tight.read(big, { maxBytes: 8 * MB }))).toBe('memory');
      expect((await tight.read(await workbook([['Ring'], [1]]), { maxBytes: 2 * MB })).rows).toHaveLength(2);
    } finally {
      await tight.close();
    }
  }, 60_000);

  it('ends a worker over its time limit, and refuses files beyond the queue while busy', async () => {
    const slow = new SpreadsheetReader({ ...DEFAULT_READER_OPTIONS, pool: { ...DEFAULT_READER_OPTIONS.pool, size: 1, queueMax: 1, timeoutMs: 1 } });
    try {
      const file = await workbook([['Ring'], [1]]);
      const reads = [slow.read(file, { maxBytes: 2 * MB }), slow.read(file, { maxBytes: 2 * MB }), slow.read(file, { maxBytes: 2 * MB })];
      const reasons = await Promise.all(reads.map(refusal));
      expect(reasons.sort()).toEqual(['busy', 'timeout', 'timeout']);
    } finally {
      await slow.close();
    }
  }, 60_000);

  it('hands rows over in batches while it reads a long sheet', async () => {
    const rows = Array.from({ length: 2_500 }, (_, i) => [i]);
    const batches: number[] = [];
    const info = await reader.stream(await workbook([['Ring'], ...rows]), { maxBytes: 2 * MB, onRows: (batch) => batches.push(batch.rows().length) });
    expect(info).toEqual({ sheetName: 'Data', sheetCount: 1, rows: 2_501 });
    expect(batches).toEqual([500, 500, 500, 500, 500, 1]);
  }, 30_000);
});
