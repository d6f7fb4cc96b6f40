import type { Duplex } from 'node:stream';
import { KEY_TAGS, type PersonalFrame, REALTIME, ServerMessageSchema } from '@boreline/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RawData, WebSocket } from 'ws';
import { type RealtimeStatus, RealtimeClient, type TopicMessage } from '../../../web/src/core/realtime/realtimeClient.js';
import { buildRun, signIn } from '../../test/factories.js';
import { ADMIN, createTestApp, type TestApp } from '../../test/testApp.js';

const SPEED = KEY_TAGS.advanceSpeed;
const T0 = Date.UTC(2026, 10, 17, 8, 0, 0);
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function until(what: string, condition: () => boolean, timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
  return Date.now();
}

/**
 * The web app's RealtimeClient (spec §4) against the real message server, over `ws` in Node with
 * real timers: after the server drops its socket the client waits REALTIME.reconnectDelayMs, opens
 * a new one, subscribes again and receives data again.
 */
describe('web RealtimeClient against the message server: reconnect and resubscribe', () => {
  let t: TestApp;
  let url = '';
  let sa = '';
  let runId = 0;
  /** The server side of every upgraded connection, so the test can cut them. */
  const upgraded: Duplex[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    t.app.server.on('upgrade', (_request: unknown, socket: Duplex) => upgraded.push(socket));
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (typeof address !== 'object' || address === null) throw new Error('not listening');
    url = `ws://127.0.0.1:${address.port}/ws`;
    sa = await signIn(t.app, ADMIN.email, ADMIN.password, { ip: '10.92.0.1' });
    const root = await t.db.kysely.selectFrom('orgs').select('id').where('parent_id', 'is', null).executeTakeFirstOrThrow();
    runId = await buildRun(t.db, root.id, { projectName: 'Reconnect tunnel' });
  });
  afterAll(() => t.close());

  const ingestFrame = async (ts: number, speed: number) => {
    const ingest = t.app.platform.ingest;
    const layout = await ingest.open({ runId, machineType: 'epb', ringWidthMm: 1500, endChainage: 2500 });
    const values = layout.emptyValues();
    values[layout.indexOf(SPEED)] = speed;
    await ingest.ingest(runId, [{ runId, ts, values }]);
  };

  it(`does not reconnect before ${REALTIME.reconnectDelayMs - 500} ms after the server drops it, then reconnects, resubscribes and receives data again`, async () => {
    const socketsOpened: number[] = [];
    /** When the server confirmed a subscription, per socket opened. */
    const subscribedAt: number[] = [];
    const statuses: { status: RealtimeStatus; at: number }[] = [];
    const received: TopicMessage[] = [];
    const client = new RealtimeClient({
      url: () => url,
      token: () => sa,
      language: () => 'en_US',
      socket: (target) => {
        socketsOpened.push(Date.now());
        const ws = new WebSocket(target);
        // Watches what the client itself swallows: the server's confirmation of the subscription.
        ws.on('message', (data: RawData) => {
          const message = ServerMessageSchema.parse(JSON.parse(String(data)));
          if (message.type === 'subscribed' && message.topic === 'data' && message.runId === runId) subscribedAt.push(Date.now());
        });
        return ws;
      },
    });
    client.onStatus((status) => statuses.push({ status, at: Date.now() }));
    const unsubscribe = client.subscribe('data', runId, (message) => received.push(message), [SPEED]);
    client.start();
    try {
      await until('the first subscription', () => subscribedAt.length === 1, 5_000);
      expect(client.status).toBe('open');
      await ingestFrame(T0, 40);
      await until('the first data message', () => received.length === 1, 5_000);
      expect(received[0]).toEqual({ type: 'data', runId, ts: T0, prevTs: null, values: { [SPEED]: 40 } });

      // The server drops the TCP connection (as a crash or a proxy would).
      expect(upgraded).toHaveLength(1);
      for (const socket of upgraded) socket.destroy();
      const closedAt = await until('the client to see the close', () => statuses.some((s) => s.status === 'closed'), 3_000);
      await sleep(Math.max(0, closedAt + REALTIME.reconnectDelayMs - 500 - Date.now()));
      expect(socketsOpened).toHaveLength(1);
      expect(client.status).toBe('closed');

      await until('the second socket', () => socketsOpened.length === 2, 2_000);
      const reopenedAfter = (socketsOpened[1] ?? 0) - closedAt;
      expect(reopenedAfter).toBeGreaterThanOrEqual(REALTIME.reconnectDelayMs - 100);
      expect(reopenedAfter).toBeLessThan(REALTIME.reconnectDelayMs + 1_000);
      await until('the subscription again', () => subscribedAt.length === 2, 2_000);
      expect(client.status).toBe('open');
      expect(statuses.map((s) => s.status)).toEqual(['connecting', 'open', 'closed', 'connecting', 'open']);

      await ingestFrame(T0 + 1_000, 41);
      await until('data after the reconnection', () => received.length === 2, 5_000);
      expect(received[1]).toEqual({ type: 'data', runId, ts: T0 + 1_000, prevTs: T0, values: { [SPEED]: 41 } });
      expect(socketsOpened).toHaveLength(2);
    } finally {
      unsubscribe();
      client.stop();
    }
  });

  it("hands the personal channel's frames to the app: a new message in the socket's language with the counts, then the counts after a read", async () => {
    const personal: PersonalFrame[] = [];
    const client = new RealtimeClient({ url: () => url, token: () => sa, language: () => 'it_IT', socket: (target) => new WebSocket(target) });
    client.onPersonal((frame) => personal.push(frame));
    client.start();
    try {
      await until('the connection', () => client.status === 'open', 5_000);
      const admin = await t.db.kysely.selectFrom('users').select('id').where('is_sa', '=', 1).executeTakeFirstOrThrow();
      await t.app.platform.services.get('messageCentre').send({ type: 'system', userIds: [admin.id], key: 'messages.system.welcome' });
      await until('the message', () => personal.length === 1, 5_000);
      const [arrived] = personal;
      if (arrived?.type !== 'message') throw new Error(`not a message: ${JSON.stringify(arrived)}`);
      expect(arrived.message.typeName).toBe('Messaggio di sistema');
      expect(arrived.unread.byType.system).toBeGreaterThanOrEqual(1);

      const read = await t.app.inject({ method: 'POST', url: '/server_project/u/msg/read', headers: { authorization: sa }, payload: { all: true } });
      expect(read.json()).toMatchObject({ code: 0 });
      await until('the new counts', () => personal.length === 2, 5_000);
      expect(personal[1]).toEqual({ type: 'unread', unread: expect.objectContaining({ total: 0 }) });
    } finally {
      client.stop();
    }
  });
});
