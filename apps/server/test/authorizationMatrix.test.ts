/// <reference types="vite/client" />
import { createHash } from 'node:crypto';
import { adminContract, type EndpointDefinition, endpointUrl, filesContract, H5_SESSION_CODES, inputSource, monitorContract, RESOURCE_CODES, RESULT_CODE, shiftContract, shiftReportContract, SUPER_ADMIN_ONLY_CODES } from '@boreline/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FilesRepo } from '../src/modules/files/files.repo.js';
import { FilesService } from '../src/modules/files/index.js';
import { buildRun, buildUser, type BuiltUser, call, signIn } from './factories.js';
import { type IdKind, idFieldsOf, idKindOf, type MatrixActor, type MatrixContext, type MatrixObjects, type MatrixSamples, urlWithParams, withField } from './matrix.js';
import { ADMIN, createTestApp, envelope, type TestApp } from './testApp.js';

/** Today in the test runs' zone: its day shift is open for editing whenever the suite runs. */
const TODAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(Date.now());

/**
 * RELIABILITY.md's authorization matrix, generated from the route table: every API route × every
 * kind of caller, with tenant A's ids swapped into tenant B's requests and A's canary strings
 * searched in every answer B gets. A new endpoint joins the matrix by existing. Then every id field of
 * every endpoint's input, found by walking its contract's schema, is swapped in A's request for B's
 * object of that kind: it must be refused, with the very answer a missing id gets.
 */
const CANARY = 'CANARY-A-7f3c';
const MISSING = 987_654_321;
/** Every module's samples, found by file name (`modules/<m>/<m>.matrix.ts`, or in a part's folder of a module: `modules/<m>/<part>/<part>.matrix.ts`). */
const MODULES = Object.values(import.meta.glob<{ matrixSamples: MatrixSamples; matrixObjects?: MatrixObjects }>('../src/modules/**/*.matrix.ts', { eager: true }));
const MODULE_SAMPLES: MatrixSamples[] = MODULES.map((m) => m.matrixSamples);
/** What a route without a sample is sent (one object, so a sample's absence can be told). */
const NO_SAMPLE: object = Object.freeze({});

/**
 * `h5Run` and `h5OtherRun` are H5 run tokens: sessions the authorized user opened from H5 links
 * (h5LinkIssue + h5Exchange) for A's first and for A's second run. They may use the real-time reads
 * (H5_SESSION_CODES) of their own run and nothing else, whatever the account holds.
 */
type Actor = MatrixActor;

/** The runs a sample names (`runId`, or each of `runIds`). */
function runsOf(input: object): number[] {
  const named: number[] = [];
  if ('runId' in input && typeof input.runId === 'number') named.push(input.runId);
  if ('runIds' in input && Array.isArray(input.runIds)) for (const id of input.runIds) if (typeof id === 'number') named.push(id);
  return named;
}

/** Whether an answer names a run (as any run-shaped object in data does). */
const namesRun = (body: string, runId: number): boolean => new RegExp(`"runId":${runId}[,}]`).test(body);

describe('authorization matrix', () => {
  let t: TestApp;
  const tokens = {} as Record<Actor, string>;
  const tenantA = { org: 0, sub: 0, role: 0, user: 0, run: 0, run2: 0, report: 0 };
  const a = tenantA;
  let otherTenantUser: BuiltUser;
  /** What the modules' `matrixObjects` made, by name. */
  const objects: Record<string, number> = {};
  /** A risk picture of A's first run, and an upload of the user without resources (unattached: theirs alone). */
  const fileIds = { a: '', noResource: '' };

  /** Tenant B's objects by kind (for the id swap), with a missing id of each kind. */
  const foreign: Partial<Record<IdKind, number | string>> = {};

  /**
   * Valid-shaped input naming tenant A's objects (from the module's `*.matrix.ts`); callers allowed to
   * change them get a missing id, unless `real` (the id swap, whose requests must all be refused).
   */
  function sample(id: string, actor: Actor, real = false): object {
    const attacker = actor === 'otherTenant' || actor === 'childAdmin';
    const context: MatrixContext = {
      // The administrator of A's sub-organization aims one level up: at A itself.
      a: actor === 'childAdmin' ? { ...tenantA, sub: tenantA.org } : tenantA,
      target: (r) => (attacker || real ? r : MISSING),
      attacker,
      today: TODAY,
      canary: CANARY,
      actor,
      objects,
      files: { a: fileIds.a, own: actor === 'noResource' ? fileIds.noResource : null },
    };
    for (const samples of MODULE_SAMPLES) {
      const found = samples(context)[id];
      if (found) return found;
    }
    return NO_SAMPLE;
  }

  beforeAll(async () => {
    t = await createTestApp();
    const sa = await signIn(t.app, ADMIN.email, ADMIN.password, { ip: '10.80.0.1' });
    tokens.superAdmin = sa;
    const post = async (endpoint: { base: 'main' | 'project'; path: string }, payload: object) => {
      const body = envelope(await call(t.app, 'POST', `/server_main${endpoint.path}`, { token: sa, payload }));
      if (body.code !== 0) throw new Error(`${endpoint.path}: ${body.msg}`);
      return body.data as { id: number };
    };
    const root = ((await post(adminContract.orgQuery, {})) as unknown as { id: number }[])[0]?.id ?? 1;
    a.org = (await post(adminContract.orgAdd, { parentId: root, name: `${CANARY} contractor`, type: 'company', sort: 1 })).id;
    a.sub = (await post(adminContract.orgAdd, { parentId: a.org, name: `${CANARY} site`, type: 'organization', sort: 1 })).id;
    // Tenant B's id starts with A's digits (A = 2 -> B = 23): paths must never confuse them.
    const bId = Number(`${a.org}3`);
    await t.db.kysely
      .insertInto('orgs')
      .values({ id: bId, name: 'Contractor B', type: 'company', parent_id: root, path: `/${root}/${bId}/`, sort: 2, created_at: Date.now() })
      .execute();
    for (const orgId of [a.org, bId]) await post(adminContract.orgResourcesEdit, { orgId, codes: [...RESOURCE_CODES] });
    a.role = (await post(adminContract.roleAdd, { name: `${CANARY} admins`, kind: 'org_admin', orgId: a.org, sort: 1 })).id;
    const roleB = (await post(adminContract.roleAdd, { name: 'B admins', kind: 'org_admin', orgId: bId, sort: 1 })).id;
    for (const roleId of [a.role, roleB]) await post(adminContract.roleResourcesUpdate, { roleId, codes: [...RESOURCE_CODES] });

    const place = async (user: BuiltUser, orgId: number, roleIds: number[]) => {
      await t.db.kysely.updateTable('users').set({ org_id: orgId }).where('id', '=', user.id).execute();
      if (roleIds.length > 0) await post(adminContract.userAssignRoles, { userId: user.id, roleIds });
    };
    const authorized = await buildUser(t.db, { nickname: `${CANARY} user` });
    a.user = authorized.id;
    await place(authorized, a.org, [a.role]);
    otherTenantUser = await buildUser(t.db, { password: 'Matrix-pass-1' });
    await place(otherTenantUser, bId, [roleB]);
    const subRole = (await post(adminContract.roleAdd, { name: 'Sub admins', kind: 'org_admin', orgId: a.sub, sort: 1 })).id;
    await post(adminContract.orgResourcesEdit, { orgId: a.sub, codes: [...RESOURCE_CODES] });
    await post(adminContract.roleResourcesUpdate, { roleId: subRole, codes: [...RESOURCE_CODES] });
    const childAdmin = await buildUser(t.db, { password: 'Matrix-pass-1' });
    await place(childAdmin, a.sub, [subRole]);
    const noResource = await buildUser(t.db);
    await place(noResource, a.org, []);
    const revoked = await buildUser(t.db);
    await place(revoked, a.org, [a.role]);
    // Two runs of A: the sibling-run user holds every grant in A but is limited to the second run.
    a.run = await buildRun(t.db, a.org, { projectName: `${CANARY} project` });
    a.run2 = await buildRun(t.db, a.org, { projectName: 'Second drive of A' });
    const runB = await buildRun(t.db, bId, { projectName: 'Project of B' });
    const siblingRun = await buildUser(t.db, { password: 'Matrix-pass-1' });
    await place(siblingRun, a.org, [a.role]);
    await t.db.kysely.insertInto('user_runs').values({ user_id: siblingRun.id, run_id: a.run2 }).execute();
    tokens.siblingRun = await signIn(t.app, siblingRun.phone, siblingRun.password, { ip: '10.80.0.7' });

    tokens.authorized = await signIn(t.app, authorized.phone, authorized.password, { ip: '10.80.0.2' });
    tokens.otherTenant = await signIn(t.app, otherTenantUser.phone, otherTenantUser.password, { ip: '10.80.0.3' });
    tokens.noResource = await signIn(t.app, noResource.phone, noResource.password, { ip: '10.80.0.4' });
    tokens.childAdmin = await signIn(t.app, childAdmin.phone, childAdmin.password, { ip: '10.80.0.6' });
    tokens.revoked = await signIn(t.app, revoked.phone, revoked.password, { ip: '10.80.0.5' });
    await call(t.app, 'GET', '/server_main/g/web/sys/logout/v1', { token: tokens.revoked });
    tokens.anonymous = '';
    // H5 run tokens, opened after the authorized user's console sign-in (a later one would end them).
    const h5For = async (runId: number) => {
      const link = envelope(await call(t.app, 'POST', endpointUrl(monitorContract.h5LinkIssue), { token: tokens.authorized, payload: { runId } }));
      if (link.code !== 0) throw new Error(`h5 link: ${link.msg}`);
      const { token } = monitorContract.h5LinkIssue.output.parse(link.data);
      const exchanged = envelope(await call(t.app, 'POST', endpointUrl(monitorContract.h5Exchange), { payload: { token, runId } }));
      if (exchanged.code !== 0) throw new Error(`h5 exchange: ${exchanged.msg}`);
      return monitorContract.h5Exchange.output.parse(exchanged.data).token;
    };
    const report = envelope(
      await call(t.app, 'POST', endpointUrl(shiftReportContract.saveShiftMain), { token: sa, payload: { runId: a.run, date: TODAY, shiftNo: 1, leader: `${CANARY} leader` } }),
    );
    if (report.code !== 0) throw new Error(`shift report: ${report.msg}`);
    a.report = shiftReportContract.saveShiftMain.output.parse(report.data).main.shiftRecId;
    const saId = (await t.db.kysely.selectFrom('users').select('id').where('is_sa', '=', 1).executeTakeFirstOrThrow()).id;
    const users = { authorized: authorized.id, noResource: noResource.id, childAdmin: childAdmin.id, siblingRun: siblingRun.id, otherTenant: otherTenantUser.id, superAdmin: saId };
    for (const { matrixObjects } of MODULES) if (matrixObjects) Object.assign(objects, await matrixObjects({ db: t.db, a: tenantA, canary: CANARY, users }));
    const image = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#888' } }).png().toBuffer();
    const uploadAs = async (token: string, fields: Record<string, string>) => {
      const boundary = '----matrix';
      const head = Object.entries(fields).map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`).join('');
      const payload = Buffer.concat([Buffer.from(`${head}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${CANARY}.png"\r\n\r\n`), image, Buffer.from(`\r\n--${boundary}--\r\n`)]);
      const body = envelope(await t.app.inject({ method: 'POST', url: endpointUrl(filesContract.upload), headers: { authorization: token, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload }));
      if (body.code !== 0) throw new Error(`upload: ${body.msg}`);
      return filesContract.StoredFileSchema.parse(body.data).id;
    };
    fileIds.a = await uploadAs(tokens.authorized, { purpose: 'riskPicture', runId: String(a.run) });
    await new FilesService(new FilesRepo(t.db.kysely, t.db.dialect), { require: () => Promise.resolve() }).attach([fileIds.a], { kind: 'riskPoint', id: 1 }, { runId: a.run });
    fileIds.noResource = await uploadAs(tokens.noResource, { purpose: 'feedbackScreenshot' });
    // Tenant B's objects of every kind an id field may name, for the id swap.
    const reportB = envelope(await call(t.app, 'POST', endpointUrl(shiftReportContract.saveShiftMain), { token: sa, payload: { runId: runB, date: TODAY, shiftNo: 1, leader: 'B leader' } }));
    if (reportB.code !== 0) throw new Error(`shift report of B: ${reportB.msg}`);
    const shiftsB = envelope(
      await call(t.app, 'POST', endpointUrl(shiftContract.shiftSave), { token: sa, payload: { runId: runB, shifts: [{ name: 'Day', start: '07:00', end: '19:00', handoverTime: '07:00' }] } }),
    );
    if (shiftsB.code !== 0) throw new Error(`shifts of B: ${shiftsB.msg}`);
    const messageB = await t.db.kysely
      .insertInto('messages')
      .values({ user_id: otherTenantUser.id, type: 'maintenanceReminder', run_id: runB, content_key: 'messages.system.welcome', content_params: '{}', text: null, object_kind: null, object_id: null, at: Date.now(), created_at: Date.now(), read_at: null, dedupe_key: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const shiftReportB = shiftReportContract.saveShiftMain.output.parse(reportB.data).main.shiftRecId;
    const alarmB = await t.db.kysely
      .insertInto('alarms')
      .values({ run_id: runB, number: 1, kind: 'longStop', point: 'state.longStop', subsystem: null, level: 'warning', direction: null, start_ts: Date.now(), end_ts: null, fault_ts: Date.now(), start_value: null, peak_value: null, limit_value: null, ring_no: null, shift_date: null, shift_no: null, start_chainage: null, end_chainage: null, created_at: Date.now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const noon = Date.parse(`${TODAY}T12:00:00Z`);
    const recordB = await t.db.kysely
      .insertInto('shift_records')
      .values({ report_id: shiftReportB, kind: 'stop', process: null, stop_reason: 'segmentSupply', start_ts: noon, end_ts: noon + 600_000, is_primary: 0, generated: 0, remark: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    Object.assign(foreign, {
      org: bId,
      role: roleB,
      user: otherTenantUser.id,
      run: runB,
      shiftReport: shiftReportB,
      shiftRecord: recordB.id,
      shift: shiftContract.shiftSave.output.parse(shiftsB.data).shifts[0]?.shiftId ?? 0,
      message: messageB.id,
      alarm: alarmB.id,
      file: await uploadAs(tokens.otherTenant, { purpose: 'feedbackScreenshot' }),
      riskPoint: (
        await t.db.kysely
          .insertInto('risk_points')
          .values({ run_id: runB, code: 'B-1', position: 1100, name: 'B zone', start_chainage: 1100, end_chainage: 1120, remark: null, settlement_level: null, vibration_level: null, description: null, notified_state: null, created_by: null, created_at: Date.now(), updated_at: Date.now() })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
      ...(await maintenanceOfB(t.db.kysely, runB)),
      ...(await stockOfB(t.db.kysely, runB)),
      ...(await segmentsOfB(t.db.kysely, runB)),
      ...(await repairsOfB(t.db.kysely, runB)),
      ...(await announcementsOfB(t.db.kysely, runB, otherTenantUser.id)),
      feedback: (
        await t.db.kysely
          .insertInto('feedback_items')
          .values({ user_id: otherTenantUser.id, name: 'B sender', contact: 'b@example.test', content: 'B feedback', state: 'new', reply: null, replied_at: null, replied_by: null, submitted_at: Date.now(), updated_at: Date.now() })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
      drawing: (
        await t.db.kysely
          .insertInto('graph_drawings')
          .values({ run_id: runB, name: 'plan', lang: '', variant: 'default', file_id: 'missingFileIdBBBBBBBBB', width: 40, height: 30, calibration: null, updated_by: null, updated_at: Date.now() })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    } satisfies Partial<Record<IdKind, number | string>>);
    tokens.h5Run = await h5For(a.run);
    tokens.h5OtherRun = await h5For(a.run2);
  });
  afterAll(() => t.close());

  it('runs every API route for every caller: 0 unexpected allows, 0 wrong denies, 0 canary leaks', async () => {
    const routes = t.app.routeTable.filter((r) => r.url.startsWith('/server_') && r.method !== 'HEAD' && r.permission !== 'public');
    const actors: Actor[] = ['anonymous', 'revoked', 'noResource', 'childAdmin', 'siblingRun', 'h5Run', 'h5OtherRun', 'otherTenant', 'authorized', 'superAdmin'];
    const unexpectedAllows: string[] = [];
    const wrongDenies: string[] = [];
    const leaks: string[] = [];
    /** Samples the route's own contract refuses for callers who may use it: their cells would prove nothing. */
    const invalidSamples: string[] = [];
    let cells = 0;
    // The destructive sample calls of the other tenant come last, so they meet A's objects intact.
    for (const actor of actors) {
      for (const route of routes) {
        const endpointId = route.endpointId ?? '';
        const input = sample(endpointId, actor);
        const endpoint = t.app.endpointDefinitions.find((e) => e.id === endpointId);
        const inQuery = route.method === 'GET' || (endpoint !== undefined && inputSource(endpoint) === 'query');
        const response = await t.app.inject({
          method: route.method === 'GET' ? 'GET' : 'POST',
          url: urlWithParams(route.url, input),
          remoteAddress: '10.80.1.1',
          headers: tokens[actor] ? { authorization: tokens[actor] } : {},
          ...(inQuery ? { query: Object.fromEntries(Object.entries(input).map(([k, v]) => [k, String(v)])) } : { payload: input }),
        });
        cells += 1;
        const where = `${actor} ${route.method} ${route.url}`;
        const body: { code?: number } = String(response.headers['content-type'] ?? '').includes('json') ? response.json() : { code: 0 };
        const denied = body.code === RESULT_CODE.unauthenticated || body.code === RESULT_CODE.forbidden;
        if ((actor === 'authorized' || actor === 'superAdmin') && input !== NO_SAMPLE && response.body.includes('"fields":[')) invalidSamples.push(where);
        if (route.permission === 'machine') {
          // A machine route opens only for a machine key: no user token, however strong, gets in.
          if (body.code !== RESULT_CODE.unauthenticated) unexpectedAllows.push(`${where} (machine route)`);
        } else if (actor === 'anonymous' || actor === 'revoked') {
          if (body.code !== RESULT_CODE.unauthenticated) unexpectedAllows.push(where);
        } else if (actor === 'noResource') {
          if (route.permission !== 'authenticated' && body.code !== RESULT_CODE.forbidden) unexpectedAllows.push(where);
          if (route.permission === 'authenticated' && denied) wrongDenies.push(where);
        } else if (actor === 'siblingRun') {
          // Limited to A's second run: the first run's name never shows, and nothing scoped by it answers.
          if (response.body.includes(`${CANARY} project`)) leaks.push(where);
          if ('runId' in input && body.code !== RESULT_CODE.forbidden) unexpectedAllows.push(`${where} (a sibling run)`);
          if (namesRun(response.body, a.run)) leaks.push(`${where} (the first run)`);
        } else if (actor === 'h5Run' || actor === 'h5OtherRun') {
          // An H5 run token: the real-time reads of its own run, code 2 everywhere else.
          const own = actor === 'h5Run' ? a.run : a.run2;
          const foreign = actor === 'h5Run' ? a.run2 : a.run;
          const realTime = H5_SESSION_CODES.some((c) => c === route.permission);
          const named = runsOf(input);
          // A listing (no run named) answers what the token may see; the leak checks below hold it to its own run.
          if (realTime && (named.includes(own) || named.length === 0)) {
            if (body.code !== RESULT_CODE.ok) wrongDenies.push(`${where} (its own run: code ${String(body.code)})`);
          } else if (body.code !== RESULT_CODE.forbidden) {
            // A multi-run read leaves out the runs the caller may not read: an empty answer is no allow.
            const leftOut = realTime && 'runIds' in input && body.code === RESULT_CODE.ok && response.body.includes('"data":[]');
            if (!leftOut) unexpectedAllows.push(`${where} (H5 run token: code ${String(body.code)})`);
          }
          if (namesRun(response.body, foreign)) leaks.push(`${where} (another run)`);
          if ([`${CANARY} contractor`, `${CANARY} admins`, `${CANARY} user`].some((c) => response.body.includes(c))) leaks.push(where);
          if (actor === 'h5OtherRun' && response.body.includes(`${CANARY} project`)) leaks.push(where);
        } else if (actor === 'otherTenant' || actor === 'childAdmin') {
          // B sees nothing of A; A's sub-organization sees nothing of A above it (the canary is on A's org and role).
          if (actor === 'otherTenant' && response.body.includes(CANARY)) leaks.push(where);
          if (actor === 'childAdmin' && (response.body.includes(`${CANARY} contractor`) || response.body.includes(`${CANARY} admins`) || response.body.includes(`${CANARY} user`) || response.body.includes(`${CANARY} project`))) leaks.push(where);
          // Nor any of A's runs by id (a multi-run read answers without them).
          if (namesRun(response.body, a.run) || namesRun(response.body, a.run2)) leaks.push(`${where} (a run of A)`);
          // B holds every resource in B: the gate lets it in; A's objects must stay out of reach.
          const touchesA = Object.keys(sample(endpointId, actor)).some((k) => /id$/i.test(k));
          if (touchesA && body.code === RESULT_CODE.ok) unexpectedAllows.push(`${where} (tenant A's object)`);
        } else if (actor === 'authorized' && SUPER_ADMIN_ONLY_CODES.some((c) => c === route.permission)) {
          if (body.code !== RESULT_CODE.forbidden) unexpectedAllows.push(where);
        } else if (denied) {
          wrongDenies.push(where);
        }
      }
    }
    console.log(
      `authorization matrix: ${routes.length} routes x ${actors.length} callers = ${cells} cells; ` +
        `${unexpectedAllows.length} unexpected allows; ${wrongDenies.length} wrong denies; ${leaks.length} canary leaks`,
    );
    expect({ unexpectedAllows, wrongDenies, leaks, invalidSamples }).toEqual({ unexpectedAllows: [], wrongDenies: [], leaks: [], invalidSamples: [] });
    expect(cells).toBeGreaterThan(100);
    // The other tenant's attempt at a password reset left A's user untouched.
    const still = await call(t.app, 'POST', '/server_main/u/web/sys/user/queryUserInfo/v1', { token: tokens.authorized, payload: {} });
    expect(envelope(still).code).toBe(0);
    // The H5 run tokens lived through the whole matrix: their refusals above were code 2 for what they are, not for an ended session.
    const h5Still = await call(t.app, 'GET', `${endpointUrl(monitorContract.realDataQuery)}?runId=${a.run}`, { token: tokens.h5Run });
    expect(envelope(h5Still).code).toBe(0);
    // Every endpoint of every module joins the matrix: it grows with the product, not with a hand-kept list.
  }, 180_000);

  it("swaps every id field of every request, found in the route's contract, for another tenant's object: refused, and answered as a missing id is", async () => {
    const routes = t.app.routeTable.filter((r) => r.url.startsWith('/server_') && r.method !== 'HEAD' && r.permission !== 'public' && r.permission !== 'machine');
    const missing: Record<IdKind, number | string> = { org: MISSING, role: MISSING, user: MISSING, run: MISSING, shiftReport: MISSING, shift: MISSING, shiftRecord: MISSING, message: MISSING, file: 'missingFileIdAAAAAAAAA', resource: MISSING, alarm: MISSING, riskPoint: MISSING, maintenancePlan: MISSING, maintenanceRecord: MISSING, stockPart: MISSING, stockSheet: MISSING, segmentPose: MISSING, tailGap: MISSING, tailClearance: MISSING, repair: MISSING, knowledge: MISSING, announcement: MISSING, collectionItem: MISSING, drawing: MISSING, feedback: MISSING };
    const send = async (route: (typeof routes)[number], endpoint: EndpointDefinition, input: object) => {
      const inQuery = route.method === 'GET' || inputSource(endpoint) === 'query';
      const response = await t.app.inject({
        method: route.method === 'GET' ? 'GET' : 'POST',
        url: urlWithParams(route.url, input),
        remoteAddress: '10.80.1.2',
        headers: { authorization: tokens.authorized },
        ...(inQuery ? { query: Object.fromEntries(Object.entries(input).map(([k, v]) => [k, String(v)])) } : { payload: input }),
      });
      const body: { code?: number; msg?: string; data?: unknown } = String(response.headers['content-type'] ?? '').includes('json') ? response.json() : { code: 0 };
      return { status: response.statusCode, code: body.code, msg: body.msg, data: body.data };
    };
    const accepted: string[] = [];
    const told: string[] = [];
    const unknownKinds: string[] = [];
    const uncovered: string[] = [];
    let swaps = 0;
    for (const route of routes) {
      const endpoint = t.app.endpointDefinitions.find((e) => e.id === route.endpointId);
      // Uploads read a multipart form: their fields are checked by the file tests.
      if (!endpoint || inputSource(endpoint) === 'multipart') continue;
      const base = sample(endpoint.id, 'authorized', true);
      for (const field of idFieldsOf(endpoint.input)) {
        const where = `${endpoint.id} ${field.path.join('.')}`;
        const kind = idKindOf(endpoint.id, field.name);
        if (kind === undefined) {
          unknownKinds.push(where);
          continue;
        }
        // Resources are one tree shared by every tenant: no tenant's resource is foreign to another.
        if (kind === 'resource') continue;
        const theirs = foreign[kind];
        const withId = (id: number | string) => withField(base, field.path, field.many ? [id] : id);
        const [aimed, absent] = [theirs === undefined ? undefined : withId(theirs), withId(missing[kind])];
        if (aimed === undefined || absent === undefined) {
          uncovered.push(where);
          continue;
        }
        swaps += 1;
        const [other, none] = [await send(route, endpoint, aimed), await send(route, endpoint, absent)];
        // A list filtered by what the caller may see leaves the other tenant's object out: the same empty answer.
        const leftOut = other.code === RESULT_CODE.ok && Array.isArray(other.data) && other.data.length === 0 && JSON.stringify(other) === JSON.stringify(none);
        if (other.code === RESULT_CODE.ok && !leftOut) accepted.push(where);
        if (other.status !== none.status || other.code !== none.code || other.msg !== none.msg) told.push(`${where}: ${String(other.code)} ${String(other.msg)} / missing: ${String(none.code)} ${String(none.msg)}`);
      }
    }
    console.log(`id swap: ${String(swaps)} swaps; ${String(accepted.length)} accepted; ${String(told.length)} told apart from missing; not covered: ${uncovered.join(', ') || 'none'}`);
    expect({ accepted, told, unknownKinds }).toEqual({ accepted: [], told: [], unknownKinds: [] });
    expect(swaps).toBeGreaterThan(50);
  }, 120_000);

  it("opens the public file stream with a ticket alone: issued only to a reader of the file, and for that one file", async () => {
    const issue = async (actor: Actor, id: string) => envelope(await call(t.app, 'POST', endpointUrl(filesContract.ticketIssue), { token: tokens[actor], payload: { id } }));
    // Every caller who may not read A's file is refused a ticket for it, as the route matrix above says.
    for (const actor of ['anonymous', 'revoked', 'otherTenant', 'childAdmin', 'siblingRun', 'h5Run', 'h5OtherRun'] as const) expect((await issue(actor, fileIds.a)).code, actor).not.toBe(RESULT_CODE.ok);
    const granted = await issue('authorized', fileIds.a);
    expect(granted.code).toBe(RESULT_CODE.ok);
    const { url } = filesContract.ticketIssue.output.parse(granted.data);
    expect(url).not.toContain(tokens.authorized);
    const own = await t.app.inject({ method: 'GET', url, remoteAddress: '10.80.1.3' });
    expect([own.statusCode, own.headers['content-type']]).toEqual([200, 'image/png']);
    // Naming another file beside the ticket still answers the ticket's own file, never the other.
    const other = await t.app.inject({ method: 'GET', url: `${url}&id=${encodeURIComponent(fileIds.noResource)}`, remoteAddress: '10.80.1.3' });
    expect(other.rawPayload.equals(own.rawPayload)).toBe(true);
    // Each ticket is bound to the one file it was issued for (B's own upload, issued to B: B's file, not A's).
    const theirs = filesContract.ticketIssue.output.parse((await issue('otherTenant', String(foreign.file))).data);
    expect((await t.app.inject({ method: 'GET', url: theirs.url, remoteAddress: '10.80.1.3' })).statusCode).toBe(200);
    const boundTo = async (link: string) => {
      const hash = createHash('sha256').update(new URL(link, 'http://x').searchParams.get('ticket') ?? '').digest('hex');
      return (await t.db.kysely.selectFrom('file_tickets').select('file_id').where('token_hash', '=', hash).executeTakeFirstOrThrow()).file_id;
    };
    expect([await boundTo(url), await boundTo(theirs.url)]).toEqual([fileIds.a, foreign.file]);
    // A session token in its place opens nothing.
    const asTicket = await t.app.inject({ method: 'GET', url: `${endpointUrl(filesContract.stream)}?ticket=${encodeURIComponent(tokens.authorized)}`, remoteAddress: '10.80.1.3' });
    expect(envelope(asTicket).code).not.toBe(RESULT_CODE.ok);
  });
});

/** A maintenance plan of tenant B's run and a record of it, for the id swap. */
async function maintenanceOfB(db: TestApp['db']['kysely'], runB: number): Promise<{ maintenancePlan: number; maintenanceRecord: number }> {
  const now = Date.now();
  const plan = await db
    .insertInto('mtce_plans')
    .values({ run_id: runB, title: 'B plan', cycle: 'weekly', system: 'B', component: '', content: 'B content', items: '[]', remark: null, trigger: 'calendar', counter_kind: null, counter_interval: null, counter_base: null, anchor_mode: 'fixed', anchor_at: now, next_due: now, last_done_at: null, remind_enabled: 0, remind_content: null, remind_days_ahead: null, remind_push_time: null, remind_repeat: null, remind_weekday: null, created_by: null, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const record = await db
    .insertInto('mtce_records')
    .values({ run_id: runB, plan_id: plan.id, type: 'weekly', time: now, system: 'B', component: null, content: 'B work', done: 1, items: '[]', abnormal: 0, remark: null, maintained_by: 'B', checked_by: 'B', reviewed_by: 'B', entered_at: now, entered_by: null, due_at: now, late: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { maintenancePlan: plan.id, maintenanceRecord: record.id };
}

/** A part of tenant B's run with a stock-in of it, for the id swap. */
async function stockOfB(db: TestApp['db']['kysely'], runB: number): Promise<{ stockPart: number; stockSheet: number }> {
  const now = Date.now();
  const part = await db
    .insertInto('stock_parts')
    .values({ run_id: runB, name: 'B part', code: 'B-1', code_key: 'b-1', unit: null, system: null, component: null, spec: null, location: null, stock_milli: 0, warning_milli: 0, lead_time_days: null, remark: null, created_by: null, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const sheet = await db
    .insertInto('stock_sheets')
    .values({ run_id: runB, kind: 'in', number: 'B-IN-1', in_type: 'first', date: '2026-01-05', reorder_date: '2026-01-01', handler: 'B', recipient: null, remark: null, mtce_record_id: null, corrects_id: null, reason: null, entered_by: null, entered_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { stockPart: part.id, stockSheet: sheet.id };
}

/** An attitude, a tail gap and a tail clearance record of tenant B's run (drafts, so a confirm would change them), for the id swap. */
async function segmentsOfB(db: TestApp['db']['kysely'], runB: number): Promise<{ segmentPose: number; tailGap: number; tailClearance: number }> {
  const meta = { run_id: runB, ring_no: 5, state: 'draft', source: 'machine', remark: 'B', updated_by: null, updated_at: Date.now() };
  const pose = await db.insertInto('seg_poses').values({ ...meta, chainage: null, horizontal_dev: 5, elevation_dev: -5, segment_type: null, ring_width: 1500, k_position: 'K1' }).returning('id').executeTakeFirstOrThrow();
  const gap = await db.insertInto('seg_tail_gaps').values({ ...meta, gap_up: 40, gap_down: 40, gap_left: 40, gap_right: 40 }).returning('id').executeTakeFirstOrThrow();
  const clearance = await db
    .insertInto('seg_tail_clearances')
    .values({ ...meta, up_before: 40, down_before: 40, left_before: 40, right_before: 40, up_after: null, down_after: null, left_after: null, right_after: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { segmentPose: pose.id, tailGap: gap.id, tailClearance: clearance.id };
}

/** A published repair case and a knowledge item of tenant B's run, for the id swap. */
async function repairsOfB(db: TestApp['db']['kysely'], runB: number): Promise<{ repair: number; knowledge: number }> {
  const now = Date.now();
  const repair = await db
    .insertInto('repair_records')
    .values({ run_id: runB, finder: 'B', found_at: now, system: 'B', component: 'B', title: 'B fault', description: 'B fault', failure_mode: null, cause: 'B', result: 'B', repairers: null, repaired_at: now, state: 'repaired', case_state: 'published', published_at: now, published_by: null, alarm_id: null, ring_no: null, mtce_record_id: null, fingerprint: null, created_by: null, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const knowledge = await db
    .insertInto('knowledge_items')
    .values({ run_id: runB, name: 'B manual', code: 'B-1', system: null, remark: null, file_id: null, extraction: 'none', text: null, created_by: null, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { repair: repair.id, knowledge: knowledge.id };
}

/** A current announcement for tenant B's run and a collection entry of B's user, for the id swap. */
async function announcementsOfB(db: TestApp['db']['kysely'], runB: number, userB: number): Promise<{ announcement: number; collectionItem: number }> {
  const now = Date.now();
  const announcement = await db
    .insertInto('announcements')
    .values({ title: 'B notice', content: '<p>B</p>', start_at: now - 3_600_000, end_at: now + 86_400_000, pinned: 0, created_by: null, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('announcement_targets').values({ announcement_id: announcement.id, kind: 'run', target_id: runB }).execute();
  const item = await db.insertInto('collection_items').values({ user_id: userB, kind: 'page', run_id: runB, target: '/fw1/home', title: 'B home', created_at: now }).returning('id').executeTakeFirstOrThrow();
  return { announcement: announcement.id, collectionItem: item.id };
}
