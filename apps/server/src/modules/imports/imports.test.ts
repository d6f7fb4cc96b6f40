import { endpointUrl, importsContract } from '@boreline/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, call, signIn } from '../../../test/factories.js';
import { fixture, workbook, xlsxBomb } from '../../../test/spreadsheets.js';
import { createTestApp, envelope, type TestApp } from '../../../test/testApp.js';
import { TEMPLATE_ROWS } from './templateWorkbook.js';

const checkUrl = endpointUrl(importsContract.importCheck);
const progressUrl = endpointUrl(importsContract.importProgress);

/** A multipart form as a browser sends it: fields in the given order, the file under `file`. */
async function form(parts: [string, string | Buffer][]): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const data = new FormData();
  for (const [name, value] of parts) {
    if (typeof value === 'string') data.append(name, value);
    else data.append(name, new Blob([new Uint8Array(value)]), 'upload.xlsx');
  }
  const request = new Request('http://localhost/', { method: 'POST', body: data });
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type') ?? '' } };
}

describe('imports', () => {
  let t: TestApp;
  let token: string;
  let other: string;

  const check = async (parts: [string, string | Buffer][], lang = 'en_US', auth = token) => {
    const body = await form(parts);
    return envelope(await t.app.inject({ method: 'POST', url: checkUrl, payload: body.payload, headers: { ...body.headers, lang, ...(auth ? { authorization: auth } : {}) } }));
  };

  beforeAll(async () => {
    t = await createTestApp();
    // Any signed-in user: templates and checks read and write no project data.
    const user = await buildUser(t.db);
    token = await signIn(t.app, user.phone, user.password, { ip: '10.76.0.1' });
    const second = await buildUser(t.db);
    other = await signIn(t.app, second.phone, second.password, { ip: '10.76.0.2' });
  });
  afterAll(() => t.close());

  describe('GET /u/web/getFilePath/v1/{kind}', () => {
    it('answers code 1 without a session', async () => {
      expect(envelope(await call(t.app, 'GET', endpointUrl(importsContract.templateStmseg), {})).code).toBe(1);
    });

    it('sends the template in the caller language, its name translated and RFC 5987 encoded', async () => {
      const response = await call(t.app, 'GET', endpointUrl(importsContract.templateStmseg), { token, lang: 'de_AT' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe(importsContract.XLSX_CONTENT_TYPE);
      expect(response.headers['content-disposition']).toBe(`attachment; filename="Importvorlage-Tubbinglage.xlsx"; filename*=UTF-8''Importvorlage%20T%C3%BCbbinglage.xlsx`);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(new Uint8Array(response.rawPayload).buffer);
      expect(book.worksheets[0]?.getRow(TEMPLATE_ROWS.header).getCell(1).value).toBe('Ringnummer *');
      const chinese = await call(t.app, 'GET', endpointUrl(importsContract.templateMtceplan), { token, lang: 'zh_CN' });
      expect(chinese.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('保养计划导入模板.xlsx')}`);
    });
  });

  describe('POST /u/web/import/check/v1', () => {
    it('answers code 1 without a session', async () => {
      expect((await check([['kind', 'stmtail'], ['file', fixture('tailcleance.xlsx')]], 'en_US', '')).code).toBe(1);
    });

    it('answers the dry run of a German sheet, the file sent before the kind', async () => {
      const body = await check([['file', fixture('tailcleance.xlsx')], ['kind', 'tailcleance']], 'de_AT');
      expect(body.code, body.msg).toBe(0);
      expect(body.data).toEqual({ imported: 3, refused: [], notices: ['Ignorierte Spalten: Bemerkung'] });
    });

    it('reports every refused row of a preview, and counts the valid ones in mode validOnly', async () => {
      const file = await workbook([['Ring number', 'Clearance up', 'Clearance down', 'Clearance left', 'Clearance right'], [1, 40, 41, 42, 43], [2, -4, 41, 42, 43], [3, 40, 41, 42, 43]]);
      const all = await check([['kind', 'stmtail'], ['file', file]]);
      expect(all.data).toEqual({ imported: 0, refused: [{ row: 3, column: 'Clearance up', message: 'Please enter an integer of 0 or more' }] });
      const validOnly = await check([['kind', 'stmtail'], ['mode', 'validOnly'], ['file', file]]);
      expect(validOnly.data).toMatchObject({ imported: 2 });
    });

    it('refuses a missing kind, a missing file and a JSON body with code 3', async () => {
      const noKind = await check([['file', fixture('tailcleance.xlsx')]]);
      expect(noKind.code).toBe(3);
      expect(noKind.msg).toBe('Choose what to import: segment attitude, tail gap, tail clearance, maintenance plans, spare-part consumption, tag mapping or ring history');
      expect((await check([['kind', 'stmseg']])).code).toBe(3);
      const json = envelope(await call(t.app, 'POST', checkUrl, { token, payload: { kind: 'stmseg' } }));
      expect(json.code).toBe(3);
    });

    it('refuses a file over the largest limit while it streams, and one over its kind limit', async () => {
      const big = await check([['kind', 'stmseg'], ['file', Buffer.alloc(2 * 1024 * 1024 + 10, 1)]]);
      expect(big).toMatchObject({ code: 3, msg: 'The file is larger than 2 MB' });
      const maintenance = await check([['kind', 'mtceplan'], ['file', Buffer.alloc(600 * 1024, 1)]]);
      expect(maintenance).toMatchObject({ code: 3, msg: 'The file is larger than 500 KB' });
    });

    it('refuses a zip bomb and goes on serving, its memory bounded', async () => {
      const before = process.memoryUsage().rss;
      const bomb = await check([['kind', 'stmseg'], ['file', xlsxBomb()]]);
      expect(bomb).toMatchObject({ code: 3, msg: 'The file unpacks to far more data than a sheet of its size can hold; it was not opened' });
      const lying = await check([['kind', 'stmseg'], ['file', xlsxBomb({ lying: true })]]);
      expect(lying.code).toBe(3);
      expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
      const after = await check([['kind', 'stmseg'], ['file', fixture('stmseg.xls')]]);
      expect(after.data).toEqual({ imported: 3, refused: [] });
    }, 60_000);
  });

  describe('GET /u/web/import/progress/v1', () => {
    it('tells the caller where the upload under its id stands, and no one else', async () => {
      await check([['kind', 'stmstk'], ['progressKey', 'progress-test-01'], ['file', fixture('stmstk.xls')]], 'zh_CN');
      const mine = envelope(await call(t.app, 'GET', `${progressUrl}?key=progress-test-01`, { token }));
      expect(mine.data).toEqual({ phase: 'done', done: 2, total: 2 });
      const theirs = envelope(await call(t.app, 'GET', `${progressUrl}?key=progress-test-01`, { token: other }));
      expect(theirs.data).toEqual({ phase: 'unknown', done: 0, total: null });
      expect(envelope(await call(t.app, 'GET', `${progressUrl}?key=a`, { token })).code).toBe(3);
    });

    it('follows a long upload while it runs, polled as the import dialog does', async () => {
      const rows = Array.from({ length: 20_000 }, (_, i) => [i + 1, 40, 41, 42, 43]);
      const file = await workbook([['Ring number', 'Clearance up', 'Clearance down', 'Clearance left', 'Clearance right'], ...rows]);
      const running = check([['kind', 'stmtail'], ['progressKey', 'progress-test-02'], ['file', file]]);
      const phases: string[] = [];
      let finished = false;
      void running.then(() => (finished = true));
      while (!finished) {
        const progress = envelope(await call(t.app, 'GET', `${progressUrl}?key=progress-test-02`, { token })).data as { phase: string };
        if (phases.at(-1) !== progress.phase) phases.push(progress.phase);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect((await running).data).toEqual({ imported: 20_000, refused: [] });
      expect(phases.some((p) => p === 'reading' || p === 'checking')).toBe(true);
      const last = envelope(await call(t.app, 'GET', `${progressUrl}?key=progress-test-02`, { token })).data;
      expect(last).toEqual({ phase: 'done', done: 20_000, total: 20_000 });
    }, 60_000);
  });
});
