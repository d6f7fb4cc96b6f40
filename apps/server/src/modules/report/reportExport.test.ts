import { endpointUrl, periodReportContract } from '@boreline/contracts';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/factories.js';
import { envelope } from '../../../test/testApp.js';
import { octoberDrive, reportWorld, type ReportWorld } from './ringReport.fixture.js';

const NO_SESSION = '';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The values of a row from the first column, as a user reads them. */
const rowValues = (sheet: ExcelJS.Worksheet, row: number, columns: number) => Array.from({ length: columns }, (_, i) => sheet.getRow(row).getCell(i + 1).value);

/** The label-value pairs of a sheet's first two columns. */
function pairsOf(sheet: ExcelJS.Worksheet): Map<string, unknown> {
  const pairs = new Map<string, unknown>();
  sheet.eachRow((row) => {
    const label = row.getCell(1).value;
    if (typeof label === 'string') pairs.set(label, row.getCell(2).value);
  });
  return pairs;
}

/**
 * Minutes of an Excel duration (days since 30/12/1899, shown as [h]:mm). exceljs reads a number with
 * a time format back as a Date on that epoch.
 */
const minutesOf = (value: unknown) => Math.round((value instanceof Date ? (value.getTime() - Date.UTC(1899, 11, 30)) / 86_400_000 : Number(value)) * 24 * 60);
const minutes = (cell: ExcelJS.Cell) => minutesOf(cell.value);
const hoursOf = (value: unknown) => minutesOf(value) / 60;

describe('report export (/u/web/report/export/v1)', () => {
  let w: ReportWorld;
  let dayShiftReport = 0;

  const exportReport = (payload: object, token: string = w.reader, lang = 'en_US') =>
    call(w.t.app, 'POST', endpointUrl(periodReportContract.reportExport), { token, payload, lang });
  const workbookOf = async (response: LightMyRequestResponse) => {
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.headers['content-type']).toBe(XLSX);
    const book = new ExcelJS.Workbook();
    // exceljs declares its own Buffer type; a copy as a plain ArrayBuffer satisfies it.
    await book.xlsx.load(new Uint8Array(response.rawPayload).buffer);
    return book;
  };
  const sheetOf = (book: ExcelJS.Workbook, name: string) => {
    const sheet = book.getWorksheet(name);
    if (!sheet) throw new Error(`no sheet ${name}: ${book.worksheets.map((s) => s.name).join(', ')}`);
    return sheet;
  };

  beforeAll(async () => {
    w = await reportWorld('10.82.0', { projectName: 'Metro M4', tbmCode: 'M4-L3' });
    dayShiftReport = await octoberDrive(w);
  });
  afterAll(() => w.t.close());

  it('answers code 1 without a session and code 2 without the resource or for a run of another organization', async () => {
    const input = { report: 'ring', runId: w.runId, ringStart: 100, ringEnd: 110 };
    expect(envelope(await exportReport(input, NO_SESSION)).code).toBe(1);
    expect(envelope(await exportReport(input, w.plain)).code).toBe(2);
    expect(envelope(await exportReport({ ...input, runId: w.otherRunId })).code).toBe(2);
    expect(envelope(await exportReport({ report: 'year', runId: w.runId, date: '2026-10-14' })).code).toBe(3);
  });

  it('exports a ring range in German: headers, dates on the Rome clock, durations and numbers', async () => {
    const response = await exportReport({ report: 'ring', runId: w.runId, ringStart: 101, ringEnd: 104 }, w.reader, 'de_AT');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="ring-report_M4-L3_101-104.xlsx"; filename*=UTF-8''ring-report_M4-L3_101-104.xlsx`);
    const book = await workbookOf(response);
    const sheet = sheetOf(book, 'Ringe');
    expect(rowValues(sheet, 1, 1)).toEqual(['Ringbericht']);
    expect(rowValues(sheet, 2, 2)).toEqual(['Projekt', 'Metro M4']);
    expect(rowValues(sheet, 3, 2)).toEqual(['TBM', 'M4-L3']);
    expect(rowValues(sheet, 4, 2)).toEqual(['Ringe', '101 – 104']);
    expect(rowValues(sheet, 5, 2)).toEqual(['Zeitzone', 'Europe/Rome']);
    expect(rowValues(sheet, 7, 10)).toEqual(['Ring', 'Beginn', 'Ende', 'Dauer', 'Vortrieb', 'Ringbau', 'Warten', 'Anfangsstation', 'Endstation', 'Vortriebskraft Mittel (kN)']);
    expect(sheet.getRow(7).cellCount).toBe(31);
    // Ring 101 ran from 22:00 on the 13th to 01:00 on the 14th in Rome (20:00–23:00 UTC).
    const ring = sheet.getRow(8);
    expect(rowValues(sheet, 8, 3)).toEqual([101, '13/10/2026 22:00', '14/10/2026 01:00']);
    expect(minutes(ring.getCell(4))).toBe(180);
    expect(ring.getCell(4).numFmt).toBe('[h]:mm');
    expect(minutes(ring.getCell(5))).toBe(120);
    expect(minutes(ring.getCell(6))).toBe(60);
    expect(ring.getCell(8).value).toBe(1150.25);
    expect(ring.getCell(8).numFmt).toBe('0.000');
    expect(ring.getCell(10).value).toBe(12345.6);
    expect(ring.getCell(10).numFmt).toBe('0.0');
    expect(rowValues(sheet, 11, 1)).toEqual([104]);
    expect(sheet.rowCount).toBe(11);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 7 });
    expect(sheet.pageSetup).toMatchObject({ paperSize: 9, orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0 });
  });

  it('refuses ring ranges the ring report refuses, and an empty range, in the caller language', async () => {
    expect(envelope(await exportReport({ report: 'ring', runId: w.runId, ringStart: 120, ringEnd: 110 }))).toMatchObject({ code: 3, msg: 'The start ring must not be above the end ring' });
    expect(envelope(await exportReport({ report: 'ring', runId: w.runId, ringStart: 1, ringEnd: 2001 }))).toMatchObject({ code: 3, msg: 'A ring report can hold at most 2000 rings' });
    expect(envelope(await exportReport({ report: 'ring', runId: w.runId, ringStart: 120, ringEnd: 110 }, w.reader, 'it_IT')).msg).toBe("L'anello iniziale non può essere superiore all'anello finale");
    expect(envelope(await exportReport({ report: 'ring', runId: w.runId, ringStart: 500, ringEnd: 600 }))).toMatchObject({ code: 3, msg: 'No data can be exported now' });
  });

  it('answers "No data can be exported now" for a period without rings, states or shift reports', async () => {
    for (const report of ['day', 'day2', 'week', 'month']) {
      expect(envelope(await exportReport({ report, runId: w.runId, date: '2026-01-10' }))).toMatchObject({ code: 3, msg: 'No data can be exported now' });
    }
  });

  it('exports a month: summary, days, shifts, rings and stop reasons', async () => {
    const response = await exportReport({ report: 'month', runId: w.runId, date: '2026-10-20' });
    expect(response.headers['content-disposition']).toContain('filename="monthly-report_M4-L3_2026-10.xlsx"');
    const book = await workbookOf(response);
    expect(book.worksheets.map((s) => s.name)).toEqual(['Summary', 'Days', 'Shifts', 'Rings', 'Stop reasons', 'Alarms']);
    const summary = sheetOf(book, 'Summary');
    expect(rowValues(summary, 1, 1)).toEqual(['Monthly report']);
    const figures = pairsOf(summary);
    expect(figures.get('Period')).toBe('01/10/2026 – 31/10/2026');
    expect(figures.get('Planned rings')).toBe(248);
    expect(figures.get('Rings built')).toBe(6);
    expect(figures.get('Length driven (m)')).toBe(9);
    expect(figures.get('Rings built since the start')).toBe(7);
    expect(figures.get('Progress')).toBeCloseTo(7 / 400);
    expect(hoursOf(figures.get('Time without machine data'))).toBe(715);
    expect(figures.get('Average advance speed (mm/min)')).toBe(40);
    const days = sheetOf(book, 'Days');
    expect(rowValues(days, 7, 4)).toEqual(['Date', 'Planned rings', 'Rings', 'Length (m)']);
    expect(days.rowCount).toBe(7 + 31);
    expect(rowValues(days, 7 + 14, 4)).toEqual(['14/10/2026', 8, 3, 4.5]);
    const reasons = sheetOf(book, 'Stop reasons');
    expect(rowValues(reasons, 8, 1)).toEqual(['Power failure']);
    expect(sheetOf(book, 'Rings').rowCount).toBe(7 + 6);
  });

  it('exports a day with its shifts and the stop reasons ranked, the unexplained standby named', async () => {
    const response = await exportReport({ report: 'day', runId: w.runId, date: '2026-10-14' });
    expect(response.headers['content-disposition']).toContain('filename="daily-report_M4-L3_2026-10-14.xlsx"');
    const book = await workbookOf(response);
    expect(book.worksheets.map((s) => s.name)).toEqual(['Summary', 'Shifts', 'Rings', 'Stop reasons', 'Alarms']);
    const shifts = sheetOf(book, 'Shifts');
    expect(rowValues(shifts, 9, 7)).toEqual(['14/10/2026', 'Day shift', '14/10/2026 07:00', '14/10/2026 19:00', 'Foreman B', 9, 1]);
    expect(minutes(shifts.getRow(9).getCell(11))).toBe(11 * 60);
    const reasons = sheetOf(book, 'Stop reasons');
    expect(rowValues(reasons, 7, 4)).toEqual(['Stop reason', 'Duration', 'Share', 'Count']);
    expect([8, 9, 10, 11].map((r) => reasons.getRow(r).getCell(1).value)).toEqual(['Mechanical breakdown', 'Segment supply', 'Muck removal', 'Not explained']);
    expect(minutes(reasons.getRow(8).getCell(2))).toBe(240);
    expect(reasons.getRow(8).getCell(3).numFmt).toBe('0.0%');
  });

  it('exports the second daily layout on one A4 portrait page', async () => {
    const response = await exportReport({ report: 'day2', runId: w.runId, date: '2026-10-14' }, w.reader, 'de_AT');
    expect(response.headers['content-disposition']).toContain('filename="daily-summary_M4-L3_2026-10-14.xlsx"');
    const book = await workbookOf(response);
    expect(book.worksheets.map((s) => s.name)).toEqual(['Tagesübersicht']);
    const sheet = sheetOf(book, 'Tagesübersicht');
    expect(sheet.pageSetup).toMatchObject({ paperSize: 9, orientation: 'portrait', fitToPage: true, fitToWidth: 1, fitToHeight: 1 });
    expect(rowValues(sheet, 1, 1)).toEqual(['Tägliche Vortriebsübersicht']);
    const texts: string[] = [];
    sheet.eachRow((row) => row.eachCell((cell) => texts.push(String(cell.value))));
    expect(texts).toEqual(expect.arrayContaining(['Kennzahlen', 'Gebaute Ringe', 'Schichten', 'Stillstandsgründe', 'Foreman B', 'Mechanische Störung', 'Nicht begründet']));
    expect(rowValues(sheet, 4, 2)).toEqual(['Datum', '14/10/2026']);
    // Key figures sit in merged label cells; their values are in the fourth column.
    let rings: unknown = null;
    sheet.eachRow((row) => {
      if (row.getCell(1).value === 'Gebaute Ringe') rings = row.getCell(4).value;
    });
    expect(rings).toBe(3);
  });

  it('exports a shift report: main fields, records and statistics', async () => {
    const response = await exportReport({ report: 'shift', runId: w.runId, shiftRecId: dayShiftReport });
    expect(response.headers['content-disposition']).toContain('filename="shift-report_M4-L3_2026-10-14_1.xlsx"');
    const book = await workbookOf(response);
    expect(book.worksheets.map((s) => s.name)).toEqual(['Shift report', 'Records', 'Statistics']);
    const main = pairsOf(sheetOf(book, 'Shift report'));
    expect(main.get('Shift leader')).toBe('Foreman B');
    expect(main.get('Headcount')).toBe(9);
    expect(main.get('Start')).toBe('14/10/2026 07:00');
    expect(main.get('Machine status')).toBe('Advance');
    const records = sheetOf(book, 'Records');
    expect(records.rowCount).toBe(7 + 6);
    expect(rowValues(records, 8, 4)).toEqual(['Stop', 'Segment supply', '14/10/2026 07:00', '14/10/2026 09:00']);
    expect(rowValues(records, 12, 2)).toEqual(['Stop', 'Not explained']);
    const stats = pairsOf(sheetOf(book, 'Statistics'));
    expect(hoursOf(stats.get('Stop time'))).toBe(11);
    expect(hoursOf(stats.get('Process time'))).toBe(1);
    expect(stats.get('Stops without a reason')).toBe(1);
    expect(stats.get('Rings built')).toBe(1);
    expect(hoursOf(stats.get('Waiting time'))).toBe(11);
    expect(envelope(await exportReport({ report: 'shift', runId: w.runId, shiftRecId: 999_999 }))).toMatchObject({ code: 3, msg: 'This shift report does not exist or was deleted' });
  });

  it('answers a weekly export with the week from Monday', async () => {
    const response = await exportReport({ report: 'week', runId: w.runId, date: '2026-10-14' });
    expect(response.headers['content-disposition']).toContain('filename="weekly-report_M4-L3_2026-10-12_2026-10-18.xlsx"');
    const book = await workbookOf(response);
    expect(sheetOf(book, 'Days').rowCount).toBe(7 + 7);
    expect(hoursOf(pairsOf(sheetOf(book, 'Summary')).get('Advance time'))).toBe(12);
  });
});
