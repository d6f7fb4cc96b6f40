import { adminContract, endpointUrl, RESULT_CODE, stockContract as stock } from '@boreline/contracts';
import { type Locale, type MessageKey, type MessageParams, translate } from '@boreline/i18n';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRun, buildUser, call, signIn } from '../../../test/factories.js';
import { ADMIN, createTestApp, envelope, type TestApp } from '../../../test/testApp.js';

type Body = { code: number; msg: string; data: unknown };
type Endpoint = { base: 'main' | 'project'; path: string; method: 'GET' | 'POST' };
type Part = stock.Part;
type Sheet = stock.Sheet;

const TZ = 'Europe/Rome';
// Thursday 26 November 2026, 10:00 in Rome (UTC+1).
const NOW = Date.UTC(2026, 10, 26, 9, 0);
const TODAY = '2026-11-26';

/** The refusal of one field as the server words it in a language. */
const fieldSays = (locale: Locale, field: string, key: MessageKey, params: MessageParams = {}) =>
  translate(locale, 'common.error.fieldInvalid', { field: translate(locale, `field.${field}` as MessageKey), message: translate(locale, key, params) });

describe('stock: parts, stock-in, stock-out, corrections, warnings, ledger', () => {
  let t: TestApp;
  let writer = '';
  let writerId = 0;
  /** stock.record.read only. */
  let reader = '';
  let readerId = 0;
  /** In the organization without any stock code. */
  let plain = '';
  let plainId = 0;
  /** Every stock code, in another organization (another tenant). */
  let stranger = '';
  let runId = 0;
  let otherRunId = 0;
  let otherRecordId = 0;
  let ownRecordId = 0;

  const api = async (endpoint: Endpoint, input: object, token = writer, lang = 'en_US'): Promise<Body> =>
    envelope(await call(t.app, 'POST', endpointUrl(endpoint), { token, payload: input, lang }));
  const ok = async <T>(endpoint: Endpoint, input: object, token = writer): Promise<T> => {
    const body = await api(endpoint, input, token);
    expect(body.code, body.msg).toBe(0);
    return body.data as T;
  };
  const addPart = (fields: object = {}, run = runId, token = writer) => ok<Part>(stock.partAdd, { runId: run, name: 'Disc cutter 17"', code: 'DC-17', unit: 'pcs', system: 'Cutterhead', warningLine: 0, ...fields }, token);
  const stockIn = (overrides: object = {}) => ({
    runId,
    type: 'restock',
    date: TODAY,
    reorderDate: '2026-11-20',
    handler: 'Anna Gruber',
    details: [] as object[],
    ...overrides,
  });
  const stockOut = (overrides: object = {}) => ({ runId, date: TODAY, recipient: 'Marco Bianchi', issuer: 'Anna Gruber', details: [] as object[], ...overrides });
  const partNow = async (id: number) => (await ok<Part[]>(stock.partList, { runId })).find((p) => p.id === id);
  /** The stock warnings about a part a user has received (read or not). */
  const warningsOf = async (userId: number, partId: number) =>
    (
      await t.db.kysely
        .selectFrom('messages')
        .select('id')
        .where('user_id', '=', userId)
        .where('type', '=', 'stockWarning')
        .where('object_kind', '=', 'stockPart')
        .where('object_id', '=', partId)
        .execute()
    ).length;

  beforeAll(async () => {
    t = await createTestApp({}, { now: () => NOW });
    const sa = await signIn(t.app, ADMIN.email, ADMIN.password, { ip: '10.98.0.1' });
    const admin = async (endpoint: { path: string }, payload: object) => {
      const body = envelope(await call(t.app, 'POST', `/server_main${endpoint.path}`, { token: sa, payload }));
      expect(body.code, body.msg).toBe(0);
      return Number((body.data as { id?: number }).id);
    };
    const root = ((envelope(await call(t.app, 'POST', endpointUrl(adminContract.orgQuery), { token: sa, payload: {} })).data as { id: number }[])[0]?.id) ?? 1;
    const group = await admin(adminContract.orgAdd, { parentId: root, name: 'Tunnel contractor', type: 'company', sort: 1 });
    const other = await admin(adminContract.orgAdd, { parentId: root, name: 'Other contractor', type: 'company', sort: 2 });
    runId = await buildRun(t.db, group, { projectName: 'Brenner base tunnel', tbmCode: 'TBM-BBT', timeZone: TZ });
    otherRunId = await buildRun(t.db, other, { timeZone: TZ });
    const codes = ['stock.record.read', 'stock.record.write', 'stock.part.write'];
    for (const orgId of [group, other]) await admin(adminContract.orgResourcesEdit, { orgId, codes });
    const role = async (orgId: number, name: string, roleCodes: string[]) => {
      const id = await admin(adminContract.roleAdd, { name, kind: 'custom', orgId, sort: 1 });
      await admin(adminContract.roleResourcesUpdate, { roleId: id, codes: roleCodes });
      return id;
    };
    const keepers = await role(group, 'Store keepers', codes);
    const readers = await role(group, 'Stock readers', ['stock.record.read']);
    const strangers = await role(other, 'Other keepers', codes);
    const userIn = async (orgId: number, roleIds: number[], ip: string, nickname?: string) => {
      const user = await buildUser(t.db, nickname ? { nickname } : {});
      await t.db.kysely.updateTable('users').set({ org_id: orgId }).where('id', '=', user.id).execute();
      if (roleIds.length > 0) await admin(adminContract.userAssignRoles, { userId: user.id, roleIds });
      return { id: user.id, token: await signIn(t.app, user.phone, user.password, { ip }) };
    };
    ({ id: writerId, token: writer } = await userIn(group, [keepers], '10.98.0.2', 'Anna Gruber'));
    ({ id: readerId, token: reader } = await userIn(group, [readers], '10.98.0.3'));
    ({ id: plainId, token: plain } = await userIn(group, [], '10.98.0.4'));
    stranger = (await userIn(other, [strangers], '10.98.0.5')).token;
    const record = (run: number) =>
      t.db.kysely
        .insertInto('mtce_records')
        .values({ run_id: run, plan_id: null, type: 'weekly', time: NOW - 86_400_000, system: 'Cutterhead', component: null, content: 'Changed cutters 12-17', done: 1, items: '[]', abnormal: 0, remark: null, maintained_by: 'A', checked_by: 'B', reviewed_by: 'C', entered_at: NOW, entered_by: null, due_at: null, late: 0 })
        .returning('id')
        .executeTakeFirstOrThrow();
    ownRecordId = (await record(runId)).id;
    otherRecordId = (await record(otherRunId)).id;
  });
  afterAll(() => t.close());

  it('keeps the catalogue: adds, edits and deletes a part; a part number is unique per run whatever its case; units and the warning line', async () => {
    const part = await addPart({ name: 'Hydraulic filter', code: 'HF-200', unit: 'pcs', system: 'Hydraulics', spec: '10 µm', location: 'Shelf B2', warningLine: 2.5, leadTimeDays: 14 });
    expect(part).toMatchObject({ runId, name: 'Hydraulic filter', code: 'HF-200', stock: 0, warningLine: 2.5, outOfStock: true, belowLine: true, leadTimeDays: 14, location: 'Shelf B2' });
    expect(await api(stock.partAdd, { runId, name: 'Other filter', code: 'hf-200' })).toMatchObject({ code: RESULT_CODE.business, msg: 'The part number hf-200 is already used in this project' });
    expect((await api(stock.partAdd, { runId, name: 'Other filter', code: 'hf-200' }, writer, 'de_AT')).msg).toBe('Die Teilenummer hf-200 wird in diesem Projekt bereits verwendet');
    const edited = await ok<Part>(stock.partEdit, { runId, id: part.id, name: 'Hydraulic return filter', code: 'HF-200R', unit: 'pcs', system: 'Hydraulics', warningLine: 3 });
    expect(edited).toMatchObject({ id: part.id, name: 'Hydraulic return filter', code: 'HF-200R', warningLine: 3, leadTimeDays: null, location: null });
    // The run's units first (most used), then the usual ones in the reader's language.
    await addPart({ name: 'Tail seal grease', code: 'TSG-1', unit: 'kg', system: 'Tail seal' });
    const units = await ok<{ name: string; parts: number }[]>(stock.partUnits, { runId });
    expect(units.slice(0, 2)).toEqual([
      { name: 'pcs', parts: 1 },
      { name: 'kg', parts: 1 },
    ].sort((a, b) => a.name.localeCompare(b.name)).sort((a, b) => b.parts - a.parts));
    expect(units.map((u) => u.name)).toContain('drum');
    const german = envelope(await call(t.app, 'POST', endpointUrl(stock.partUnits), { token: writer, payload: { runId, keyword: 'fass' }, lang: 'de_AT' })).data;
    expect(german).toEqual([{ name: 'Fass', parts: 0 }]);
    const floored = await ok<Part>(stock.setFloor, { runId, partId: part.id, warningLine: 0, leadTimeDays: 21 });
    expect(floored).toMatchObject({ warningLine: 0, belowLine: false, leadTimeDays: 21 });
    expect(await ok(stock.partDelete, { runId, id: part.id })).toEqual({ deleted: true });
    expect((await api(stock.partDelete, { runId, id: part.id })).msg).toBe('This part does not exist in this project');
  });

  it('reads the part filter from the query string, the body or both (the body wins)', async () => {
    await addPart({ name: 'Segment bolt M30', code: 'SB-M30', unit: 'pcs', system: 'Segment erector' });
    await addPart({ name: 'Main bearing grease EP2', code: 'GR-EP2', unit: 'kg', system: 'Main drive' });
    const url = (query: Record<string, string>) => `${endpointUrl(stock.partList)}?${new URLSearchParams(query).toString()}`;
    const codes = (body: Body) => (body.data as Part[]).map((p) => p.code);
    const queryOnly = envelope(await t.app.inject({ method: 'POST', url: url({ runId: String(runId), keyword: 'bolt' }), headers: { authorization: writer } }));
    expect(queryOnly.code, queryOnly.msg).toBe(0);
    expect(codes(queryOnly)).toEqual(['SB-M30']);
    const bodyOnly = envelope(await t.app.inject({ method: 'POST', url: endpointUrl(stock.partList), headers: { authorization: writer }, payload: { runId, keyword: 'grease' } }));
    expect(codes(bodyOnly)).toEqual(['GR-EP2', 'TSG-1']);
    const both = envelope(await t.app.inject({ method: 'POST', url: url({ runId: String(runId), keyword: 'bolt', system: 'Main drive' }), headers: { authorization: writer }, payload: { keyword: 'grease' } }));
    // keyword from the body (grease), system from the query (Main drive).
    expect(codes(both)).toEqual(['GR-EP2']);
    const units = envelope(await t.app.inject({ method: 'POST', url: `${endpointUrl(stock.partUnits)}?runId=${runId}&keyword=kg`, headers: { authorization: writer } }));
    expect(units.data).toEqual([{ name: 'kg', parts: 2 }]);
  });

  it('refuses every call without its code, and the run of another tenant', async () => {
    const part = await addPart({ name: 'Belt idler', code: 'BI-1', unit: 'pcs', system: 'Belt conveyor' });
    const reads: [Endpoint, object][] = [
      [stock.partList, { runId }],
      [stock.partUnits, { runId }],
      [stock.stockInPage, { runId }],
      [stock.stockInDetail, { runId, id: 1 }],
      [stock.stockInPeople, { runId }],
      [stock.stockOutPage, { runId }],
      [stock.stockOutPeople, { runId }],
      [stock.stockOutDetail, { runId, id: 1 }],
      [stock.stockItems, { runId }],
      [stock.ledgerCheck, { runId }],
    ];
    const writes: [Endpoint, object][] = [
      [stock.partAdd, { runId, name: 'X', code: 'X-1' }],
      [stock.partEdit, { runId, id: part.id, name: 'X', code: 'X-1' }],
      [stock.partDelete, { runId, id: part.id }],
      [stock.setFloor, { runId, partId: part.id, warningLine: 1 }],
      [stock.stockInAdd, stockIn({ details: [{ partId: part.id, name: 'Belt idler', code: 'BI-1', quantity: 1 }] })],
      [stock.stockOutAdd, stockOut({ details: [{ partId: part.id, quantity: 1 }] })],
      [stock.stockInCorrect, { ...stockIn({ details: [] }), id: 1, reason: 'Typo' }],
      [stock.stockOutCorrect, { ...stockOut({ details: [] }), id: 1, reason: 'Typo' }],
    ];
    for (const [endpoint, input] of [...reads, ...writes]) {
      expect((await api(endpoint, input, plain)).code, endpoint.path).toBe(RESULT_CODE.forbidden);
      expect((await api(endpoint, { ...input, runId }, stranger)).code, endpoint.path).toBe(RESULT_CODE.forbidden);
      expect((await api(endpoint, { ...input, runId: otherRunId })).code, endpoint.path).toBe(RESULT_CODE.forbidden);
    }
    for (const [endpoint, input] of reads) expect((await api(endpoint, input, reader)).code, endpoint.path).not.toBe(RESULT_CODE.forbidden);
    for (const [endpoint, input] of writes) expect((await api(endpoint, input, reader)).code, endpoint.path).toBe(RESULT_CODE.forbidden);
    // Nothing moved.
    expect(await partNow(part.id)).toMatchObject({ stock: 0, name: 'Belt idler', warningLine: 0 });
  });

  it('holds the rules of spec §5 in English and German', async () => {
    const part = await addPart({ name: 'Scraper', code: 'SC-1', unit: 'pcs', system: 'Cutterhead' });
    const line = { partId: part.id, name: 'Scraper', code: 'SC-1', quantity: 2 };
    for (const [locale, lang] of [['en-US', 'en_US'], ['de-AT', 'de_AT']] as const) {
      const says = async (endpoint: Endpoint, input: object) => {
        const body = await api(endpoint, input, writer, lang);
        expect(body.code).toBe(RESULT_CODE.business);
        return body.msg;
      };
      expect(await says(stock.stockInAdd, stockIn({ details: [] }))).toBe(fieldSays(locale, 'details', 'stock.refused.noLines'));
      expect(await says(stock.stockOutAdd, stockOut({ details: [] }))).toBe(fieldSays(locale, 'details', 'stock.refused.noLines'));
      const { name: _name, ...noName } = line;
      expect(await says(stock.stockInAdd, stockIn({ details: [noName] }))).toBe(fieldSays(locale, 'name', 'validation.required'));
      const { code: _code, ...noCode } = line;
      expect(await says(stock.stockInAdd, stockIn({ details: [noCode] }))).toBe(fieldSays(locale, 'code', 'validation.required'));
      const { quantity: _quantity, ...noQuantity } = line;
      expect(await says(stock.stockInAdd, stockIn({ details: [noQuantity] }))).toBe(fieldSays(locale, 'quantity', 'validation.required'));
      expect(await says(stock.stockInAdd, stockIn({ details: [{ ...line, quantity: 'abc' }] }))).toBe(fieldSays(locale, 'quantity', 'validation.number'));
      expect(await says(stock.stockOutAdd, stockOut({ details: [{ partId: part.id, quantity: 'abc' }] }))).toBe(fieldSays(locale, 'quantity', 'validation.number'));
      expect(await says(stock.stockInAdd, stockIn({ reorderDate: undefined, details: [line] }))).toBe(fieldSays(locale, 'reorderDate', 'validation.required'));
      expect(await says(stock.stockInAdd, stockIn({ date: undefined, details: [line] }))).toBe(fieldSays(locale, 'date', 'validation.required'));
      expect(await says(stock.stockOutAdd, stockOut({ date: '', details: [{ partId: part.id, quantity: 1 }] }))).toBe(fieldSays(locale, 'date', 'validation.required'));
      // An entry must be selected: a stock-out line names its part.
      expect(await says(stock.stockOutAdd, stockOut({ details: [{ quantity: 1 }] }))).toBe(fieldSays(locale, 'partId', 'validation.required'));
      expect(await says(stock.partAdd, { runId, name: 'Gasket', code: 'GK-1', warningLine: 'abc' })).toBe(fieldSays(locale, 'warningLine', 'validation.number'));
      expect(await says(stock.setFloor, { runId, partId: part.id, warningLine: 'abc' })).toBe(fieldSays(locale, 'warningLine', 'validation.number'));
      expect(await says(stock.partAdd, { runId, code: 'GK-1' })).toBe(fieldSays(locale, 'name', 'validation.required'));
      expect(await says(stock.partAdd, { runId, name: 'Gasket' })).toBe(fieldSays(locale, 'code', 'validation.required'));
      // Business rules, in the caller's language.
      expect(await says(stock.stockInAdd, stockIn({ date: '2026-11-27', reorderDate: '2026-11-20', details: [line] }))).toBe(translate(locale, 'stock.refused.futureDate'));
      expect(await says(stock.stockOutAdd, stockOut({ details: [{ partId: part.id, quantity: 1 }] }))).toBe(translate(locale, 'stock.refused.shortage', { part: 'Scraper', code: 'SC-1', stock: 0, unit: 'pcs', asked: 1 }));
    }
    expect((await api(stock.stockOutAdd, stockOut({ details: [{ partId: part.id, quantity: 1 }] }), writer, 'de_AT')).msg).toBe('Zu wenig Bestand von Scraper (SC-1): 0 pcs auf Lager, 1 verlangt');
    expect(await partNow(part.id)).toMatchObject({ stock: 0 });
  });

  it('stocks in by part or by code: a first delivery adds the part, a restock of an unknown code is refused, and a refused sheet leaves no part behind', async () => {
    const cutter = await addPart({ name: 'Disc cutter 17"', code: 'DC-17', unit: 'pcs', system: 'Cutterhead' });
    const sheet = await ok<Sheet>(stock.stockInAdd, stockIn({
      type: 'first',
      remark: 'Truck from Bolzano',
      details: [
        { partId: cutter.id, name: 'Disc cutter 17"', code: 'dc-17', quantity: 12 },
        { name: 'Foam agent', code: 'FA-20', unit: 'l', system: 'Soil conditioning', quantity: 800.5 },
      ],
    }));
    expect(sheet).toMatchObject({ kind: 'in', number: 'IN-20261126-001', type: 'first', typeName: 'First delivery', date: TODAY, reorderDate: '2026-11-20', handler: 'Anna Gruber', state: 'valid', stateName: 'Valid', lineCount: 2, enteredBy: { id: writerId, name: 'Anna Gruber' }, corrects: null, correctedBy: null });
    expect(sheet.lines.map((l) => [l.code, l.quantity, l.unit])).toEqual([['DC-17', 12, 'pcs'], ['FA-20', 800.5, 'l']]);
    const foam = (await ok<Part[]>(stock.partList, { runId, keyword: 'foam' }))[0];
    expect(foam).toMatchObject({ name: 'Foam agent', code: 'FA-20', unit: 'l', system: 'Soil conditioning', stock: 800.5 });
    expect(await partNow(cutter.id)).toMatchObject({ stock: 12, outOfStock: false });
    // The next generated number; a taken number is refused.
    const second = await ok<Sheet>(stock.stockInAdd, stockIn({ details: [{ name: 'Foam agent', code: 'FA-20', quantity: 200 }] }));
    expect(second.number).toBe('IN-20261126-002');
    expect(second.typeName).toBe('Restock');
    expect((await api(stock.stockInAdd, stockIn({ number: 'IN-20261126-002', details: [{ name: 'Foam agent', code: 'FA-20', quantity: 1 }] }))).msg).toBe('The sheet number IN-20261126-002 is already used in this project');
    // A restock of a part the catalogue lacks names the code.
    expect((await api(stock.stockInAdd, stockIn({ details: [{ name: 'Hydraulic oil', code: 'HO-46', quantity: 200 }] }))).msg).toBe(
      'No part with the number HO-46 exists yet: record its first delivery instead of a restock',
    );
    expect((await api(stock.stockInAdd, stockIn({ details: [{ partId: cutter.id, name: 'Disc cutter', code: 'DC-18', quantity: 1 }] }))).msg).toBe('The part code DC-18 does not match the selected part (DC-17)');
    // A first delivery refused on a later line (another run's part) adds no part.
    const foreign = await addPart({ name: 'Their part', code: 'TP-1' }, otherRunId, stranger);
    const refused = await api(stock.stockInAdd, stockIn({ type: 'first', details: [{ name: 'Hydraulic oil', code: 'HO-46', quantity: 200 }, { partId: foreign.id, name: 'Their part', code: 'TP-1', quantity: 1 }] }));
    expect(refused.msg).toBe('This part does not exist in this project');
    expect(await ok<Part[]>(stock.partList, { runId, keyword: 'HO-46' })).toEqual([]);
    // Refused by the number after the part was added: still no part left behind.
    const taken = await api(stock.stockInAdd, stockIn({ type: 'first', number: 'IN-20261126-001', details: [{ name: 'Hydraulic oil', code: 'HO-46', quantity: 200 }] }));
    expect(taken.code).toBe(RESULT_CODE.business);
    expect(await ok<Part[]>(stock.partList, { runId, keyword: 'HO-46' })).toEqual([]);
    // The other run's part is untouched.
    expect((await ok<Part[]>(stock.partList, { runId: otherRunId }, stranger)).find((p) => p.id === foreign.id)).toMatchObject({ stock: 0 });
    expect(await ok(stock.ledgerCheck, { runId })).toMatchObject({ mismatches: [] });
  });

  it('stocks out all lines or none, for a maintenance record of the run; finds sheets by page, detail, person, part and state; offers people and items', async () => {
    const bolt = await addPart({ name: 'Segment gasket', code: 'SG-1', unit: 'pcs', system: 'Segments' });
    const oil = await addPart({ name: 'Hydraulic oil HLP 46', code: 'HO-46', unit: 'l', system: 'Hydraulics' });
    await ok<Sheet>(stock.stockInAdd, stockIn({ details: [{ partId: bolt.id, name: 'Segment gasket', code: 'SG-1', quantity: 40 }, { partId: oil.id, name: 'x', code: 'HO-46', quantity: 50 }] }));
    // One line too large: nothing moves.
    const tooMuch = await api(stock.stockOutAdd, stockOut({ details: [{ partId: bolt.id, quantity: 4 }, { partId: oil.id, quantity: 50.001 }] }));
    expect(tooMuch.msg).toBe('Not enough stock of Hydraulic oil HLP 46 (HO-46): 50 l in stock, 50.001 asked');
    expect(await partNow(bolt.id)).toMatchObject({ stock: 40 });
    expect((await api(stock.stockOutAdd, stockOut({ maintenanceRecordId: otherRecordId, details: [{ partId: bolt.id, quantity: 4 }] }))).msg).toBe('This maintenance record does not exist in this project');
    const out = await ok<Sheet>(stock.stockOutAdd, stockOut({ maintenanceRecordId: ownRecordId, remark: 'Ring 812', details: [{ partId: bolt.id, quantity: 4 }, { partId: oil.id, quantity: 12.25 }] }));
    expect(out).toMatchObject({ kind: 'out', number: 'OUT-20261126-001', recipient: 'Marco Bianchi', handler: 'Anna Gruber', type: null, maintenanceRecord: { id: ownRecordId, content: 'Changed cutters 12-17' }, state: 'valid' });
    expect(await partNow(oil.id)).toMatchObject({ stock: 37.75 });
    expect(await ok<Sheet>(stock.stockOutDetail, { runId, id: out.id }, reader)).toEqual(out);
    // A stock-out is no stock-in.
    expect((await api(stock.stockInDetail, { runId, id: out.id })).msg).toBe('This stock sheet does not exist in this project');
    const page = await ok<{ total: number; records: Sheet[] }>(stock.stockOutPage, { runId, person: 'marco', partId: oil.id, state: 'valid', from: TODAY, to: TODAY }, reader);
    expect(page.records.map((s) => s.id)).toEqual([out.id]);
    expect((await ok<{ total: number }>(stock.stockOutPage, { runId, state: 'corrected' })).total).toBe(0);
    expect((await ok<{ records: Sheet[] }>(stock.stockOutPage, { runId, keyword: 'gasket' })).records.map((s) => s.id)).toEqual([out.id]);
    expect((await ok<{ total: number }>(stock.stockInPage, { runId, partId: oil.id, type: 'restock' })).total).toBe(1);
    const people = await ok<{ name: string; userId: number | null }[]>(stock.stockOutPeople, { runId }, reader);
    expect(people[0]).toEqual({ name: 'Marco Bianchi', userId: null });
    expect(people).toContainEqual({ name: 'Anna Gruber', userId: writerId });
    expect((await ok<{ name: string }[]>(stock.stockInPeople, { runId }))[0]).toEqual({ name: 'Anna Gruber', userId: writerId });
    const items = await ok<Part[]>(stock.stockItems, { runId, keyword: 'h' });
    expect(items.every((p) => p.stock > 0)).toBe(true);
    expect(items.map((p) => p.code)).toContain('HO-46');
    // Another run's part, sheet or record is a missing one.
    const foreign = await addPart({ name: 'Their gasket', code: 'SG-1' }, otherRunId, stranger);
    expect((await api(stock.stockOutAdd, stockOut({ details: [{ partId: foreign.id, quantity: 1 }] }))).msg).toBe('This part does not exist in this project');
    expect((await api(stock.stockOutDetail, { runId: otherRunId, id: out.id }, stranger)).msg).toBe('This stock sheet does not exist in this project');
    expect((await api(stock.stockOutPage, { runId, partId: foreign.id })).msg).toBe('This part does not exist in this project');
    expect((await api(stock.setFloor, { runId, partId: foreign.id, warningLine: 1 })).msg).toBe('This part does not exist in this project');
    expect((await api(stock.partEdit, { runId, id: foreign.id, name: 'Mine now', code: 'MN-1' })).msg).toBe('This part does not exist in this project');
    expect((await api(stock.partDelete, { runId, id: foreign.id })).msg).toBe('This part does not exist in this project');
    expect((await api(stock.stockOutCorrect, { ...stockOut({ details: [] }), id: out.id, reason: 'Mine' }, stranger)).msg).toBe(translate('en-US', 'common.error.noPermission'));
    expect((await api(stock.stockOutCorrect, { ...stockOut({ runId: otherRunId, details: [] }), id: out.id, reason: 'Mine' }, stranger)).msg).toBe('This stock sheet does not exist in this project');
    // A part with sheets stays in the catalogue.
    expect((await api(stock.partDelete, { runId, id: bolt.id })).msg).toBe('The part SG-1 has stock sheets and stays in the catalogue');
  });

  it('corrects a sheet with a new sheet: the old one is reversed and marked corrected, once; a correction below zero is refused', async () => {
    const grease = await addPart({ name: 'Tail seal grease barrel', code: 'TSG-200', unit: 'kg', system: 'Tail seal' });
    const delivered = await ok<Sheet>(stock.stockInAdd, stockIn({ details: [{ partId: grease.id, name: 'x', code: 'TSG-200', quantity: 100 }] }));
    const used = await ok<Sheet>(stock.stockOutAdd, stockOut({ details: [{ partId: grease.id, quantity: 30 }] }));
    expect(await partNow(grease.id)).toMatchObject({ stock: 70 });
    // The stock-out was 25, not 30.
    const fixed = await ok<Sheet>(stock.stockOutCorrect, { ...stockOut({ details: [{ partId: grease.id, quantity: 25 }] }), id: used.id, reason: 'Weighed again' });
    expect(fixed).toMatchObject({ kind: 'out', corrects: { id: used.id, number: used.number }, reason: 'Weighed again', state: 'valid' });
    expect(await partNow(grease.id)).toMatchObject({ stock: 75 });
    expect(await ok<Sheet>(stock.stockOutDetail, { runId, id: used.id })).toMatchObject({ state: 'corrected', stateName: 'Corrected', correctedBy: { id: fixed.id, number: fixed.number }, lines: [{ quantity: 30 }] });
    expect((await api(stock.stockOutCorrect, { ...stockOut({ details: [{ partId: grease.id, quantity: 1 }] }), id: used.id, reason: 'Again' })).msg).toBe('This sheet has already been corrected; correct the correction instead');
    expect((await api(stock.stockOutCorrect, { ...stockOut({ details: [{ partId: grease.id, quantity: 1 }] }), id: used.id, reason: 'Again' }, writer, 'de_AT')).msg).toBe('Dieser Beleg wurde bereits korrigiert; bitte die Korrektur korrigieren');
    // A stock-in corrected by the stock-out call is a missing sheet.
    expect((await api(stock.stockOutCorrect, { ...stockOut({ details: [] }), id: delivered.id, reason: 'Wrong call' })).msg).toBe('This stock sheet does not exist in this project');
    // Voiding the delivery would take the stock below zero (25 used of 100).
    expect((await api(stock.stockInCorrect, { ...stockIn({ details: [] }), id: delivered.id, reason: 'Never came' })).msg).toBe('Not enough stock of Tail seal grease barrel (TSG-200): 75 kg in stock, 100 asked');
    const lower = await ok<Sheet>(stock.stockInCorrect, { ...stockIn({ details: [{ partId: grease.id, name: 'x', code: 'TSG-200', quantity: 40 }] }), id: delivered.id, reason: 'Delivery note said 40' });
    expect(lower.corrects?.id).toBe(delivered.id);
    expect(await partNow(grease.id)).toMatchObject({ stock: 15 });
    expect((await ok<{ records: Sheet[] }>(stock.stockInPage, { runId, state: 'corrected', partId: grease.id })).records.map((s) => s.id)).toEqual([delivered.id]);
    // The ledger: every move kept, the stock their sum.
    const moves = await t.db.kysely.selectFrom('stock_moves').select('quantity_milli').where('part_id', '=', grease.id).execute();
    expect(moves.map((m) => Number(m.quantity_milli))).toEqual([100_000, -30_000, 30_000, -25_000, -100_000, 40_000]);
    // A correction corrected again replaces only the correction's own lines (40 → 50).
    const again = await ok<Sheet>(stock.stockInCorrect, { ...stockIn({ details: [{ partId: grease.id, name: 'x', code: 'TSG-200', quantity: 50 }] }), id: lower.id, reason: 'Second delivery note' });
    expect(again.corrects).toEqual({ id: lower.id, number: lower.number });
    expect(await partNow(grease.id)).toMatchObject({ stock: 25 });
    expect(await ok(stock.ledgerCheck, { runId }, reader)).toMatchObject({ mismatches: [] });
  });

  it('warns the run’s readers once when a part falls to its warning line, again only after a restock above it', async () => {
    const cutter = await addPart({ name: 'Disc cutter 19"', code: 'DC-19', unit: 'pcs', system: 'Cutterhead', warningLine: 4 });
    await ok(stock.stockInAdd, stockIn({ details: [{ partId: cutter.id, name: 'x', code: 'DC-19', quantity: 10 }] }));
    const before = { reader: await warningsOf(readerId, cutter.id), writer: await warningsOf(writerId, cutter.id) };
    expect(before).toEqual({ reader: 0, writer: 0 });
    await ok(stock.stockOutAdd, stockOut({ details: [{ partId: cutter.id, quantity: 6 }] }));
    expect(await warningsOf(readerId, cutter.id)).toBe(1);
    expect(await warningsOf(writerId, cutter.id)).toBe(1);
    expect(await warningsOf(plainId, cutter.id)).toBe(0);
    const message = await t.db.kysely.selectFrom('messages').select(['content_key', 'content_params', 'run_id', 'dedupe_key']).where('user_id', '=', readerId).where('object_id', '=', cutter.id).executeTakeFirstOrThrow();
    expect(message.content_key).toBe('messages.template.stockBelowLine');
    expect(message.run_id).toBe(runId);
    expect(message.dedupe_key).toBe(`stock:${cutter.id}`);
    expect(JSON.parse(message.content_params)).toEqual({ part: 'Disc cutter 19"', code: 'DC-19', stock: 4, line: 4 });
    expect(await partNow(cutter.id)).toMatchObject({ belowLine: true });
    // Lower still: no second message.
    await ok(stock.stockOutAdd, stockOut({ details: [{ partId: cutter.id, quantity: 2 }] }));
    expect(await warningsOf(readerId, cutter.id)).toBe(1);
    // Restocked above the line, then below it again: one more.
    await ok(stock.stockInAdd, stockIn({ details: [{ partId: cutter.id, name: 'x', code: 'DC-19', quantity: 8 }] }));
    expect(await warningsOf(readerId, cutter.id)).toBe(1);
    await ok(stock.stockOutAdd, stockOut({ details: [{ partId: cutter.id, quantity: 7 }] }));
    expect(await warningsOf(readerId, cutter.id)).toBe(2);
    // Raising the line above the stock warns at once; raising it again does not.
    await ok(stock.stockInAdd, stockIn({ details: [{ partId: cutter.id, name: 'x', code: 'DC-19', quantity: 10 }] }));
    expect(await warningsOf(readerId, cutter.id)).toBe(2);
    await ok(stock.setFloor, { runId, partId: cutter.id, warningLine: 20 });
    expect(await warningsOf(readerId, cutter.id)).toBe(3);
    await ok(stock.setFloor, { runId, partId: cutter.id, warningLine: 21 });
    expect(await warningsOf(readerId, cutter.id)).toBe(3);
  });

  it('serves exactly the stock there is to 50 concurrent stock-outs', async () => {
    const brush = await addPart({ name: 'Tail seal brush', code: 'TSB-1', unit: 'pcs', system: 'Tail seal' });
    await ok(stock.stockInAdd, stockIn({ details: [{ partId: brush.id, name: 'x', code: 'TSB-1', quantity: 10 }] }));
    const answers = await Promise.all(Array.from({ length: 50 }, () => api(stock.stockOutAdd, stockOut({ details: [{ partId: brush.id, quantity: 1 }] }))));
    const served = answers.filter((a) => a.code === 0);
    const refused = answers.filter((a) => a.code !== 0);
    expect(served).toHaveLength(10);
    expect(new Set(served.map((a) => (a.data as Sheet).number)).size).toBe(10);
    expect(refused).toHaveLength(40);
    for (const answer of refused) {
      expect(answer.code).toBe(RESULT_CODE.business);
      expect(answer.msg).toMatch(/^Not enough stock of Tail seal brush \(TSB-1\): 0 pcs in stock, 1 asked$/);
    }
    expect(await partNow(brush.id)).toMatchObject({ stock: 0, outOfStock: true });
    const check = await ok<{ mismatches: unknown[]; parts: number; moves: number }>(stock.ledgerCheck, { runId });
    expect(check.mismatches).toEqual([]);
    expect(check.parts).toBeGreaterThan(5);
  }, 60_000);
});
