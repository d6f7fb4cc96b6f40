import { adminContract, type ConnectionStatus, connectionContract as cc, endpointUrl, KEY_TAGS, telemetryContract } from '@boreline/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildRun, buildUser, call, signIn } from '../../../test/factories.js';
import { ADMIN, createTestApp, type Envelope, envelope, type TestApp } from '../../../test/testApp.js';

const MISSING = 987_654_321;
const T0 = Date.UTC(2026, 10, 28, 6, 0, 0);
const START = Date.UTC(2026, 10, 28, 6, 5, 0);
const CODES = ['connection.status.read', 'telemetry.ingestKey.write', 'telemetry.series.read'];
const STATUS_URL = endpointUrl(cc.connectionStatusQuery);
const INGEST_URL = endpointUrl(telemetryContract.ingestFrames);

describe('connection page (GET /u/web/monitor/connection/query/v1) and the refusals of HTTP ingest', () => {
  let t: TestApp;
  const clock = { now: START };
  const tokens = { sa: '', engineer: '', plain: '', other: '' };
  const ids = { orgA: 0, orgB: 0, runA: 0, runA2: 0, runB: 0 };
  const keys = new Map<number, string>();

  const ok = async (method: 'GET' | 'POST', url: string, payload: object, token = tokens.sa): Promise<unknown> => {
    const body = envelope(await call(t.app, method, url, { token, ...(method === 'POST' ? { payload } : {}) }));
    expect(body.code, body.msg).toBe(0);
    return body.data;
  };
  const statusOf = (runId: number | string, token = tokens.sa): Promise<Envelope> => call(t.app, 'GET', `${STATUS_URL}?runId=${runId}`, { token }).then(envelope);
  const status = async (runId: number, token = tokens.sa): Promise<ConnectionStatus> => {
    const body = await statusOf(runId, token);
    expect(body.code, body.msg).toBe(0);
    return body.data as ConnectionStatus;
  };
  const created = async (url: string, payload: object) => z.object({ id: z.number() }).parse(await ok('POST', url, payload)).id;
  const userIn = async (orgId: number, codes: readonly string[], ip: string) => {
    const user = await buildUser(t.db);
    await t.db.kysely.updateTable('users').set({ org_id: orgId }).where('id', '=', user.id).execute();
    if (codes.length > 0) {
      const roleId = await created(endpointUrl(adminContract.roleAdd), { name: `Role ${user.id}`, kind: 'custom', orgId, sort: 1 });
      await ok('POST', endpointUrl(adminContract.roleResourcesUpdate), { roleId, codes });
      await ok('POST', endpointUrl(adminContract.userAssignRoles), { userId: user.id, roleIds: [roleId] });
    }
    return signIn(t.app, user.phone, user.password, { ip });
  };
  const rotate = async (runId: number) => {
    const key = z.object({ key: z.string() }).parse(await ok('POST', endpointUrl(telemetryContract.ingestKeyRotate), { runId })).key;
    keys.set(runId, key);
    return key;
  };
  /** An HTTP ingest request as a gateway sends it (raw body, so broken JSON can be sent too). */
  const post = (key: string, body: string) =>
    t.app.inject({ method: 'POST', url: INGEST_URL, headers: { authorization: key, 'content-type': 'application/json' }, payload: body }).then(envelope);
  const frames = (from: number, n: number) => Array.from({ length: n }, (_, s) => ({ ts: from + s * 1000, values: { [KEY_TAGS.cutterSpeed]: 1.5 } }));

  beforeAll(async () => {
    t = await createTestApp(
      { PUBLIC_URL: 'https://tbm.example.test/', MQTT_URL: 'mqtt://server:s3cret@10.1.2.3:1883', MQTT_TOPIC_PREFIX: 'site7', BODY_LIMIT_BYTES: '4096' },
      { now: () => clock.now },
    );
    tokens.sa = await signIn(t.app, ADMIN.email, ADMIN.password, { ip: '10.93.0.1' });
    const root = z.array(z.object({ id: z.number() })).parse(await ok('POST', endpointUrl(adminContract.orgQuery), {}))[0]?.id ?? 1;
    ids.orgA = await created(endpointUrl(adminContract.orgAdd), { parentId: root, name: 'Contractor A', type: 'company', sort: 1 });
    ids.orgB = await created(endpointUrl(adminContract.orgAdd), { parentId: root, name: 'Contractor B', type: 'company', sort: 2 });
    for (const orgId of [ids.orgA, ids.orgB]) await ok('POST', endpointUrl(adminContract.orgResourcesEdit), { orgId, codes: CODES });
    ids.runA = await buildRun(t.db, ids.orgA, { projectName: 'Line A', tbmCode: 'A-1' });
    ids.runA2 = await buildRun(t.db, ids.orgA, { projectName: 'Line A bis', tbmCode: 'A-2' });
    ids.runB = await buildRun(t.db, ids.orgB, { projectName: 'Line B', tbmCode: 'B-1' });
    tokens.engineer = await userIn(ids.orgA, CODES, '10.93.0.2');
    tokens.plain = await userIn(ids.orgA, ['telemetry.series.read'], '10.93.0.3');
    tokens.other = await userIn(ids.orgB, CODES, '10.93.0.4');
  });
  afterAll(() => t.close());

  it('answers code 1 without a session, code 2 without the resource, and the same for another tenant’s run as for a missing one', async () => {
    expect((await statusOf(ids.runA, '')).code).toBe(1);
    expect((await statusOf(ids.runA, tokens.plain)).code).toBe(2);
    const foreign = await statusOf(ids.runA, tokens.other);
    const missing = await statusOf(MISSING, tokens.other);
    expect(foreign).toMatchObject({ code: 2, data: null });
    expect(foreign).toEqual(missing);
    expect(JSON.stringify(foreign)).not.toContain('Line A');
    expect((await statusOf('x', tokens.engineer)).code).toBe(3);
    expect((await status(ids.runB, tokens.other)).runId).toBe(ids.runB);
  });

  it('shows the addresses with examples, never the broker’s credentials, and when the key was issued', async () => {
    const before = await status(ids.runA, tokens.engineer);
    expect(before.key).toEqual({ issued: false, issuedAt: null });
    expect(before).toMatchObject({ lastFrameAt: null, lastSource: null, framesPerMinute: 0, refusedTotal: 0, refusals: [] });
    expect(before.http.url).toBe(`https://tbm.example.test${INGEST_URL}`);
    expect(before.http.curl).toContain(`curl -X POST 'https://tbm.example.test${INGEST_URL}' -H 'Authorization: ${cc.INGEST_KEY_PLACEHOLDER}'`);
    expect(JSON.parse(before.http.example)).toMatchObject({ frames: [{ values: {} }] });
    expect(before.mqtt).toMatchObject({ enabled: true, topic: `site7/runs/${ids.runA}/frames`, trustsBrokerAcl: false });
    expect(JSON.parse(before.mqtt.example)).toMatchObject({ key: cc.INGEST_KEY_PLACEHOLDER });
    expect(before.mqtt.mosquittoPub).toContain(`-h 10.1.2.3 -p 1883`);
    expect(before.mqtt.mosquittoPub).toContain(`-V mqttv5 -q 1 -t 'site7/runs/${ids.runA}/frames' -D publish user-property ingest-key '${cc.INGEST_KEY_PLACEHOLDER}'`);
    expect(JSON.stringify(before)).not.toContain('s3cret');

    clock.now = START + 1_000;
    const key = await rotate(ids.runA);
    await t.app.platform.services.get('connection').settled();
    const after = await status(ids.runA, tokens.engineer);
    expect(after.key).toEqual({ issued: true, issuedAt: START + 1_000 });
    expect(JSON.stringify(after)).not.toContain(key);
  });

  it('counts frames received over HTTP: the last frame, its source and frames per minute', async () => {
    clock.now = START + 10_000;
    const key = keys.get(ids.runA) ?? '';
    expect((await post(key, JSON.stringify({ frames: frames(T0, 20) }))).code).toBe(0);
    clock.now = START + 20_000;
    expect((await post(key, JSON.stringify({ frames: frames(T0 + 20_000, 10) }))).code).toBe(0);
    const seen = await status(ids.runA);
    expect(seen).toMatchObject({ lastFrameAt: START + 20_000, lastSource: 'http', lastFrameTs: T0 + 29_000, framesPerMinute: 30 });
    // A minute later only the newer batch still counts.
    clock.now = START + 75_000;
    expect((await status(ids.runA)).framesPerMinute).toBe(10);
  });

  it('records what HTTP ingest refused for a known key with the reason and an excerpt, newest first; a wrong key is recorded nowhere', async () => {
    const key = keys.get(ids.runA) ?? '';
    clock.now = START + 100_000;
    const bad = await post(key, JSON.stringify({ key, frames: [{ ts: 'yesterday', values: {} }] }));
    expect(bad.code).toBe(3);
    clock.now = START + 101_000;
    expect((await post(key, '{"frames": [')).code).toBe(3);
    clock.now = START + 102_000;
    expect((await post(key, JSON.stringify({ frames: frames(T0, 200) }))).code).toBe(3);
    expect((await post(`bk${'z'.repeat(43)}`, '{"frames": 1}')).code).toBe(1);
    const seen = await status(ids.runA, tokens.engineer);
    expect(seen.refusedTotal).toBe(3);
    expect(seen.refusals.map((r) => [r.at, r.source, r.reason])).toEqual([
      [START + 102_000, 'http', 'tooLarge'],
      [START + 101_000, 'http', 'notJson'],
      [START + 100_000, 'http', 'badPayload'],
    ]);
    expect(seen.refusals[2]?.excerpt).toMatch(/^\[ts\] \{"key":"\*\*\*","frames"/);
    for (const r of seen.refusals) {
      expect(r.excerpt.length).toBeLessThanOrEqual(cc.REFUSAL_EXCERPT_MAX);
      expect(r.excerpt).not.toContain(key);
    }
    // Nothing of run A reaches another run's page.
    expect((await status(ids.runA2)).refusedTotal).toBe(0);
  });

  it('keeps the newest 50 refusals of a run and counts them all', async () => {
    const key = await rotate(ids.runA2);
    for (let i = 0; i < 53; i += 1) {
      clock.now = START + 200_000 + i * 1_000;
      expect((await post(key, JSON.stringify({ frames: [], n: i }))).code).toBe(3);
    }
    const seen = await status(ids.runA2);
    expect(seen.refusedTotal).toBe(53);
    expect(seen.refusals).toHaveLength(cc.REFUSALS_KEPT);
    expect(seen.refusals[0]?.excerpt).toContain('"n":52');
    expect(seen.refusals.at(-1)?.excerpt).toContain('"n":3');
    expect(await t.db.kysely.selectFrom('ingest_refusals').select('id').where('run_id', '=', ids.runA2).execute()).toHaveLength(cc.REFUSALS_KEPT);
  });

  it('writes at most 20 refusals of a run per 10 s and counts the others with the next one written', async () => {
    const runId = await buildRun(t.db, ids.orgA, { projectName: 'Flooded line' });
    const key = await rotate(runId);
    clock.now = START + 400_000;
    for (let i = 0; i < 30; i += 1) expect((await post(key, 'junk')).code).toBe(3);
    const flooded = await status(runId);
    expect(flooded.refusals).toHaveLength(20);
    expect(flooded.refusedTotal).toBe(20);
    clock.now = START + 410_000;
    expect((await post(key, 'more junk')).code).toBe(3);
    const later = await status(runId);
    expect(later.refusedTotal).toBe(31);
    expect(later.refusals[0]).toMatchObject({ at: START + 410_000, reason: 'notJson' });
  });
});
