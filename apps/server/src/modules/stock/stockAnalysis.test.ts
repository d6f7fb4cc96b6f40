import { adminContract, endpointUrl, RESULT_CODE, stockContract as c } from '@boreline/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRun, buildUser, call, ringRecord, signIn } from '../../../test/factories.js';
import { ADMIN, createTestApp, envelope, type TestApp } from '../../../test/testApp.js';
import { movesOfLines, movesOfSheet, reversalOf, writeSheet } from './ledger.js';

const TZ = 'Europe/Rome';
// Thursday 26 November 2026, 10:00 in Rome (UTC+1): the pace window is 6 to 26 November.
const NOW = Date.UTC(2026, 10, 26, 9, 0);
/** An instant of a November day in Rome. */
const rome = (day: number, hour: number) => Date.UTC(2026, 10, day, hour - 1, 0);
const round3 = (v: number) => Math.round(v * 1000) / 1000;

type CurrentPage = { total: number; records: c.CurrentStockRow[]; counts: Record<string, number>; pace: { days: number; rings: number; plannedRingsPerDay: number | null } };
type ConsumptionPage = { total: number; records: { code: string; used: number; sheets: number; perRing: number | null; perMetre: number | null; per100m3: number | null; perDay: number }[]; work: { rings: number; metres: number; volumeM3: number | null } };
type Detail = {
  used: number;
  byMonth: unknown[];
  byDay: unknown[];
  byZone: unknown[];
  lines: { number: string; date: string; quantity: number }[];
};

async function multipart(parts: [string, string | Buffer][]): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const data = new FormData();
  for (const [name, value] of parts) {
    if (typeof value === 'string') data.append(name, value);
    else data.append(name, new Blob([new Uint8Array(value)]), 'consumption.xlsx');
  }
  const request = new Request('http://localhost/', { method: 'POST', body: data });
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type') ?? '' } };
}

/** A sheet of a workbook as rows of values (from the first column on). */
async function sheetRows(payload: Buffer, index: number): Promise<{ name: string; rows: unknown[][] }> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(new Uint8Array(payload).buffer);
  const sheet = book.worksheets[index];
  if (!sheet) throw new Error('no sheet');
  const rows: unknown[][] = [];
  for (let n = 1; n <= sheet.rowCount; n += 1) rows.push((sheet.getRow(n).values as unknown[]).slice(1));
  return { name: sheet.name, rows };
}

async function workbook(rows: unknown[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Sheet1');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('stock analysis: current stock, consumption, exports and the stmstk import', () => {
  let t: TestApp;
  let writer: string;
  let reader: string;
  let plain: string;
  let stranger: string;
  let runId = 0;
  let copyRunId = 0;
  let otherRunId = 0;
  let userId = 0;
  const parts = { cutter: 0, grease: 0, filter: 0 };
  const copyParts = { cutter: 0, grease: 0 };
  let otherPartId = 0;

  const post = (endpoint: { path: string; base?: string }, payload: object, token: string, lang = 'en_US') => call(t.app, 'POST', endpointUrl(endpoint as never), { token, payload, lang });
  const ok = async <T>(endpoint: { path: string }, payload: object, token: string = reader, lang = 'en_US'): Promise<T> => {
    const body = envelope(await post(endpoint, payload, token, lang));
    expect(body.code, body.msg).toBe(0);
    return body.data as T;
  };
  const upload = async (run: number, file: Buffer, options: { token?: string; lang?: string; mode?: 'all' | 'validOnly' } = {}) => {
    const { payload, headers } = await multipart([['runId', String(run)], ['mode', options.mode ?? 'all'], ['file', file]]);
    return envelope(await t.app.inject({ method: 'POST', url: endpointUrl(c.consumptionImport), payload, headers: { ...headers, authorization: options.token ?? writer, lang: options.lang ?? 'en_US' } }));
  };
  const stockOf = async (partId: number) => Number((await t.db.kysely.selectFrom('stock_parts').select('stock_milli').where('id', '=', partId).executeTakeFirstOrThrow()).stock_milli) / 1000;

  const addPart = async (run: number, name: string, code: string, unit: string, system: string, warning: number, leadTime: number | null) => {
    const row = await t.db.kysely
      .insertInto('stock_parts')
      .values({ run_id: run, name, code, code_key: code.toLowerCase(), unit, system, component: null, spec: null, location: null, warning_milli: warning * 1000, lead_time_days: leadTime, remark: null, created_by: null, created_at: NOW, updated_at: NOW })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  };
  let sheetNo = 0;
  const sheet = async (run: number, kind: 'in' | 'out', date: string, lines: [number, number][], extra: { reorderDate?: string; correctsId?: number; recipient?: string } = {}) => {
    sheetNo += 1;
    const milli = lines.map(([partId, q]) => ({ partId, quantityMilli: Math.round(q * 1000) }));
    let moves = movesOfLines(kind, date, milli);
    if (extra.correctsId !== undefined) moves = [...reversalOf(await movesOfSheet(t.db.kysely, extra.correctsId)), ...moves];
    const { sheetId } = await writeSheet(
      t.db.kysely,
      {
        runId: run,
        kind,
        number: `${kind.toUpperCase()}-${sheetNo}`,
        inType: kind === 'in' ? 'restock' : null,
        date,
        reorderDate: extra.reorderDate ?? null,
        handler: 'Store keeper',
        recipient: kind === 'out' ? (extra.recipient ?? 'Fitter') : null,
        remark: kind === 'out' ? `Shift ${sheetNo}` : null,
        mtceRecordId: null,
        correctsId: extra.correctsId ?? null,
        reason: extra.correctsId !== undefined ? 'Counted again' : null,
        enteredBy: null,
        enteredAt: NOW,
      },
      milli,
      moves,
    );
    return sheetId;
  };

  beforeAll(async () => {
    t = await createTestApp({}, { now: () => NOW });
    const sa = await signIn(t.app, ADMIN.email, ADMIN.password, { ip: '10.93.0.1' });
    const admin = async (endpoint: { path: string }, payload: object) => {
      const body = envelope(await call(t.app, 'POST', `/server_main${endpoint.path}`, { token: sa, payload }));
      expect(body.code, body.msg).toBe(0);
      return Number((body.data as { id?: number }).id);
    };
    const root = ((envelope(await call(t.app, 'POST', endpointUrl(adminContract.orgQuery), { token: sa, payload: {} })).data as { id: number }[])[0]?.id) ?? 1;
    const group = await admin(adminContract.orgAdd, { parentId: root, name: 'Tunnel contractor', type: 'company', sort: 1 });
    const other = await admin(adminContract.orgAdd, { parentId: root, name: 'Other contractor', type: 'company', sort: 2 });
    runId = await buildRun(t.db, group, { projectName: 'Metro M6', tbmCode: 'TBM M6', timeZone: TZ });
    copyRunId = await buildRun(t.db, group, { projectName: 'Metro M6 east', tbmCode: 'TBM M6E', timeZone: TZ });
    otherRunId = await buildRun(t.db, other, { timeZone: TZ });
    const codes = ['stock.record.read', 'stock.record.write', 'stock.part.write'];
    for (const orgId of [group, other]) await admin(adminContract.orgResourcesEdit, { orgId, codes });
    const role = async (orgId: number, name: string, roleCodes: string[]) => {
      const id = await admin(adminContract.roleAdd, { name, kind: 'custom', orgId, sort: 1 });
      await admin(adminContract.roleResourcesUpdate, { roleId: id, codes: roleCodes });
      return id;
    };
    const writers = await role(group, 'Store keepers', codes);
    const readers = await role(group, 'Store readers', ['stock.record.read']);
    const strangers = await role(other, 'Other store', codes);
    const userIn = async (orgId: number, roleIds: number[], ip: string, nickname: string) => {
      const user = await buildUser(t.db, { nickname });
      await t.db.kysely.updateTable('users').set({ org_id: orgId }).where('id', '=', user.id).execute();
      if (roleIds.length > 0) await admin(adminContract.userAssignRoles, { userId: user.id, roleIds });
      return { id: user.id, token: await signIn(t.app, user.phone, user.password, { ip }) };
    };
    const w = await userIn(group, [writers], '10.93.0.2', 'Anna Store');
    writer = w.token;
    userId = w.id;
    reader = (await userIn(group, [readers], '10.93.0.3', 'Reader')).token;
    plain = (await userIn(group, [], '10.93.0.4', 'Plain')).token;
    stranger = (await userIn(other, [strangers], '10.93.0.5', 'Stranger')).token;

    // The machine: a 6 m bore, 5 rings a day planned; 4 rings of 1.5 m in the week of the 20th.
    await t.db.kysely.insertInto('tbm_info').values({ run_id: runId, excavation_diameter: 6, updated_by: null, updated_at: NOW }).execute();
    await t.db.kysely.insertInto('project_info').values({ run_id: runId, planned_rings_per_day: 5, updated_by: null, updated_at: NOW }).execute();
    const rings: [number, number][] = [
      [20, 12],
      [20, 18],
      [23, 12],
      [24, 12],
    ];
    await t.db.kysely
      .insertInto('rings')
      .values(rings.map(([day, hour], i) => ringRecord(runId, i + 1, rome(day, hour) - 3 * 3_600_000, rome(day, hour), { start_chainage: 1000 + 1.5 * i, end_chainage: 1000 + 1.5 * (i + 1) })))
      .execute();
    // A fault zone from 1003.5 m: rings 3 and 4 end inside it.
    await t.db.kysely
      .insertInto('risk_points')
      .values({ run_id: runId, code: 'R1', position: 1, name: 'Fault zone', start_chainage: 1003.5, end_chainage: 1010, remark: null, settlement_level: null, vibration_level: null, description: null, notified_state: null, created_by: null, created_at: NOW, updated_at: NOW })
      .execute();

    parts.cutter = await addPart(runId, 'Disc cutter 17"', 'DC-17', 'pc', 'Cutterhead', 0, 10);
    parts.grease = await addPart(runId, 'Tail-seal grease', 'TSG-1', 'kg', 'Shield', 150, null);
    parts.filter = await addPart(runId, 'Hydraulic filter', 'HF-2', 'pc', 'Hydraulics', 0, null);
    // Ordered 7 and 9 days before delivery: the grease's lead time is learnt as 8 days.
    await sheet(runId, 'in', '2026-11-02', [
      [parts.cutter, 20],
      [parts.grease, 300],
    ], { reorderDate: '2026-10-26' });
    await sheet(runId, 'in', '2026-11-12', [[parts.grease, 100]], { reorderDate: '2026-11-03' });
    await sheet(runId, 'out', '2026-11-20', [
      [parts.cutter, 4],
      [parts.grease, 120],
    ]);
    await sheet(runId, 'out', '2026-11-23', [
      [parts.cutter, 2],
      [parts.grease, 90.5],
    ]);
    // 50 kg issued on the 24th, corrected to 40 kg: only the 40 count.
    const wrong = await sheet(runId, 'out', '2026-11-24', [[parts.grease, 50]]);
    await sheet(runId, 'out', '2026-11-24', [[parts.grease, 40]], { correctsId: wrong });

    // The second run holds the same parts with stock enough for the round trip.
    copyParts.cutter = await addPart(copyRunId, 'Disc cutter 17"', 'DC-17', 'pc', 'Cutterhead', 0, 10);
    copyParts.grease = await addPart(copyRunId, 'Tail-seal grease', 'TSG-1', 'kg', 'Shield', 150, null);
    await sheet(copyRunId, 'in', '2026-11-01', [
      [copyParts.cutter, 50],
      [copyParts.grease, 500],
    ], { reorderDate: '2026-10-20' });

    otherPartId = await addPart(otherRunId, 'Secret gasket', 'SG-9', 'pc', 'Segments', 0, null);
  });
  afterAll(() => t.close());

  it('shows the current stock below the line first, with pace, days of cover and suggested line computed by hand', async () => {
    const page = await ok<CurrentPage>(c.currentPage, { runId });
    expect(page.records.map((r) => r.code)).toEqual(['TSG-1', 'DC-17', 'HF-2']);
    expect(page.counts).toEqual({ all: 3, outOfStock: 1, inStock: 2, belowLine: 1 });
    expect(page.pace).toEqual({ days: 21, rings: 4, plannedRingsPerDay: 5 });

    const grease = page.records[0] as c.CurrentStockRow;
    // 400 kg in, 120 + 90.5 + 40 out.
    expect(grease.stock).toBe(149.5);
    expect(grease.belowLine).toBe(true);
    expect(grease.leadTimeUsed).toBe(8);
    expect(grease.lastIn).toBe('2026-11-12');
    expect(grease.lastOut).toBe('2026-11-24');
    // 250.5 kg over 21 days and 4 rings.
    expect(grease.perDay).toBe(round3(250.5 / 21));
    expect(grease.perRing).toBe(62.625);
    expect(grease.daysOfCover).toBe(round3(149.5 / (250.5 / 21)));
    // σ over the 21 days (three days of use, 18 idle): √(Σx²/21 − mean²).
    const mean = 250.5 / 21;
    const sigma = Math.sqrt((120 ** 2 + 90.5 ** 2 + 40 ** 2) / 21 - mean ** 2);
    // 62.625 kg a ring × 5 rings a day × 8 days + 1.65 σ √8.
    expect(grease.suggestedLine).toBe(round3(2505 + 1.65 * sigma * Math.sqrt(8)));
    expect(grease.suggestedLine).toBeGreaterThan(2600);

    const cutter = page.records[1] as c.CurrentStockRow;
    expect(cutter.stock).toBe(14);
    expect(cutter.leadTimeUsed).toBe(10);
    expect(cutter.perRing).toBe(1.5);
    // 14 cutters at 6 in 21 days: 49 days.
    expect(cutter.daysOfCover).toBe(49);

    const filter = page.records[2] as c.CurrentStockRow;
    expect(filter).toMatchObject({ stock: 0, outOfStock: true, perDay: 0, perRing: null, daysOfCover: null, suggestedLine: null, leadTimeUsed: null });

    expect((await ok<CurrentPage>(c.currentPage, { runId, availability: 'outOfStock' })).records.map((r) => r.code)).toEqual(['HF-2']);
    expect((await ok<CurrentPage>(c.currentPage, { runId, availability: 'inStock' })).records.map((r) => r.code)).toEqual(['TSG-1', 'DC-17']);
    expect((await ok<CurrentPage>(c.currentPage, { runId, keyword: 'cutter' })).records.map((r) => r.code)).toEqual(['DC-17']);
    const paged = await ok<CurrentPage>(c.currentPage, { runId, page: 2, pageSize: 2 });
    expect({ total: paged.total, codes: paged.records.map((r) => r.code) }).toEqual({ total: 3, codes: ['HF-2'] });
  });

  it('normalises consumption by rings, metres and volume, corrections included, most used first', async () => {
    const page = await ok<ConsumptionPage>(c.consumptionPage, { runId, from: '2026-11-20', to: '2026-11-25' });
    // 4 rings, 6 m of a 6 m bore: 6 × π × 3² m³.
    const volume = round3(6 * Math.PI * 9);
    expect(page.work).toMatchObject({ rings: 4, metres: 6, volumeM3: volume });
    expect(page.records).toEqual([
      expect.objectContaining({ code: 'TSG-1', used: 250.5, sheets: 3, perRing: 62.625, perMetre: 41.75, per100m3: round3(25050 / volume), perDay: 41.75 }),
      expect.objectContaining({ code: 'DC-17', used: 6, sheets: 2, perRing: 1.5, perMetre: 1, per100m3: round3(600 / volume), perDay: 1 }),
    ]);
    // A day without rings: use but nothing to normalise by.
    const idle = await ok<ConsumptionPage>(c.consumptionPage, { runId, from: '2026-11-21', to: '2026-11-22' });
    expect(idle.records).toEqual([]);
    expect(idle.work).toMatchObject({ rings: 0, metres: 0 });
  });

  it('details one part per month, per day against rings and per risk zone, with its lines newest first', async () => {
    const detail = await ok<Detail>(c.consumptionDetail, { runId, partId: parts.grease, from: '2026-11-01', to: '2026-11-26' });
    expect(detail.used).toBe(250.5);
    expect(detail.byMonth).toEqual([{ month: '2026-11', used: 250.5, rings: 4, metres: 6, perRing: 62.625 }]);
    expect(detail.byDay).toEqual([
      { date: '2026-11-20', used: 120, rings: 2 },
      { date: '2026-11-23', used: 90.5, rings: 1 },
      { date: '2026-11-24', used: 40, rings: 1 },
    ]);
    // The 20th ends at 1003 m (outside); the 23rd and 24th inside the fault zone.
    expect(detail.byZone).toEqual([
      { zone: 'Fault zone', used: 130.5, rings: 2, perRing: 65.25 },
      { zone: null, used: 120, rings: 2, perRing: 60 },
    ]);
    expect(detail.lines.map((l) => [l.date, l.quantity])).toEqual([
      ['2026-11-24', 40],
      ['2026-11-23', 90.5],
      ['2026-11-20', 120],
    ]);
  });

  it('refuses callers without the code, another tenant, and another run’s part', async () => {
    for (const [endpoint, payload] of [
      [c.currentPage, { runId }],
      [c.consumptionPage, { runId }],
      [c.consumptionDetail, { runId, partId: parts.grease }],
      [c.currentExport, { runId }],
      [c.consumptionExport, { runId }],
    ] as const) {
      expect(envelope(await post(endpoint, payload, plain)).code).toBe(RESULT_CODE.forbidden);
      const foreign = await post(endpoint, payload, stranger);
      expect(envelope(foreign).code).toBe(RESULT_CODE.forbidden);
      expect(foreign.body).not.toContain('grease');
    }
    // The stranger's own part named at our run, and ours at theirs: not found / no permission.
    const theirs = envelope(await post(c.consumptionDetail, { runId, partId: otherPartId }, reader));
    expect(theirs).toMatchObject({ code: RESULT_CODE.business, msg: 'This part does not exist in this project' });
    expect(JSON.stringify(theirs)).not.toContain('Secret');
    expect(envelope(await post(c.consumptionDetail, { runId: otherRunId, partId: parts.grease }, stranger, 'de_AT'))).toMatchObject({
      code: RESULT_CODE.business,
      msg: 'Dieses Ersatzteil gibt es in diesem Projekt nicht',
    });
    // Importing needs the write code.
    const file = await workbook([['Part name', 'Part number', 'Quantity', 'Date']]);
    expect((await upload(runId, file, { token: reader })).code).toBe(RESULT_CODE.forbidden);
    expect((await upload(runId, file, { token: stranger })).code).toBe(RESULT_CODE.forbidden);
    // A period over the limit is refused.
    expect(envelope(await post(c.consumptionPage, { runId, from: '2024-01-01', to: '2026-11-26' }, reader))).toMatchObject({ code: RESULT_CODE.business, msg: 'The period can be at most 732 days' });
  });

  it('exports the current stock in the caller’s language, and answers "no data" when nothing matches', async () => {
    const response = await post(c.currentExport, { runId }, reader, 'it_IT');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('giacenza-attuale_TBM-M6_20261126.xlsx');
    const { name, rows } = await sheetRows(response.rawPayload, 0);
    expect(name).toBe('Giacenza attuale');
    const header = rows[3] as unknown[];
    expect(header.slice(0, 7)).toEqual(['Codice ricambio', 'Nome ricambio', 'Unità', 'Sistema', 'Giacenza', 'Soglia di allerta', 'Soglia suggerita']);
    expect(rows.slice(4).map((r) => [r[0], r[4], r[13] ?? null])).toEqual([
      ['TSG-1', 149.5, 'Sotto la soglia di allerta'],
      ['DC-17', 14, null],
      ['HF-2', 0, 'Esaurito'],
    ]);
    for (const [lang, text] of [
      ['en_US', 'No data can be exported now'],
      ['zh_CN', '暂无可导出的数据'],
    ] as const) {
      const none = await post(c.currentExport, { runId, keyword: 'nothing like this' }, reader, lang);
      expect(none.headers['content-disposition']).toBeUndefined();
      expect(envelope(none)).toMatchObject({ code: RESULT_CODE.business, msg: text });
    }
    expect(envelope(await post(c.consumptionExport, { runId, from: '2026-11-21', to: '2026-11-22' }, reader))).toMatchObject({ code: RESULT_CODE.business, msg: 'No data can be exported now' });
  });

  it('round trip in German: the consumption export imports into a second run, which then shows the same consumption', async () => {
    const period = { from: '2026-11-20', to: '2026-11-25' };
    const response = await post(c.consumptionExport, { runId, ...period }, reader, 'de_AT');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('Verbrauch_TBM-M6_20261120_20261125.xlsx');
    const lines = await sheetRows(response.rawPayload, 0);
    expect(lines.name).toBe('Lagerausgänge');
    expect(lines.rows[0]).toEqual(['Teilename', 'Teilenummer', 'Einheit', 'Menge', 'Datum', 'Bemerkung']);
    expect(lines.rows.slice(1).map((r) => [r[1], r[3], r[4]])).toEqual([
      ['DC-17', 4, '2026-11-20'],
      ['TSG-1', 120, '2026-11-20'],
      ['DC-17', 2, '2026-11-23'],
      ['TSG-1', 90.5, '2026-11-23'],
      ['TSG-1', 40, '2026-11-24'],
    ]);
    const figures = await sheetRows(response.rawPayload, 1);
    expect(figures.name).toBe('Verbrauch je Teil');
    expect(figures.rows.flat()).toContain('Verbrauch pro Ring');

    const report = await upload(copyRunId, response.rawPayload, { lang: 'de_AT' });
    expect(report.code, report.msg).toBe(0);
    expect(report.data).toMatchObject({ imported: 5, refused: [] });
    const original = await ok<ConsumptionPage>(c.consumptionPage, { runId, ...period });
    const copy = await ok<ConsumptionPage>(c.consumptionPage, { runId: copyRunId, ...period });
    expect(copy.records.map((r) => [r.code, r.used, r.sheets])).toEqual(original.records.map((r) => [r.code, r.used, r.sheets]));
    expect(await stockOf(copyParts.grease)).toBe(500 - 250.5);
    // One stock-out per date, issued and received by the importing user.
    const sheets = await t.db.kysely.selectFrom('stock_sheets').select(['date', 'recipient', 'handler', 'entered_by']).where('run_id', '=', copyRunId).where('kind', '=', 'out').orderBy('date').execute();
    expect(sheets.map((s) => s.date)).toEqual(['2026-11-20', '2026-11-23', '2026-11-24']);
    expect(sheets.every((s) => s.recipient === 'Anna Store' && s.handler === 'Anna Store' && s.entered_by === userId)).toBe(true);
  });

  /** A file with one good row (5) among bad ones: unknown part, 'abc', more than the stock, a future date, a wrong name. */
  const badFile = () =>
    workbook([
      ['Part name', 'Part number', 'Unit', 'Quantity', 'Date', 'Remark'],
      ['Mystery part', 'XX-1', 'pc', 1, '2026-11-25', null],
      ['Tail-seal grease', 'TSG-1', 'kg', 'abc', '2026-11-25', null],
      ['Disc cutter 17"', 'DC-17', 'pc', 10, '2026-11-25', 'first'],
      ['Disc cutter 17"', 'dc-17', 'pc', 5, '2026-11-25', 'second: only 4 left'],
      ['Tail-seal grease', 'TSG-1', 'kg', 1, '2026-11-25', 'fine'],
      ['Tail-seal grease', 'TSG-1', 'kg', 1, '2026-12-01', 'next week'],
      ['Disk cutter', 'DC-17', 'pc', 1, '2026-11-25', null],
    ]);

  it('refuses a bad file with its rows named, all or nothing', async () => {
    const before = { cutter: await stockOf(parts.cutter), grease: await stockOf(parts.grease) };
    const wrongHeader = await upload(runId, await workbook([['Something', 'Else'], ['a', 'b']]));
    expect(wrongHeader.code).toBe(RESULT_CODE.business);
    expect(wrongHeader.msg).toContain('Part number');

    const file = await badFile();
    const refused = await upload(runId, file);
    expect(refused.code, refused.msg).toBe(0);
    const data = refused.data as { imported: number; refused: { row: number; column: string | null; message: string }[] };
    expect(data.imported).toBe(0);
    expect(data.refused.map((r) => r.row)).toEqual([2, 3, 5, 7, 8]);
    const message = (row: number) => data.refused.find((r) => r.row === row)?.message ?? '';
    expect(message(2)).toContain('XX-1');
    expect(data.refused.find((r) => r.row === 3)?.column).toBe('Quantity');
    expect(message(5)).toBe('More than the stock left of Disc cutter 17" (DC-17): 4');
    expect(message(7)).toBe('The date cannot be in the future');
    expect(message(8)).toContain('Disc cutter 17"');
    expect({ cutter: await stockOf(parts.cutter), grease: await stockOf(parts.grease) }).toEqual(before);

    // In German, the same refusal names the part in German words.
    const german = await upload(runId, file, { lang: 'de_AT' });
    const germanRows = (german.data as { refused: { row: number; message: string }[] }).refused;
    expect(germanRows.find((r) => r.row === 5)?.message).toBe('Mehr als der verbleibende Bestand von Disc cutter 17" (DC-17): 4');
    expect({ cutter: await stockOf(parts.cutter), grease: await stockOf(parts.grease) }).toEqual(before);
  });

  it('takes the valid rows only when asked, as one stock-out for their date', async () => {
    const before = { cutter: await stockOf(parts.cutter), grease: await stockOf(parts.grease) };
    const valid = await upload(runId, await badFile(), { mode: 'validOnly' });
    expect(valid.data).toMatchObject({ imported: 2 });
    expect(await stockOf(parts.cutter)).toBe(before.cutter - 10);
    expect(await stockOf(parts.grease)).toBe(before.grease - 1);
    const day = await ok<ConsumptionPage>(c.consumptionPage, { runId, from: '2026-11-25', to: '2026-11-25' });
    expect(day.records.map((r) => [r.code, r.used])).toEqual([
      ['DC-17', 10],
      ['TSG-1', 1],
    ]);
    const sheets = await t.db.kysely.selectFrom('stock_sheets').select(['remark']).where('run_id', '=', runId).where('kind', '=', 'out').where('date', '=', '2026-11-25').execute();
    expect(sheets).toEqual([{ remark: 'first; fine' }]);
  });
});
