import {
  adminContract,
  alarmContract,
  endpointUrl,
  graphContract,
  KEY_TAGS,
  LIMITS,
  monitorContract,
  periodReportContract,
  projectContract,
  REALTIME,
  shiftReportContract,
  telemetryContract,
  toolPagesContract as c,
} from '@boreline/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildRun, buildUser, call, ringRecord, signIn } from '../../../../test/factories.js';
import { ADMIN, createTestApp, type Envelope, envelope, type TestApp } from '../../../../test/testApp.js';
import { loadConfig } from '../../../config.js';
import { hashToken } from '../../../core/auth.js';
import { AppError, errors } from '../../../core/errors.js';
import { attachmentHeader } from '../../../core/excel.js';
import type { RenderedFile, RenderRequest, ToolRenderer } from '../ports.js';
import { RenderTicketRepo } from './renderTicket.repo.js';
import { ToolRenderService } from './toolRender.service.js';
import { ToolTicketService } from './toolTickets.service.js';

type Endpoint = { base: 'main' | 'project'; path: string; method: 'GET' | 'POST' };

const NO_SESSION = '';
const MISSING = 987_654_321;
/** The app's wall clock when the suite starts (the guide's staleness is judged by it). */
const START = Date.UTC(2026, 10, 26, 6, 0, 0);
/** The codes of a site engineer who reads every tool page and may have them delivered, plus codes no tool session may use. */
const ENGINEER_CODES = [
  'graph.drawing.read',
  'report.shift.read',
  'report.shift.write',
  'report.period.read',
  'report.subscription.write',
  'monitor.realData.read',
  'alarm.record.read',
  'project.run.read',
] as const;

const IdSchema = z.object({ id: z.number() });
const Issued = c.toolTicketIssue.output;
const Exchanged = c.toolExchange.output;

describe('tool pages: tickets, exchange, guidance view, render on request (/u/web/tool/*, /g/web/tool/exchange/v1)', () => {
  let t: TestApp;
  const clock = { now: START };
  const tokens = { sa: '', engineer: '', periodOnly: '', noRender: '', other: '' };
  const ids = { orgA: 0, orgB: 0, runA: 0, runA2: 0, runB: 0, engineer: 0 };

  const send = async (endpoint: Endpoint, payload: object, token: string, lang = 'en_US'): Promise<Envelope> => {
    const url = endpointUrl(endpoint);
    if (endpoint.method === 'POST') return envelope(await call(t.app, 'POST', url, { token, payload, lang }));
    const query = new URLSearchParams(Object.entries(payload).map(([k, v]): [string, string] => [k, String(v)]));
    return envelope(await call(t.app, 'GET', `${url}?${query}`, { token, lang }));
  };
  const ok = async (endpoint: Endpoint, payload: object, token: string = tokens.sa): Promise<unknown> => {
    const body = await send(endpoint, payload, token);
    expect(body.code, body.msg).toBe(0);
    return body.data;
  };
  const userIn = async (orgId: number, codes: readonly string[], ip: string) => {
    const user = await buildUser(t.db);
    await t.db.kysely.updateTable('users').set({ org_id: orgId }).where('id', '=', user.id).execute();
    const roleId = IdSchema.parse(await ok(adminContract.roleAdd, { name: `Role ${user.id}`, kind: 'custom', orgId, sort: 1 })).id;
    await ok(adminContract.roleResourcesUpdate, { roleId, codes });
    await ok(adminContract.userAssignRoles, { userId: user.id, roleIds: [roleId] });
    return { user, roleId, token: await signIn(t.app, user.phone, user.password, { ip }) };
  };
  const issue = (payload: object, token = tokens.engineer) => send(c.toolTicketIssue, payload, token);
  const ticketFor = async (runId: number, tool: c.ToolPage, token = tokens.engineer) => Issued.parse(await ok(c.toolTicketIssue, { runId, tool }, token)).ticket;
  const exchange = (ticket: string, tool: c.ToolPage) => send(c.toolExchange, { ticket, tool }, NO_SESSION);
  const open = async (runId: number, tool: c.ToolPage) => Exchanged.parse(await ok(c.toolExchange, { ticket: await ticketFor(runId, tool), tool }, NO_SESSION)).token;

  beforeAll(async () => {
    // A browser configured where none is installed: rendering answers code 3 whatever the machine has.
    t = await createTestApp({ RENDER_BROWSER: '/nonexistent/chromium' }, { now: () => clock.now });
    tokens.sa = await signIn(t.app, ADMIN.email, ADMIN.password, { ip: '10.93.0.1' });
    const root = z.array(z.object({ id: z.number() })).parse(await ok(adminContract.orgQuery, {}))[0]?.id ?? 1;
    ids.orgA = IdSchema.parse(await ok(adminContract.orgAdd, { parentId: root, name: 'Tunnel contractor A', type: 'company', sort: 1 })).id;
    ids.orgB = IdSchema.parse(await ok(adminContract.orgAdd, { parentId: root, name: 'Tunnel contractor B', type: 'company', sort: 2 })).id;
    for (const orgId of [ids.orgA, ids.orgB]) await ok(adminContract.orgResourcesEdit, { orgId, codes: ENGINEER_CODES });
    ids.runA = await buildRun(t.db, ids.orgA, { projectName: 'Linea 2 — Tratta Nord', tbmCode: 'A-1' });
    ids.runA2 = await buildRun(t.db, ids.orgA, { projectName: 'Second line A', tbmCode: 'A-2' });
    ids.runB = await buildRun(t.db, ids.orgB, { projectName: 'Line B', tbmCode: 'B-1' });
    const engineer = await userIn(ids.orgA, ENGINEER_CODES, '10.93.0.2');
    tokens.engineer = engineer.token;
    ids.engineer = engineer.user.id;
    tokens.periodOnly = (await userIn(ids.orgA, ['report.period.read'], '10.93.0.3')).token;
    tokens.noRender = (await userIn(ids.orgA, ENGINEER_CODES.filter((code) => code !== 'report.subscription.write'), '10.93.0.4')).token;
    tokens.other = (await userIn(ids.orgB, ENGINEER_CODES, '10.93.0.5')).token;
  });
  afterAll(() => t.close());

  describe('tickets: POST /u/web/tool/ticket/v1', () => {
    it("answers a one-time ticket and the tool page's address with what it shows; only the ticket's hash is stored", async () => {
      const before = Date.now();
      const made = Issued.parse(
        await ok(c.toolTicketIssue, { runId: ids.runA, tool: 'shiftDailyTool', size: 'phone', lang: 'de_AT', params: { date: '2026-11-25', unit: 'day' } }, tokens.engineer),
      );
      expect(made.ticket).toMatch(/^tl[A-Za-z0-9_-]{43}$/);
      expect(made.path).toBe(`/client_web/shiftDailyTool?ticket=${made.ticket}&runId=${ids.runA}&size=phone&lang=de_AT&date=2026-11-25&unit=day`);
      expect(made.expiresAt).toBeGreaterThanOrEqual(before + LIMITS.renderTicketTtlMs);
      expect(made.expiresAt).toBeLessThanOrEqual(Date.now() + LIMITS.renderTicketTtlMs);
      const row = await t.db.kysely.selectFrom('render_tickets').selectAll().where('token_hash', '=', hashToken(made.ticket)).executeTakeFirstOrThrow();
      expect([row.user_id, row.run_id, row.tool, row.used_at]).toEqual([ids.engineer, ids.runA, 'shiftDailyTool', null]);
      expect(JSON.stringify(await t.db.kysely.selectFrom('render_tickets').selectAll().execute())).not.toContain(made.ticket);
      // The defaults: A4, the run's language (none in the address), the page's own default view; the map tool's route.
      const plain = Issued.parse(await ok(c.toolTicketIssue, { runId: ids.runA, tool: 'bMapTool' }, tokens.engineer));
      expect(plain.path).toBe(`/client_web/screenshotTool/bMapTool?ticket=${plain.ticket}&runId=${ids.runA}&size=a4`);
    });

    it("refuses a ticket for another tenant's run exactly as for a missing run (code 2)", async () => {
      const foreign = await issue({ runId: ids.runA, tool: 'shiftDailyTool' }, tokens.other);
      const missing = await issue({ runId: MISSING, tool: 'shiftDailyTool' }, tokens.other);
      expect(foreign).toMatchObject({ code: 2, data: null });
      expect(foreign).toEqual(missing);
      // Its own run is fine.
      expect((await issue({ runId: ids.runB, tool: 'shiftDailyTool' }, tokens.other)).code).toBe(0);
    });

    it("refuses a ticket to a caller without the tool's read code at the run (code 2)", async () => {
      // Holding the daily report's code opens the summary tool, not the guidance view nor the drawing.
      expect((await issue({ runId: ids.runA, tool: 'shiftDailyTool' }, tokens.periodOnly)).code).toBe(0);
      for (const tool of ['guideTool', 'graphTool', 'bMapTool', 'shiftReportTool'] as const) {
        expect((await issue({ runId: ids.runA, tool }, tokens.periodOnly)).code, tool).toBe(2);
      }
      expect((await issue({ runId: ids.runA, tool: 'shiftDailyTool' }, NO_SESSION)).code).toBe(1);
    });

    it('refuses what no tool page shows: an unknown tool, size or language, a bad date (code 3, naming the field)', async () => {
      const fields = async (payload: object) => z.object({ fields: z.array(z.object({ field: z.string() })) }).parse((await issue(payload)).data).fields.map((f) => f.field);
      expect(await fields({ runId: ids.runA, tool: 'homeTool' })).toEqual(['tool']);
      expect(await fields({ runId: ids.runA, tool: 'guideTool', size: 'a3' })).toEqual(['size']);
      expect(await fields({ runId: ids.runA, tool: 'guideTool', lang: 'fr_FR' })).toEqual(['lang']);
      expect(await fields({ runId: ids.runA, tool: 'shiftDailyTool', params: { date: '26.11.2026' } })).toEqual(['date']);
    });

    it("issues for a subscription's owner only while the account is enabled and still holds the tool's code at the run", async () => {
      const services = t.app.platform.services;
      const tickets = new ToolTicketService({ db: t.app.platform.db, tickets: new RenderTicketRepo(t.app.platform.db), scope: services.get('runScope'), sessions: services.get('sessions') });
      const owner = await userIn(ids.orgA, ['report.period.read', 'report.subscription.write'], '10.93.0.6');
      const view = { size: 'phone' as const, lang: null, params: { date: '2026-11-25', unit: 'day' as const } };
      const made = await tickets.issueFor(owner.user.id, ids.runA, 'shiftDailyTool', view);
      expect(made.path).toBe(`/client_web/shiftDailyTool?ticket=${made.ticket}&runId=${ids.runA}&size=phone&date=2026-11-25&unit=day`);
      // The ticket opens the page as that owner.
      const opened = Exchanged.parse(await ok(c.toolExchange, { ticket: made.ticket, tool: 'shiftDailyTool' }, NO_SESSION));
      expect(opened.run.runId).toBe(ids.runA);
      const refused = (promise: Promise<unknown>) => expect(promise).rejects.toMatchObject({ code: 2, messageKey: 'common.error.noPermission' });
      await refused(tickets.issueFor(owner.user.id, ids.runA, 'guideTool', view));
      await refused(tickets.issueFor(owner.user.id, ids.runB, 'shiftDailyTool', view));
      await refused(tickets.issueFor(MISSING, ids.runA, 'shiftDailyTool', view));
      await ok(adminContract.roleResourcesUpdate, { roleId: owner.roleId, codes: ['report.subscription.write'] });
      await refused(tickets.issueFor(owner.user.id, ids.runA, 'shiftDailyTool', view));
      await ok(adminContract.roleResourcesUpdate, { roleId: owner.roleId, codes: ['report.period.read'] });
      expect((await tickets.issueFor(owner.user.id, ids.runA, 'shiftDailyTool', view)).ticket).toMatch(/^tl/);
      await t.db.kysely.updateTable('users').set({ enabled: 0 }).where('id', '=', owner.user.id).execute();
      await refused(tickets.issueFor(owner.user.id, ids.runA, 'shiftDailyTool', view));
    });
  });

  describe('exchange: POST /g/web/tool/exchange/v1', () => {
    it('is an API route under /g/, public like the H5 exchange; every other tool route needs a session', () => {
      const toolRoutes = t.app.routeTable.filter((r) => c.toolPagesEndpoints.some((e) => r.url === endpointUrl(e)) && r.method !== 'HEAD');
      expect(toolRoutes.map((r) => [r.url, r.permission]).sort()).toEqual(
        [
          [endpointUrl(c.toolExchange), 'public'],
          [endpointUrl(c.toolGuide), 'monitor.realData.read'],
          [endpointUrl(c.toolRender), 'report.subscription.write'],
          [endpointUrl(c.toolTicketIssue), 'authenticated'],
        ].sort(),
      );
      expect(endpointUrl(c.toolExchange)).toBe('/server_project/g/web/tool/exchange/v1');
    });

    it("exchanges a ticket once for a session of its run and tool, with the run and its site's language", async () => {
      const ticket = await ticketFor(ids.runA, 'shiftDailyTool');
      const before = Date.now();
      const first = Exchanged.parse(await ok(c.toolExchange, { ticket, tool: 'shiftDailyTool' }, NO_SESSION));
      expect(first.token).not.toBe(ticket);
      expect(first.tool).toBe('shiftDailyTool');
      expect(first.expiresAt).toBeGreaterThanOrEqual(before + LIMITS.renderSessionTtlMs);
      expect(first.expiresAt).toBeLessThanOrEqual(Date.now() + LIMITS.renderSessionTtlMs);
      // The run as the project pages know it (the same answer as runQuery), in Italian: the run is in Italy.
      const current = await ok(projectContract.runQuery, { runId: ids.runA }, tokens.engineer);
      expect(first.run).toEqual({ ...(current as object), language: 'it_IT' });
      expect(first.run.projectName).toBe('Linea 2 — Tratta Nord');
      const session = await t.db.kysely.selectFrom('sessions').select(['user_id', 'scope_run_id', 'scope_tool']).where('token_hash', '=', hashToken(first.token)).executeTakeFirstOrThrow();
      expect(session).toEqual({ user_id: ids.engineer, scope_run_id: ids.runA, scope_tool: 'shiftDailyTool' });
      // Used: refused, with no new session.
      const scoped = () => t.db.kysely.selectFrom('sessions').select('id').where('user_id', '=', ids.engineer).where('scope_tool', 'is not', null).execute();
      const opened = (await scoped()).length;
      const again = await exchange(ticket, 'shiftDailyTool');
      expect(again).toMatchObject({ code: 1, data: { reason: 'expired' } });
      expect(await scoped()).toHaveLength(opened);
      // The console session that asked for it lives on.
      expect((await issue({ runId: ids.runA, tool: 'guideTool' })).code).toBe(0);
    });

    it('refuses an expired or unknown ticket, and one named with another tool, which is then used up (code 1)', async () => {
      const expired = await ticketFor(ids.runA, 'guideTool');
      await t.db.kysely.updateTable('render_tickets').set({ expires_at: Date.now() - 1 }).where('token_hash', '=', hashToken(expired)).execute();
      expect((await exchange(expired, 'guideTool')).code).toBe(1);
      expect((await exchange(`tl${'A'.repeat(43)}`, 'guideTool')).code).toBe(1);
      // A session token is no ticket.
      expect((await exchange(tokens.engineer, 'guideTool')).code).toBe(1);
      const mislabelled = await ticketFor(ids.runA, 'guideTool');
      expect((await exchange(mislabelled, 'shiftDailyTool')).code).toBe(1);
      expect((await exchange(mislabelled, 'guideTool')).code).toBe(1);
      // A fresh ticket still works: the expiry and the tool are what refused above.
      expect((await exchange(await ticketFor(ids.runA, 'guideTool'), 'guideTool')).code).toBe(0);
      const sessions = await t.db.kysely.selectFrom('sessions').select('id').where('scope_tool', '=', 'guideTool').execute();
      expect(sessions).toHaveLength(1);
    });

    it('refuses the exchange (code 2) and leaves no session when the owner lost the code since the ticket was made', async () => {
      const owner = await userIn(ids.orgA, ['report.period.read'], '10.93.0.7');
      const ticket = await ticketFor(ids.runA, 'shiftDailyTool', owner.token);
      await ok(adminContract.roleResourcesUpdate, { roleId: owner.roleId, codes: ['report.shift.read'] });
      expect(await exchange(ticket, 'shiftDailyTool')).toMatchObject({ code: 2, data: null });
      const open = await t.db.kysely.selectFrom('sessions').select('id').where('user_id', '=', owner.user.id).where('scope_tool', 'is not', null).where('revoked_at', 'is', null).execute();
      expect(open).toEqual([]);
    });
  });

  describe('the session of a tool page', () => {
    it("reads its tool's data of its run, and nothing of another run, another tool, no write, no ticket", async () => {
      const daily = await open(ids.runA, 'shiftDailyTool');
      expect((await send(periodReportContract.periodReport, { runId: ids.runA, unit: 'day', date: '2026-11-25' }, daily)).code).toBe(0);
      expect((await send(periodReportContract.periodReport, { runId: ids.runA2, unit: 'day', date: '2026-11-25' }, daily)).code).toBe(2);
      // The account reads all of these on the console; the tool's session does not.
      expect((await send(periodReportContract.periodReport, { runId: ids.runA2, unit: 'day', date: '2026-11-25' }, tokens.engineer)).code).toBe(0);
      expect((await send(graphContract.overlay, { runId: ids.runA }, tokens.engineer)).code).toBe(0);
      expect((await send(graphContract.overlay, { runId: ids.runA }, daily)).code).toBe(2);
      expect((await send(alarmContract.alarmHistoryQuery, { runId: ids.runA, page: 1, pageSize: 20 }, daily)).code).toBe(2);
      expect((await send(monitorContract.realDataQuery, { runId: ids.runA }, daily)).code).toBe(2);
      expect((await send(c.toolGuide, { runId: ids.runA }, daily)).code).toBe(2);
      expect((await send(shiftReportContract.saveShiftMain, { runId: ids.runA, date: '2026-11-25', shiftNo: 1, leader: 'Night lead' }, daily)).code).toBe(2);
      expect((await send(c.toolTicketIssue, { runId: ids.runA, tool: 'shiftDailyTool' }, daily)).code).toBe(2);
      expect((await send(c.toolRender, { runId: ids.runA, tool: 'shiftDailyTool' }, daily)).code).toBe(2);
      // After all those refusals it still reads its own page: they were refusals, not an ended session.
      expect((await send(periodReportContract.periodReport, { runId: ids.runA, unit: 'week', date: '2026-11-23' }, daily)).code).toBe(0);

      const guide = await open(ids.runA, 'guideTool');
      expect((await send(c.toolGuide, { runId: ids.runA }, guide)).code).toBe(0);
      expect((await send(c.toolGuide, { runId: ids.runA2 }, guide)).code).toBe(2);
      expect((await send(periodReportContract.periodReport, { runId: ids.runA, unit: 'day', date: '2026-11-25' }, guide)).code).toBe(2);
    });
  });

  describe('guidance view: GET /u/web/tool/guide/v1', () => {
    it('answers the deviations, attitude and strokes now, the last rings newest first, the tolerance, and staleness', async () => {
      // An empty run: nothing yet, stale, the default tolerance.
      const empty = c.GuideViewSchema.parse(await ok(c.toolGuide, { runId: ids.runA2 }, tokens.engineer));
      expect(empty).toMatchObject({ runId: ids.runA2, ts: null, stale: true, ringNo: null, chainage: null, head: { horizontal: null, vertical: null }, rings: [], toleranceMm: 50 });
      expect(empty.strokes.map((s) => [s.code, s.value])).toEqual([
        [KEY_TAGS.strokeA, null],
        [KEY_TAGS.strokeB, null],
        [KEY_TAGS.strokeC, null],
        [KEY_TAGS.strokeD, null],
      ]);

      // Twelve rings on record, each with its deviations at its end (ring n: head +n mm right, −n mm low).
      const T0 = Date.UTC(2026, 10, 25, 0, 0, 0);
      const rings = Array.from({ length: 12 }, (_, i) => i + 1).map((n) =>
        ringRecord(ids.runA, n, T0 + n * 3_600_000, T0 + n * 3_600_000 + 3_000_000, {
          end_chainage: 1000 + n * 1.5,
          head_horizontal: n,
          head_vertical: -n,
          tail_horizontal: n / 2,
          tail_vertical: null,
        }),
      );
      await t.db.kysely.insertInto('rings').values(rings).execute();
      const key = z.object({ key: z.string() }).parse(await ok(telemetryContract.ingestKeyRotate, { runId: ids.runA })).key;
      const frameTs = T0 + 13 * 3_600_000;
      const values = {
        [KEY_TAGS.ringNo]: 13,
        [KEY_TAGS.chainage]: 1019.25,
        [KEY_TAGS.headHorizontal]: 17,
        [KEY_TAGS.headVertical]: -23,
        [KEY_TAGS.tailHorizontal]: 8,
        [KEY_TAGS.tailVertical]: -4,
        [KEY_TAGS.pitch]: 2.5,
        [KEY_TAGS.roll]: -0.4,
        'guidance.horizontalTrend': 1.2,
        [KEY_TAGS.strokeA]: 1203,
        [KEY_TAGS.strokeB]: 1180,
        [KEY_TAGS.strokeC]: 1150,
        [KEY_TAGS.strokeD]: 1192,
      };
      const ingested = envelope(await call(t.app, 'POST', endpointUrl(telemetryContract.ingestFrames), { token: key, payload: { frames: [{ ts: frameTs, values }] } }));
      expect(ingested.code, ingested.msg).toBe(0);

      const view = c.GuideViewSchema.parse(await ok(c.toolGuide, { runId: ids.runA }, tokens.engineer));
      expect(view).toMatchObject({ runId: ids.runA, ts: frameTs, stale: false, ringNo: 13, chainage: 1019.25, head: { horizontal: 17, vertical: -23 }, tail: { horizontal: 8, vertical: -4 }, toleranceMm: 50 });
      expect(view.attitude).toEqual([
        { code: 'guidance.pitch', value: 2.5, unit: 'mm/m' },
        { code: 'guidance.roll', value: -0.4, unit: 'mm/m' },
        { code: 'guidance.horizontalTrend', value: 1.2, unit: 'mm/m' },
        // Not sent: a gap, never a zero.
        { code: 'guidance.verticalTrend', value: null, unit: 'mm/m' },
      ]);
      expect(view.strokes.map((s) => s.value)).toEqual([1203, 1180, 1150, 1192]);
      // The last ten rings, newest first, with their stored deviations.
      expect(view.rings.map((r) => r.ringNo)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3]);
      expect(view.rings).toHaveLength(LIMITS.guideRingsMax);
      expect(view.rings[0]).toEqual({ ringNo: 12, end: T0 + 12 * 3_600_000 + 3_000_000, headHorizontal: 12, headVertical: -12, tailHorizontal: 6, tailVertical: null });

      // The run's own segment tolerance bands the pictures.
      await t.db.kysely
        .insertInto('seg_settings')
        .values({ run_id: ids.runA, deviation_warn_mm: 30, deviation_alarm_mm: 60, clearance_warn_mm: 20, clearance_alarm_mm: 15, imbalance_warn_mm: 20, imbalance_alarm_mm: 30, raise_alarms: 1, taper_mm: null, outer_diameter_mm: null, k_position_count: null, updated_by: null, updated_at: Date.now() })
        .execute();
      expect(c.GuideViewSchema.parse(await ok(c.toolGuide, { runId: ids.runA }, tokens.engineer)).toleranceMm).toBe(30);

      // Without new data for longer than the staleness limit, the same values read as stale.
      clock.now += REALTIME.staleAfterMs + 1_000;
      const later = c.GuideViewSchema.parse(await ok(c.toolGuide, { runId: ids.runA }, tokens.engineer));
      expect([later.stale, later.head.horizontal]).toEqual([true, 17]);
      clock.now = START;
    });

    it("refuses another tenant's run as a missing one, and a caller without the real-time code", async () => {
      const foreign = await send(c.toolGuide, { runId: ids.runA }, tokens.other);
      expect(foreign).toMatchObject({ code: 2, data: null });
      expect(foreign).toEqual(await send(c.toolGuide, { runId: MISSING }, tokens.other));
      expect((await send(c.toolGuide, { runId: ids.runA }, tokens.periodOnly)).code).toBe(2);
    });
  });

  describe('render on request: POST /u/web/tool/render/v1', () => {
    it('answers code 3 saying the server has no browser, in the caller\'s language, once the caller may render the run', async () => {
      const en = await send(c.toolRender, { runId: ids.runA, tool: 'shiftDailyTool', format: 'pdf', size: 'phone' }, tokens.engineer);
      expect(en).toMatchObject({ code: 3, msg: expect.stringContaining('no browser') as unknown });
      const italian = await send(c.toolRender, { runId: ids.runA, tool: 'shiftDailyTool' }, tokens.engineer, 'it_IT');
      expect(italian).toMatchObject({ code: 3, msg: expect.stringContaining('browser') as unknown });
      expect(italian.msg).not.toBe(en.msg);
      // Refusals of the caller come first: another tenant's run, a tool the caller may not read, no render code.
      expect(await send(c.toolRender, { runId: ids.runA, tool: 'shiftDailyTool' }, tokens.other)).toEqual(await send(c.toolRender, { runId: MISSING, tool: 'shiftDailyTool' }, tokens.other));
      expect((await send(c.toolRender, { runId: ids.runA, tool: 'shiftDailyTool' }, tokens.other)).code).toBe(2);
      expect((await send(c.toolRender, { runId: ids.runA, tool: 'shiftDailyTool' }, tokens.noRender)).code).toBe(2);
      expect((await send(c.toolRender, { runId: ids.runA, tool: 'guideTool' }, tokens.periodOnly)).code).toBe(2);
      expect((await send(c.toolRender, { runId: ids.runA, tool: 'shiftDailyTool', format: 'jpeg' }, tokens.engineer)).code).toBe(3);
    });

    it('renders as the caller, names the file after project, tool and date, and turns a failed or timed-out render into code 3', async () => {
      const requests: RenderRequest[] = [];
      let outcome: () => Promise<RenderedFile> = () => Promise.resolve({ bytes: Buffer.from('%PDF-1.7 test'), contentType: 'application/pdf' });
      const renderer: ToolRenderer = {
        available: true,
        render: (request) => {
          requests.push(request);
          return outcome();
        },
        close: () => Promise.resolve(),
      };
      const service = new ToolRenderService({ scope: t.app.platform.services.get('runScope'), renderer, log: t.app.log, now: () => Date.UTC(2026, 10, 26, 23, 30) });
      const session = await t.app.platform.services.get('sessions').authenticate(tokens.engineer);
      const input = c.toolRender.input.parse({ runId: ids.runA, tool: 'shiftDailyTool', format: 'pdf', size: 'phone', params: { date: '2026-11-25', unit: 'day' } });
      const done = await service.render(session, input);
      expect(done.file.contentType).toBe('application/pdf');
      expect(done.fileName).toBe('Linea 2 — Tratta Nord_shiftDailyTool_2026-11-25.pdf');
      expect(requests).toEqual([{ userId: ids.engineer, runId: ids.runA, tool: 'shiftDailyTool', format: 'pdf', size: 'phone', lang: null, params: { date: '2026-11-25', unit: 'day' } }]);
      // A page of "now" is named after today in the run's zone (23:30 UTC is already the 27th in Rome).
      const now = await service.render(session, c.toolRender.input.parse({ runId: ids.runA, tool: 'guideTool' }));
      expect(now.fileName).toBe('Linea 2 — Tratta Nord_guideTool_2026-11-27.png');
      expect(attachmentHeader(done.fileName)).toMatch(/^attachment; filename="Linea-2-Tratta-Nord_shiftDailyTool_2026-11-25\.pdf"; filename\*=UTF-8''Linea%202%20%E2%80%94/);

      outcome = () => Promise.reject(new Error('Timeout 45000ms exceeded waiting for [data-tool-state="ready"]'));
      await expect(service.render(session, input)).rejects.toMatchObject({ code: 3, messageKey: 'toolPages.error.renderFailed' });
      outcome = () => Promise.reject(errors.business('common.error.server500'));
      await expect(service.render(session, input)).rejects.toMatchObject({ code: 3, messageKey: 'toolPages.error.renderFailed' });
      // The owner lost the run between the check and the ticket: the ticket's refusal, as it is.
      outcome = () => Promise.reject(errors.noPermission());
      await expect(service.render(session, input)).rejects.toBeInstanceOf(AppError);
      await expect(service.render(session, input)).rejects.toMatchObject({ code: 2 });
      // Nothing is rendered for a run the caller may not render.
      requests.length = 0;
      await expect(service.render(session, { ...input, runId: ids.runB })).rejects.toMatchObject({ code: 2 });
      expect(requests).toEqual([]);
    });
  });

  it('reads a configured browser that is not there as none (rendering answers code 3)', () => {
    const base = { NODE_ENV: 'test', ADMIN_EMAIL: ADMIN.email, ADMIN_PHONE: ADMIN.phone, ADMIN_PASSWORD: ADMIN.password };
    expect(loadConfig({ ...base, RENDER_BROWSER: '/nonexistent/chromium' }).delivery.browserPath).toBeNull();
    expect(loadConfig({ ...base, RENDER_BROWSER: '' }).delivery.browserPath).toBeNull();
    // Any file that exists is taken as given (whether it runs is the renderer's to find out).
    expect(loadConfig({ ...base, RENDER_BROWSER: process.execPath }).delivery.browserPath).toBe(process.execPath);
    expect(t.config.delivery.browserPath).toBeNull();
  });
});
