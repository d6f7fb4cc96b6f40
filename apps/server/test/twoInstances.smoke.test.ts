import { randomBytes } from 'node:crypto';
import { authContract, endpointUrl, KEY_TAGS, REALTIME, ServerMessageSchema, telemetryContract } from '@boreline/contracts';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RawData, WebSocket } from 'ws';
import { RealtimeClient, type TopicMessage } from '../../web/src/core/realtime/realtimeClient.js';
import { type BuiltServer, startBuiltServer } from './builtServer.js';
import { adminDatabaseUrl } from './testDatabase.js';

const CAPTCHA = 'TWOINS';
const ADMIN_EMAIL = 'admin@boreline.local';
const ADMIN_PASSWORD = 'Two-instances-pass-1';
const SPEED = KEY_TAGS.advanceSpeed;
const THRUST = KEY_TAGS.totalThrust;
const T0 = Date.UTC(2026, 10, 18, 8, 0, 0);
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function until(what: string, condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

async function post(base: string, url: string, authorization: string, payload: object): Promise<{ code: number; msg: string; data: unknown }> {
  const response = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', lang: 'en_US', ...(authorization ? { authorization } : {}) },
    body: JSON.stringify(payload),
  });
  return (await response.json()) as { code: number; msg: string; data: unknown };
}

async function signIn(base: string): Promise<string> {
  const state = `two-instances-${randomBytes(6).toString('hex')}`;
  await fetch(`${base}/server_main/g/web/sys/getKaptcha/?state=${state}`);
  const login = await post(base, endpointUrl(authContract.loginV1), '', { account: ADMIN_EMAIL, password: ADMIN_PASSWORD, state, captcha: CAPTCHA });
  const data = login.data;
  if (login.code !== 0 || typeof data !== 'object' || data === null || !('token' in data) || typeof data.token !== 'string') throw new Error(`sign-in failed: ${login.msg}`);
  return data.token;
}

/** A web client whose socket also reports what the client swallows: the server's `subscribed`. */
function clientOf(base: string, token: string, onSubscribed: () => void, onSessionEnded: (forcedOffline: boolean) => void = () => undefined): RealtimeClient {
  return new RealtimeClient({
    url: () => `${base.replace('http://', 'ws://')}${REALTIME.path}`,
    token: () => token,
    language: () => 'en_US',
    socket: (url) => {
      const ws = new WebSocket(url);
      ws.on('message', (data: RawData) => {
        if (ServerMessageSchema.parse(JSON.parse(String(data))).type === 'subscribed') onSubscribed();
      });
      return ws;
    },
    onSessionEnded: (event) => onSessionEnded(event.forcedOffline),
  });
}

/**
 * ARCHITECTURE.md §6 across processes: two built servers share one PostgreSQL database and one
 * Redis. Frames posted to instance A reach a web client connected to instance B (the data message
 * travels over the Redis bus), and a session revoked on A ends B's socket of it.
 */
describe('two built instances on one database and one Redis (smoke)', () => {
  const database = `boreline_smoke_${process.pid}_${randomBytes(4).toString('hex')}`;
  const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const prefix = `smoke:${randomBytes(6).toString('hex')}:`;
  let a: BuiltServer | null = null;
  let b: BuiltServer | null = null;
  let token = '';
  let runId = 0;
  let key = '';

  const admin = async <T>(work: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: adminDatabaseUrl() });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    await admin((client) => client.query(`create database ${database}`));
    const url = new URL(adminDatabaseUrl());
    url.pathname = `/${database}`;
    const env = {
      DATABASE_URL: url.toString(),
      REDIS_URL: redisUrl,
      REDIS_PREFIX: prefix,
      SIMULATOR: 'false',
      DEMO_DATA: 'false',
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      CAPTCHA_TEST_ANSWER: CAPTCHA,
    };
    // One after the other: the first migrates and seeds, the second finds it done.
    a = await startBuiltServer(env);
    b = await startBuiltServer(env);
    token = await signIn(a.origin);
    const shared = new pg.Client({ connectionString: url.toString() });
    await shared.connect();
    try {
      const root = await shared.query<{ id: number }>('select id from orgs where parent_id is null');
      const inserted = await shared.query<{ id: number }>(
        "insert into runs (org_id, project_name, project_code, tbm_code, machine_type, country, time_zone, line_name, ring_width_mm, start_ring, planned_rings, start_chainage, end_chainage, source, created_at) values ($1, 'Two instances tunnel', 'TI', 'TI-1', 'epb', 'IT', 'Europe/Rome', 'L', 1500, 1, 10, 0, 100, 'http', 0) returning id",
        [root.rows[0]?.id],
      );
      runId = Number(inserted.rows[0]?.id);
    } finally {
      await shared.end();
    }
    const rotated = await post(a.origin, endpointUrl(telemetryContract.ingestKeyRotate), token, { runId });
    const data = rotated.data;
    if (typeof data !== 'object' || data === null || !('key' in data) || typeof data.key !== 'string') throw new Error(`no ingest key: ${rotated.msg}`);
    key = data.key;
  });

  afterAll(async () => {
    a?.stop();
    b?.stop();
    await admin((client) => client.query(`drop database if exists ${database} with (force)`));
    const redis = new Redis(redisUrl);
    try {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
    } finally {
      redis.disconnect();
    }
  });

  it("delivers frames posted to instance A to a web client of instance B, with the posted values", async () => {
    if (!a || !b) throw new Error('servers not started');
    let subscribed = 0;
    const received: TopicMessage[] = [];
    const client = clientOf(b.origin, token, () => (subscribed += 1));
    const unsubscribe = client.subscribe('data', runId, (message) => received.push(message));
    client.start();
    try {
      await until('the subscription on B', () => subscribed === 1, 10_000);
      const ingested = await post(a.origin, endpointUrl(telemetryContract.ingestFrames), key, {
        frames: [
          { ts: T0, values: { [SPEED]: 38.5, [THRUST]: 11_000 } },
          { ts: T0 + 1_000, values: { [SPEED]: 42.5, [THRUST]: 12_345 } },
        ],
      });
      expect(ingested).toMatchObject({ code: 0, data: { accepted: 2 } });
      await until('the data message on B', () => received.length > 0, 10_000);
      const message = received[0];
      // A batch announces its newest frame, with every value (the first message of the run).
      expect(message).toMatchObject({ type: 'data', runId, ts: T0 + 1_000, prevTs: null });
      expect(message?.type === 'data' ? message.values : null).toMatchObject({ [SPEED]: 42.5, [THRUST]: 12_345, [KEY_TAGS.cutterTorque]: null });

      const next = await post(a.origin, endpointUrl(telemetryContract.ingestFrames), key, { frames: [{ ts: T0 + 2_000, values: { [SPEED]: 44, [THRUST]: 12_345 } }] });
      expect(next.code).toBe(0);
      await until('the second data message on B', () => received.length > 1, 10_000);
      expect(received[1]).toEqual({ type: 'data', runId, ts: T0 + 2_000, prevTs: T0 + 1_000, values: { [SPEED]: 44 } });
    } finally {
      unsubscribe();
      client.stop();
    }
  });

  it('forces a socket on B offline when its account signs in again on A', async () => {
    if (!a || !b) throw new Error('servers not started');
    let subscribed = 0;
    const ended: boolean[] = [];
    const client = clientOf(b.origin, token, () => (subscribed += 1), (forcedOffline) => ended.push(forcedOffline));
    const unsubscribe = client.subscribe('data', runId, () => undefined);
    client.start();
    try {
      await until('the subscription on B', () => subscribed === 1, 10_000);
      token = await signIn(a.origin);
      await until('the session channel on B', () => ended.length > 0, 10_000);
      expect(ended).toEqual([true]);
      // No session left to reconnect with: the client stops instead of retrying every 5 s.
      await until('the client stopped on B', () => client.status === 'idle', 5_000);
    } finally {
      unsubscribe();
      client.stop();
    }
  });
});
