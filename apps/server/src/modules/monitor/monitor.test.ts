import {
  adminContract,
  authContract,
  basicInfoContract,
  endpointUrl,
  KEY_TAGS,
  LIMITS,
  monitorContract as m,
  projectContract,
  REALTIME,
  StateMessageSchema,
  type StateEvent,
  tagCatalogue,
  telemetryContract,
} from '@boreline/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { buildRun, buildUser, call, signIn } from '../../../test/factories.js';
import { ADMIN, createTestApp, type Envelope, envelope, type TestApp } from '../../../test/testApp.js';
import { hashToken } from '../../core/auth.js';
import { ConnectionMonitor } from './connectionMonitor.js';
import { ConnectionRepo } from './connection.repo.js';

type Endpoint = { base: 'main' | 'project'; path: string; method: 'GET' | 'POST' };

/** Sends no Authorization header. */
const NO_SESSION = '';
const MISSING = 987_654_321;
/** The machine's clock (frames' `ts`). */
const T0 = Date.UTC(2026, 10, 23, 6, 0, 0);
/** The server's wall clock when the suite starts (the app's `now`, moved by the tests). */
const START = Date.UTC(2026, 10, 23, 6, 5, 0);
/** CONNECTION_LOST_AFTER_MS of the test app (longer than the staleness, as in production). */
const LOST = 30_000;
const STALE = REALTIME.staleAfterMs;
const SPEED = KEY_TAGS.advanceSpeed;
const TORQUE = KEY_TAGS.cutterTorque;

/** Every monitoring resource a site engineer holds (the H5 link included). */
const VIEWER_CODES = ['monitor.realData.read', 'monitor.connectState.read', 'monitor.h5Link.write', 'telemetry.series.read', 'project.basicInfo.read'];

/**
 * 1 Hz frames of a machine advancing a ring: advance mode on, the shield moving, the cutterhead
 * turning. The cutterhead torque is never sent: a gap, which must read as null, never zero.
 */
const advancing = (from: number, seconds: number, ring = 100, chainage = 1234.5) =>
  Array.from({ length: seconds }, (_, s) => ({
    ts: from + s * 1000,
    values: {
      [KEY_TAGS.advanceMode]: 1,
      [KEY_TAGS.erectMode]: 0,
      [SPEED]: 40,
      [KEY_TAGS.cutterSpeed]: 1.5,
      [KEY_TAGS.totalThrust]: 15000,
      [KEY_TAGS.ringNo]: ring,
      [KEY_TAGS.chainage]: chainage,
    },
  }));

const FieldsSchema = z.object({ fields: z.array(z.object({ field: z.string(), message: z.string() })) });
/** The fields a validation answer (code 3) names. */
const fieldsOf = (body: Envelope): string[] => FieldsSchema.parse(body.data).fields.map((f) => f.field);

describe('real-time monitoring (/u/web/monitor/*, /u/redisCache/*, /u/web/em/connect/*, H5 links)', () => {
  let t: TestApp;
  /** The app's clock: frames arrive at `clock.now`, staleness and connection state are judged by it. */
  const clock = { now: START };
  const tokens = { sa: '', viewer: '', plain: '', reader: '', linker: '', limited: '', other: '' };
  const ids = { orgA: 0, orgB: 0, runA: 0, runA2: 0, runConn: 0, runB: 0, viewer: 0 };
  const keys = new Map<number, string>();
  let viewerAccount = { phone: '', password: '' };

  const send = async (endpoint: Endpoint, payload: object, token: string): Promise<Envelope> => {
    const url = endpointUrl(endpoint);
    if (endpoint.method === 'POST') return envelope(await call(t.app, 'POST', url, { token, payload }));
    const query = new URLSearchParams(Object.entries(payload).map(([k, v]): [string, string] => [k, String(v)]));
    return envelope(await call(t.app, 'GET', `${url}?${query}`, { token }));
  };
  const ok = async (endpoint: Endpoint, payload: object, token: string = tokens.sa): Promise<unknown> => {
    const body = await send(endpoint, payload, token);
    expect(body.code, body.msg).toBe(0);
    return body.data;
  };
  const IdSchema = z.object({ id: z.number() });
  const created = async (endpoint: Endpoint, payload: object) => IdSchema.parse(await ok(endpoint, payload)).id;
  /** A user of an organization holding `codes` there through a role of their own (none: no role). */
  const userIn = async (orgId: number, codes: readonly string[], ip: string) => {
    const user = await buildUser(t.db);
    await t.db.kysely.updateTable('users').set({ org_id: orgId }).where('id', '=', user.id).execute();
    if (codes.length > 0) {
      const roleId = await created(adminContract.roleAdd, { name: `Role ${user.id}`, kind: 'custom', orgId, sort: 1 });
      await ok(adminContract.roleResourcesUpdate, { roleId, codes });
      await ok(adminContract.userAssignRoles, { userId: user.id, roleIds: [roleId] });
    }
    return { user, token: await signIn(t.app, user.phone, user.password, { ip }) };
  };
  const ingest = async (runId: number, frames: object[]) => {
    const body = envelope(await call(t.app, 'POST', endpointUrl(telemetryContract.ingestFrames), { token: keys.get(runId) ?? '', payload: { frames } }));
    expect(body.code, body.msg).toBe(0);
  };

  beforeAll(async () => {
    t = await createTestApp({ CONNECTION_LOST_AFTER_MS: String(LOST), CONNECTION_CHECK_MS: '3600000' }, { now: () => clock.now });
    tokens.sa = await signIn(t.app, ADMIN.email, ADMIN.password, { ip: '10.91.0.1' });
    const root = z.array(z.object({ id: z.number() })).parse(await ok(adminContract.orgQuery, {}))[0]?.id ?? 1;
    ids.orgA = await created(adminContract.orgAdd, { parentId: root, name: 'Tunnel contractor A', type: 'company', sort: 1 });
    ids.orgB = await created(adminContract.orgAdd, { parentId: root, name: 'Tunnel contractor B', type: 'company', sort: 2 });
    for (const orgId of [ids.orgA, ids.orgB]) await ok(adminContract.orgResourcesEdit, { orgId, codes: VIEWER_CODES });
    ids.runA = await buildRun(t.db, ids.orgA, { projectName: 'Secret line A', tbmCode: 'A-1', machineType: 'epb' });
    ids.runA2 = await buildRun(t.db, ids.orgA, { projectName: 'Second line A', tbmCode: 'A-2', machineType: 'slurry' });
    ids.runConn = await buildRun(t.db, ids.orgA, { projectName: 'Flaky line A', tbmCode: 'A-3' });
    ids.runB = await buildRun(t.db, ids.orgB, { projectName: 'Line B', tbmCode: 'B-1' });

    const viewer = await userIn(ids.orgA, VIEWER_CODES, '10.91.0.2');
    tokens.viewer = viewer.token;
    ids.viewer = viewer.user.id;
    viewerAccount = { phone: viewer.user.phone, password: viewer.user.password };
    tokens.plain = (await userIn(ids.orgA, [], '10.91.0.3')).token;
    tokens.reader = (await userIn(ids.orgA, ['monitor.realData.read'], '10.91.0.4')).token;
    tokens.linker = (await userIn(ids.orgA, ['monitor.h5Link.write'], '10.91.0.5')).token;
    const limited = await userIn(ids.orgA, VIEWER_CODES, '10.91.0.6');
    await t.db.kysely.insertInto('user_runs').values({ user_id: limited.user.id, run_id: ids.runA2 }).execute();
    tokens.limited = limited.token;
    tokens.other = (await userIn(ids.orgB, VIEWER_CODES, '10.91.0.7')).token;

    for (const runId of [ids.runA, ids.runConn, ids.runB]) {
      keys.set(runId, z.object({ key: z.string() }).parse(await ok(telemetryContract.ingestKeyRotate, { runId })).key);
    }
    // Run A advances ring 100 for 30 s; its frames arrive at START. B has data of its own.
    await ingest(ids.runA, advancing(T0, 30));
    await ingest(ids.runB, advancing(T0, 5, 7, 99.5));
  });
  afterAll(() => t.close());

  /** The same question about a run of another tenant and about a run that does not exist: the same answer, nothing of the run in it. */
  const expectHidden = async (endpoint: Endpoint, payload: (runId: number) => object, token: string) => {
    const foreign = await send(endpoint, payload(ids.runA), token);
    const missing = await send(endpoint, payload(MISSING), token);
    expect(foreign).toMatchObject({ code: 2, data: null });
    expect(foreign).toEqual(missing);
  };

  describe('GET /u/web/monitor/realData/query/v1', () => {
    const e = m.realDataQuery;

    it('answers code 1 without a session, code 2 without the resource or for another tenant’s run, code 3 naming the field', async () => {
      expect((await send(e, { runId: ids.runA }, NO_SESSION)).code).toBe(1);
      expect((await send(e, { runId: ids.runA }, tokens.plain)).code).toBe(2);
      await expectHidden(e, (runId) => ({ runId }), tokens.other);
      // Limited to the second run: the first is out of reach though the role grants it.
      expect((await send(e, { runId: ids.runA }, tokens.limited)).code).toBe(2);
      const bad = await send(e, { runId: 'x' }, tokens.viewer);
      expect(bad.code).toBe(3);
      expect(fieldsOf(bad)).toEqual(['runId']);
      expect(fieldsOf(await send(e, {}, tokens.viewer))).toEqual(['runId']);
      expect(fieldsOf(await send(e, { runId: -1 }, tokens.viewer))).toEqual(['runId']);
    });

    it('returns every tag of the machine with nulls for gaps, fresh right after the frame arrived', async () => {
      clock.now = START;
      const data = e.output.parse(await ok(e, { runId: ids.runA }, tokens.viewer));
      expect(data).toMatchObject({ runId: ids.runA, ts: T0 + 29_000, receivedAt: START, stale: false });
      const catalogue = tagCatalogue('epb').map((tag) => tag.code);
      expect(Object.keys(data.values).sort()).toEqual([...catalogue].sort());
      expect(data.values[SPEED]).toBe(40);
      expect(data.values[KEY_TAGS.ringNo]).toBe(100);
      expect(data.values[KEY_TAGS.chainage]).toBe(1234.5);
      // Never sent: null, not zero.
      expect(data.values[TORQUE]).toBeNull();
      expect(Object.values(data.values).filter((v) => v === null).length).toBe(catalogue.length - 7);
    });

    it('turns stale once the newest frame arrived more than REALTIME.staleAfterMs ago, by arrival and not by the machine clock', async () => {
      clock.now = START + STALE;
      expect(e.output.parse(await ok(e, { runId: ids.runA }, tokens.viewer)).stale).toBe(false);
      clock.now = START + STALE + 1;
      const stale = e.output.parse(await ok(e, { runId: ids.runA }, tokens.viewer));
      expect(stale).toMatchObject({ stale: true, receivedAt: START, ts: T0 + 29_000 });
      expect(stale.values[SPEED]).toBe(40);
      clock.now = START;
    });

    it('answers an empty, stale snapshot for a run that never sent data', async () => {
      expect(e.output.parse(await ok(e, { runId: ids.runA2 }, tokens.viewer))).toEqual({ runId: ids.runA2, ts: null, receivedAt: null, stale: true, values: {} });
    });
  });

  describe('POST /u/redisCache/getRealData', () => {
    const e = m.cachedRealData;

    it('answers code 1 without a session, code 2 without the resource or for another tenant’s run, code 3 naming the field', async () => {
      expect((await send(e, { runId: ids.runA, tags: [SPEED] }, NO_SESSION)).code).toBe(1);
      expect((await send(e, { runId: ids.runA, tags: [SPEED] }, tokens.plain)).code).toBe(2);
      await expectHidden(e, (runId) => ({ runId, tags: [SPEED] }), tokens.other);
      expect(fieldsOf(await send(e, { tags: [SPEED] }, tokens.viewer))).toEqual(['runId']);
      expect(fieldsOf(await send(e, { runId: ids.runA, tags: [''] }, tokens.viewer))).toEqual(['tags']);
      expect(fieldsOf(await send(e, { runId: ids.runA, tags: SPEED }, tokens.viewer))).toEqual(['tags']);
      const tooMany = Array.from({ length: LIMITS.wsSubscribeTagsMax + 1 }, (_, i) => `tag.n${i}`);
      expect(fieldsOf(await send(e, { runId: ids.runA, tags: tooMany }, tokens.viewer))).toEqual(['tags']);
    });

    it('returns only the chosen tags (a gap as null, an unknown code left out), or all of them without `tags`', async () => {
      clock.now = START;
      const chosen = e.output.parse(await ok(e, { runId: ids.runA, tags: [SPEED, TORQUE, 'no.suchTag'] }, tokens.viewer));
      expect(chosen).toEqual({ runId: ids.runA, ts: T0 + 29_000, receivedAt: START, stale: false, values: { [SPEED]: 40, [TORQUE]: null } });
      const all = e.output.parse(await ok(e, { runId: ids.runA }, tokens.viewer));
      expect(Object.keys(all.values)).toHaveLength(tagCatalogue('epb').length);
      clock.now = START + STALE + 1;
      expect(e.output.parse(await ok(e, { runId: ids.runA, tags: [SPEED] }, tokens.viewer)).stale).toBe(true);
      clock.now = START;
    });
  });

  describe('GET /u/web/monitor/deviceState/query/v1', () => {
    const e = m.deviceStateQuery;

    it('answers code 1 without a session, code 2 without the resource or for another tenant’s run, code 3 naming the field', async () => {
      expect((await send(e, { runId: ids.runA }, NO_SESSION)).code).toBe(1);
      expect((await send(e, { runId: ids.runA }, tokens.plain)).code).toBe(2);
      await expectHidden(e, (runId) => ({ runId }), tokens.other);
      expect(fieldsOf(await send(e, { runId: 'ring' }, tokens.viewer))).toEqual(['runId']);
    });

    it('shows the state the cycle engine derived from the frames, the ring, the chainage and a live connection', async () => {
      clock.now = START;
      const data = e.output.parse(await ok(e, { runId: ids.runA }, tokens.viewer));
      expect(data).toEqual({
        runId: ids.runA,
        state: 'advance',
        stateSince: T0,
        ringNo: 100,
        chainage: 1234.5,
        connected: true,
        connectedSince: null,
        lastFrameAt: START,
        stale: false,
      });
      // Silent longer than the staleness but not yet lost.
      clock.now = START + STALE + 1;
      expect(e.output.parse(await ok(e, { runId: ids.runA }, tokens.viewer))).toMatchObject({ stale: true, connected: true });
      clock.now = START + LOST;
      expect(e.output.parse(await ok(e, { runId: ids.runA }, tokens.viewer))).toMatchObject({ connected: false, connectedSince: START, state: 'advance' });
      clock.now = START;
    });

    it('knows nothing of a machine that never sent data', async () => {
      const data = e.output.parse(await ok(e, { runId: ids.runA2 }, tokens.viewer));
      expect(data).toEqual({ runId: ids.runA2, state: null, stateSince: null, ringNo: null, chainage: null, connected: false, connectedSince: null, lastFrameAt: null, stale: true });
    });
  });

  describe('POST /u/redisCache/getDeviceState', () => {
    const e = m.cachedDeviceState;

    it('answers code 1 without a session, code 2 without the resource, code 3 naming the field', async () => {
      expect((await send(e, { runIds: [ids.runA] }, NO_SESSION)).code).toBe(1);
      expect((await send(e, { runIds: [ids.runA] }, tokens.plain)).code).toBe(2);
      expect(fieldsOf(await send(e, { runIds: [] }, tokens.viewer))).toEqual(['runIds']);
      expect(fieldsOf(await send(e, {}, tokens.viewer))).toEqual(['runIds']);
      expect(fieldsOf(await send(e, { runIds: Array.from({ length: 101 }, (_, i) => i + 1) }, tokens.viewer))).toEqual(['runIds']);
    });

    it('leaves out the runs the caller may not read, as if they did not exist', async () => {
      clock.now = START;
      const mine = e.output.parse(await ok(e, { runIds: [ids.runA, ids.runB, ids.runA2, MISSING, ids.runA] }, tokens.viewer));
      expect(mine.map((s) => s.runId)).toEqual([ids.runA, ids.runA2]);
      expect(mine[0]).toMatchObject({ state: 'advance', ringNo: 100, connected: true });
      expect(mine[1]).toMatchObject({ state: null, connected: false });
      // The other tenant sees its own machine only; A's runs are neither listed nor hinted at.
      const theirs = await send(e, { runIds: [ids.runB, ids.runA, ids.runA2] }, tokens.other);
      expect(theirs.code).toBe(0);
      expect(e.output.parse(theirs.data).map((s) => [s.runId, s.ringNo, s.chainage])).toEqual([[ids.runB, 7, 99.5]]);
      expect(e.output.parse(await ok(e, { runIds: [ids.runA] }, tokens.other))).toEqual([]);
      expect(e.output.parse(await ok(e, { runIds: [ids.runA, ids.runA2] }, tokens.limited)).map((s) => s.runId)).toEqual([ids.runA2]);
    });
  });

  describe('GET /u/web/monitor/fileStore/svg/query/v1', () => {
    const e = m.machineDiagram;
    const diagram = (runId: number | string, token: string) => call(t.app, 'GET', `${endpointUrl(e)}?runId=${runId}`, { token });

    it('answers code 1 without a session, code 2 without the resource or for another tenant’s run, code 3 naming the field', async () => {
      expect(envelope(await diagram(ids.runA, NO_SESSION)).code).toBe(1);
      expect(envelope(await diagram(ids.runA, tokens.plain)).code).toBe(2);
      const foreign = await diagram(ids.runA, tokens.other);
      expect(String(foreign.headers['content-type'])).toContain('application/json');
      expect(envelope(foreign)).toMatchObject({ code: 2, data: null });
      expect(envelope(foreign)).toEqual(envelope(await diagram(MISSING, tokens.other)));
      expect(fieldsOf(envelope(await diagram('x', tokens.viewer)))).toEqual(['runId']);
    });

    it("returns the SVG of the run's machine type with live-value slots", async () => {
      const epb = await diagram(ids.runA, tokens.viewer);
      expect(epb.statusCode).toBe(200);
      expect(String(epb.headers['content-type'])).toMatch(/^image\/svg\+xml/);
      expect(epb.body).toContain('<svg');
      expect(epb.body).toContain('data-tag=');
      expect(epb.body).toContain(`data-tag="${SPEED}"`);
      const slurry = await diagram(ids.runA2, tokens.viewer);
      expect(String(slurry.headers['content-type'])).toMatch(/^image\/svg\+xml/);
      // An EPB machine has a screw conveyor, a slurry machine a slurry circuit.
      expect(epb.body).toContain('data-tag="screwConveyor.speed"');
      expect(slurry.body).not.toContain('data-tag="screwConveyor.speed"');
      expect(slurry.body).toContain('data-tag="slurryCircuit.feedFlow"');
    });
  });

  describe('GET /u/web/em/connect/query/v1', () => {
    const e = m.connectStateQuery;

    it('answers code 1 without a session, code 2 without the resource or for another tenant’s run, code 3 naming the field', async () => {
      expect((await send(e, {}, NO_SESSION)).code).toBe(1);
      expect((await send(e, {}, tokens.plain)).code).toBe(2);
      // Holding only the real-time read is not the connection state's resource.
      expect((await send(e, { runId: ids.runA }, tokens.reader)).code).toBe(2);
      await expectHidden(e, (runId) => ({ runId }), tokens.other);
      expect(fieldsOf(await send(e, { runId: 'x' }, tokens.viewer))).toEqual(['runId']);
    });

    it('lists every run the caller may see and no other, or the one asked for', async () => {
      clock.now = START;
      const mine = e.output.parse(await ok(e, {}, tokens.viewer));
      expect(mine.map((s) => s.runId).sort((x, y) => x - y)).toEqual([ids.runA, ids.runA2, ids.runConn].sort((x, y) => x - y));
      expect(mine.find((s) => s.runId === ids.runA)).toEqual({ runId: ids.runA, projectName: 'Secret line A', tbmCode: 'A-1', connected: true, since: null, lastFrameAt: START });
      expect(mine.find((s) => s.runId === ids.runA2)).toMatchObject({ connected: false, since: null, lastFrameAt: null });
      const theirs = await send(e, {}, tokens.other);
      expect(e.output.parse(theirs.data).map((s) => s.runId)).toEqual([ids.runB]);
      expect(JSON.stringify(theirs)).not.toContain('Secret line A');
      expect(e.output.parse(await ok(e, {}, tokens.limited)).map((s) => s.runId)).toEqual([ids.runA2]);
      expect(e.output.parse(await ok(e, { runId: ids.runA }, tokens.viewer)).map((s) => s.runId)).toEqual([ids.runA]);
      expect(e.output.parse(await ok(e, {}, tokens.sa)).map((s) => s.runId)).toEqual(expect.arrayContaining([ids.runA, ids.runA2, ids.runConn, ids.runB]));
    });
  });

  describe('POST /u/web/em/connect/page/v1 and the connection messages', () => {
    const e = m.connectStatePage;
    const page = async (payload: object) => e.output.parse(await ok(e, { runId: ids.runConn, ...payload }, tokens.viewer));

    it('answers code 1 without a session, code 2 without the resource or for another tenant’s run, code 3 naming the field', async () => {
      expect((await send(e, { runId: ids.runA }, NO_SESSION)).code).toBe(1);
      expect((await send(e, { runId: ids.runA }, tokens.plain)).code).toBe(2);
      expect((await send(e, { runId: ids.runA }, tokens.reader)).code).toBe(2);
      await expectHidden(e, (runId) => ({ runId }), tokens.other);
      const reversed = await send(e, { runId: ids.runA, from: 2000, to: 1000 }, tokens.viewer);
      expect(reversed).toMatchObject({ code: 3, msg: 'To: The end must not be before the start' });
      expect(fieldsOf(reversed)).toEqual(['to']);
      expect(fieldsOf(await send(e, { runId: ids.runA, pageSize: 0 }, tokens.viewer))).toEqual(['pageSize']);
      expect(fieldsOf(await send(e, { runId: ids.runA, from: -1 }, tokens.viewer))).toEqual(['from']);
      expect(fieldsOf(await send(e, { from: 1 }, tokens.viewer))).toEqual(['runId']);
    });

    it('records a silence once, closes it at the next frame with its duration, and announces each transition once', async () => {
      const events: StateEvent[] = [];
      const marks = new Set<string>();
      t.app.platform.bus.onMessage((raw) => {
        if (raw.startsWith('{"type":"testMark"')) marks.add(raw);
        const parsed = StateMessageSchema.safeParse(JSON.parse(raw));
        if (parsed.success && parsed.data.runId === ids.runConn && parsed.data.event.kind === 'connection') events.push(parsed.data.event);
      });
      let markCount = 0;
      /** Everything published before this returns has been delivered (the bus keeps a publisher's order). */
      const drained = async () => {
        markCount += 1;
        const mark = JSON.stringify({ type: 'testMark', n: markCount });
        t.app.platform.bus.publish(mark);
        await vi.waitFor(() => expect(marks.has(mark)).toBe(true), { timeout: 5_000 });
      };
      // Two instances watching the same machines, each running the connection job on its own clock.
      const runIds = async () => (await t.db.kysely.selectFrom('runs').select('id').execute()).map((r) => r.id);
      const watcher = () => new ConnectionMonitor({ repo: new ConnectionRepo(t.app.platform.db), latest: t.app.platform.latest, bus: t.app.platform.bus, events: t.app.platform.events, runIds }, { disconnectedAfterMs: LOST });
      const first = watcher();
      const tick = (at: number) => first.pass(at);
      const rowsInDb = () => t.db.kysely.selectFrom('machine_disconnections').select(['disconnected_at', 'reconnected_at']).where('run_id', '=', ids.runConn).execute();
      const state = async () => m.deviceStateQuery.output.parse(await ok(m.deviceStateQuery, { runId: ids.runConn }, tokens.viewer));

      const twin = watcher();

      // First frame at C0; nothing on record while frames keep coming.
      const c0 = START + 1_000;
      clock.now = c0;
      await ingest(ids.runConn, advancing(T0 + 100_000, 2));
      await tick(c0 + LOST - 1);
      await twin.pass(c0 + LOST - 1);
      expect(await rowsInDb()).toEqual([]);

      // Silent for longer than CONNECTION_LOST_AFTER_MS: one open disconnection since the last frame's arrival.
      await tick(c0 + LOST + 1);
      await tick(c0 + LOST + 2);
      await drained();
      expect(await rowsInDb()).toHaveLength(1);
      const open = await page({});
      expect(open.total).toBe(1);
      expect(open.records).toEqual([{ id: expect.any(Number), runId: ids.runConn, tbmCode: 'A-3', disconnectedAt: c0, reconnectedAt: null, durationMs: null }]);
      expect(events).toEqual([{ kind: 'connection', connected: false, at: c0 }]);
      clock.now = c0 + LOST + 2;
      expect(await state()).toMatchObject({ connected: false, connectedSince: c0, lastFrameAt: c0 });

      // The second instance sees the same silence: the record and the announcement stay single.
      await twin.pass(c0 + LOST + 3);
      await drained();
      expect(await rowsInDb()).toHaveLength(1);
      expect(events).toHaveLength(1);

      // Frames again at C1: the same record closes with its duration, announced once.
      const c1 = c0 + LOST + 10_000;
      clock.now = c1;
      await ingest(ids.runConn, advancing(T0 + 200_000, 1));
      await tick(c1 + 1);
      await tick(c1 + 2);
      await twin.pass(c1 + 3);
      await drained();
      const closed = await page({});
      expect(closed.total).toBe(1);
      expect(closed.records[0]).toMatchObject({ disconnectedAt: c0, reconnectedAt: c1, durationMs: c1 - c0 });
      expect(closed.records[0]?.id).toBe(open.records[0]?.id);
      expect(events).toEqual([
        { kind: 'connection', connected: false, at: c0 },
        { kind: 'connection', connected: true, at: c1 },
      ]);
      clock.now = c1 + 5;
      expect(await state()).toMatchObject({ connected: true, connectedSince: c1, lastFrameAt: c1 });
      const listed = m.connectStateQuery.output.parse(await ok(m.connectStateQuery, { runId: ids.runConn }, tokens.viewer));
      expect(listed).toEqual([{ runId: ids.runConn, projectName: 'Flaky line A', tbmCode: 'A-3', connected: true, since: c1, lastFrameAt: c1 }]);

      // Two more silences: one closed at C2, the newest still open.
      const c2 = c1 + LOST + 20_000;
      await tick(c1 + LOST + 1);
      clock.now = c2;
      await ingest(ids.runConn, advancing(T0 + 300_000, 1));
      await tick(c2 + 1);
      await tick(c2 + LOST + 1);
      await drained();
      expect(events.map((ev) => (ev.kind === 'connection' ? [ev.connected, ev.at] : null))).toEqual([
        [false, c0],
        [true, c1],
        [false, c1],
        [true, c2],
        [false, c2],
      ]);
      expect(await rowsInDb()).toHaveLength(3);
    });

    it('counts a gateway backfilling old frames as connected (arrival, not the frames\' age, decides)', async () => {
      const runId = await buildRun(t.db, ids.orgA, { projectName: 'Backfilling line A', tbmCode: 'A-4' });
      keys.set(runId, z.object({ key: z.string() }).parse(await ok(telemetryContract.ingestKeyRotate, { runId })).key);
      const c0 = START + 5_000_000;
      clock.now = c0;
      await ingest(runId, advancing(T0 + 900_000, 2));
      // Later only frames older than the newest arrive: the machine is still talking.
      clock.now = c0 + LOST - 1_000;
      await ingest(runId, advancing(T0 + 800_000, 1));
      await t.app.platform.jobs.runDue('monitor.connections', c0 + LOST + 500);
      const rows = await t.db.kysely.selectFrom('machine_disconnections').select('id').where('run_id', '=', runId).execute();
      expect(rows).toEqual([]);
      clock.now = c0 + LOST + 500;
      expect(m.deviceStateQuery.output.parse(await ok(m.deviceStateQuery, { runId }, tokens.viewer))).toMatchObject({ connected: true, lastFrameAt: c0 + LOST - 1_000 });
    });

    it('pages the history newest first and filters it by time range', async () => {
      const all = await page({});
      expect(all.total).toBe(3);
      const [d3, d2, d1] = all.records;
      if (!d1 || !d2 || !d3) throw new Error('three disconnections expected');
      expect(d3.reconnectedAt).toBeNull();
      expect(d2.durationMs).toBe((d2.reconnectedAt ?? 0) - d2.disconnectedAt);
      expect(d1.disconnectedAt).toBeLessThan(d2.disconnectedAt);
      expect(d2.disconnectedAt).toBeLessThan(d3.disconnectedAt);

      const first = await page({ page: 1, pageSize: 2 });
      expect(first).toMatchObject({ total: 3, page: 1, pageSize: 2 });
      expect(first.records.map((r) => r.id)).toEqual([d3.id, d2.id]);
      const second = await page({ page: 2, pageSize: 2 });
      expect(second.records.map((r) => r.id)).toEqual([d1.id]);
      expect((await page({ page: 3, pageSize: 2 })).records).toEqual([]);

      // A silence belongs to a range it overlaps: ended at or after `from`, begun at or before `to`.
      const after = await page({ from: (d1.reconnectedAt ?? 0) + 1 });
      expect(after.records.map((r) => r.id)).toEqual([d3.id, d2.id]);
      expect(after.total).toBe(2);
      expect((await page({ to: d2.disconnectedAt })).records.map((r) => r.id)).toEqual([d2.id, d1.id]);
      expect((await page({ from: (d1.reconnectedAt ?? 0) + 1, to: d3.disconnectedAt - 1 })).records.map((r) => r.id)).toEqual([d2.id]);
      expect((await page({ to: d1.disconnectedAt - 1 })).total).toBe(0);
      // Other runs' history never mixes in.
      const quiet = e.output.parse(await ok(e, { runId: ids.runA2 }, tokens.viewer));
      expect(quiet).toEqual({ total: 0, page: 1, pageSize: 20, records: [] });
    });
  });

  describe('H5 links: POST /u/web/monitor/h5/link/v1 and /g/web/monitor/h5/exchange/v1', () => {
    const issue = m.h5LinkIssue;
    const exchange = m.h5Exchange;
    const LinkSchema = issue.output;
    const link = async (runId: number, token: string = tokens.viewer) => LinkSchema.parse(await ok(issue, { runId }, token));
    const open = async (runId: number, token: string = tokens.viewer) => {
      const { token: ticket } = await link(runId, token);
      return exchange.output.parse(await ok(exchange, { token: ticket, runId }, NO_SESSION)).token;
    };

    it('issues a link only with monitor.h5Link.write and read access to the run, code 3 naming the field', async () => {
      expect((await send(issue, { runId: ids.runA }, NO_SESSION)).code).toBe(1);
      expect((await send(issue, { runId: ids.runA }, tokens.plain)).code).toBe(2);
      // Reading the run is not enough, nor is the link resource without the read.
      expect((await send(issue, { runId: ids.runA }, tokens.reader)).code).toBe(2);
      expect((await send(issue, { runId: ids.runA }, tokens.linker)).code).toBe(2);
      await expectHidden(issue, (runId) => ({ runId }), tokens.other);
      expect((await send(issue, { runId: ids.runA }, tokens.limited)).code).toBe(2);
      expect(fieldsOf(await send(issue, {}, tokens.viewer))).toEqual(['runId']);
      expect(await t.db.kysely.selectFrom('h5_tickets').select('id').execute()).toEqual([]);
    });

    it('answers a one-time link to the mobile view of the run, stored hashed', async () => {
      const before = Date.now();
      const made = await link(ids.runA);
      expect(made.path).toBe(`/client_web/h5/rta/${ids.runA}/${made.token}`);
      expect(made.token).toMatch(/^[A-Za-z0-9_-]{20,128}$/);
      expect(made.expiresAt).toBeGreaterThanOrEqual(before + LIMITS.h5TicketTtlMs);
      expect(made.expiresAt).toBeLessThanOrEqual(Date.now() + LIMITS.h5TicketTtlMs);
      const row = await t.db.kysely.selectFrom('h5_tickets').selectAll().where('token_hash', '=', hashToken(made.token)).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ run_id: ids.runA, user_id: ids.viewer, used_at: null });
      expect(JSON.stringify(await t.db.kysely.selectFrom('h5_tickets').selectAll().execute())).not.toContain(made.token);
    });

    it('checks the exchange input, naming the field', async () => {
      const short = await send(exchange, { token: 'short', runId: ids.runA }, NO_SESSION);
      expect(short.code).toBe(3);
      expect(fieldsOf(short)).toEqual(['token']);
      expect(fieldsOf(await send(exchange, { token: 'h5'.padEnd(40, 'x') }, NO_SESSION))).toEqual(['runId']);
    });

    it('exchanges a link once for a session that reads the real-time data of its run and nothing else', async () => {
      const made = await link(ids.runA);
      const opened = await send(exchange, { token: made.token, runId: ids.runA }, NO_SESSION);
      expect(opened.code, opened.msg).toBe(0);
      const data = exchange.output.parse(opened.data);
      expect(data.run).toEqual({ runId: ids.runA, projectName: 'Secret line A', tbmCode: 'A-1', machineType: 'epb', timeZone: 'Europe/Rome' });
      const h5 = data.token;
      expect(h5).not.toBe(made.token);

      // Its own run's real-time reads.
      clock.now = START;
      expect(m.realDataQuery.output.parse(await ok(m.realDataQuery, { runId: ids.runA }, h5)).values[SPEED]).toBe(40);
      expect(m.deviceStateQuery.output.parse(await ok(m.deviceStateQuery, { runId: ids.runA }, h5)).state).toBe('advance');
      await ok(telemetryContract.seriesQuery, { runId: ids.runA, tags: [SPEED], from: T0, to: T0 + 60_000 }, h5);
      expect((await call(t.app, 'GET', `${endpointUrl(m.machineDiagram)}?runId=${ids.runA}`, { token: h5 })).statusCode).toBe(200);
      expect(m.connectStateQuery.output.parse(await ok(m.connectStateQuery, {}, h5)).map((s) => s.runId)).toEqual([ids.runA]);
      expect(m.cachedDeviceState.output.parse(await ok(m.cachedDeviceState, { runIds: [ids.runA, ids.runA2, ids.runConn] }, h5)).map((s) => s.runId)).toEqual([ids.runA]);

      // Another run the account may read: refused.
      expect((await send(m.realDataQuery, { runId: ids.runA2 }, h5)).code).toBe(2);
      expect((await send(m.deviceStateQuery, { runId: ids.runConn }, h5)).code).toBe(2);
      expect((await send(telemetryContract.seriesQuery, { runId: ids.runA2, tags: [SPEED], from: T0, to: T0 + 60_000 }, h5)).code).toBe(2);
      expect((await send(m.connectStatePage, { runId: ids.runConn }, h5)).code).toBe(2);
      // Everything else, whatever the account holds: refused.
      expect((await send(basicInfoContract.basicInfoProject, { runId: ids.runA }, h5)).code).toBe(2);
      expect((await send(projectContract.runQueryProject, {}, h5)).code).toBe(2);
      expect((await send(adminContract.userPage, { orgId: ids.orgA }, h5)).code).toBe(2);
      expect((await send(authContract.me, {}, h5)).code).toBe(2);
      expect((await send(issue, { runId: ids.runA }, h5)).code).toBe(2);
      // The account's console session is still signed in.
      expect((await send(authContract.me, {}, tokens.viewer)).code).toBe(0);

      // The same link a second time: code 1, no second session.
      const sessionsBefore = await t.db.kysely.selectFrom('sessions').select('id').where('user_id', '=', ids.viewer).execute();
      expect((await send(exchange, { token: made.token, runId: ids.runA }, NO_SESSION)).code).toBe(1);
      expect(await t.db.kysely.selectFrom('sessions').select('id').where('user_id', '=', ids.viewer).execute()).toHaveLength(sessionsBefore.length);
    });

    it('refuses an expired, unknown or mismatched link with code 1', async () => {
      const expired = await link(ids.runA);
      await t.db.kysely.updateTable('h5_tickets').set({ expires_at: Date.now() - 1 }).where('token_hash', '=', hashToken(expired.token)).execute();
      expect((await send(exchange, { token: expired.token, runId: ids.runA }, NO_SESSION)).code).toBe(1);

      const other = await link(ids.runA);
      expect((await send(exchange, { token: other.token, runId: ids.runA2 }, NO_SESSION)).code).toBe(1);
      expect((await send(exchange, { token: `h5${'A'.repeat(43)}`, runId: ids.runA }, NO_SESSION)).code).toBe(1);

      // A link that did not expire yet still works (the expiry above is what refused).
      const fresh = await link(ids.runA);
      expect((await send(exchange, { token: fresh.token, runId: ids.runA }, NO_SESSION)).code).toBe(0);
    });

    it('refuses the exchange of a link whose account was disabled or lost the run, and ends such sessions', async () => {
      const mobile = await userIn(ids.orgA, VIEWER_CODES, '10.91.0.8');
      const pending = await link(ids.runA, mobile.token);
      const h5 = await open(ids.runA, mobile.token);
      expect((await send(m.realDataQuery, { runId: ids.runA }, h5)).code).toBe(0);
      await t.db.kysely.updateTable('users').set({ enabled: 0 }).where('id', '=', mobile.user.id).execute();
      expect((await send(exchange, { token: pending.token, runId: ids.runA }, NO_SESSION)).code).toBe(1);
      expect((await send(m.realDataQuery, { runId: ids.runA }, h5)).code).toBe(1);
      // The refused exchange left no session behind: the one H5 session on record is the earlier one.
      const scoped = await t.db.kysely
        .selectFrom('sessions')
        .select('id')
        .where('user_id', '=', mobile.user.id)
        .where('scope_run_id', 'is not', null)
        .where('revoked_at', 'is', null)
        .execute();
      expect(scoped).toHaveLength(1);

      // Limited to another run after the link was made: code 2, and no session is left open for it.
      const moved = await userIn(ids.orgA, VIEWER_CODES, '10.91.0.9');
      const stale = await link(ids.runA, moved.token);
      await t.db.kysely.insertInto('user_runs').values({ user_id: moved.user.id, run_id: ids.runA2 }).execute();
      expect((await send(exchange, { token: stale.token, runId: ids.runA }, NO_SESSION)).code).toBe(2);
      const left = await t.db.kysely.selectFrom('sessions').select('id').where('user_id', '=', moved.user.id).where('scope_run_id', 'is not', null).where('revoked_at', 'is', null).execute();
      expect(left).toEqual([]);
    });

    it('keeps the console session when an H5 session opens, and ends the H5 session at the next console sign-in', async () => {
      const h5 = await open(ids.runA);
      expect((await send(authContract.me, {}, tokens.viewer)).code).toBe(0);
      expect((await send(m.realDataQuery, { runId: ids.runA }, h5)).code).toBe(0);
      tokens.viewer = await signIn(t.app, viewerAccount.phone, viewerAccount.password, { ip: '10.91.0.2' });
      const ended = await send(m.realDataQuery, { runId: ids.runA }, h5);
      expect(ended).toMatchObject({ code: 1, data: { reason: 'forced_offline' } });
      expect((await send(m.realDataQuery, { runId: ids.runA }, tokens.viewer)).code).toBe(0);
    });
  });
});
