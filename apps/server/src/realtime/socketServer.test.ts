import {
  adminContract,
  authContract,
  endpointUrl,
  KEY_TAGS,
  type Language,
  RESOURCE_CODES,
  type ResourceCode,
  type ServerMessage,
  ServerMessageSchema,
  WS_CLOSE,
} from '@boreline/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ClientOptions, type RawData, WebSocket } from 'ws';
import { buildRun, buildUser, call, signIn } from '../../test/factories.js';
import { ADMIN, createTestApp, envelope, type TestApp } from '../../test/testApp.js';
import { t as translate } from '../core/i18n.js';

/**
 * The message server at `/ws` (spec §4, §7; RELIABILITY.md) as a client sees it: a real listening
 * app, real sockets (`ws`), frames through the ingest pipeline and the bus (Redis on the
 * PostgreSQL pass). Every case asserts what arrives on the socket and how it closes.
 */

const SPEED = KEY_TAGS.advanceSpeed;
const THRUST = KEY_TAGS.totalThrust;
/** A Monday 08:00 UTC; each test ingests into a run of its own, so time only moves forward per run. */
const T0 = Date.UTC(2026, 10, 16, 8, 0, 0);

type Msg = ServerMessage;
type Of<T extends Msg['type']> = Extract<Msg, { type: T }>;
const isOf = <T extends Msg['type']>(m: Msg, type: T): m is Of<T> => m.type === type;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

interface Closed {
  code: number;
  reason: string;
  at: number;
}

/** A socket that records every server message (parsed against the contract) and how it closed. */
class Peer {
  readonly ws: WebSocket;
  readonly messages: Msg[] = [];
  readonly opened: Promise<number>;
  readonly closed: Promise<Closed>;
  answerPings = true;
  private readonly taken = new Set<number>();

  constructor(url: string, options: ClientOptions = {}) {
    this.ws = new WebSocket(url, options);
    this.ws.on('error', () => undefined);
    this.opened = new Promise<number>((resolve, reject) => {
      this.ws.once('open', () => resolve(Date.now()));
      this.ws.once('error', reject);
    });
    this.opened.catch(() => undefined);
    this.closed = new Promise<Closed>((resolve) => this.ws.once('close', (code: number, reason: Buffer) => resolve({ code, reason: reason.toString(), at: Date.now() })));
    this.ws.on('message', (data: RawData) => {
      const message = ServerMessageSchema.parse(JSON.parse(String(data)));
      this.messages.push(message);
      if (message.type === 'ping' && this.answerPings) this.send({ type: 'pong', ts: message.ts });
    });
  }

  send(message: object | string): void {
    this.ws.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  get isOpen(): boolean {
    return this.ws.readyState === WebSocket.OPEN;
  }

  /** The first message of `type` (matching) not returned before; waits for it. */
  async next<T extends Msg['type']>(type: T, match: (m: Of<T>) => boolean = () => true, timeoutMs = 5_000): Promise<Of<T>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const index = this.messages.findIndex((m, i) => !this.taken.has(i) && isOf(m, type) && match(m));
      const found = this.messages[index];
      if (found && isOf(found, type)) {
        this.taken.add(index);
        return found;
      }
      if (Date.now() > deadline) throw new Error(`no '${type}' message within ${timeoutMs} ms; got ${JSON.stringify(this.messages.map((m) => m.type))}`);
      await sleep(10);
    }
  }

  all<T extends Msg['type']>(type: T, match: (m: Of<T>) => boolean = () => true): Of<T>[] {
    return this.messages.filter((m): m is Of<T> => isOf(m, type) && match(m));
  }

  async closedWithin(ms: number): Promise<Closed> {
    return Promise.race([this.closed, sleep(ms).then(() => Promise.reject(new Error(`socket still open after ${ms} ms`)))]);
  }

  close(): void {
    this.ws.terminate();
  }
}

async function listen(t: TestApp): Promise<{ url: string; port: number }> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (typeof address !== 'object' || address === null) throw new Error('not listening');
  return { url: `ws://127.0.0.1:${address.port}/ws`, port: address.port };
}

/** A socket that sent `connect` and was answered `connected`. */
async function connectAs(url: string, token: string, lang: Language = 'en_US'): Promise<Peer> {
  const peer = new Peer(url);
  await peer.opened;
  peer.send({ type: 'connect', token, lang });
  await peer.next('connected');
  return peer;
}

async function subscribe(peer: Peer, topic: 'data' | 'state' | 'maintenance' | 'alarm', runId: number, tags?: string[]): Promise<void> {
  peer.send(tags ? { type: 'subscribe', topic, runId, tags } : { type: 'subscribe', topic, runId });
  await peer.next('subscribed', (m) => m.topic === topic && m.runId === runId);
}

/** One committed frame of an EPB run (as `buildRun` makes them) through the ingest pipeline. */
async function ingestFrame(t: TestApp, runId: number, ts: number, values: Record<string, number>): Promise<void> {
  const ingest = t.app.platform.ingest;
  const layout = await ingest.open({ runId, machineType: 'epb', ringWidthMm: 1500, endChainage: 2500 });
  const frame = layout.emptyValues();
  for (const [code, value] of Object.entries(values)) {
    const i = layout.indexOf(code);
    if (i < 0) throw new Error(`no tag ${code}`);
    frame[i] = value;
  }
  await ingest.ingest(runId, [{ runId, ts, values: frame }]);
}

interface Tenants {
  sa: string;
  orgA: number;
  orgB: number;
  runA: number;
  runB: number;
  post: (endpoint: { base: 'main' | 'project'; path: string }, payload: object) => Promise<unknown>;
  /** A role of organization A granting `codes`. */
  role: (name: string, codes: ResourceCode[]) => Promise<number>;
  /** A new user of organization A holding `roleId`, signed in. */
  member: (roleId: number) => Promise<{ id: number; token: string; phone: string; password: string }>;
}

let ipSequence = 0;
const nextIp = () => `10.91.${Math.floor(ipSequence / 200)}.${(ipSequence++ % 200) + 1}`;

/**
 * Two tenants under the root whose ids collide by prefix (A = n, B = n2), both allowed every
 * resource; a run in each. Users of A get roles of A only.
 */
async function buildTenants(t: TestApp): Promise<Tenants> {
  const sa = await signIn(t.app, ADMIN.email, ADMIN.password, { ip: nextIp() });
  const post = async (endpoint: { base: 'main' | 'project'; path: string }, payload: object): Promise<unknown> => {
    const body = envelope(await call(t.app, 'POST', endpointUrl(endpoint), { token: sa, payload }));
    if (body.code !== 0) throw new Error(`${endpoint.path}: ${body.msg}`);
    return body.data;
  };
  const idOf = (data: unknown): number => {
    if (typeof data !== 'object' || data === null || !('id' in data) || typeof data.id !== 'number') throw new Error(`no id in ${JSON.stringify(data)}`);
    return data.id;
  };
  const root = await t.db.kysely.selectFrom('orgs').select('id').where('parent_id', 'is', null).executeTakeFirstOrThrow();
  const orgA = idOf(await post(adminContract.orgAdd, { parentId: root.id, name: 'Contractor A', type: 'company', sort: 1 }));
  const orgB = Number(`${orgA}2`);
  await t.db.kysely
    .insertInto('orgs')
    .values({ id: orgB, name: 'Contractor B', type: 'company', parent_id: root.id, path: `/${root.id}/${orgB}/`, sort: 2, created_at: Date.now() })
    .execute();
  for (const orgId of [orgA, orgB]) await post(adminContract.orgResourcesEdit, { orgId, codes: [...RESOURCE_CODES] });
  const runA = await buildRun(t.db, orgA, { projectName: 'Tunnel A' });
  const runB = await buildRun(t.db, orgB, { projectName: 'Tunnel B' });
  const role = async (name: string, codes: ResourceCode[]) => {
    const roleId = idOf(await post(adminContract.roleAdd, { name, kind: 'custom', orgId: orgA, sort: 1 }));
    await post(adminContract.roleResourcesUpdate, { roleId, codes });
    return roleId;
  };
  const member = async (roleId: number) => {
    const user = await buildUser(t.db);
    await t.db.kysely.updateTable('users').set({ org_id: orgA }).where('id', '=', user.id).execute();
    await post(adminContract.userAssignRoles, { userId: user.id, roleIds: [roleId] });
    return { id: user.id, phone: user.phone, password: user.password, token: await signIn(t.app, user.phone, user.password, { ip: nextIp() }) };
  };
  return { sa, orgA, orgB, runA, runB, post, role, member };
}

describe('message server: handshake, protocol guards, Origin and size cap', () => {
  let t: TestApp;
  let url = '';
  let port = 0;
  let sa = '';
  let runId = 0;
  const peers: Peer[] = [];
  const peer = (target = url, options: ClientOptions = {}) => {
    const p = new Peer(target, options);
    peers.push(p);
    return p;
  };

  beforeAll(async () => {
    // Pings far apart: only the authentication timer closes sockets here.
    t = await createTestApp({ WS_AUTH_TIMEOUT_MS: '300', WS_PING_INTERVAL_MS: '60000' });
    ({ url, port } = await listen(t));
    sa = await signIn(t.app, ADMIN.email, ADMIN.password, { ip: nextIp() });
    const root = await t.db.kysely.selectFrom('orgs').select('id').where('parent_id', 'is', null).executeTakeFirstOrThrow();
    runId = await buildRun(t.db, root.id);
  });
  afterAll(async () => {
    for (const p of peers) p.close();
    await t.close();
  });

  it('closes a socket that does not connect in time with 4008, and keeps one that did', async () => {
    const silent = peer();
    const prompt = peer();
    const openedAt = await silent.opened;
    await prompt.opened;
    prompt.send({ type: 'connect', token: sa, lang: 'en_US' });
    expect(await prompt.next('connected')).toMatchObject({ type: 'connected', runId: null });
    const closed = await silent.closedWithin(2_000);
    expect(closed.code).toBe(WS_CLOSE.authTimeout);
    expect(closed.at - openedAt).toBeGreaterThanOrEqual(250);
    expect(closed.at - openedAt).toBeLessThan(1_500);
    expect(silent.messages).toEqual([]);
    // Well past the timeout the authenticated socket is open and serves subscriptions.
    await sleep(400);
    expect(prompt.isOpen).toBe(true);
    await subscribe(prompt, 'data', runId);
  });

  it('answers a bad token on the session channel ("ended") and closes with 4001', async () => {
    const p = peer();
    await p.opened;
    p.send({ type: 'connect', token: 'not-a-session-token-000000000000', lang: 'de_AT' });
    expect(await p.next('session')).toEqual({ type: 'session', event: 'ended', msg: translate('de_AT', 'common.error.sessionExpired') });
    expect((await p.closedWithin(2_000)).code).toBe(WS_CLOSE.sessionEnded);
    expect(p.all('connected')).toEqual([]);
  });

  it('closes a socket that subscribes before connect, and one that sends no protocol message', async () => {
    const early = peer();
    await early.opened;
    early.send({ type: 'subscribe', topic: 'data', runId });
    expect((await early.closedWithin(2_000)).code).toBe(WS_CLOSE.sessionEnded);
    expect(early.all('subscribed')).toEqual([]);

    const garbage = peer();
    await garbage.opened;
    garbage.send('{"type":"connect",');
    expect((await garbage.closedWithin(2_000)).code).toBe(WS_CLOSE.badMessage);

    const unknown = await connectAs(url, sa);
    peers.push(unknown);
    unknown.send({ type: 'subscribe', topic: 'gossip', runId });
    expect((await unknown.closedWithin(2_000)).code).toBe(WS_CLOSE.badMessage);
  });

  it('closes with 1009 on a message over 16 KB, and takes a valid 15 KB one', async () => {
    const small = await connectAs(url, sa);
    peers.push(small);
    // A data subscription naming 300 tags: a real request of about 15 KB.
    const tags = Array.from({ length: 300 }, (_, i) => `custom.tag.${String(i).padStart(36, '0')}`);
    const request = JSON.stringify({ type: 'subscribe', topic: 'data', runId, tags });
    expect(Buffer.byteLength(request)).toBeGreaterThan(14 * 1024);
    expect(Buffer.byteLength(request)).toBeLessThan(16 * 1024);
    small.send(request);
    expect(await small.next('subscribed')).toEqual({ type: 'subscribed', topic: 'data', runId });
    await sleep(100);
    expect(small.isOpen).toBe(true);

    const big = await connectAs(url, sa);
    peers.push(big);
    big.send({ type: 'pong', ts: 1, padding: 'x'.repeat(17 * 1024) });
    expect((await big.closedWithin(2_000)).code).toBe(WS_CLOSE.tooBig);
    expect(small.isOpen).toBe(true);
  });

  it("refuses another site's Origin at the upgrade (403) and accepts the same host's; other paths are 404", async () => {
    const foreign = peer(url, { headers: { origin: 'https://evil.example' } });
    await expect(foreign.opened).rejects.toThrow('Unexpected server response: 403');
    const lookalike = peer(url, { headers: { origin: `http://127.0.0.1.evil.example:${port}` } });
    await expect(lookalike.opened).rejects.toThrow('Unexpected server response: 403');
    const elsewhere = peer(`ws://127.0.0.1:${port}/ws/other`);
    await expect(elsewhere.opened).rejects.toThrow('Unexpected server response: 404');

    const same = peer(url, { headers: { origin: `http://127.0.0.1:${port}` } });
    await same.opened;
    same.send({ type: 'connect', token: sa, lang: 'en_US' });
    expect(await same.next('connected')).toMatchObject({ type: 'connected' });
    // Clients that are not browsers send no Origin and still get in with a token.
    const noOrigin = peer();
    await noOrigin.opened;
    noOrigin.send({ type: 'connect', token: sa, lang: 'en_US' });
    await noOrigin.next('connected');
  });
});

describe('message server: per-topic authorization across tenants, data, session channel', () => {
  let t: TestApp;
  let url = '';
  let tenants: Tenants;
  let reader: { id: number; token: string };
  let readerRole = 0;
  const peers: Peer[] = [];
  const connect = async (token: string, lang: Language = 'en_US') => {
    const p = await connectAs(url, token, lang);
    peers.push(p);
    return p;
  };

  beforeAll(async () => {
    t = await createTestApp({ WS_PING_INTERVAL_MS: '60000' });
    ({ url } = await listen(t));
    tenants = await buildTenants(t);
    readerRole = await tenants.role('Live readers', ['monitor.realData.read']);
    reader = await tenants.member(readerRole);
  });
  afterAll(async () => {
    for (const p of peers) p.close();
    await t.close();
  });

  it("refuses a run of another tenant (ids sharing a prefix) and never forwards its data; forwards the own run's, filtered by tags", async () => {
    const { runA, runB, orgA, orgB } = tenants;
    expect(String(orgB).startsWith(String(orgA))).toBe(true);
    const tagged = await connect(reader.token);
    tagged.send({ type: 'subscribe', topic: 'data', runId: runB });
    expect(await tagged.next('refused')).toEqual({ type: 'refused', topic: 'data', runId: runB, code: 2, msg: translate('en_US', 'common.error.noPermission') });
    tagged.send({ type: 'subscribe', topic: 'state', runId: runB });
    expect(await tagged.next('refused')).toMatchObject({ topic: 'state', runId: runB, code: 2 });
    await subscribe(tagged, 'data', runA, [SPEED]);
    const whole = await connect(reader.token);
    whole.send({ type: 'subscribe', topic: 'data', runId: runB, tags: [SPEED] });
    expect(await whole.next('refused')).toMatchObject({ topic: 'data', runId: runB, code: 2 });
    await subscribe(whole, 'data', runA);
    // The super administrator sees B: B's frame is really published.
    const admin = await connect(tenants.sa);
    await subscribe(admin, 'data', runB);

    await ingestFrame(t, runB, T0, { [SPEED]: 66, [THRUST]: 9_999 });
    await ingestFrame(t, runA, T0, { [SPEED]: 40, [THRUST]: 12_000 });
    expect((await admin.next('data', (m) => m.runId === runB)).values[SPEED]).toBe(66);
    expect(await tagged.next('data', (m) => m.runId === runA)).toEqual({ type: 'data', runId: runA, ts: T0, prevTs: null, values: { [SPEED]: 40 } });
    const full = await whole.next('data', (m) => m.runId === runA);
    expect(full.values).toMatchObject({ [SPEED]: 40, [THRUST]: 12_000, [KEY_TAGS.cutterTorque]: null });
    // The bus delivers in publish order: B's message came before A's, so none of B is still on its way.
    for (const p of [tagged, whole]) expect(p.all('data', (m) => m.runId === runB)).toEqual([]);
    expect(admin.all('data', (m) => m.runId === runA)).toEqual([]);
  });

  it('grants the alarm and maintenance topics only with alarm.message.read / maintenance.message.read', async () => {
    const { runA } = tenants;
    const plain = await connect(reader.token);
    for (const topic of ['alarm', 'maintenance'] as const) {
      plain.send({ type: 'subscribe', topic, runId: runA });
      expect(await plain.next('refused', (m) => m.topic === topic)).toMatchObject({ topic, runId: runA, code: 2 });
    }
    await subscribe(plain, 'state', runA);
    const noticesUser = await tenants.member(await tenants.role('Notices', ['monitor.realData.read', 'alarm.message.read', 'maintenance.message.read']));
    const notices = await connect(noticesUser.token);
    await subscribe(notices, 'alarm', runA);
    await subscribe(notices, 'maintenance', runA);
    // An alarm-only role gets alarms and not maintenance.
    const alarmUser = await tenants.member(await tenants.role('Alarms', ['alarm.message.read']));
    const alarms = await connect(alarmUser.token);
    await subscribe(alarms, 'alarm', runA);
    alarms.send({ type: 'subscribe', topic: 'maintenance', runId: runA });
    expect(await alarms.next('refused')).toMatchObject({ topic: 'maintenance', runId: runA, code: 2 });

    const at = Date.now();
    t.app.platform.bus.publish(JSON.stringify({ type: 'alarm', runId: runA, at, level: 'error', title: 'Face pressure high' }));
    t.app.platform.bus.publish(JSON.stringify({ type: 'maintenance', runId: runA, at, level: 'info', title: 'Cutter change due' }));
    t.app.platform.bus.publish(JSON.stringify({ type: 'state', runId: runA, event: { kind: 'connection', connected: false, at } }));
    expect(await notices.next('alarm')).toEqual({ type: 'alarm', runId: runA, at, level: 'error', title: 'Face pressure high' });
    expect(await notices.next('maintenance')).toMatchObject({ runId: runA, title: 'Cutter change due' });
    expect(await alarms.next('alarm')).toMatchObject({ title: 'Face pressure high' });
    // The state message was published last: once it is here, the notices would have been too.
    expect(await plain.next('state')).toMatchObject({ runId: runA, event: { kind: 'connection', connected: false } });
    expect([...plain.all('alarm'), ...plain.all('maintenance'), ...alarms.all('maintenance')]).toEqual([]);
  });

  it('sends only the values that changed since the previous frame, chained by prevTs (a gap is null)', async () => {
    const runId = await buildRun(t.db, tenants.orgA, { projectName: 'Changes' });
    const p = await connect(reader.token);
    await subscribe(p, 'data', runId);
    await ingestFrame(t, runId, T0, { [SPEED]: 40, [THRUST]: 12_000 });
    await ingestFrame(t, runId, T0 + 1_000, { [SPEED]: 41, [THRUST]: 12_000 });
    await ingestFrame(t, runId, T0 + 2_000, { [SPEED]: 41 });
    const first = await p.next('data');
    expect(first).toMatchObject({ runId, ts: T0, prevTs: null });
    expect(first.values).toMatchObject({ [SPEED]: 40, [THRUST]: 12_000 });
    expect(await p.next('data')).toEqual({ type: 'data', runId, ts: T0 + 1_000, prevTs: T0, values: { [SPEED]: 41 } });
    expect(await p.next('data')).toEqual({ type: 'data', runId, ts: T0 + 2_000, prevTs: T0 + 1_000, values: { [THRUST]: null } });
  });

  it('handles one socket\'s messages in order: connect+subscribe sent at once work, and an unsubscribe right behind its subscribe wins', async () => {
    const runId = await buildRun(t.db, tenants.orgA, { projectName: 'Ordered' });
    const p = new Peer(url);
    await p.opened;
    p.send({ type: 'connect', token: reader.token, lang: 'en_US' });
    p.send({ type: 'subscribe', topic: 'data', runId });
    await p.next('connected');
    await p.next('subscribed', (m) => m.runId === runId);
    p.send({ type: 'subscribe', topic: 'state', runId });
    p.send({ type: 'unsubscribe', topic: 'data', runId });
    await p.next('subscribed', (m) => m.topic === 'state');
    await ingestFrame(t, runId, T0, { [SPEED]: 40 });
    // The state subscription took a round trip after the unsubscribe; no data may follow it.
    await sleep(300);
    expect(p.all('data')).toEqual([]);
    expect(p.isOpen).toBe(true);
    p.close();
  });

  it("forces the old sockets offline when the account signs in elsewhere, in each socket's language, and closes them with 4001", async () => {
    const user = await tenants.member(readerRole);
    const german = await connect(user.token, 'de_AT');
    const english = await connect(user.token, 'en_US');
    await subscribe(german, 'data', tenants.runA);
    const bystander = await connect(reader.token);
    const fresh = await signIn(t.app, user.phone, user.password, { ip: nextIp() });
    const de = await german.next('session');
    const en = await english.next('session');
    expect(de).toEqual({ type: 'session', event: 'forcedOffline', msg: translate('de_AT', 'common.error.forcedOffline') });
    expect(en).toEqual({ type: 'session', event: 'forcedOffline', msg: translate('en_US', 'common.error.forcedOffline') });
    expect(de.msg).not.toBe(en.msg);
    expect((await german.closedWithin(2_000)).code).toBe(WS_CLOSE.sessionEnded);
    expect((await english.closedWithin(2_000)).code).toBe(WS_CLOSE.sessionEnded);
    // The new session connects; another account's socket was left alone.
    await connect(fresh);
    expect(bystander.isOpen).toBe(true);
    expect(bystander.all('session')).toEqual([]);
  });

  it('ends the sockets of a session that logs out ("ended", 4001)', async () => {
    const user = await tenants.member(readerRole);
    const p = await connect(user.token);
    expect(envelope(await call(t.app, 'GET', endpointUrl(authContract.logout), { token: user.token })).code).toBe(0);
    expect(await p.next('session')).toEqual({ type: 'session', event: 'ended', msg: translate('en_US', 'common.error.sessionExpired') });
    expect((await p.closedWithin(2_000)).code).toBe(WS_CLOSE.sessionEnded);
  });
});

describe('message server: ping/pong liveness and rechecks on each ping', () => {
  const PING_MS = 200;
  let t: TestApp;
  let url = '';
  let tenants: Tenants;
  const peers: Peer[] = [];
  const connect = async (token: string) => {
    const p = await connectAs(url, token);
    peers.push(p);
    return p;
  };

  beforeAll(async () => {
    t = await createTestApp({ WS_PING_INTERVAL_MS: String(PING_MS) });
    ({ url } = await listen(t));
    tenants = await buildTenants(t);
  });
  afterAll(async () => {
    for (const p of peers) p.close();
    await t.close();
  });

  it('keeps a client that answers pongs across several intervals and drops one that ignores them after about two', async () => {
    const lively = await connect(tenants.sa);
    const deaf = new Peer(url);
    peers.push(deaf);
    deaf.answerPings = false;
    const openedAt = await deaf.opened;
    deaf.send({ type: 'connect', token: tenants.sa, lang: 'en_US' });
    await deaf.next('connected');
    const closed = await deaf.closedWithin(5 * PING_MS);
    // Pinged once, terminated at the next ping: between one and two intervals after it opened.
    expect(deaf.all('ping').length).toBeGreaterThanOrEqual(1);
    expect(closed.at - openedAt).toBeGreaterThan(PING_MS * 0.75);
    expect(closed.at - openedAt).toBeLessThan(PING_MS * 2 + 300);
    expect(closed.code).toBe(1006);
    await sleep(6 * PING_MS);
    expect(lively.isOpen).toBe(true);
    expect(lively.all('ping').length).toBeGreaterThanOrEqual(5);
  });

  it('refuses a subscription at the next recheck once the role loses the resource, and stops its data', async () => {
    const { runA } = tenants;
    const roleId = await tenants.role('Withdrawn later', ['monitor.realData.read']);
    const user = await tenants.member(roleId);
    const p = await connect(user.token);
    await subscribe(p, 'data', runA);
    const admin = await connect(tenants.sa);
    await subscribe(admin, 'data', runA);
    await ingestFrame(t, runA, T0, { [SPEED]: 40 });
    expect(await p.next('data')).toMatchObject({ runId: runA, ts: T0 });
    await sleep(2 * PING_MS);
    // Still granted: rechecks so far changed nothing.
    expect(p.all('refused')).toEqual([]);

    await tenants.post(adminContract.roleResourcesUpdate, { roleId, codes: [] });
    expect(await p.next('refused', () => true, 10 * PING_MS)).toEqual({ type: 'refused', topic: 'data', runId: runA, code: 2, msg: translate('en_US', 'common.error.noPermission') });
    await ingestFrame(t, runA, T0 + 1_000, { [SPEED]: 41 });
    expect(await admin.next('data', (m) => m.ts === T0 + 1_000)).toMatchObject({ values: { [SPEED]: 41 } });
    await sleep(100);
    expect(p.all('data', (m) => m.ts === T0 + 1_000)).toEqual([]);
    // The session itself is still valid: the socket stays.
    expect(p.isOpen).toBe(true);
    expect(p.all('session')).toEqual([]);
  });
});
