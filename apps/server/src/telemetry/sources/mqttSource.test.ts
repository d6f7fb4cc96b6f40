import { randomBytes } from 'node:crypto';
import { endpointUrl, KEY_TAGS, telemetryContract } from '@boreline/contracts';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRun, call, signIn } from '../../../test/factories.js';
import { ADMIN, createTestApp, envelope, type TestApp } from '../../../test/testApp.js';
import { MqttSource } from './mqttSource.js';

const BROKER = process.env.TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883';
const T0 = Date.UTC(2026, 10, 17, 6, 0, 0);

/** MQTT ingest through the real broker: QoS 1, acknowledged when durable, bad payloads counted. */
describe('MQTT ingest through the broker', () => {
  let t: TestApp;
  let sa: string;
  let runId = 0;
  let source: MqttSource;
  const prefix = `boreline-test-${randomBytes(4).toString('hex')}`;
  const warnings: string[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    sa = await signIn(t.app, ADMIN.email, ADMIN.password, { ip: '10.74.0.1' });
    const root = await t.db.kysely.selectFrom('orgs').select('id').where('parent_id', 'is', null).executeTakeFirstOrThrow();
    runId = await buildRun(t.db, root.id, { projectName: 'MQTT tunnel' });
    const { ingest, services } = t.app.platform;
    const service = services.get('telemetry');
    source = new MqttSource(
      { url: BROKER, prefix, clientId: `boreline-test-${randomBytes(4).toString('hex')}` },
      { ingest, decoderOf: (id) => service.decoderOf(id), noteUnknown: (id, unknown) => service.noteUnknown(id, unknown), log: { warn: (o, m) => warnings.push(`${m} ${JSON.stringify(o)}`), info: () => undefined } },
    );
    await source.start();
  });
  afterAll(async () => {
    await source.stop();
    await t.close();
  });

  const points = async () => {
    const body = envelope(
      await call(t.app, 'POST', endpointUrl(telemetryContract.seriesQuery), { token: sa, payload: { runId, tags: [KEY_TAGS.cutterSpeed], from: T0, to: T0 + 3_600_000 } }),
    );
    return (body.data as { series: { points: [number, number][] }[] }).series[0]?.points ?? [];
  };
  const until = async (check: () => Promise<boolean>) => {
    for (let i = 0; i < 100 && !(await check()); i += 1) await new Promise((r) => setTimeout(r, 100));
  };

  it('stores a batch and single frames published at QoS 1, and survives payloads it cannot read', async () => {
    const publisher = await mqtt.connectAsync(BROKER, { clientId: `publisher-${randomBytes(4).toString('hex')}` });
    const topic = `${prefix}/runs/${runId}/frames`;
    const batch = { batchId: 'mqtt-1', frames: Array.from({ length: 30 }, (_, s) => ({ ts: T0 + s * 1000, values: { [KEY_TAGS.cutterSpeed]: 1.5 } })) };
    await publisher.publishAsync(topic, JSON.stringify(batch), { qos: 1 });
    await publisher.publishAsync(topic, 'not json at all', { qos: 1 });
    await publisher.publishAsync(topic, JSON.stringify({ frames: 'wrong' }), { qos: 1 });
    await publisher.publishAsync(`${prefix}/runs/999999/frames`, JSON.stringify(batch), { qos: 1 });
    await publisher.publishAsync(topic, JSON.stringify({ ts: new Date(T0 + 30_000).toISOString(), values: { [KEY_TAGS.cutterSpeed]: 2.25, 'GW.Uptime': 3600 } }), { qos: 1 });
    await publisher.endAsync();
    await until(async () => (await points()).length === 31);
    const stored = await points();
    expect(stored).toHaveLength(31);
    expect(stored.at(-1)).toEqual([T0 + 30_000, 2.25]);
    expect(source.stats).toMatchObject({ messages: 5, frames: 31, rejected: 3 });
    expect(warnings.filter((w) => w.startsWith('mqtt payload rejected'))).toHaveLength(3);
    // A name that maps to no tag is listed for the tag-mapping page, as over HTTP.
    const unmappedList = async () => envelope(await call(t.app, 'POST', endpointUrl(telemetryContract.tagMappingUnmapped), { token: sa, payload: { runId } })).data as { total: number };
    // Recorded right after the frames are durable: the list may trail the series by a moment.
    await until(async () => (await unmappedList()).total > 0);
    expect(await unmappedList()).toEqual({ total: 1, items: [{ rawName: 'GW.Uptime', count: 1, firstSeen: T0 + 30_000, lastSeen: T0 + 30_000, lastValue: 3600 }] });
  });
});
