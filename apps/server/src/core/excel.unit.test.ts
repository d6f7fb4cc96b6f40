import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { asciiFileName, attachmentHeader, durationValue, type ExcelColumn, formatInZone, ReportWorkbook, YIELD_EVERY_ROWS, zoneFormatter } from './excel.js';
import { zonedToUtc } from './timeZone.js';

interface Item {
  no: number;
  at: number;
  ms: number;
  share: number;
}

const at = Date.UTC(2026, 9, 14, 20, 5);
const COLUMNS: ExcelColumn<Item>[] = [
  { header: 'report.column.ringNo', width: 9, value: (r) => r.no, format: 'integer' },
  { header: 'report.column.start', width: 17, value: (r) => formatInZone(r.at, 'Asia/Shanghai', 'DD/MM/YYYY HH:mm') },
  { header: 'report.column.duration', width: 10, value: (r) => durationValue(r.ms), format: 'duration' },
  { header: 'report.column.share', width: 8, value: (r) => r.share, format: 'percent' },
];

async function read(buffer: Buffer): Promise<ExcelJS.Workbook> {
  const book = new ExcelJS.Workbook();
  // exceljs declares its own Buffer type; a copy as a plain ArrayBuffer satisfies it.
  await book.xlsx.load(new Uint8Array(buffer).buffer);
  return book;
}

describe('excel', () => {
  it('formats instants on the wall clock of a zone, across daylight-saving changes', () => {
    expect(formatInZone(at, 'Asia/Shanghai', 'DD/MM/YYYY HH:mm')).toBe('15/10/2026 04:05');
    expect(formatInZone(zonedToUtc({ y: 2026, m: 3, d: 29, h: 3, min: 30, s: 0 }, 'Europe/Rome'), 'Europe/Rome', 'DD/MM/YYYY HH:mm:ss')).toBe('29/03/2026 03:30:00');
  });

  it('formats many instants of a zone as Intl does, also over daylight-saving changes of an hour and of half an hour', () => {
    for (const [zone, from] of [
      ['Europe/Rome', Date.UTC(2026, 2, 28)],
      ['Europe/Rome', Date.UTC(2026, 9, 24)],
      ['Australia/Lord_Howe', Date.UTC(2026, 3, 4)],
      ['America/St_Johns', Date.UTC(2026, 2, 7)],
    ] as const) {
      const format = zoneFormatter(zone);
      for (let ts = from; ts < from + 3 * 86_400_000; ts += 7 * 60_000 + 13_000) {
        expect(format(ts, 'DD/MM/YYYY HH:mm:ss')).toBe(formatInZone(ts, zone, 'DD/MM/YYYY HH:mm:ss'));
      }
    }
  });

  it('names downloads with an ASCII file name and the exact one as filename*', () => {
    expect(asciiFileName('ring-report_Tünel Ø3_1-20.xlsx')).toBe('ring-report_Tunel-3_1-20.xlsx');
    expect(attachmentHeader('ring-report_M4-L3_412-600.xlsx')).toBe(`attachment; filename="ring-report_M4-L3_412-600.xlsx"; filename*=UTF-8''ring-report_M4-L3_412-600.xlsx`);
    expect(attachmentHeader('shift-report_盾构1号_2026-10-14_1.xlsx')).toBe(
      `attachment; filename="shift-report_-1-_2026-10-14_1.xlsx"; filename*=UTF-8''shift-report_%E7%9B%BE%E6%9E%841%E5%8F%B7_2026-10-14_1.xlsx`,
    );
  });

  it('streams a sheet with translated headers, formats, widths, a frozen header and A4 page setup', async () => {
    const book = new ReportWorkbook('tr_TR');
    const sheet = book.sheet({ name: 'Halkalar', widths: COLUMNS.map((c) => c.width), orientation: 'landscape', frozenRows: 3, fitTo: { width: 1, height: 0 } });
    sheet.title('Halka raporu');
    sheet.blank();
    await sheet.table(COLUMNS, [{ no: 412, at, ms: 90 * 60_000, share: 0.25 }]);
    sheet.commit();
    const read1 = await read(await book.toBuffer());
    const ws = read1.getWorksheet('Halkalar');
    expect(ws?.getRow(1).getCell(1).value).toBe('Halka raporu');
    expect(ws?.getRow(3).values).toEqual([undefined, 'Halka', 'Başlangıç', 'Süre', 'Pay']);
    expect(ws?.getRow(4).getCell(1).value).toBe(412);
    expect(ws?.getRow(4).getCell(2).value).toBe('15/10/2026 04:05');
    expect(ws?.getRow(4).getCell(3).numFmt).toBe('[h]:mm');
    expect(ws?.getRow(4).getCell(4)).toMatchObject({ value: 0.25, numFmt: '0.0%' });
    expect(ws?.getColumn(2).width).toBe(17);
    expect(ws?.views[0]).toMatchObject({ state: 'frozen', ySplit: 3 });
    expect(ws?.pageSetup).toMatchObject({ paperSize: 9, orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0 });
  });

  it('hands the event loop back while a long table is written', async () => {
    const book = new ReportWorkbook('en_US');
    const sheet = book.sheet({ name: 'Rings', widths: [9, 17, 10, 8], orientation: 'portrait' });
    let ticks = 0;
    let running = true;
    const tick = () => {
      ticks += 1;
      if (running) setImmediate(tick);
    };
    setImmediate(tick);
    const rows = 4 * YIELD_EVERY_ROWS;
    await sheet.table(
      COLUMNS,
      Array.from({ length: rows }, (_, i) => ({ no: i, at, ms: i * 1000, share: 0 })),
    );
    running = false;
    sheet.commit();
    expect(ticks).toBeGreaterThanOrEqual(3);
    const ws = (await read(await book.toBuffer())).getWorksheet('Rings');
    expect(ws?.rowCount).toBe(rows + 1);
  });
});
