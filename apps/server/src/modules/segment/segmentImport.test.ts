import { endpointUrl, importsContract, RESULT_CODE, segmentContract as c } from '@boreline/contracts';
import { translate } from '@boreline/i18n';
import ExcelJS from 'exceljs';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '../../../test/spreadsheets.js';
import { envelope } from '../../../test/testApp.js';
import { TEMPLATE_ROWS } from '../imports/index.js';
import { type Body, type Endpoint, fieldSays, multipart, queryOf, segmentWorld, type SegmentWorld } from './segment.fixture.js';

type Report = c.SegmentImportReport;
type Pose = c.SegmentPose;
type Gap = c.TailGap;
type Clearance = c.TailClearance;
type Page<T> = { total: number; records: T[] };
type Cell = string | number | null;

const MB = 1024 * 1024;

describe('segment imports and exports: templates in the caller language, legacy .xls, duplicates, missing rings, size limit', () => {
  let w: SegmentWorld;
  let runId = 0;

  const download = async (kind: 'stmseg' | 'stmtail' | 'tailcleance', lang: string): Promise<ExcelJS.Workbook> => {
    const response = await w.t.app.inject({ method: 'GET', url: endpointUrl(importsContract.TEMPLATE_ENDPOINTS[kind]), headers: { authorization: w.writer, lang } });
    expect(response.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    return book;
  };
  /** The template filled in: its example row overwritten, the rows below it. */
  const fill = async (book: ExcelJS.Workbook, rows: readonly (readonly Cell[])[]): Promise<Buffer> => {
    const sheet = book.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    const width = sheet.getRow(TEMPLATE_ROWS.header).cellCount;
    rows.forEach((values, i) => {
      const row = sheet.getRow(TEMPLATE_ROWS.example + i);
      for (let col = 1; col <= width; col += 1) row.getCell(col).value = values[col - 1] ?? null;
      row.commit();
    });
    return Buffer.from(await book.xlsx.writeBuffer());
  };
  const upload = async (endpoint: Endpoint, file: Buffer, form: { ringStart: number | string; ringEnd: number | string; duplicates?: string; mode?: string; runId?: number }, options: { token?: string; lang?: string; fileName?: string } = {}): Promise<Body> => {
    const { payload, headers } = await multipart(
      [
        ['runId', String(form.runId ?? runId)],
        ['ringStart', String(form.ringStart)],
        ['ringEnd', String(form.ringEnd)],
        ['duplicates', form.duplicates ?? 'ask'],
        ['mode', form.mode ?? 'all'],
        ['file', file],
      ],
      options.fileName,
    );
    return envelope(await w.t.app.inject({ method: 'POST', url: endpointUrl(endpoint), payload, headers: { ...headers, authorization: options.token ?? w.writer, lang: options.lang ?? 'en_US' } }));
  };
  const imported = async (endpoint: Endpoint, file: Buffer, form: Parameters<typeof upload>[2], options: Parameters<typeof upload>[3] = {}): Promise<Report> => {
    const body = await upload(endpoint, file, form, options);
    expect(body.code, body.msg).toBe(0);
    return body.data as Report;
  };
  const poses = async (from: number, to: number) => (await w.ok<Page<Pose>>(c.segmentList, { runId, ringStart: from, ringEnd: to, pageSize: 200 })).records.reverse();
  const exported = async (endpoint: Endpoint, input: object, lang: string) => {
    const response = await w.t.app.inject({ method: 'POST', url: endpointUrl(endpoint), payload: input, headers: { authorization: w.writer, lang } });
    return response;
  };

  beforeAll(async () => {
    w = await segmentWorld('10.95.0');
    runId = w.runId;
  });
  afterAll(() => w.t.close());

  it('imports the Chinese stmseg template filled in: a row outside the range is refused at its row, the missing rings listed, never filled', async () => {
    const book = await download('stmseg', 'zh_CN');
    const header = book.worksheets[0]?.getRow(TEMPLATE_ROWS.header).getCell(1).value;
    expect(header).toBe(`${translate('zh-CN', 'imports.column.ringNo')} *`);
    // Ring, chainage, horizontal, elevation, remark, segment type, ring width, K position.
    const file = await fill(book, [
      [10, '0+015.000', -12, 8, '复测', '标准环', 1500, 'K3'],
      [11, '0+016.500', 65, -4, null, '标准环', 1500, 'K5'],
      [13, 19.5, 4, -130, null, '左转弯环', 1500, 'K1'],
      [14, null, -3, 2, null, null, null, null],
      [30, null, 0, 0, null, null, null, null],
    ]);
    const all = await imported(c.segmentImport, file, { ringStart: 10, ringEnd: 15 }, { lang: 'zh_CN' });
    expect(all).toMatchObject({ imported: 0, refused: [{ row: TEMPLATE_ROWS.example + 4, column: null, message: '第 30 环不在所选范围 10–15 内' }], needsDecision: false, duplicates: [] });
    expect(await poses(0, 100)).toEqual([]);

    const valid = await imported(c.segmentImport, file, { ringStart: 10, ringEnd: 15, mode: 'validOnly' }, { lang: 'zh_CN' });
    expect(valid).toMatchObject({ imported: 4, missingRings: [12, 15], duplicates: [], needsDecision: false, replaced: 0, skipped: 0 });
    expect(valid.refused.map((r) => r.row)).toEqual([TEMPLATE_ROWS.example + 4]);
    const stored = await poses(0, 100);
    expect(stored.map((p) => [p.ringNo, p.chainage, p.horizontalDeviation, p.elevationDeviation, p.kPosition, p.band, p.state, p.source])).toEqual([
      [10, 15, -12, 8, 'K3', 'ok', 'confirmed', 'import'],
      [11, 16.5, 65, -4, 'K5', 'warning', 'confirmed', 'import'],
      [13, 19.5, 4, -130, 'K1', 'alarm', 'confirmed', 'import'],
      [14, null, -3, 2, null, 'ok', 'confirmed', 'import'],
    ]);
    expect(stored[0]).toMatchObject({ remark: '复测', segmentType: '标准环', ringWidth: 1500 });
  });

  it('imports the Turkish stmtail template filled in; rings already stored ask, then skip or replace', async () => {
    const book = await download('stmtail', 'tr_TR');
    expect(book.worksheets[0]?.getRow(TEMPLATE_ROWS.header).getCell(2).value).toBe(`${translate('tr-TR', 'imports.column.clearanceUp')} *`);
    const first = await imported(c.tailImport, await fill(book, [[20, 45, 38, 41, 43], [21, 44, 39, 40, 42]]), { ringStart: 20, ringEnd: 23 }, { lang: 'tr_TR' });
    expect(first).toMatchObject({ imported: 2, missingRings: [22, 23], duplicates: [], needsDecision: false });

    // A draft of the machine on ring 22 is replaced without asking; rings 20 and 21 are asked about.
    await w.t.db.kysely.insertInto('seg_tail_gaps').values({ run_id: runId, ring_no: 22, state: 'draft', source: 'machine', remark: null, updated_by: null, updated_at: Date.now(), gap_up: 1, gap_down: 1, gap_left: 1, gap_right: 1 }).execute();
    const again = async () => fill(await download('stmtail', 'tr_TR'), [[20, 30, 30, 30, 30], [21, 31, 31, 31, 31], [22, 32, 32, 32, 32], [23, 33, 33, 33, 33]]);
    const gaps = async () => (await w.ok<Page<Gap>>(c.tailList, { runId, ringStart: 20, ringEnd: 23 })).records.reverse().map((g) => [g.ringNo, g.up, g.state, g.source]);
    const asked = await imported(c.tailImport, await again(), { ringStart: 20, ringEnd: 23, duplicates: 'ask' }, { lang: 'tr_TR' });
    expect(asked).toMatchObject({ imported: 0, needsDecision: true, duplicates: [20, 21], missingRings: [], replaced: 0, skipped: 0 });
    expect(await gaps()).toEqual([[20, 45, 'confirmed', 'import'], [21, 44, 'confirmed', 'import'], [22, 1, 'draft', 'machine']]);

    const skipped = await imported(c.tailImport, await again(), { ringStart: 20, ringEnd: 23, duplicates: 'skip' });
    expect(skipped).toMatchObject({ imported: 2, needsDecision: false, duplicates: [20, 21], skipped: 2, replaced: 0 });
    expect(await gaps()).toEqual([[20, 45, 'confirmed', 'import'], [21, 44, 'confirmed', 'import'], [22, 32, 'confirmed', 'import'], [23, 33, 'confirmed', 'import']]);

    const replaced = await imported(c.tailImport, await again(), { ringStart: 20, ringEnd: 23, duplicates: 'replace' });
    expect(replaced).toMatchObject({ imported: 4, needsDecision: false, duplicates: [20, 21, 22, 23], replaced: 4, skipped: 0 });
    expect(await gaps()).toEqual([[20, 30, 'confirmed', 'import'], [21, 31, 'confirmed', 'import'], [22, 32, 'confirmed', 'import'], [23, 33, 'confirmed', 'import']]);
  });

  it('imports a legacy .xls (BIFF8, English headers) and the German tail clearance workbook of LibreOffice', async () => {
    const report = await imported(c.segmentImport, fixture('stmseg.xls'), { ringStart: 100, ringEnd: 105 }, { fileName: 'rings.xls' });
    expect(report).toMatchObject({ imported: 3, refused: [], missingRings: [100, 104, 105], duplicates: [] });
    expect((await poses(100, 105)).map((p) => [p.ringNo, p.chainage, p.horizontalDeviation, p.elevationDeviation, p.remark, p.segmentType, p.ringWidth, p.kPosition])).toEqual([
      [101, 151.5, -12, 8, null, 'Standard ring', 1500, 'K3'],
      [102, 153, -9, 6, 'Checked by survey', 'Standard ring', 1500, 'K5'],
      [103, 154.5, 4, -3, null, 'Left turn', 1500, 'K1'],
    ]);
    const german = await imported(c.clearanceImport, fixture('tailcleance.xlsx'), { ringStart: 209, ringEnd: 212 }, { lang: 'de_AT' });
    expect(german).toMatchObject({ imported: 3, refused: [], missingRings: [209] });
    const rows = (await w.ok<Page<Clearance>>(c.clearanceQueryAll, { runId, ringStart: 209, ringEnd: 212 })).records.reverse();
    expect(rows.map((r) => [r.ringNo, r.upBefore, r.rightBefore, r.upAfter, r.rightAfter])).toEqual([
      [210, 52, 40, 48, 41],
      [211, 50, 39, null, null],
      [212, 49, 41, 47, 40],
    ]);

    // The Chinese tail clearance template: an after-build set given in part is refused at its row.
    const book = await download('tailcleance', 'zh_CN');
    const partial = await fill(book, [[220, 50, 40, 45, 45, 48, 42, 44, 46], [221, 50, 40, 45, 45, 48, null, null, null]]);
    const refused = await imported(c.clearanceImport, partial, { ringStart: 220, ringEnd: 221 }, { lang: 'zh_CN' });
    expect(refused).toMatchObject({ imported: 0, refused: [{ row: TEMPLATE_ROWS.example + 1, message: translate('zh-CN', 'imports.rowRule.afterAllOrNone') }] });
    expect((await w.ok<Page<Clearance>>(c.clearanceQueryAll, { runId, ringStart: 220, ringEnd: 221 })).total).toBe(0);
  });

  it('refuses a file of 2 MB + 1 byte by its size; 2 MB exactly is read (and refused only for not being a workbook)', async () => {
    const over = await upload(c.segmentImport, randomBytes(2 * MB + 1), { ringStart: 0, ringEnd: 10 });
    expect(over).toMatchObject({ code: RESULT_CODE.business, msg: 'The file is larger than 2 MB' });
    expect((await upload(c.tailImport, randomBytes(2 * MB + 1), { ringStart: 0, ringEnd: 10 }, { lang: 'zh_CN' })).msg).toBe(translate('zh-CN', 'imports.refused.tooLarge', { size: '2 MB' }));
    const at = await upload(c.clearanceImport, randomBytes(2 * MB), { ringStart: 0, ringEnd: 10 });
    expect(at).toMatchObject({ code: RESULT_CODE.business, msg: 'The file is not an Excel workbook (.xlsx or .xls)' });
  });

  it('holds the import form rules in English and Chinese: start ring below end ring, ring numbers 0 or more', async () => {
    const file = fixture('stmseg.xls');
    for (const [locale, lang] of [['en-US', 'en_US'], ['zh-CN', 'zh_CN']] as const) {
      expect((await upload(c.segmentImport, file, { ringStart: 10, ringEnd: 10 }, { lang })).msg).toBe(fieldSays(locale, 'ringEnd', 'segment.refused.startNotBelowEnd'));
      expect((await upload(c.tailImport, file, { ringStart: 12, ringEnd: 10 }, { lang })).msg).toBe(fieldSays(locale, 'ringEnd', 'segment.refused.startNotBelowEnd'));
      expect((await upload(c.clearanceImport, file, { ringStart: -1, ringEnd: 10 }, { lang })).msg).toBe(fieldSays(locale, 'ringStart', 'validation.nonNegativeInteger'));
      expect((await upload(c.segmentImport, file, { ringStart: 0, ringEnd: 'abc' }, { lang })).msg).toBe(fieldSays(locale, 'ringEnd', 'validation.nonNegativeInteger'));
    }
    // Without the write code, with the read code only, or into another tenant's run: no permission, nothing stored.
    expect((await upload(c.segmentImport, file, { ringStart: 100, ringEnd: 110 }, { token: w.plain })).code).toBe(RESULT_CODE.forbidden);
    expect((await upload(c.tailImport, file, { ringStart: 100, ringEnd: 110 }, { token: w.reader })).code).toBe(RESULT_CODE.forbidden);
    expect((await upload(c.segmentImport, file, { ringStart: 100, ringEnd: 110, runId: w.otherRunId })).code).toBe(RESULT_CODE.forbidden);
    expect((await w.ok<Page<Pose>>(c.segmentList, { runId: w.otherRunId }, w.stranger)).total).toBe(0);
  });

  it('exports in the template columns and the caller language, bands coloured; the export imports again as it is', async () => {
    const response = await exported(c.segmentExport, { runId, ringStart: 10, ringEnd: 14 }, 'zh_CN');
    expect(response.statusCode).toBe(200);
    expect(String(response.headers['content-type'])).toContain('spreadsheetml');
    expect(decodeURIComponent(String(response.headers['content-disposition']))).toContain('TBM-M5_10-14.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const values = (row: number) => (sheet?.getRow(row).values as Cell[]).slice(1);
    expect(values(2)).toEqual([
      `${translate('zh-CN', 'imports.column.ringNo')} *`,
      translate('zh-CN', 'imports.column.chainage'),
      `${translate('zh-CN', 'imports.column.horizontalDeviation')} *`,
      `${translate('zh-CN', 'imports.column.elevationDeviation')} *`,
      translate('zh-CN', 'imports.column.remark'),
      translate('zh-CN', 'imports.column.segmentType'),
      translate('zh-CN', 'imports.column.ringWidth'),
      translate('zh-CN', 'imports.column.kPosition'),
    ]);
    expect(values(3)).toEqual([10, 15, -12, 8, '复测', '标准环', 1500, 'K3']);
    expect(values(5)?.slice(0, 4)).toEqual([13, 19.5, 4, -130]);
    const fillOf = (row: number) => (sheet?.getRow(row).getCell(1).fill as { fgColor?: { argb?: string } } | undefined)?.fgColor?.argb ?? null;
    // Ring 10 ok (plain), ring 11 warning (amber), ring 13 alarm (red).
    expect([fillOf(3), fillOf(4), fillOf(5)]).toEqual([null, 'FFFFF2CC', 'FFF8CBAD']);

    // Imported again as it is (in English this time): the same rings, replaced by the same values.
    const before = await poses(10, 14);
    const again = await imported(c.segmentImport, response.rawPayload, { ringStart: 10, ringEnd: 14, duplicates: 'replace' });
    expect(again).toMatchObject({ imported: 4, refused: [], duplicates: [10, 11, 13, 14], replaced: 4, missingRings: [12] });
    expect((await poses(10, 14)).map(({ id: _id, updatedAt: _at, ...rest }) => rest)).toEqual(before.map(({ id: _id, updatedAt: _at, ...rest }) => rest));

    // The tail datasets in Turkish, imported again too.
    const tail = await exported(c.tailExport, { runId, ringStart: 20, ringEnd: 23 }, 'tr_TR');
    expect(tail.statusCode).toBe(200);
    expect(await imported(c.tailImport, tail.rawPayload, { ringStart: 20, ringEnd: 23, duplicates: 'skip' }, { lang: 'tr_TR' })).toMatchObject({ imported: 0, skipped: 4, duplicates: [20, 21, 22, 23], refused: [] });
    const clearance = await exported(c.clearanceExport, { runId, ringStart: 210, ringEnd: 212 }, 'en_US');
    expect(await imported(c.clearanceImport, clearance.rawPayload, { ringStart: 210, ringEnd: 212, duplicates: 'replace' })).toMatchObject({ imported: 3, replaced: 3, refused: [] });

    // Nothing to export: code 3 in the caller's language; no code: no permission.
    const none = envelope(await exported(c.segmentExport, { runId, ringStart: 5_000, ringEnd: 5_010 }, 'en_US'));
    expect(none).toMatchObject({ code: RESULT_CODE.business, msg: translate('en-US', 'common.notice.noExportData') });
    const denied = envelope(await w.t.app.inject({ method: 'POST', url: endpointUrl(c.clearanceExport), payload: { runId }, headers: { authorization: w.plain } }));
    expect(denied.code).toBe(RESULT_CODE.forbidden);
    expect(queryOf({ ids: [1, 2] })).toBe('ids=1&ids=2');
  });
});
