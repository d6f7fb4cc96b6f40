import { randomBytes } from 'node:crypto';
import { type ConnectionStatus, connectionContract, endpointUrl, KEY_TAGS, runAdminContract, telemetryContract } from '@boreline/contracts';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRun, call, signIn } from '../../../test/factories.js';
import { ADMIN, createTestApp, envelope, type TestApp } from '../../../test/testApp.js';
import { MqttSource } from './mqttSource.js';

const BROKER = process.env.TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883';
const T0 = Date.UTC(2026, 10, 17, 6, 0, 0);
const SPEED = KEY_TAGS.cutterSpeed;

/**
 * MQTT ingest through the real broker: QoS 1, acknowledged when durable; a publish is taken only
 * with its run's ingest key (MQTT 5 user property or payload field) or, when told so, on the
 * broker's word; whatever is refused is acknowledged, counted and shown on the run's connection page.
 */
describe('MQTT ingest through the broker', () => {
  let t: TestApp;
  let sa = '';
  const runs = { a: 0, b: 0, trusted: 0, fresh: 0 };
  const keys = { a: '', b: '' };
  const sources: MqttSource[] = [];
  let source: MqttSource;
  let trusting: MqttSource;
  const prefix = `boreline-test-${randomBytes(4).toString('hex')}`;
  const trustedPrefix = `${prefix}-acl`;
  const warnings: string[] = [];

  const sourceFor = (topicPrefix: string, trustBrokerAcl: boolean) => {
    const { ingest, services } = t.app.platform;
    const telemetry = services.get('telemetry');
    const connection = services.get('connection');
    const made = new MqttSource(
      { url: BROKER, prefix: topicPrefix, clientId: `boreline-test-${randomBytes(4).toString('hex')}`, trustBrokerAcl },
      {
        ingest,
        decoderOf: (id) => telemetry.decoderOf(id),
        isFinished: (id) => telemetry.isFinished(id),
        keyHashOf: async (id) => (await t.db.kysely.selectFrom('runs').select('ingest_key_hash').where('id', '=', id).executeTakeFirst())?.ingest_key_hash ?? null,
        refused: (r) => connection.refused(r.runId, { source: 'mqtt', reason: r.reason, payload: r.payload.toString('utf8'), ...(r.field === undefined ? {} : { field: r.field }) }),
        received: (id, n) => connection.received(id, 'mqtt', n),
        noteUnknown: (id, unknown) => telemetry.noteUnknown(id, unknown),
        log: { warn: (o, m) => warnings.push(`${m} ${JSON.stringify(o)}`), info: () => undefined },
      },
    );
    // As the module wires it: a rotation forgets the cached key at once.
    telemetry.onKeyRotated((id) => made.forgetKey(id));
    sources.push(made);
    return made;
  };

  beforeAll(async () => {
    t = await createTestApp();
    sa = await signIn(t.app, ADMIN.email, ADMIN.password, { ip: '10.74.0.1' });
    const root = await t.db.kysely.selectFrom('orgs').select('id').where('parent_id', 'is', null).executeTakeFirstOrThrow();
    runs.a = await buildRun(t.db, root.id, { projectName: 'MQTT tunnel' });
    runs.b = await buildRun(t.db, root.id, { projectName: 'Other tunnel' });
    runs.trusted = await buildRun(t.db, root.id, { projectName: 'ACL tunnel' });
    runs.fresh = await buildRun(t.db, root.id, { projectName: 'Keyless tunnel' });
    keys.a = await rotate(runs.a);
    keys.b = await rotate(runs.b);
    source = sourceFor(prefix, false);
    trusting = sourceFor(trustedPrefix, true);
    await Promise.all(sources.map((s) => s.start()));
  });
  afterAll(async () => {
    await Promise.all(sources.map((s) => s.stop()));
    await t.close();
  });

  async function rotate(runId: number): Promise<string> {
    const body = envelope(await call(t.app, 'POST', endpointUrl(telemetryContract.ingestKeyRotate), { token: sa, payload: { runId } }));
    return (body.data as { key: string }).key;
  }
  const points = async (runId: number) => {
    const body = envelope(
      await call(t.app, 'POST', endpointUrl(telemetryContract.seriesQuery), { token: sa, payload: { runId, tags: [SPEED], from: T0, to: T0 + 3_600_000 } }),
    );
    return (body.data as { series: { points: [number, number][] }[] }).series[0]?.points ?? [];
  };
  const status = async (runId: number): Promise<ConnectionStatus> => {
    const body = envelope(await call(t.app, 'GET', `${endpointUrl(connectionContract.connectionStatusQuery)}?runId=${runId}`, { token: sa }));
    expect(body.code, body.msg).toBe(0);
    return body.data as ConnectionStatus;
  };
  const until = async (check: () => Promise<boolean>) => {
    for (let i = 0; i < 100 && !(await check()); i += 1) await new Promise((r) => setTimeout(r, 100));
  };
  const publisher = () => mqtt.connectAsync(BROKER, { clientId: `publisher-${randomBytes(4).toString('hex')}`, protocolVersion: 5 });
  const frame = (second: number, value: number, extra: object = {}) => JSON.stringify({ ...extra, ts: T0 + second * 1000, values: { [SPEED]: value } });
  const withKey = (key: string) => ({ qos: 1 as const, properties: { userProperties: { 'ingest-key': key } } });

  it('stores a batch with the key in the user property and a frame with the key in the payload, and shows where they came from', async () => {
    const client = await publisher();
    const topic = `${prefix}/runs/${runs.a}/frames`;
    const batch = { batchId: 'mqtt-1', frames: Array.from({ length: 30 }, (_, s) => ({ ts: T0 + s * 1000, values: { [SPEED]: 1.5 } })) };
    await client.publishAsync(topic, JSON.stringify(batch), withKey(keys.a));
    await client.publishAsync(topic, frame(30, 2.25, { key: keys.a }), { qos: 1 });
    await client.endAsync();
    await until(async () => (await points(runs.a)).length === 31);
    const stored = await points(runs.a);
    expect(stored).toHaveLength(31);
    expect(stored.at(-1)).toEqual([T0 + 30_000, 2.25]);
    const seen = await status(runs.a);
    expect(seen).toMatchObject({ lastSource: 'mqtt', framesPerMinute: 31, refusedTotal: 0, refusals: [] });
    expect(seen.lastFrameAt).not.toBeNull();
  });

  it('refuses a publish without a key, with a wrong key or with another run’s key, acknowledges it, and lists it without the key', async () => {
    const before = { ...source.stats };
    const client = await publisher();
    const topic = `${prefix}/runs/${runs.a}/frames`;
    await client.publishAsync(topic, frame(40, 9), { qos: 1 });
    await client.publishAsync(topic, frame(41, 9), withKey(`bk${'x'.repeat(43)}`));
    await client.publishAsync(topic, frame(42, 9, { key: keys.b }), { qos: 1 });
    await client.publishAsync(topic, frame(43, 9), withKey(keys.b));
    // A run without any key refuses every keyed publish; an unknown run is counted only.
    await client.publishAsync(`${prefix}/runs/${runs.fresh}/frames`, frame(44, 9, { key: keys.a }), { qos: 1 });
    await client.publishAsync(`${prefix}/runs/999999/frames`, frame(45, 9, { key: keys.a }), { qos: 1 });
    await client.endAsync();
    await until(async () => source.stats.messages - before.messages === 6 && (await status(runs.a)).refusedTotal === 4);
    expect(source.stats.rejected - before.rejected).toBe(6);
    expect((await points(runs.a)).filter(([, v]) => v === 9)).toEqual([]);
    const seen = await status(runs.a);
    expect(seen.refusedTotal).toBe(4);
    expect(seen.refusals.map((r) => [r.source, r.reason])).toEqual([
      ['mqtt', 'wrongKey'],
      ['mqtt', 'wrongKey'],
      ['mqtt', 'wrongKey'],
      ['mqtt', 'noKey'],
    ]);
    // The excerpt is the payload as sent, with its key blanked.
    expect(seen.refusals[1]?.excerpt).toContain('"key":"***"');
    for (const r of seen.refusals) for (const key of Object.values(keys)) expect(r.excerpt).not.toContain(key);
    expect((await status(runs.fresh)).refusals.map((r) => r.reason)).toEqual(['noKeyIssued']);
  });

  it('refuses what is no JSON or no frame, with the reason, and survives it', async () => {
    const client = await publisher();
    const topic = `${prefix}/runs/${runs.b}/frames`;
    await client.publishAsync(topic, 'not json at all', withKey(keys.b));
    await client.publishAsync(topic, JSON.stringify({ key: keys.b, frames: 'wrong' }), { qos: 1 });
    await client.endAsync();
    await until(async () => (await status(runs.b)).refusedTotal === 2);
    const seen = await status(runs.b);
    expect(seen.refusals.map((r) => r.reason)).toEqual(['badPayload', 'notJson']);
    expect(seen.refusals[0]?.excerpt).toMatch(/^\[frames\] \{"key":"\*\*\*"/);
    expect(seen.refusals[1]?.excerpt).toBe('not json at all');
  });

  it('stops the old key at once when the key is rotated', async () => {
    const client = await publisher();
    const topic = `${prefix}/runs/${runs.b}/frames`;
    await client.publishAsync(topic, frame(50, 5.5), withKey(keys.b));
    await until(async () => (await points(runs.b)).length === 1);
    const old = keys.b;
    keys.b = await rotate(runs.b);
    await client.publishAsync(topic, frame(51, 6.5), withKey(old));
    await client.publishAsync(topic, frame(52, 7.5), withKey(keys.b));
    await client.endAsync();
    await until(async () => (await points(runs.b)).length === 2 && (await status(runs.b)).refusedTotal === 3);
    expect(await points(runs.b)).toEqual([
      [T0 + 50_000, 5.5],
      [T0 + 52_000, 7.5],
    ]);
    expect((await status(runs.b)).refusals[0]?.reason).toBe('wrongKey');
  });

  it('refuses the publishes of a finished drive as such, lists them, and takes them again once reopened', async () => {
    const root = await t.db.kysely.selectFrom('orgs').select('id').where('parent_id', 'is', null).executeTakeFirstOrThrow();
    const runId = await buildRun(t.db, root.id, { projectName: 'Finished tunnel' });
    const key = await rotate(runId);
    const finish = envelope(await call(t.app, 'POST', endpointUrl(runAdminContract.runFinish), { token: sa, payload: { runId } }));
    expect(finish.code, finish.msg).toBe(0);
    const client = await publisher();
    const topic = `${prefix}/runs/${runId}/frames`;
    await client.publishAsync(topic, frame(60, 3.5), withKey(key));
    await until(async () => (await status(runId)).refusedTotal === 1);
    expect((await status(runId)).refusals[0]?.reason).toBe('runClosed');
    expect(await points(runId)).toEqual([]);
    expect(envelope(await call(t.app, 'POST', endpointUrl(runAdminContract.runReopen), { token: sa, payload: { runId } })).code).toBe(0);
    await client.publishAsync(topic, frame(61, 4.5), withKey(key));
    await client.endAsync();
    await until(async () => (await points(runId)).length === 1);
    expect(await points(runId)).toEqual([[T0 + 61_000, 4.5]]);
  });

  it('takes publishes without a key when the broker’s per-machine ACL is trusted', async () => {
    const client = await publisher();
    await client.publishAsync(`${trustedPrefix}/runs/${runs.trusted}/frames`, frame(60, 3.5), { qos: 1 });
    await client.endAsync();
    await until(async () => (await points(runs.trusted)).length === 1);
    expect(await points(runs.trusted)).toEqual([[T0 + 60_000, 3.5]]);
    expect(trusting.stats).toMatchObject({ messages: 1, frames: 1, rejected: 0 });
    expect(warnings.filter((w) => w.startsWith('mqtt payload rejected')).length).toBeGreaterThan(0);
  });

  it('lists the names of a publish that map to no tag for the tag-mapping page, as HTTP ingest does', async () => {
    const root = await t.db.kysely.selectFrom('orgs').select('id').where('parent_id', 'is', null).executeTakeFirstOrThrow();
    const runId = await buildRun(t.db, root.id, { projectName: 'Gateway names tunnel' });
    const key = await rotate(runId);
    const client = await publisher();
    await client.publishAsync(`${prefix}/runs/${runId}/frames`, JSON.stringify({ key, ts: T0, values: { [SPEED]: 2, 'GW.Uptime': 3600 } }), { qos: 1 });
    await client.endAsync();
    const unmapped = async () => envelope(await call(t.app, 'POST', endpointUrl(telemetryContract.tagMappingUnmapped), { token: sa, payload: { runId } })).data as { total: number };
    await until(async () => (await unmapped()).total > 0);
    expect(await unmapped()).toEqual({ total: 1, full: false, items: [{ rawName: 'GW.Uptime', count: 1, firstSeen: T0, lastSeen: T0, lastValue: 3600 }] });
  });
});
