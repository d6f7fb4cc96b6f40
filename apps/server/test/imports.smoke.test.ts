import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltServer, startBuiltServer } from './builtServer.js';
import { fixture, xlsxBomb } from './spreadsheets.js';

/**
 * The built server reads spreadsheets with the worker of its own bundle (`dist/spreadsheet.worker.js`,
 * exceljs for .xlsx, SheetJS for .xls), refuses a bomb and keeps serving.
 */
describe('built server: spreadsheet imports (smoke)', () => {
  let server: BuiltServer;
  let token = '';

  const check = async (kind: string, file: Buffer, name: string) => {
    const form = new FormData();
    form.append('kind', kind);
    form.append('file', new Blob([new Uint8Array(file)]), name);
    const response = await fetch(`${server.origin}/server_project/u/web/import/check/v1`, { method: 'POST', headers: { authorization: token, lang: 'en_US' }, body: form });
    return (await response.json()) as { code: number; msg: string; data: unknown };
  };

  beforeAll(async () => {
    server = await startBuiltServer({ CAPTCHA_TEST_ANSWER: 'SMOKE1' });
    const password = /Password \(shown this once[^:]*\): (\S+)/.exec(server.output())?.[1] ?? '';
    const state = 'smoke-imports-0123456789';
    await fetch(`${server.origin}/server_main/g/web/sys/getKaptcha/?state=${state}`);
    const login = await fetch(`${server.origin}/server_main/g/web/sys/login/v1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', lang: 'en_US' },
      body: JSON.stringify({ account: 'admin@boreline.local', password, state, captcha: 'SMOKE1' }),
    });
    token = ((await login.json()) as { data: { token: string } }).data.token;
  });

  afterAll(() => server.stop());

  it('sends a template', async () => {
    const response = await fetch(`${server.origin}/server_project/u/web/getFilePath/v1/stmtail`, { headers: { authorization: token, lang: 'it_IT' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain("filename*=UTF-8''Modello%20di%20importazione%20Luce%20di%20coda.xlsx");
    expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(1000);
  });

  it('checks an .xlsx and a legacy .xls in its worker, refuses a zip bomb and goes on', async () => {
    expect(await check('tailcleance', fixture('tailcleance.xlsx'), 'tailcleance.xlsx')).toMatchObject({ code: 0, data: { imported: 3, refused: [] } });
    expect(await check('stmseg', fixture('stmseg.xls'), 'stmseg.xls')).toMatchObject({ code: 0, data: { imported: 3, refused: [] } });
    expect(await check('stmseg', xlsxBomb({ lying: true }), 'bomb.xlsx')).toMatchObject({ code: 3 });
    expect(await check('stmstk', fixture('stmstk.xls'), 'stmstk.xls')).toMatchObject({ code: 0, data: { imported: 2 } });
  });
});
