import { adminContract, endpointUrl, mtceContentContract as content, mtcePlanContract as plan, RESULT_CODE } from '@boreline/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRun, buildUser, call, signIn } from '../../../test/factories.js';
import { ADMIN, createTestApp, envelope, type TestApp } from '../../../test/testApp.js';

type Plan = plan.MaintenancePlan;

const TZ = 'Europe/Rome';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// Monday 23 November 2026, 10:00 in Rome (UTC+1).
const MONDAY_10 = Date.UTC(2026, 10, 23, 9, 0);

/** The sheet of an export: its name, header row and data rows (values from the first column on). */
async function sheetOf(payload: Buffer): Promise<{ name: string; header: unknown[]; rows: unknown[][] }> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(new Uint8Array(payload).buffer);
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  const values = (row: number) => (sheet.getRow(row).values as unknown[]).slice(1);
  const rows: unknown[][] = [];
  for (let n = 4; n <= sheet.rowCount; n += 1) rows.push(values(n));
  return { name: sheet.name, header: values(3), rows };
}

describe('maintenance: the plan list export (plan page and content page)', () => {
  let t: TestApp;
  const clock = MONDAY_10;
  let writer: string;
  let reader: string;
  let plain: string;
  let stranger: string;
  let runId = 0;
  let otherRunId = 0;

  const post = (input: object, token: string, lang = 'en_US') => call(t.app, 'POST', endpointUrl(plan.mtcePlanExport), { token, payload: input, lang });
  const add = async (fields: object): Promise<Plan> => {
    const body = envelope(
      await call(t.app, 'POST', endpointUrl(plan.mtcePlanAdd), {
        token: writer,
        payload: { runId, cycle: 'weekly', component: null, items: [], remark: null, ...fields },
        lang: 'en_US',
      }),
    );
    expect(body.code, body.msg).toBe(0);
    return body.data as Plan;
  };

  beforeAll(async () => {
    t = await createTestApp({}, { now: () => clock });
    const sa = await signIn(t.app, ADMIN.email, ADMIN.password, { ip: '10.96.0.1' });
    const admin = async (endpoint: { path: string }, payload: object) => {
      const body = envelope(await call(t.app, 'POST', `/server_main${endpoint.path}`, { token: sa, payload }));
      expect(body.code, body.msg).toBe(0);
      return Number((body.data as { id?: number }).id);
    };
    const root = ((envelope(await call(t.app, 'POST', endpointUrl(adminContract.orgQuery), { token: sa, payload: {} })).data as { id: number }[])[0]?.id) ?? 1;
    const group = await admin(adminContract.orgAdd, { parentId: root, name: 'Tunnel contractor', type: 'company', sort: 1 });
    const other = await admin(adminContract.orgAdd, { parentId: root, name: 'Other contractor', type: 'company', sort: 2 });
    runId = await buildRun(t.db, group, { projectName: 'Metro M5', tbmCode: 'TBM M5', timeZone: TZ });
    otherRunId = await buildRun(t.db, other, { timeZone: TZ });
    const codes = ['maintenance.plan.read', 'maintenance.plan.write', 'maintenance.record.read', 'maintenance.record.write'];
    for (const orgId of [group, other]) await admin(adminContract.orgResourcesEdit, { orgId, codes });
    const role = async (orgId: number, name: string, roleCodes: string[]) => {
      const id = await admin(adminContract.roleAdd, { name, kind: 'custom', orgId, sort: 1 });
      await admin(adminContract.roleResourcesUpdate, { roleId: id, codes: roleCodes });
      return id;
    };
    const writers = await role(group, 'Maintenance staff', codes);
    const readers = await role(group, 'Maintenance readers', ['maintenance.plan.read']);
    const strangers = await role(other, 'Other staff', codes);
    const userIn = async (orgId: number, roleIds: number[], ip: string) => {
      const user = await buildUser(t.db);
      await t.db.kysely.updateTable('users').set({ org_id: orgId }).where('id', '=', user.id).execute();
      if (roleIds.length > 0) await admin(adminContract.userAssignRoles, { userId: user.id, roleIds });
      return signIn(t.app, user.phone, user.password, { ip });
    };
    writer = await userIn(group, [writers], '10.96.0.2');
    reader = await userIn(group, [readers], '10.96.0.3');
    plain = await userIn(group, [], '10.96.0.4');
    stranger = await userIn(other, [strangers], '10.96.0.5');
  });
  afterAll(() => t.close());

  it('answers "no data" (code 3) in the caller’s language while nothing matches, without a file', async () => {
    for (const [lang, text] of [
      ['en_US', 'No data can be exported now'],
      ['zh_CN', '暂无可导出的数据'],
    ] as const) {
      const response = await post({ runId }, writer, lang);
      expect(response.headers['content-disposition']).toBeUndefined();
      expect(envelope(response)).toMatchObject({ code: RESULT_CODE.business, msg: text });
    }
  });

  it('exports one row per plan the filters keep, headers and texts in the caller’s language, named per RFC 5987', async () => {
    await add({
      title: 'Grease the main bearing',
      cycle: 'daily',
      system: 'Main drive',
      component: 'Main bearing',
      content: 'Grease the main bearing seals',
      items: ['Grease pump pressure', 'Seal leakage'],
      nextTime: MONDAY_10 + 4 * HOUR,
      remark: 'EP2, 6 kg',
    });
    await add({ title: 'Belt scraper', system: 'Belt conveyor', content: 'Check the belt scraper', nextTime: MONDAY_10 + 2 * DAY });
    await add({ title: 'Gearbox oil', system: 'Main drive', content: 'Sample the gearbox oil', nextTime: MONDAY_10 + DAY });

    const response = await post({ runId }, reader, 'it_IT');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="piani-manutenzione_TBM-M5_20261123.xlsx"; filename*=UTF-8''piani-manutenzione_TBM-M5_20261123.xlsx`);
    const sheet = await sheetOf(response.rawPayload);
    expect(sheet.name).toBe('Piani di manutenzione');
    expect(sheet.header.slice(0, 7)).toEqual(['Titolo', 'Ciclo', 'Sistema', 'Componente', 'Contenuto', 'Lista di controllo', 'Attivazione']);
    expect(sheet.header).toContain('Prossima scadenza');
    // Soonest due first, as the plan list shows them; times on the project's clock (Rome).
    expect(sheet.rows.map((r) => r[0])).toEqual(['Grease the main bearing', 'Gearbox oil', 'Belt scraper']);
    const next = sheet.header.indexOf('Prossima scadenza');
    const first = sheet.rows[0] ?? [];
    expect(first.slice(0, 7)).toEqual(['Grease the main bearing', 'Giornaliero', 'Main drive', 'Main bearing', 'Grease the main bearing seals', 'Grease pump pressure\nSeal leakage', 'Calendario']);
    expect(first[next]).toBe('23/11/2026 14:00');
    expect(first).toContain('EP2, 6 kg');

    // The plan page's filters; the content page's catalogue order.
    const drive = await sheetOf((await post({ runId, system: 'Main drive' }, reader)).rawPayload);
    expect(drive.header.slice(0, 3)).toEqual(['Title', 'Cycle', 'System']);
    expect(drive.rows.map((r) => r[0])).toEqual(['Grease the main bearing', 'Gearbox oil']);
    expect((await sheetOf((await post({ runId, keyword: 'scraper' }, reader)).rawPayload)).rows.map((r) => r[0])).toEqual(['Belt scraper']);
    const catalogue = await sheetOf((await post({ runId, order: 'catalogue' }, reader)).rawPayload);
    // By system, part (none first) and content.
    expect(catalogue.rows.map((r) => r[4])).toEqual(['Check the belt scraper', 'Sample the gearbox oil', 'Grease the main bearing seals']);
    // A filter keeping none is "no data" again.
    expect(envelope(await post({ runId, system: 'Cutterhead' }, reader))).toMatchObject({ code: RESULT_CODE.business, msg: 'No data can be exported now' });
    // The content page lists the same plans the export holds.
    const listed = envelope(await call(t.app, 'POST', endpointUrl(content.mtceContentQueryList), { token: reader, payload: { runId }, lang: 'en_US' }));
    expect((listed.data as { total: number }).total).toBe(catalogue.rows.length);
  });

  it('refuses the export without the code or session, and at another tenant’s run, without leaking its plans', async () => {
    expect(envelope(await post({ runId }, plain)).code).toBe(RESULT_CODE.forbidden);
    expect(envelope(await post({ runId }, '')).code).toBe(RESULT_CODE.unauthenticated);
    const foreign = await post({ runId }, stranger);
    expect(envelope(foreign).code).toBe(RESULT_CODE.forbidden);
    expect(foreign.headers['content-disposition']).toBeUndefined();
    expect(foreign.body).not.toContain('Grease');
    // Their own run holds none of these plans.
    expect(envelope(await post({ runId: otherRunId }, stranger)).code).toBe(RESULT_CODE.business);
    // A bad order is refused with the field named.
    const bad = envelope(await post({ runId, order: 'random' }, reader));
    expect(bad.code).toBe(RESULT_CODE.business);
    expect(bad.msg).toContain('Order');
  });
});
