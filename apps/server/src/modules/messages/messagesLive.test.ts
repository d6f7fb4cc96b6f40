import { randomBytes } from 'node:crypto';
import { endpointUrl, messagesContract as c } from '@boreline/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/factories.js';
import { createTestApp, envelope, type TestApp } from '../../../test/testApp.js';
import { buildApp } from '../../app.js';
import { buildWorld, centreOf, connectAs, listen, type Peer, sleep, subscribe, type World } from './messages.fixture.js';

/**
 * The personal channel of the message server: a message reaches its recipient's open sockets with
 * their new counts, in each socket's language, and never another user's socket; run alarms and
 * reminders also reach the run's topics for the recipients subscribed there.
 */
describe('message centre, live', () => {
  let t: TestApp;
  let w: World;
  let url = '';
  const peers: Peer[] = [];
  const open = async (token: string, lang: 'en_US' | 'it_IT' | 'zh_CN' = 'en_US') => {
    const peer = await connectAs(url, token, lang);
    peers.push(peer);
    return peer;
  };

  beforeAll(async () => {
    t = await createTestApp({ WS_PING_INTERVAL_MS: '60000' });
    url = await listen(t);
    w = await buildWorld(t);
  });
  afterAll(async () => {
    for (const peer of peers) peer.close();
    await t.close();
  });

  it('delivers a message to every open socket of its user, in each one’s language, with the new counts, and to nobody else', async () => {
    const italian = await open(w.engineer.token, 'it_IT');
    const chinese = await open(w.engineer.token, 'zh_CN');
    const crew = await open(w.crew.token);
    const outsider = await open(w.outsider.token);
    const admin = await open(w.sa.token);
    await centreOf(t).send({ type: 'componentAlarm', runId: w.runA1, userIds: [w.engineer.id], key: 'messages.template.componentAlarm', params: { component: 'Gearbox', tbm: 'TBM-A1', value: 78, unit: '°C', limit: 75 } });
    const it_ = await italian.next('message');
    expect(it_.message).toMatchObject({ type: 'componentAlarm', typeName: 'Allarme componente', runId: w.runA1, projectName: 'Metro A1', read: false });
    expect(it_.message.title).toBe('Gearbox di TBM-A1 ha superato il limite di allarme: 78 °C (limite 75 °C)');
    expect(it_.unread).toMatchObject({ total: 1, byType: { componentAlarm: 1 } });
    const zh = await chinese.next('message');
    expect(zh.message.typeName).toBe('部件报警');
    expect(zh.message.id).toBe(it_.message.id);
    // The counts the socket got are the ones the bell reads.
    const counted = envelope(await call(t.app, 'POST', endpointUrl(c.countPersonal), { token: w.engineer.token, payload: {} }));
    expect(counted.data).toEqual(it_.unread);
    await sleep(150);
    for (const other of [crew, outsider, admin]) expect(other.all('message')).toEqual([]);
  });

  it('sends a run’s alarm and reminder also on the run’s topics, to the subscribers who are recipients', async () => {
    const engineer = await open(w.engineer.token);
    const crew = await open(w.crew.token);
    await subscribe(engineer, 'alarm', w.runA1);
    await subscribe(engineer, 'maintenance', w.runA1);
    await subscribe(crew, 'maintenance', w.runA1);
    const centre = centreOf(t);
    await centre.send({ type: 'monitoringAlarm', audience: { runId: w.runA1, resourceCode: 'alarm.message.read' }, key: 'messages.template.monitoringHigh', params: { point: 'Torque', value: 9, unit: 'MN·m', limit: 8 }, object: { kind: 'alarm', id: 7 } });
    const alarm = await engineer.next('alarm');
    expect(alarm).toMatchObject({ runId: w.runA1, level: 'warning', title: 'Torque is 9 MN·m, above its alarm limit of 8 MN·m', body: { messageType: 'monitoringAlarm', object: { kind: 'alarm', id: 7 } } });
    await centre.send({ type: 'maintenanceReminder', audience: { runId: w.runA1, resourceCode: 'maintenance.message.read' }, key: 'messages.template.maintenanceDue', params: { tbm: 'TBM-A1', item: 'Grease' } });
    expect(await crew.next('maintenance')).toMatchObject({ runId: w.runA1, level: 'info', title: 'Maintenance due on TBM-A1: Grease' });
    expect(await engineer.next('maintenance')).toMatchObject({ title: 'Maintenance due on TBM-A1: Grease' });
    // The crew holds no alarm code: the alarm went neither to its personal channel nor to its topics.
    await sleep(150);
    expect(crew.all('message').map((m) => m.message.type)).toEqual(['maintenanceReminder']);
    expect(crew.all('alarm')).toEqual([]);
  });

  it('tells the user’s other sockets the new counts when they read messages elsewhere', async () => {
    const tab = await open(w.crew.token);
    const page = envelope(await call(t.app, 'POST', endpointUrl(c.reminderPage), { token: w.crew.token, payload: { read: false } }));
    const ids = (page.data as { records: { id: number }[] }).records.map((r) => r.id);
    expect(ids.length).toBeGreaterThan(0);
    const read = envelope(await call(t.app, 'POST', endpointUrl(c.readPersonal), { token: w.crew.token, payload: { messageIds: ids } }));
    expect(read.code).toBe(0);
    expect((await tab.next('unread')).unread).toEqual((read.data as { unread: unknown }).unread);
  });
});

/**
 * ARCHITECTURE.md §6 for messages: two instances on one database and one Redis; a message sent on
 * instance A reaches a user's socket on instance B, and only that user's.
 */
describe('message centre across two instances (Redis bus)', () => {
  let a: TestApp;
  let b: FastifyInstance;
  let w: World;
  const peers: Peer[] = [];

  beforeAll(async () => {
    a = await createTestApp({ REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379', REDIS_PREFIX: `test:msg:${randomBytes(6).toString('hex')}:`, WS_PING_INTERVAL_MS: '60000' });
    b = await buildApp(a.config);
    w = await buildWorld(a);
  });
  afterAll(async () => {
    for (const peer of peers) peer.close();
    await b.close();
    await a.close();
  });

  it('delivers a message sent on A to the recipient’s socket on B, and to no other socket there', async () => {
    const urlB = await listen({ app: b });
    const engineer = await connectAs(urlB, w.engineer.token, 'it_IT');
    const crew = await connectAs(urlB, w.crew.token);
    peers.push(engineer, crew);
    await centreOf(a).send({ type: 'system', userIds: [w.engineer.id], key: 'messages.system.welcome' });
    const frame = await engineer.next('message');
    expect(frame.message).toMatchObject({ type: 'system', typeName: 'Messaggio di sistema', read: false });
    expect(frame.unread.total).toBe(1);
    await sleep(200);
    expect(crew.all('message')).toEqual([]);
  });
});
