import { endpointUrl, statisticContract as c } from '@boreline/contracts';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/factories.js';
import { envelope } from '../../../test/testApp.js';
import { octoberDrive, ringTagStats, rome, type StatWorld, statisticWorld, T1, T2, T3 } from './statistic.fixture.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const rowValues = (sheet: ExcelJS.Worksheet, row: number, columns: number) => Array.from({ length: columns }, (_, i) => sheet.getRow(row).getCell(i + 1).value);
/** Hours of an Excel duration (exceljs reads a number with a time format back as a Date on 30/12/1899). */
const hoursOf = (value: unknown) => Math.round((value instanceof Date ? (value.getTime() - Date.UTC(1899, 11, 30)) / 86_400_000 : Number(value)) * 24 * 60) / 60;

describe('ring statistics (/u/web/statistic/getRingStats/v1) and their export (/u/web/statistic/exportRingDataStats/v1)', () => {
  let w: StatWorld;
  const byRing = (ringStart: number, ringEnd: number) => ({ by: 'ring', ringStart, ringEnd });
  const query = (extra: object = {}) => ({ runId: w.runId, view: 'historyTable', range: byRing(1, 7), tags: [T1, T2, T3], ...extra });
  const stats = async (payload: object, lang = 'en_US') => envelope(await call(w.t.app, 'POST', endpointUrl(c.ringStats), { token: w.reader, payload, lang }));
  const statsOf = async (payload: object) => {
    const body = await stats(payload);
    expect(body.code, body.msg).toBe(0);
    return body.data as c.RingStats;
  };
  const exportOf = (payload: object, lang = 'en_US') => call(w.t.app, 'POST', endpointUrl(c.exportRingStats), { token: w.reader, payload, lang });
  const workbookOf = async (response: LightMyRequestResponse) => {
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.headers['content-type']).toBe(XLSX);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(new Uint8Array(response.rawPayload).buffer);
    return book;
  };

  beforeAll(async () => {
    w = await statisticWorld('10.92.0');
    await octoberDrive(w);
    await ringTagStats(w);
  });
  afterAll(() => w.t.close());

  it('gives each ring its times, chainage and min / mean / max per tag, whatever layout its statistics were stored with', async () => {
    const result = await statsOf(query());
    expect(result).toMatchObject({ timeZone: 'Europe/Rome', total: 7, page: 1, pageSize: 50 });
    expect(result.rows.map((r) => [r.ringNo, r.stats])).toEqual([
      [1, [[10100, 15100, 20100], [1, 1.5, 2.25], [20, 31, 41]]],
      [2, [[10200, 15200, 20200], [2, 2.5, 3.25], [20, 32, 42]]],
      // No speed while ring 3 advanced; ring 7 has no statistics yet.
      [3, [[10300, 15300, 20300], [3, 3.5, 4.25], null]],
      [4, [[10400, 15400, 20400], [4, 4.5, 5.25], [20, 34, 44]]],
      [5, [[10500, 15500, 20500], [5, 5.5, 6.25], [20, 35, 45]]],
      [6, [[10600, 15600, 20600], [6, 6.5, 7.25], [20, 36, 46]]],
      [7, [null, null, null]],
    ]);
    expect(result.rows[3]).toMatchObject({ ringNo: 4, start: rome(10, 14, 6), end: rome(10, 14, 16), durationMs: 10 * 3_600_000, waitingMs: 7 * 3_600_000, startChainage: 1995.5, endChainage: 1994, speedAvg: 30 });
    // Lowest min, mean of the rings' means, highest max — over the rings that have values.
    expect(result.overall).toEqual([
      [10100, 15350, 20600],
      [1, 4, 7.25],
      [20, 33.6, 46],
    ]);
  });

  it('selects the rings a chainage range passes through, on a drive towards falling chainage', async () => {
    const result = await statsOf(query({ range: { by: 'chainage', chainageStart: 1994.2, chainageEnd: 1996 } }));
    expect(result.rows.map((r) => r.ringNo)).toEqual([3, 4]);
    expect(result.total).toBe(2);
    expect(result.overall[0]).toEqual([10300, 15350, 20400]);
  });

  it('keeps only rings within the duration filter, and computes the overall figures over them', async () => {
    const result = await statsOf(query({ minDurationMinutes: 300, maxDurationMinutes: 480 }));
    expect(result.rows.map((r) => [r.ringNo, r.durationMs / 3_600_000])).toEqual([
      [3, 5],
      [5, 8],
    ]);
    expect((await statsOf(query({ minDurationMinutes: 301 }))).rows.map((r) => r.ringNo)).toEqual([4, 5]);
    expect((await statsOf(query({ minDurationMinutes: 301 }))).overall[1]).toEqual([4, 5, 6.25]);
  });

  it("sorts by a tag's statistic with rings without a value last, in either order, and pages", async () => {
    const desc = await statsOf(query({ sort: 'tag', sortTag: T3, sortStat: 'max', order: 'desc' }));
    expect(desc.rows.map((r) => r.ringNo)).toEqual([6, 5, 4, 2, 1, 3, 7]);
    const asc = await statsOf(query({ sort: 'tag', sortTag: T3, sortStat: 'avg', order: 'asc' }));
    expect(asc.rows.map((r) => r.ringNo)).toEqual([1, 2, 4, 5, 6, 3, 7]);
    const slowest = await statsOf(query({ sort: 'durationMs', order: 'desc', page: 2, pageSize: 2 }));
    expect(slowest).toMatchObject({ total: 7, page: 2, pageSize: 2 });
    // 10 h, 8 h | 5 h, 4 h (ring 6 before ring 7 on the tie) | …
    expect(slowest.rows.map((r) => r.ringNo)).toEqual([3, 6]);
    // Overall figures cover every ring, not the page.
    expect(slowest.overall).toEqual((await statsOf(query())).overall);
    expect((await statsOf(query({ page: 9 }))).rows).toEqual([]);
  });

  it('refuses a tag the machine does not record, by name', async () => {
    expect(await stats(query({ tags: [T1, 'cutterhead.speed'] }))).toMatchObject({ code: 3, msg: 'This machine records no parameter cutterhead.speed' });
    expect(await stats(query({ tags: ['no.such'] }), 'de_AT')).toMatchObject({ code: 3, msg: 'Diese Maschine zeichnet keinen Parameter no.such auf' });
  });

  it('exports every selected ring (all pages) in German with times on the Rome clock and tag names with units', async () => {
    const response = await exportOf(query({ tags: [T1, T3], page: 2, pageSize: 2, sort: 'ringNo', order: 'desc' }), 'de_AT');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="ring-statistics_M4-L3_1-7.xlsx"; filename*=UTF-8''ring-statistics_M4-L3_1-7.xlsx`);
    const book = await workbookOf(response);
    const sheet = book.getWorksheet('Ringe');
    if (!sheet) throw new Error(`no sheet: ${book.worksheets.map((s) => s.name).join(', ')}`);
    expect(rowValues(sheet, 1, 1)).toEqual(['Ringstatistik']);
    expect(rowValues(sheet, 2, 2)).toEqual(['Projekt', 'Metro M4']);
    expect(rowValues(sheet, 4, 2)).toEqual(['Ringe', '1 – 7']);
    expect(rowValues(sheet, 5, 2)).toEqual(['Zeitzone', 'Europe/Rome']);
    expect(rowValues(sheet, 7, 16)).toEqual([
      'Ring',
      'Beginn',
      'Ende',
      'Dauer',
      'Vortrieb',
      'Ringbau',
      'Warten',
      'Anfangsstation',
      'Endstation',
      'Vortriebsgeschwindigkeit Mittel (mm/min)',
      'Schild Gesamtvortriebskraft Min. (kN)',
      'Schild Gesamtvortriebskraft Mittel (kN)',
      'Schild Gesamtvortriebskraft Max. (kN)',
      'Vortriebsgeschwindigkeit Min. (mm/min)',
      'Vortriebsgeschwindigkeit Mittel (mm/min)',
      'Vortriebsgeschwindigkeit Max. (mm/min)',
    ]);
    // All seven rings, in the query's order (ring number, descending), not the page of two.
    const rings = Array.from({ length: 7 }, (_, i) => sheet.getRow(8 + i).getCell(1).value);
    expect(rings).toEqual([7, 6, 5, 4, 3, 2, 1]);
    // Ring 2: 22:00 on the 13th to 01:00 on the 14th in Rome (20:00–23:00 UTC).
    const ring2 = sheet.getRow(13);
    expect(rowValues(sheet, 13, 3)).toEqual([2, '13/10/2026 22:00', '14/10/2026 01:00']);
    expect(hoursOf(ring2.getCell(4).value)).toBe(3);
    expect([ring2.getCell(8).value, ring2.getCell(9).value, ring2.getCell(10).value]).toEqual([1998.5, 1997, 40]);
    expect(rowValues(sheet, 13, 16).slice(10)).toEqual([10200, 15200, 20200, 20, 32, 42]);
    expect(rowValues(sheet, 12, 16).slice(13)).toEqual([null, null, null]);
  });

  it('exports a chainage range and its duration filter, and answers code 3 when nothing is selected', async () => {
    const book = await workbookOf(await exportOf(query({ range: { by: 'chainage', chainageStart: 1994.2, chainageEnd: 1996 }, minDurationMinutes: 60 })));
    const sheet = book.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    expect(rowValues(sheet, 4, 2)).toEqual(['Chainage range', '1+994.200 – 1+996.000']);
    expect(rowValues(sheet, 5, 2)).toEqual(['Ring duration (min)', '≥ 60']);
    expect([sheet.getRow(9).getCell(1).value, sheet.getRow(10).getCell(1).value, sheet.getRow(11).getCell(1).value]).toEqual([3, 4, null]);
    const none = envelope(await exportOf(query({ range: byRing(500, 510) })));
    expect(none).toMatchObject({ code: 3, msg: 'No data can be exported now' });
    expect(envelope(await exportOf(query({ range: byRing(500, 510) }), 'zh_CN')).code).toBe(3);
  });
});
