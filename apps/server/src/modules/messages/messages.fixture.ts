import { Migrator } from 'kysely';
import { adminContract, endpointUrl, type Language, REALTIME, type RealtimeTopic, RESOURCE_CODES, type ResourceCode, type SocketFrame, SocketFrameSchema } from '@boreline/contracts';
import { type RawData, WebSocket } from 'ws';
import { buildRun, buildUser, call, signIn } from '../../../test/factories.js';
import { ADMIN, envelope, type TestApp } from '../../../test/testApp.js';
import type { Bus } from '../../core/bus.js';
import { migration } from '../../db/migrations/20261126T1200_messages.js';
import { PermissionRepo, RoleGrantPolicy } from '../admin/index.js';
import { RunRepo, RunScope } from '../project/index.js';
import { MessageCentre } from './messageCentre.js';
import { MessagesRepo } from './messages.repo.js';
import { RecipientsRepo } from './recipients.repo.js';

type Endpoint = { base: 'main' | 'project'; path: string };

export interface Member {
  id: number;
  phone: string;
  password: string;
  token: string;
}

/**
 * Two tenants whose ids share a prefix (A = n, B = n3), A with two sites and a run at each, B with
 * a run; users of A with different grants, one limited to A's second run, and one of B.
 */
export interface World {
  sa: Member;
  orgA: number;
  siteA1: number;
  siteA2: number;
  orgB: number;
  runA1: number;
  runA2: number;
  runB: number;
  /** Maintenance messages at A's runs, no alarms. */
  crew: Member;
  /** Maintenance and alarm messages at A's runs. */
  engineer: Member;
  /** The engineer's grants, but assigned to A's second run only. */
  limited: Member;
  /** Signed in to A without any role. */
  plain: Member;
  /** Every grant, in tenant B. */
  outsider: Member;
  post: (endpoint: Endpoint, payload: object, token?: string) => Promise<unknown>;
  role: (orgId: number, name: string, codes: readonly ResourceCode[]) => Promise<number>;
  member: (orgId: number, roleIds: number[]) => Promise<Member>;
}

let ipSequence = 0;
const nextIp = () => `10.93.${Math.floor(ipSequence / 200)}.${(ipSequence++ % 200) + 1}`;

const idOf = (data: unknown): number => {
  if (typeof data !== 'object' || data === null || !('id' in data) || typeof data.id !== 'number') throw new Error(`no id in ${JSON.stringify(data)}`);
  return data.id;
};

export const CREW_CODES: readonly ResourceCode[] = ['project.run.read', 'maintenance.message.read'];
export const ENGINEER_CODES: readonly ResourceCode[] = ['project.run.read', 'maintenance.message.read', 'alarm.message.read'];

export async function buildWorld(t: TestApp): Promise<World> {
  const saToken = await signIn(t.app, ADMIN.email, ADMIN.password, { ip: nextIp() });
  const saRow = await t.db.kysely.selectFrom('users').select(['id', 'phone']).where('is_sa', '=', 1).executeTakeFirstOrThrow();
  const sa: Member = { id: saRow.id, phone: saRow.phone, password: ADMIN.password, token: saToken };
  const post = async (endpoint: Endpoint, payload: object, token = saToken): Promise<unknown> => {
    const body = envelope(await call(t.app, 'POST', endpointUrl(endpoint), { token, payload }));
    if (body.code !== 0) throw new Error(`${endpoint.path}: ${body.msg}`);
    return body.data;
  };
  const root = await t.db.kysely.selectFrom('orgs').select('id').where('parent_id', 'is', null).executeTakeFirstOrThrow();
  const orgA = idOf(await post(adminContract.orgAdd, { parentId: root.id, name: 'Contractor A', type: 'company', sort: 1 }));
  const siteA1 = idOf(await post(adminContract.orgAdd, { parentId: orgA, name: 'Site A1', type: 'organization', sort: 1 }));
  const siteA2 = idOf(await post(adminContract.orgAdd, { parentId: orgA, name: 'Site A2', type: 'organization', sort: 2 }));
  const orgB = Number(`${orgA}3`);
  await t.db.kysely
    .insertInto('orgs')
    .values({ id: orgB, name: 'Contractor B', type: 'company', parent_id: root.id, path: `/${root.id}/${orgB}/`, sort: 2, created_at: Date.now() })
    .execute();
  for (const orgId of [orgA, orgB]) await post(adminContract.orgResourcesEdit, { orgId, codes: [...RESOURCE_CODES], overwriteLower: true });
  const runA1 = await buildRun(t.db, siteA1, { projectName: 'Metro A1', tbmCode: 'TBM-A1' });
  const runA2 = await buildRun(t.db, siteA2, { projectName: 'Metro A2', tbmCode: 'TBM-A2' });
  const runB = await buildRun(t.db, orgB, { projectName: 'Tunnel B', tbmCode: 'TBM-B' });
  const role = async (orgId: number, name: string, codes: readonly ResourceCode[]) => {
    const roleId = idOf(await post(adminContract.roleAdd, { name, kind: 'custom', orgId, sort: 1 }));
    await post(adminContract.roleResourcesUpdate, { roleId, codes });
    return roleId;
  };
  const member = async (orgId: number, roleIds: number[]): Promise<Member> => {
    const user = await buildUser(t.db);
    await t.db.kysely.updateTable('users').set({ org_id: orgId }).where('id', '=', user.id).execute();
    if (roleIds.length > 0) await post(adminContract.userAssignRoles, { userId: user.id, roleIds });
    return { id: user.id, phone: user.phone, password: user.password, token: await signIn(t.app, user.phone, user.password, { ip: nextIp() }) };
  };
  const crewRole = await role(orgA, 'Maintenance crew', CREW_CODES);
  const engineerRole = await role(orgA, 'Engineers', ENGINEER_CODES);
  const crew = await member(orgA, [crewRole]);
  const engineer = await member(orgA, [engineerRole]);
  const limited = await member(orgA, [engineerRole]);
  await t.db.kysely.insertInto('user_runs').values({ user_id: limited.id, run_id: runA2 }).execute();
  const plain = await member(orgA, []);
  const outsider = await member(orgB, [await role(orgB, 'B everything', RESOURCE_CODES)]);
  return { sa, orgA, siteA1, siteA2, orgB, runA1, runA2, runB, crew, engineer, limited, plain, outsider, post, role, member };
}

/** A bus that keeps what is published (and delivers nothing). */
export class RecordingBus implements Bus {
  readonly published: unknown[] = [];
  publish(message: string): void {
    this.published.push(JSON.parse(message));
  }
  onMessage(): void {}
  async close(): Promise<void> {}
}

/** The messages table on a database the app did not migrate itself (the app's own has it). */
export async function ensureMessagesTable(t: TestApp): Promise<void> {
  const tables = await t.db.kysely.introspection.getTables();
  if (tables.some((table) => table.name === 'messages')) return;
  // A migrator of its own (own bookkeeping tables), so the app's migrator never sees a foreign entry.
  const migrator = new Migrator({
    db: t.db.kysely,
    provider: { getMigrations: async () => ({ '20261126T1200_messages': { up: (db) => migration.up(db, t.db.dialect) } }) },
    migrationTableName: 'messages_fixture_migration',
    migrationLockTableName: 'messages_fixture_migration_lock',
  });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
}

/** A message centre on the test app's database, its run scope built as the server builds it. */
export function centreOn(t: TestApp, bus: Bus, now: () => number = Date.now): MessageCentre {
  const db = t.db.kysely;
  const runs = new RunScope(new RunRepo(db), new RoleGrantPolicy(new PermissionRepo(db)));
  return new MessageCentre({ messages: new MessagesRepo(db), recipients: new RecipientsRepo(db), runs, bus, now, log: { warn: () => undefined } });
}

export { nextIp };

/** The app's own message centre (the one its routes and sockets use). */
export const centreOf = (t: { app: TestApp['app'] }): MessageCentre => t.app.platform.services.get('messageCentre');

type Frame = SocketFrame;
type Of<T extends Frame['type']> = Extract<Frame, { type: T }>;
const isOf = <T extends Frame['type']>(m: Frame, type: T): m is Of<T> => m.type === type;
export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A socket that records every frame the server sends (parsed against the protocol). */
export class Peer {
  readonly ws: WebSocket;
  readonly frames: Frame[] = [];
  readonly opened: Promise<void>;
  private readonly taken = new Set<number>();

  constructor(url: string) {
    this.ws = new WebSocket(url);
    this.ws.on('error', () => undefined);
    this.opened = new Promise<void>((resolve, reject) => {
      this.ws.once('open', () => resolve());
      this.ws.once('error', reject);
    });
    this.ws.on('message', (data: RawData) => {
      const frame = SocketFrameSchema.parse(JSON.parse(String(data)));
      this.frames.push(frame);
      if (frame.type === 'ping') this.ws.send(JSON.stringify({ type: 'pong', ts: frame.ts }));
    });
  }

  send(message: object): void {
    this.ws.send(JSON.stringify(message));
  }

  /** The first frame of `type` (matching) not returned before; waits for it. */
  async next<T extends Frame['type']>(type: T, match: (m: Of<T>) => boolean = () => true, timeoutMs = 5_000): Promise<Of<T>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const index = this.frames.findIndex((m, i) => !this.taken.has(i) && isOf(m, type) && match(m));
      const found = this.frames[index];
      if (found && isOf(found, type)) {
        this.taken.add(index);
        return found;
      }
      if (Date.now() > deadline) throw new Error(`no '${type}' frame within ${timeoutMs} ms; got ${JSON.stringify(this.frames.map((m) => m.type))}`);
      await sleep(10);
    }
  }

  all<T extends Frame['type']>(type: T): Of<T>[] {
    return this.frames.filter((m): m is Of<T> => isOf(m, type));
  }

  close(): void {
    this.ws.terminate();
  }
}

/** Listens on a free port; answers the message server's URL. */
export async function listen(t: { app: TestApp['app'] }): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (typeof address !== 'object' || address === null) throw new Error('not listening');
  return `ws://127.0.0.1:${address.port}${REALTIME.path}`;
}

/** A socket that sent `connect` and was answered `connected`. */
export async function connectAs(url: string, token: string, lang: Language = 'en_US'): Promise<Peer> {
  const peer = new Peer(url);
  await peer.opened;
  peer.send({ type: 'connect', token, lang });
  await peer.next('connected');
  return peer;
}

export async function subscribe(peer: Peer, topic: RealtimeTopic, runId: number): Promise<void> {
  peer.send({ type: 'subscribe', topic, runId });
  await peer.next('subscribed', (m) => m.topic === topic && m.runId === runId);
}
