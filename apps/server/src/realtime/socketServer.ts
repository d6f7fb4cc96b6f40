import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import {
  ClientMessageSchema,
  DEFAULT_LANGUAGE,
  type Language,
  REALTIME,
  type RealtimeTopic,
  type ResourceCode,
  type ServerMessage,
  WS_CLOSE,
} from '@boreline/contracts';
import type { MessageKey } from '@boreline/i18n';
import type { FastifyBaseLogger } from 'fastify';
import { type RawData, WebSocket, WebSocketServer } from 'ws';
import type { AuthSession, SessionAuthenticator } from '../core/auth.js';
import { AppError } from '../core/errors.js';
import type { Bus } from '../core/bus.js';
import { t } from '../core/i18n.js';
import { readBusMessage } from './busMessage.js';
import { noticeFrame, noticeTopicOf, type PersonalBusMessage, personalFrame } from './personalChannel.js';

/** The resource a subscription needs on the run, per topic. */
const TOPIC_CODES: Record<RealtimeTopic, ResourceCode> = {
  data: 'monitor.realData.read',
  state: 'monitor.realData.read',
  maintenance: 'maintenance.message.read',
  alarm: 'alarm.message.read',
};

/** A data message is skipped for a socket with this much unsent: the client re-reads the snapshot when it sees the gap. */
const SLOW_CLIENT_BYTES = 1024 * 1024;

export interface RunAuthorizer {
  /** Resolves when the session may use `code` on the run; throws (code 2) otherwise. */
  require(session: AuthSession, runId: number, code: ResourceCode): Promise<unknown>;
}

export interface SocketServerOptions {
  authTimeoutMs: number;
  pingIntervalMs: number;
  /** Origins a browser page may connect from besides the server's own (e.g. PUBLIC_URL behind a proxy). */
  allowedOrigins: readonly string[];
}

interface Subscription {
  conn: Connection;
  topic: RealtimeTopic;
  runId: number;
  /** `data` only: the codes to forward (null: all), and their key for serializing once per group. */
  tags: ReadonlySet<string> | null;
  tagsKey: string;
}

interface Connection {
  ws: WebSocket;
  token: string | null;
  session: AuthSession | null;
  language: Language;
  subs: Map<string, Subscription>;
  awaitingPong: boolean;
  authTimer: NodeJS.Timeout | null;
  /** Messages of one socket are handled one after another, in the order they came. */
  queue: Promise<void>;
}

const subKey = (topic: RealtimeTopic, runId: number) => `${topic}:${runId}`;

/**
 * The message server at `/ws` (spec §4, §7; ARCHITECTURE.md §6; RELIABILITY.md): Origin checked at
 * the upgrade, `connect` within a few seconds, every subscription authorized against the run's
 * organizations (and checked again each ping), inbound size capped, app-level ping/pong. Messages
 * come from the bus, so a socket sees data ingested on any instance; revoked sessions are told why
 * and closed.
 */
export class SocketServer {
  private readonly wss: WebSocketServer;
  private readonly connections = new Set<Connection>();
  /** topic:runId -> subscriptions, for fan-out without scanning every socket. */
  private readonly byRun = new Map<string, Set<Subscription>>();
  private readonly pinger: NodeJS.Timeout;
  private pinging = false;

  constructor(
    private readonly deps: { sessions: SessionAuthenticator; runs: RunAuthorizer; bus: Bus; log: FastifyBaseLogger },
    private readonly options: SocketServerOptions,
  ) {
    this.wss = new WebSocketServer({ noServer: true, maxPayload: REALTIME.maxMessageBytes });
    this.wss.on('connection', (ws: WebSocket) => this.accept(ws));
    deps.bus.onMessage((raw) => this.deliver(raw));
    this.pinger = setInterval(() => void this.pingAll(), options.pingIntervalMs);
    this.pinger.unref();
  }

  /** Takes over upgrade requests for `/ws` on the HTTP server; any other upgrade is refused. */
  attach(server: Server): void {
    server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      const path = (request.url ?? '').split('?')[0];
      if (path !== REALTIME.path) return refuse(socket, 404);
      if (!this.originAllowed(request)) return refuse(socket, 403);
      this.wss.handleUpgrade(request, socket, head, (ws) => this.wss.emit('connection', ws, request));
    });
  }

  /** Sockets open now (for tests and the soak's figures). */
  get size(): number {
    return this.connections.size;
  }

  async close(): Promise<void> {
    clearInterval(this.pinger);
    for (const conn of this.connections) conn.ws.close(WS_CLOSE.goingAway);
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }

  /**
   * Browsers always send Origin; a page of another site must not ride the user's token. Clients
   * that are not browsers send none and still need a token.
   */
  private originAllowed(request: IncomingMessage): boolean {
    const origin = request.headers.origin;
    if (!origin) return true;
    const host = request.headers.host;
    let parsed: URL;
    try {
      parsed = new URL(origin);
    } catch {
      return false;
    }
    if (host && parsed.host === host) return true;
    return this.options.allowedOrigins.includes(parsed.origin);
  }

  private accept(ws: WebSocket): void {
    const conn: Connection = { ws, token: null, session: null, language: DEFAULT_LANGUAGE, subs: new Map(), awaitingPong: false, authTimer: null, queue: Promise.resolve() };
    this.connections.add(conn);
    conn.authTimer = setTimeout(() => {
      if (!conn.session) ws.close(WS_CLOSE.authTimeout, 'authentication timeout');
    }, this.options.authTimeoutMs);
    // A subscribe right behind its connect, or an unsubscribe right behind its subscribe, must not overtake it.
    ws.on('message', (data: RawData, isBinary: boolean) => void this.enqueue(conn, () => this.receive(conn, data, isBinary)));
    ws.on('close', () => this.drop(conn));
    ws.on('error', () => ws.terminate());
  }

  /** Runs work for a socket after everything queued before it (messages and session checks alike). */
  private enqueue(conn: Connection, work: () => Promise<void>): Promise<void> {
    conn.queue = conn.queue.then(work).catch((error: unknown) => this.deps.log.warn({ err: error }, 'socket work failed'));
    return conn.queue;
  }

  private drop(conn: Connection): void {
    if (conn.authTimer) clearTimeout(conn.authTimer);
    for (const sub of conn.subs.values()) this.unindex(sub);
    conn.subs.clear();
    this.connections.delete(conn);
  }

  private send(conn: Connection, message: ServerMessage | string): void {
    if (conn.ws.readyState !== WebSocket.OPEN) return;
    conn.ws.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  private text(conn: Connection, key: MessageKey): string {
    return t(conn.language, key);
  }

  private async receive(conn: Connection, data: RawData, isBinary: boolean): Promise<void> {
    let parsed: unknown;
    try {
      parsed = isBinary ? null : JSON.parse(rawText(data));
    } catch {
      parsed = null;
    }
    const result = ClientMessageSchema.safeParse(parsed);
    if (!result.success) {
      conn.ws.close(WS_CLOSE.badMessage, 'bad message');
      return;
    }
    const message = result.data;
    if (message.type === 'pong') {
      conn.awaitingPong = false;
      return;
    }
    if (message.type === 'connect') {
      if (message.lang) conn.language = message.lang;
      await this.authenticate(conn, message.token);
      return;
    }
    if (!conn.session) {
      // Subscribing before `connect` is a protocol error, not a wait.
      conn.ws.close(WS_CLOSE.sessionEnded, 'not authenticated');
      return;
    }
    if (message.type === 'unsubscribe') {
      const sub = conn.subs.get(subKey(message.topic, message.runId));
      if (sub) {
        conn.subs.delete(subKey(sub.topic, sub.runId));
        this.unindex(sub);
      }
      return;
    }
    const { topic, runId } = message;
    try {
      await this.deps.runs.require(conn.session, runId, TOPIC_CODES[topic]);
    } catch (error) {
      const code = error instanceof AppError ? error.code : 2;
      this.send(conn, { type: 'refused', topic, runId, code, msg: this.text(conn, error instanceof AppError ? error.messageKey : 'common.error.noPermission') });
      return;
    }
    const previous = conn.subs.get(subKey(topic, runId));
    if (previous) this.unindex(previous);
    const tags = topic === 'data' && message.tags ? new Set(message.tags) : null;
    const sub: Subscription = { conn, topic, runId, tags, tagsKey: tags ? [...tags].sort().join(',') : '' };
    conn.subs.set(subKey(topic, runId), sub);
    const key = subKey(topic, runId);
    const set = this.byRun.get(key) ?? new Set<Subscription>();
    set.add(sub);
    this.byRun.set(key, set);
    this.send(conn, { type: 'subscribed', topic, runId });
  }

  private unindex(sub: Subscription): void {
    const key = subKey(sub.topic, sub.runId);
    const set = this.byRun.get(key);
    set?.delete(sub);
    if (set?.size === 0) this.byRun.delete(key);
  }

  private async authenticate(conn: Connection, token: string): Promise<void> {
    try {
      const session = await this.deps.sessions.authenticate(token);
      conn.session = session;
      conn.token = token;
      if (conn.authTimer) clearTimeout(conn.authTimer);
      conn.authTimer = null;
      this.send(conn, { type: 'connected', userId: session.userId, runId: session.runId });
    } catch (error) {
      this.endSession(conn, error);
    }
  }

  /** The session channel: says why, then closes (the client signs out or shows forced offline). */
  private endSession(conn: Connection, error: unknown): void {
    const forced = error instanceof AppError && error.messageKey === 'common.error.forcedOffline';
    this.send(conn, { type: 'session', event: forced ? 'forcedOffline' : 'ended', msg: this.text(conn, forced ? 'common.error.forcedOffline' : 'common.error.sessionExpired') });
    conn.session = null;
    conn.ws.close(WS_CLOSE.sessionEnded, forced ? 'forced offline' : 'session ended');
  }

  /** Is the session still valid, and each subscription still granted? (Roles may change at any time.) */
  private async recheck(conn: Connection, sweep: Sweep = new Sweep()): Promise<void> {
    const token = conn.token;
    if (!conn.session || !token) return;
    let session: AuthSession;
    try {
      session = await sweep.session(token, () => this.deps.sessions.authenticate(token));
    } catch (error) {
      this.endSession(conn, error);
      return;
    }
    conn.session = session;
    for (const sub of [...conn.subs.values()]) {
      const code = TOPIC_CODES[sub.topic];
      const granted = await sweep.granted(`${session.sessionId}:${sub.runId}:${code}`, () =>
        this.deps.runs.require(session, sub.runId, code).then(
          () => true,
          () => false,
        ),
      );
      if (granted) continue;
      conn.subs.delete(subKey(sub.topic, sub.runId));
      this.unindex(sub);
      this.send(conn, { type: 'refused', topic: sub.topic, runId: sub.runId, code: 2, msg: this.text(conn, 'common.error.noPermission') });
    }
  }

  /**
   * Pings every socket and checks its session and grants again. Sockets sharing a session (tabs of
   * one user) are checked once per sweep, and the sweep yields to the event loop between sockets:
   * database reads of embedded SQLite are synchronous, and data must keep flowing meanwhile.
   */
  private async pingAll(): Promise<void> {
    // A sweep still running skips this tick: pongs of its pings may not have come back yet.
    if (this.pinging) return;
    this.pinging = true;
    try {
      const now = Date.now();
      const sweep = new Sweep();
      for (const conn of [...this.connections]) {
        if (conn.awaitingPong) {
          // No answer since the last ping: the peer is gone or stuck.
          conn.ws.terminate();
          continue;
        }
        conn.awaitingPong = true;
        this.send(conn, { type: 'ping', ts: now });
        await this.enqueue(conn, () => this.recheck(conn, sweep));
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
    } finally {
      this.pinging = false;
    }
  }

  private deliver(raw: string): void {
    const message = readBusMessage(raw);
    if (!message) return;
    if (message.type === 'sessionRevoked') {
      for (const conn of this.connections) {
        if (conn.session && message.userIds.includes(conn.session.userId)) void this.enqueue(conn, () => this.recheck(conn));
      }
      return;
    }
    if (message.type === 'personal') {
      this.deliverPersonal(message);
      return;
    }
    const subs = this.byRun.get(subKey(message.type, message.runId));
    if (!subs) return;
    if (message.type !== 'data') {
      for (const sub of subs) this.send(sub.conn, raw);
      return;
    }
    // One serialization per distinct tag set, not per socket.
    const serialized = new Map<string, string>();
    for (const sub of subs) {
      if (sub.conn.ws.bufferedAmount > SLOW_CLIENT_BYTES) continue;
      if (!sub.tags) {
        this.send(sub.conn, raw);
        continue;
      }
      let text = serialized.get(sub.tagsKey);
      if (text === undefined) {
        const values: Record<string, number | null> = {};
        for (const [code, value] of Object.entries(message.values)) if (sub.tags.has(code)) values[code] = value;
        text = JSON.stringify({ ...message, values });
        serialized.set(sub.tagsKey, text);
      }
      this.send(sub.conn, text);
    }
  }

  /**
   * The personal channel: each recipient's console sockets (never an H5 socket, never another
   * user's) get the message in their own language; a run's maintenance or alarm message also goes
   * to the recipients among the subscribers of that run's topic (authorized when they subscribed).
   */
  private deliverPersonal(message: PersonalBusMessage): void {
    const byUser = new Map(message.deliveries.map((d) => [d.userId, d]));
    const deliveryOf = (conn: Connection) => (conn.session && conn.session.runId === null ? byUser.get(conn.session.userId) : undefined);
    for (const conn of this.connections) {
      const delivery = deliveryOf(conn);
      if (delivery) this.send(conn, JSON.stringify(personalFrame(message, delivery, conn.language)));
    }
    const notice = noticeTopicOf(message);
    for (const sub of notice ? (this.byRun.get(subKey(notice.topic, notice.runId)) ?? []) : []) {
      const delivery = deliveryOf(sub.conn);
      const frame = delivery ? noticeFrame(message, delivery, sub.conn.language) : null;
      if (frame) this.send(sub.conn, frame);
    }
  }
}

function refuse(socket: Duplex, status: 403 | 404): void {
  socket.write(`HTTP/1.1 ${status} ${status === 403 ? 'Forbidden' : 'Not Found'}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  socket.destroy();
}

function rawText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8');
  return data.toString('utf8');
}

/** Answers of one sweep, each asked once (rejections included). */
class Sweep {
  private readonly sessions = new Map<string, Promise<AuthSession>>();
  private readonly grants = new Map<string, Promise<boolean>>();

  session(token: string, ask: () => Promise<AuthSession>): Promise<AuthSession> {
    return remembered(this.sessions, token, ask);
  }

  granted(key: string, ask: () => Promise<boolean>): Promise<boolean> {
    return remembered(this.grants, key, ask);
  }
}

function remembered<T>(answers: Map<string, Promise<T>>, key: string, ask: () => Promise<T>): Promise<T> {
  const known = answers.get(key);
  if (known) return known;
  const answer = ask();
  answers.set(key, answer);
  return answer;
}
