import { adminContract, endpointUrl, importsContract, mtceContentContract as content, mtcePlanContract as plan, mtceRecordContract as record, RESULT_CODE } from '@boreline/contracts';
import { type Locale, type MessageKey, type MessageParams, translate } from '@boreline/i18n';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRun, buildUser, call, ringRecord, signIn } from '../../../test/factories.js';
import { ADMIN, createTestApp, envelope, type TestApp } from '../../../test/testApp.js';
import { JobRunsRepo } from '../../jobs/jobRuns.repo.js';
import { TEMPLATE_ROWS } from '../imports/index.js';

type Body = { code: number; msg: string; data: unknown };
type Plan = plan.MaintenancePlan;
type PlanRecord = plan.MaintenanceRecord;
type Report = { imported: number; refused: { row: number; column: string | null; message: string }[] };
type Endpoint = { base: 'main' | 'project'; path: string; method: 'GET' | 'POST' };

const TZ = 'Europe/Rome';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The refusal of one field as the server words it in a language. */
const fieldSays = (locale: Locale, field: string, key: MessageKey, params: MessageParams = {}) =>
  translate(locale, 'common.error.fieldInvalid', { field: translate(locale, `field.${field}` as MessageKey), message: translate(locale, key, params) });

/** A multipart form as a browser sends it: fields in order, the file under `file`. */
async function multipart(parts: [string, string | Buffer][]): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const data = new FormData();
  for (const [name, value] of parts) {
    if (typeof value === 'string') data.append(name, value);
    else data.append(name, new Blob([new Uint8Array(value)]), 'plans.xlsx');
  }
  const request = new Request('http://localhost/', { method: 'POST', body: data });
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type') ?? '' } };
}

// Monday 23 November 2026, 10:00 in Rome (UTC+1).
const MONDAY_10 = Date.UTC(2026, 10, 23, 9, 0);

describe('maintenance: plans, records, content views, calendar, dashboard, import, reminders', () => {
  let t: TestApp;
  let clock = MONDAY_10;
  /** Every maintenance code (and the message code) in the run's organization. */
  let writer: string;
  let writerId = 0;
  /** plan.read and record.read only. */
  let reader: string;
  /** In the organization without any maintenance code. */
  let plain: string;
  /** Every code, in another organization (another tenant). */
  let stranger: string;
  let runId = 0;
  let otherRunId = 0;

  const api = async (endpoint: Endpoint, input: object, token = writer, lang = 'en_US'): Promise<Body> => {
    if (endpoint.method === 'GET') {
      const query = new URLSearchParams(Object.entries(input).map(([k, v]): [string, string] => [k, String(v)])).toString();
      return envelope(await call(t.app, 'GET', `${endpointUrl(endpoint)}?${query}`, { token, lang }));
    }
    return envelope(await call(t.app, 'POST', endpointUrl(endpoint), { token, payload: input, lang }));
  };
  const ok = async <T>(endpoint: Endpoint, input: object, token = writer): Promise<T> => {
    const body = await api(endpoint, input, token);
    expect(body.code, body.msg).toBe(0);
    return body.data as T;
  };
  const planFields = (overrides: object = {}) => ({
    runId,
    title: 'Grease the main bearing',
    cycle: 'daily',
    system: 'Main drive',
    component: 'Main bearing',
    content: 'Grease the main bearing seals (EP2, 6 kg)',
    items: ['Grease pump pressure', 'Seal leakage'],
    nextTime: MONDAY_10 + 4 * HOUR,
    remark: null,
    ...overrides,
  });
  const recordFields = (overrides: object = {}) => ({
    runId,
    type: 'daily',
    time: clock,
    system: 'Main drive',
    component: 'Main bearing',
    content: 'Greased the main bearing seals',
    done: true,
    items: [
      { text: 'Grease pump pressure', condition: 'normal' },
      { text: 'Seal leakage', condition: 'abnormal', note: 'Drops at the lower seal' },
    ],
    maintainedBy: 'Marco Bianchi',
    checkedBy: 'Luca Ferri',
    reviewedBy: 'Giulia Conti',
    ...overrides,
  });
  const upload = async (run: number, file: Buffer, options: { token?: string; lang?: string; mode?: 'all' | 'validOnly' } = {}) => {
    const { payload, headers } = await multipart([['runId', String(run)], ['mode', options.mode ?? 'all'], ['file', file]]);
    return envelope(
      await t.app.inject({ method: 'POST', url: endpointUrl(plan.mtcePlanImport), payload, headers: { ...headers, authorization: options.token ?? writer, lang: options.lang ?? 'en_US' } }),
    );
  };

  beforeAll(async () => {
    t = await createTestApp({}, { now: () => clock });
    const sa = await signIn(t.app, ADMIN.email, ADMIN.password, { ip: '10.97.0.1' });
    const admin = async (endpoint: { path: string }, payload: object) => {
      const body = envelope(await call(t.app, 'POST', `/server_main${endpoint.path}`, { token: sa, payload }));
      expect(body.code, body.msg).toBe(0);
      return Number((body.data as { id?: number }).id);
    };
    const root = ((envelope(await call(t.app, 'POST', endpointUrl(adminContract.orgQuery), { token: sa, payload: {} })).data as { id: number }[])[0]?.id) ?? 1;
    const group = await admin(adminContract.orgAdd, { parentId: root, name: 'Tunnel contractor', type: 'company', sort: 1 });
    const other = await admin(adminContract.orgAdd, { parentId: root, name: 'Other contractor', type: 'company', sort: 2 });
    runId = await buildRun(t.db, group, { projectName: 'Metro M5', tbmCode: 'TBM-M5', timeZone: TZ });
    otherRunId = await buildRun(t.db, other, { timeZone: TZ });
    const codes = ['maintenance.plan.read', 'maintenance.plan.write', 'maintenance.record.read', 'maintenance.record.write', 'maintenance.message.read'];
    for (const orgId of [group, other]) await admin(adminContract.orgResourcesEdit, { orgId, codes });
    const role = async (orgId: number, name: string, roleCodes: string[]) => {
      const id = await admin(adminContract.roleAdd, { name, kind: 'custom', orgId, sort: 1 });
      await admin(adminContract.roleResourcesUpdate, { roleId: id, codes: roleCodes });
      return id;
    };
    const writers = await role(group, 'Maintenance staff', codes);
    const readers = await role(group, 'Maintenance readers', ['maintenance.plan.read', 'maintenance.record.read']);
    const strangers = await role(other, 'Other staff', codes);
    const userIn = async (orgId: number, roleIds: number[], ip: string) => {
      const user = await buildUser(t.db);
      await t.db.kysely.updateTable('users').set({ org_id: orgId }).where('id', '=', user.id).execute();
      if (roleIds.length > 0) await admin(adminContract.userAssignRoles, { userId: user.id, roleIds });
      return { id: user.id, token: await signIn(t.app, user.phone, user.password, { ip }) };
    };
    ({ id: writerId, token: writer } = await userIn(group, [writers], '10.97.0.2'));
    reader = (await userIn(group, [readers], '10.97.0.3')).token;
    plain = (await userIn(group, [], '10.97.0.4')).token;
    stranger = (await userIn(other, [strangers], '10.97.0.5')).token;
    await new JobRunsRepo(t.db.kysely).ensure(['maintenance.reminders']);
  });
  afterAll(() => t.close());

  it('adds a plan, finds it by page, group, unit and part; refuses the same system + component + content in the caller’s language', async () => {
    const added = await ok<Plan>(plan.mtcePlanAdd, planFields());
    expect(added).toMatchObject({ title: 'Grease the main bearing', cycle: 'daily', cycleName: 'Daily', system: 'Main drive', component: 'Main bearing', items: ['Grease pump pressure', 'Seal leakage'], nextTime: MONDAY_10 + 4 * HOUR, state: 'upcoming', trigger: 'calendar', anchor: 'floating', creator: { id: writerId }, reminder: null });
    const page = await ok<{ total: number; records: Plan[] }>(plan.mtcePlanQueryPage, { runId, keyword: 'bearing' });
    expect(page.records.map((p) => p.id)).toEqual([added.id]);
    expect(await ok(plan.mtcePlanUnits, { runId })).toEqual(['Main drive']);
    expect(await ok(plan.mtcePlanParts, { runId, system: 'Main drive' })).toEqual(['Main bearing']);
    expect(await ok(plan.mtcePlanUnique, { runId, system: 'Main drive', component: 'Main bearing', content: planFields().content })).toEqual({ unique: false });
    expect(await ok(plan.mtcePlanUnique, { runId, id: added.id, system: 'Main drive', component: 'Main bearing', content: planFields().content })).toEqual({ unique: true });
    const groups = await ok<{ system: string; plans: Plan[] }[]>(plan.mtcePlanGroup, { runId });
    expect(groups.map((g) => [g.system, g.plans.length])).toEqual([['Main drive', 1]]);

    const twice = await api(plan.mtcePlanAdd, planFields({ title: 'Again' }));
    expect(twice).toMatchObject({ code: RESULT_CODE.business, msg: 'A plan for this system, component and content already exists in this project' });
    expect(await api(plan.mtcePlanAdd, planFields({ title: 'Again' }), writer, 'zh_CN')).toMatchObject({ code: RESULT_CODE.business, msg: '该系统、部件和内容的保养计划已存在' });
    // The content page's add is the same plan add, with the same rule.
    expect((await api(content.mtceContentAddOrEdit, planFields({ title: 'Again' }))).msg).toBe(twice.msg);
    // Another component is another plan.
    const other = await ok<Plan>(content.mtceContentAddOrEdit, planFields({ component: 'Inner seal', title: 'Inner seal grease' }));
    expect((await api(plan.mtcePlanEdit, { ...planFields(), id: other.id })).msg).toBe(twice.msg);
    expect(await ok<Plan>(content.mtceContentAddOrEdit, { ...planFields({ component: 'Inner seal', title: 'Inner seal grease, 4 kg' }), id: other.id })).toMatchObject({ id: other.id, title: 'Inner seal grease, 4 kg' });
    expect(await ok(plan.mtcePlanDelete, { runId, id: other.id })).toEqual({ deleted: true });
    expect((await ok<{ total: number }>(content.mtceContentQueryList, { runId })).total).toBe(1);
  });

  it('holds the limits of spec §5 at and past each limit, in English and Chinese', async () => {
    const title100 = 'T'.repeat(100);
    expect((await api(plan.mtcePlanAdd, planFields({ title: title100, content: 'Limit check at 100' }))).code).toBe(0);
    for (const [locale, lang] of [['en-US', 'en_US'], ['zh-CN', 'zh_CN']] as const) {
      const long = await api(plan.mtcePlanAdd, planFields({ title: 'T'.repeat(101), content: 'Limit check at 101' }), writer, lang);
      expect(long.code).toBe(RESULT_CODE.business);
      expect(long.msg).toBe(fieldSays(locale, 'title', 'validation.maxLength', { max: 100 }));
      // Record: type, time, maintained by, checker, reviewer and content required; names at most 50.
      for (const field of ['type', 'time', 'content', 'maintainedBy', 'checkedBy', 'reviewedBy'] as const) {
        const missing = await api(record.mtceRecordAdd, recordFields({ [field]: undefined }), writer, lang);
        expect(missing.msg, field).toBe(fieldSays(locale, field, 'validation.required'));
      }
      for (const field of ['maintainedBy', 'checkedBy', 'reviewedBy'] as const) {
        expect((await api(record.mtceRecordAdd, recordFields({ [field]: 'N'.repeat(51) }), writer, lang)).msg).toBe(fieldSays(locale, field, 'validation.maxLength', { max: 50 }));
      }
      // Reminder content and time required.
      const [first] = (await ok<{ records: Plan[] }>(plan.mtcePlanQueryPage, { runId })).records;
      expect((await api(plan.mtcePlanRemindEdit, { runId, id: first?.id, pushTime: '07:30' }, writer, lang)).msg).toBe(fieldSays(locale, 'content', 'validation.required'));
      expect((await api(plan.mtcePlanRemindEdit, { runId, id: first?.id, content: 'Check the grease barrel' }, writer, lang)).msg).toBe(fieldSays(locale, 'pushTime', 'validation.required'));
      expect((await api(plan.mtcePlanRemindEdit, { runId, id: first?.id, content: 'C'.repeat(201), pushTime: '07:30' }, writer, lang)).msg).toBe(fieldSays(locale, 'content', 'validation.maxLength', { max: 200 }));
      expect((await api(plan.mtcePlanRemindEdit, { runId, id: first?.id, content: 'C'.repeat(200), pushTime: '24:00' }, writer, lang)).msg).toBe(fieldSays(locale, 'pushTime', 'validation.time'));
    }
    const [first] = (await ok<{ records: Plan[] }>(plan.mtcePlanQueryPage, { runId })).records;
    expect((await ok<Plan>(plan.mtcePlanRemindEdit, { runId, id: first?.id, content: 'C'.repeat(200), pushTime: '23:59' })).reminder).toMatchObject({ enabled: true, pushTime: '23:59', daysAhead: 1 });
    await ok(plan.mtcePlanRemindEdit, { runId, id: first?.id, content: 'Check the grease barrel', pushTime: '07:00', enabled: false });
    const atLimit = await api(record.mtceRecordAdd, recordFields({ maintainedBy: 'N'.repeat(50), checkedBy: 'C'.repeat(50), reviewedBy: 'R'.repeat(50), done: false }));
    expect(atLimit.code, atLimit.msg).toBe(0);
    expect(await api(record.mtceRecordAdd, recordFields({ time: clock + DAY }))).toMatchObject({ code: RESULT_CODE.business, msg: 'The maintenance time cannot be in the future' });
  });

  it('refuses every call without its code, and a write with the read codes only', async () => {
    const [first] = (await ok<{ records: Plan[] }>(plan.mtcePlanQueryPage, { runId })).records;
    const id = first?.id ?? 0;
    const samples: [Endpoint, object][] = [
      [plan.mtcePlanQueryPage, { runId }],
      [plan.mtcePlanAdd, planFields({ content: 'Denied' })],
      [plan.mtcePlanEdit, { ...planFields(), id }],
      [plan.mtcePlanDelete, { runId, id }],
      [plan.mtcePlanRemindEdit, { runId, id, content: 'x', pushTime: '07:00' }],
      [plan.mtcePlanRemindQuery, { runId, id }],
      [plan.mtcePlanUnits, { runId }],
      [plan.mtcePlanParts, { runId, system: 'Main drive' }],
      [plan.mtcePlanUnique, { runId, system: 'a', content: 'b' }],
      [plan.mtcePlanOverdue, { runId }],
      [plan.mtcePlanGroup, { runId }],
      [plan.mtcePlanDashboard, { runId }],
      [plan.mtceCalendar, { runId, from: clock - DAY, to: clock + DAY }],
      [record.mtceRecordPage, { runId }],
      [record.mtceRecordAdd, recordFields()],
      [record.mtceRecordDashboard, { runId }],
      [content.mtceContentQueryList, { runId }],
      [content.mtceContentQueryDetail, { runId, id }],
      [content.mtceContentAddOrEdit, planFields({ content: 'Denied' })],
      [content.mtceContentDelete, { runId, id }],
      [content.mtceContentRemindList, { runId }],
      [content.mtceContentSetRemind, { runId, id, content: 'x', pushTime: '07:00' }],
      [content.mtceContentHistoryTemplate, { runId, id }],
      [content.mtceContentHistoryList, { runId, id }],
      [content.mtceContentAddHistory, { ...recordFields(), planId: id }],
    ];
    const writes = new Set<Endpoint>([plan.mtcePlanAdd, plan.mtcePlanEdit, plan.mtcePlanDelete, plan.mtcePlanRemindEdit, record.mtceRecordAdd, content.mtceContentAddOrEdit, content.mtceContentDelete, content.mtceContentSetRemind, content.mtceContentAddHistory]);
    for (const [endpoint, input] of samples) {
      expect((await api(endpoint, input, plain)).code, endpoint.path).toBe(RESULT_CODE.forbidden);
      expect((await api(endpoint, input, '')).code, endpoint.path).toBe(RESULT_CODE.unauthenticated);
      if (writes.has(endpoint)) expect((await api(endpoint, input, reader)).code, endpoint.path).toBe(RESULT_CODE.forbidden);
      else expect((await api(endpoint, input, reader)).code, endpoint.path).toBe(0);
      // Another tenant's staff, at this run: refused as a run they cannot see.
      expect((await api(endpoint, input, stranger)).code, endpoint.path).toBe(RESULT_CODE.forbidden);
    }
    expect((await ok<{ records: Plan[] }>(plan.mtcePlanQueryPage, { runId })).records.map((p) => p.id)).toContain(id);
  });

  it("answers another run's plan and record ids exactly as missing ones", async () => {
    const foreignPlan = await ok<Plan>(plan.mtcePlanAdd, { ...planFields(), runId: otherRunId }, stranger);
    const foreignRecord = await ok<PlanRecord>(record.mtceRecordAdd, { ...recordFields(), runId: otherRunId }, stranger);
    const asked: [Endpoint, (id: number) => object, 'plan' | 'record'][] = [
      [plan.mtcePlanEdit, (id) => ({ ...planFields({ content: 'Foreign edit' }), id }), 'plan'],
      [plan.mtcePlanDelete, (id) => ({ runId, id }), 'plan'],
      [plan.mtcePlanRemindEdit, (id) => ({ runId, id, content: 'x', pushTime: '07:00' }), 'plan'],
      [plan.mtcePlanRemindQuery, (id) => ({ runId, id }), 'plan'],
      [plan.mtcePlanUnique, (id) => ({ runId, id, system: 'a', content: 'b' }), 'plan'],
      [content.mtceContentQueryDetail, (id) => ({ runId, id }), 'plan'],
      [content.mtceContentHistoryTemplate, (id) => ({ runId, id }), 'plan'],
      [content.mtceContentHistoryList, (id) => ({ runId, id }), 'plan'],
      [content.mtceContentAddHistory, (id) => ({ ...recordFields(), planId: id }), 'plan'],
      [record.mtceRecordAdd, (id) => ({ ...recordFields(), planId: id }), 'plan'],
      [record.mtceRecordPage, (id) => ({ runId, planId: id }), 'plan'],
      [record.mtceRecordDetail, (id) => ({ runId, id }), 'record'],
      [content.mtceContentHistoryDetail, (id) => ({ runId, id }), 'record'],
    ];
    for (const [endpoint, input, kind] of asked) {
      const foreign = await api(endpoint, input(kind === 'plan' ? foreignPlan.id : foreignRecord.id));
      const missing = await api(endpoint, input(9_999_999));
      expect(foreign, endpoint.path).toEqual(missing);
      expect(foreign.code, endpoint.path).toBe(RESULT_CODE.business);
      expect(JSON.stringify(foreign)).not.toContain('Greased');
    }
    expect((await ok<Plan>(content.mtceContentQueryDetail, { runId: otherRunId, id: foreignPlan.id }, stranger)).content).toBe(planFields().content);
  });

  it('a record completes the occurrence and moves the next due time (floating from the work, fixed on the calendar); late by the 10 % rule', async () => {
    const floating = await ok<Plan>(plan.mtcePlanAdd, planFields({ title: 'Tail-seal grease', system: 'Shield', component: 'Tail seal', content: 'Tail-seal grease per shift', cycle: 'weekly', nextTime: MONDAY_10 }));
    const fixed = await ok<Plan>(plan.mtcePlanAdd, planFields({ title: 'Belt conveyor', system: 'Belt conveyor', component: 'Drive drum', content: 'Weekly belt check', cycle: 'weekly', anchor: 'fixed', nextTime: MONDAY_10 }));
    // Both are weekly, due Monday 10:00. Done on Wednesday 15:00: a day and 5 hours late (> 10 % of 7 days = 16.8 h).
    clock = MONDAY_10 + 2 * DAY + 5 * HOUR;
    const template = await ok<{ items: { text: string; condition: string }[]; dueAt: number }>(content.mtceContentHistoryTemplate, { runId, id: floating.id });
    expect(template).toMatchObject({ dueAt: MONDAY_10, items: [{ text: 'Grease pump pressure', condition: 'normal' }, { text: 'Seal leakage', condition: 'normal' }] });
    const late = await ok<PlanRecord>(content.mtceContentAddHistory, recordFields({ planId: floating.id, type: 'weekly', time: clock, content: 'Tail seal greased' }));
    expect(late).toMatchObject({ planId: floating.id, dueAt: MONDAY_10, late: true, condition: 'abnormal', project: 'Metro M5', equipment: 'TBM-M5', typeName: 'Weekly' });
    // Floating: a week after the work's date at the plan's time of day; fixed: the next Monday.
    expect((await ok<Plan>(content.mtceContentQueryDetail, { runId, id: floating.id })).nextTime).toBe(MONDAY_10 + 9 * DAY);
    const onTime = await ok<PlanRecord>(record.mtceRecordAdd, recordFields({ planId: fixed.id, type: 'weekly', time: MONDAY_10 + 2 * DAY + 5 * HOUR }));
    expect(onTime.late).toBe(true);
    const fixedNow = await ok<Plan>(content.mtceContentQueryDetail, { runId, id: fixed.id });
    expect(fixedNow).toMatchObject({ nextTime: MONDAY_10 + 7 * DAY, done: true, lastDoneAt: clock });
    // Done within 10 %: on time.
    clock = MONDAY_10 + 7 * DAY + 10 * HOUR;
    expect((await ok<PlanRecord>(record.mtceRecordAdd, recordFields({ planId: fixed.id, type: 'weekly', time: clock }))).late).toBe(false);
    expect((await ok<Plan>(content.mtceContentQueryDetail, { runId, id: fixed.id })).nextTime).toBe(MONDAY_10 + 14 * DAY);
    // The history of a content item is its plan's records.
    const history = await ok<{ total: number; records: PlanRecord[] }>(content.mtceContentHistoryList, { runId, id: fixed.id });
    expect(history.records.map((r) => r.late)).toEqual([false, true]);
    expect(await ok(record.mtceRecordDetail, { runId, id: late.id })).toEqual(late);
    const page = await ok<{ total: number; records: PlanRecord[] }>(record.mtceRecordPage, { runId, condition: 'abnormal', planId: floating.id });
    expect(page.records.map((r) => r.id)).toEqual([late.id]);
    clock = MONDAY_10 + 7 * DAY + 11 * HOUR;
  });

  it('shows the calendar with states beside the standbys, the dashboard, compliance and its Excel export', async () => {
    const from = MONDAY_10 - 10 * HOUR;
    // A planned stop on Tuesday 8:00–16:00 Rome, beside an advance: only the standby is shown.
    await t.db.kysely
      .insertInto('tbm_states')
      .values([
        { run_id: runId, state: 'advance', start_ts: MONDAY_10 + DAY - 6 * HOUR, end_ts: MONDAY_10 + DAY - 2 * HOUR, ring_no: 1, origin: 'live' },
        { run_id: runId, state: 'waiting', start_ts: MONDAY_10 + DAY - 2 * HOUR, end_ts: MONDAY_10 + DAY + 6 * HOUR, ring_no: null, origin: 'live' },
      ])
      .execute();
    const calendar = await ok<{ entries: { title: string; dueAt: number; state: string }[]; standby: unknown[] }>(plan.mtceCalendar, { runId, from, to: from + 21 * DAY });
    const belt = calendar.entries.filter((e) => e.title === 'Belt conveyor').map((e) => [e.dueAt - MONDAY_10, e.state]);
    expect(belt).toEqual([
      [0, 'doneLate'],
      [7 * DAY, 'done'],
      [14 * DAY, 'upcoming'],
    ]);
    expect(calendar.standby).toEqual([{ start: MONDAY_10 + DAY - 2 * HOUR, end: MONDAY_10 + DAY + 6 * HOUR }]);
    const dashboard = await ok<plan.PlanDashboard>(plan.mtcePlanDashboard, { runId });
    expect(dashboard.doneOnTime).toBe(1);
    expect(dashboard.doneLate).toBe(2);
    expect(dashboard.abnormal.length).toBeGreaterThan(0);
    const belts = dashboard.complianceBySystem.find((r) => r.system === 'Belt conveyor');
    expect(belts).toEqual({ system: 'Belt conveyor', month: '2026-11', due: 2, onTime: 1, percent: 50 });
    const response = await call(t.app, 'POST', endpointUrl(plan.mtceComplianceExport), { token: reader, payload: { runId, from: '2026-11-01', to: '2026-11-30' }, lang: 'it_IT' });
    expect(response.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(new Uint8Array(response.rawPayload).buffer);
    const sheet = book.worksheets[0];
    expect(sheet?.name).toBe('Conformità manutenzione');
    expect(sheet?.getRow(3).values).toEqual([undefined, 'Sistema', 'Mese', 'Previste', 'Puntuali', 'Conformità (%)']);
    const rows = (sheet?.getSheetValues() ?? []).slice(4).map((r) => (r as unknown[]).slice(1, 6));
    expect(rows).toContainEqual(['Belt conveyor', '2026-11', 2, 1, 0.5]);
    const empty = await api(plan.mtceComplianceExport, { runId, from: '2025-01-01', to: '2025-02-01' });
    expect(empty).toMatchObject({ code: RESULT_CODE.business, msg: 'No maintenance was due in the chosen months' });
    const records = await ok<{ records: number; byPerson: { name: string }[] }>(record.mtceRecordDashboard, { runId });
    expect(records.records).toBeGreaterThanOrEqual(4);
  });

  it('downloads the template in Italian, imports the plans filled in with exceljs, names bad rows and refuses a file over 500 KB', async () => {
    const response = await call(t.app, 'GET', endpointUrl(importsContract.templateMtceplan), { token: writer, lang: 'it_IT' });
    expect(response.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(new Uint8Array(response.rawPayload).buffer);
    const sheet = book.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    expect(String(sheet.getRow(TEMPLATE_ROWS.header).getCell(1).value)).toMatch(/^Titolo/);
    const first = TEMPLATE_ROWS.example + 1;
    // Rows right under the example (the template prepares its drop-downs further down).
    const put = (rowNo: number, values: ExcelJS.CellValue[]) => values.forEach((v, i) => (sheet.getRow(rowNo).getCell(i + 1).value = v));
    put(first, ['Campione olio idraulico', 'Mensile', 'Idraulica', 'Serbatoio', 'Prelievo campione olio idraulico', 'Colore\nAcqua libera', '2026-12-01', null]);
    put(first + 1, ['Trasformatore', 'quarterly', 'Elettrico', 'Trasformatore 20 kV', 'Ispezione trasformatore', null, null, 'Termografia']);
    const good = Buffer.from(await book.xlsx.writeBuffer());
    expect(data<Report>(await upload(runId, good, { lang: 'it_IT' }))).toEqual({ imported: 2, refused: [], notices: expect.any(Array) as unknown });
    const imported = (await ok<{ records: Plan[] }>(content.mtceContentQueryList, { runId, system: 'Idraulica' })).records[0];
    expect(imported).toMatchObject({ cycle: 'monthly', items: ['Colore', 'Acqua libera'], nextTime: Date.UTC(2026, 11, 1, 7, 0), creator: { id: writerId } });

    // Bad rows are named: a missing content, an unknown cycle, a plan already there, a repeat within the file.
    put(first + 2, ['Senza contenuto', 'Mensile', 'Idraulica', null, null]);
    put(first + 3, ['Ciclo sbagliato', 'ogni tanto', 'Idraulica', null, 'Filtri']);
    put(first + 4, ['Nuovo', 'Settimanale', 'Nastro', 'Rullo', 'Controllo rulli']);
    put(first + 5, ['Ripetuto', 'Settimanale', 'Nastro', 'Rullo', 'Controllo rulli']);
    const bad = data<Report>(await upload(runId, Buffer.from(await book.xlsx.writeBuffer()), { lang: 'en_US' }));
    expect(bad.imported).toBe(0);
    const rowsOf = (message: RegExp) => bad.refused.filter((r) => message.test(r.message)).map((r) => r.row);
    expect(rowsOf(/already exists/)).toEqual([first, first + 1]);
    expect(rowsOf(/Same system, component and content as row/)).toEqual([first + 5]);
    expect(bad.refused.some((r) => r.row === first + 2)).toBe(true);
    expect(bad.refused.some((r) => r.row === first + 3)).toBe(true);
    const valid = data<Report>(await upload(runId, Buffer.from(await book.xlsx.writeBuffer()), { mode: 'validOnly' }));
    expect(valid.imported).toBe(1);

    const big = await upload(runId, Buffer.alloc(500 * 1024, 1));
    expect(big).toMatchObject({ code: RESULT_CODE.business, msg: 'The file is larger than 500 KB' });
    expect((await upload(runId, good, { token: reader })).code).toBe(RESULT_CODE.forbidden);
    expect(await upload(otherRunId, good)).toEqual(await upload(9_999_999, good));
  });

  it('sends each reminder once at its push time in the project zone, then the overdue notice once a day at most', async () => {
    await t.db.kysely.deleteFrom('messages').execute();
    const due = MONDAY_10 + 14 * DAY + 3 * DAY; // Thursday 10 December, 10:00 Rome
    const oil = await ok<Plan>(plan.mtcePlanAdd, planFields({ title: 'Gearbox oil', system: 'Main drive', component: 'Gearbox', content: 'Change gearbox oil', cycle: 'monthly', nextTime: due }));
    await ok(plan.mtcePlanRemindEdit, { runId, id: oil.id, content: 'Order 200 l of gear oil', daysAhead: 2, pushTime: '07:30' });
    // 07:30 Rome on Tuesday 8 December is 06:30 UTC.
    const push = Date.UTC(2026, 11, 8, 6, 30);
    expect((await ok<{ nextPushes: number[] }>(plan.mtcePlanRemindQuery, { runId, id: oil.id })).nextPushes[0]).toBe(push);
    const jobs = t.app.platform.jobs;
    const sent = async () => t.db.kysely.selectFrom('messages').select(['user_id', 'content_key', 'object_id', 'type']).where('object_id', '=', oil.id).orderBy('id').execute();
    clock = push - 60_000;
    await jobs.runDue('maintenance.reminders', clock);
    expect(await sent()).toEqual([]);
    clock = push;
    await jobs.runDue('maintenance.reminders', clock);
    clock = push + 5 * 60_000;
    await jobs.runDue('maintenance.reminders', clock);
    // The writer is the run's only holder of maintenance.message.read.
    expect(await sent()).toEqual([{ user_id: writerId, content_key: 'maintenance.message.reminder', object_id: oil.id, type: 'maintenanceReminder' }]);
    const message = await t.db.kysely.selectFrom('messages').select('content_params').where('object_id', '=', oil.id).executeTakeFirstOrThrow();
    expect(JSON.parse(message.content_params)).toMatchObject({ text: 'Order 200 l of gear oil', title: 'Gearbox oil', place: 'Main drive / Gearbox', due: '10/12/2026 10:00' });

    // Overdue past 10 % of its 30 days (3 days): one notice, then none the same day, one the next day.
    clock = due + 3 * DAY + HOUR;
    await jobs.runDue('maintenance.reminders', clock);
    clock += 10 * 60_000;
    await jobs.runDue('maintenance.reminders', clock);
    const overdue = async () => (await sent()).filter((m) => m.content_key === 'maintenance.message.overdue').length;
    expect(await overdue()).toBe(1);
    expect((await ok<Plan[]>(plan.mtcePlanOverdue, { runId })).map((p) => p.id)).toContain(oil.id);
    clock += DAY;
    await jobs.runDue('maintenance.reminders', clock);
    expect(await overdue()).toBe(2);
  });

  it('two instances racing for the same due reminder send it once', async () => {
    const { reminderPass } = await import('./reminders.js');
    const service = t.app.platform.services.get('maintenance');
    const due = clock + 3 * DAY;
    const pump = await ok<Plan>(plan.mtcePlanAdd, planFields({ title: 'Pump filters', system: 'Hydraulics', component: 'Pump', content: 'Change pump filters', cycle: 'quarterly', nextTime: due }));
    await ok(plan.mtcePlanRemindEdit, { runId, id: pump.id, content: 'Filters in store?', daysAhead: 1, pushTime: '06:00' });
    let sends = 0;
    const deps = (db: typeof t.db.kysely) => ({
      db,
      messages: () => ({ send: async () => ((sends += 1), { recipients: [], deduplicated: 0 }) }) as never,
      runOf: async () => ({ id: runId, time_zone: TZ, finished_at: null }),
      countersNow: (id: number, at: number) => service.countersNow(id, at),
    });
    const at = due - DAY + 2 * HOUR;
    const signal = new AbortController().signal;
    await Promise.all([reminderPass(deps(t.app.platform.db), at, signal), reminderPass(deps(t.db.kysely), at, signal), reminderPass(deps(t.db.kysely), at + 1, signal)]);
    const pumpNotices = await t.db.kysely.selectFrom('mtce_notices_sent').selectAll().where('plan_id', '=', pump.id).execute();
    expect(pumpNotices.map((n) => n.kind)).toEqual(['remind']);
    expect(sends).toBeGreaterThanOrEqual(1);
    await Promise.all([reminderPass(deps(t.app.platform.db), at + 60_000, signal), reminderPass(deps(t.db.kysely), at + 60_000, signal)]);
    expect((await t.db.kysely.selectFrom('mtce_notices_sent').selectAll().where('plan_id', '=', pump.id).execute()).length).toBe(1);
  });

  it('shows a counter plan with its counter, due value and forecast', async () => {
    const cutters = await ok<Plan>(plan.mtcePlanAdd, planFields({ title: 'Cutter inspection', system: 'Cutterhead', component: 'Disc cutters', content: 'Inspect disc cutters every 20 rings', cycle: 'daily', trigger: 'counter', counterKind: 'ringsBuilt', counterInterval: 20, nextTime: null }));
    expect(cutters).toMatchObject({ trigger: 'counter', counterKind: 'ringsBuilt', counterInterval: 20, counter: { kind: 'ringsBuilt', value: 0, dueValue: 20, forecastAt: null }, state: 'upcoming', nextTime: null });
    expect((await api(plan.mtcePlanAdd, planFields({ content: 'No counter kind', trigger: 'whicheverFirst', counterInterval: 5 }))).msg).toBe(fieldSays('en-US', 'counterKind', 'validation.required'));
    // 14 rings in the last 14 days: the counter reads 14, one ring a day, so the 20th ring is forecast 6 days from now.
    await t.db.kysely
      .insertInto('rings')
      .values(Array.from({ length: 14 }, (_, i) => ringRecord(runId, i + 1, clock - (14 - i) * DAY + HOUR, clock - (14 - i) * DAY + 3 * HOUR)))
      .execute();
    const counted = await ok<Plan>(content.mtceContentQueryDetail, { runId, id: cutters.id });
    expect(counted.counter).toEqual({ kind: 'ringsBuilt', value: 14, dueValue: 20, forecastAt: clock + 6 * DAY });
    expect(counted.nextTime).toBe(clock + 6 * DAY);
    // Inspected after ring 14 (floating): due again at ring 34.
    await ok(record.mtceRecordAdd, recordFields({ planId: cutters.id, system: 'Cutterhead', content: 'Cutters inspected', time: clock - HOUR }));
    expect((await ok<Plan>(content.mtceContentQueryDetail, { runId, id: cutters.id })).counter).toMatchObject({ value: 14, dueValue: 34 });
  });

  const data = <T>(body: Body): T => {
    expect(body.code, body.msg).toBe(0);
    return body.data as T;
  };
});
