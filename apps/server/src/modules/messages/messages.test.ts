import { adminContract, endpointUrl, messagesContract as c } from '@boreline/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/factories.js';
import { createTestApp, envelope, type TestApp } from '../../../test/testApp.js';
import type { MessageCentre } from './messageCentre.js';
import { buildWorld, centreOf, type Member, type World } from './messages.fixture.js';

type Endpoint = (typeof c.messagesEndpoints)[number];
type Page = { total: number; records: { id: number; type: string; runId: number | null; title: string; read: boolean; typeName: string }[] };
type Counts = { total: number; byType: Record<string, number> };
type ReadResult = { changed: number; unread: Counts };

/**
 * The message centre's calls as the web makes them: the message reminder list (`remindMsg`), the
 * bell's personal inbox (`msg`), and a run's maintenance and alarm screen (`mtce/message`).
 */
describe('message centre calls', () => {
  let t: TestApp;
  let w: World;
  let centre: MessageCentre;

  const ask = async (endpoint: Endpoint, who: Member | null, payload: Record<string, unknown> = {}, lang = 'en_US') => {
    if (endpoint.method === 'GET') {
      const query = new URLSearchParams(Object.fromEntries(Object.entries(payload).map(([k, v]) => [k, String(v)])));
      return envelope(await call(t.app, 'GET', `${endpointUrl(endpoint)}?${query.toString()}`, { ...(who ? { token: who.token } : {}), lang }));
    }
    return envelope(await call(t.app, 'POST', endpointUrl(endpoint), { ...(who ? { token: who.token } : {}), payload, lang }));
  };
  const ok = async <T>(endpoint: Endpoint, who: Member, payload: Record<string, unknown> = {}, lang = 'en_US'): Promise<T> => {
    const body = await ask(endpoint, who, payload, lang);
    expect(body.code, `${endpoint.path}: ${body.msg}`).toBe(0);
    return body.data as T;
  };
  const counts = (who: Member) => ok<Counts>(c.countPersonal, who);
  const page = (who: Member, filter: Record<string, unknown> = {}) => ok<Page>(c.reminderPage, who, { pageSize: 100, ...filter });

  beforeAll(async () => {
    t = await createTestApp();
    w = await buildWorld(t);
    centre = centreOf(t);
    await centre.send({ type: 'system', userIds: [w.crew.id, w.engineer.id, w.outsider.id], key: 'messages.system.welcome' });
    await centre.send({ type: 'maintenanceReminder', audience: { runId: w.runA1, resourceCode: 'maintenance.message.read' }, key: 'messages.template.maintenanceDue', params: { tbm: 'TBM-A1', item: 'Main bearing grease' } });
    await centre.send({ type: 'componentAlarm', audience: { runId: w.runA1, resourceCode: 'alarm.message.read' }, key: 'messages.template.componentAlarm', params: { component: 'Gearbox', tbm: 'TBM-A1', value: 78, unit: '°C', limit: 75 }, object: { kind: 'alarm', id: 42 } });
    await centre.send({ type: 'stockWarning', audience: { runId: w.runA2, resourceCode: 'maintenance.message.read' }, key: 'messages.template.stockBelowLine', params: { part: 'Disc cutter', code: 'DC-17', stock: 3, line: 4 } });
    await centre.send({ type: 'monitoringAlarm', audience: { runId: w.runB, resourceCode: 'alarm.message.read' }, key: 'messages.template.monitoringHigh', params: { point: 'Torque', value: 9, unit: 'MN·m', limit: 8 } });
  });
  afterAll(() => t.close());

  it('answers code 1 without a session, code 2 without the run screen code, and names bad fields', async () => {
    for (const endpoint of c.messagesEndpoints) expect((await ask(endpoint, null, { runId: w.runA1, messageId: 1, messageIds: [1] })).code, endpoint.path).toBe(1);
    expect((await ask(c.runPage, w.plain, { runId: w.runA1 })).code).toBe(2);
    // One's own inbox needs no grant.
    expect(await counts(w.plain)).toMatchObject({ total: 0 });
    const bad = await ask(c.reminderPage, w.engineer, { from: 2_000, to: 1_000 });
    expect(bad).toMatchObject({ code: 3 });
    expect((await ask(c.readPersonal, w.engineer, {})).code).toBe(3);
    expect((await ask(c.reminderReadPage, w.engineer, { messageIds: Array.from({ length: 201 }, (_, i) => i + 1) })).code).toBe(3);
    expect((await ask(c.runPage, w.engineer, { runId: w.runA1, messageTypes: ['stockWarning'] })).code).toBe(3);
  });

  it('lists the caller’s messages of every type in their language, filtered, and counts them per type', async () => {
    const all = await page(w.engineer);
    expect(all.records.map((r) => r.type).sort()).toEqual(['componentAlarm', 'maintenanceReminder', 'stockWarning', 'system']);
    expect(await counts(w.engineer)).toEqual({ total: 4, byType: { maintenanceReminder: 1, componentAlarm: 1, monitoringAlarm: 0, stockWarning: 1, announcement: 0, system: 1, report: 0 } });
    const german = await ok<Page>(c.reminderPage, w.engineer, { messageTypes: ['componentAlarm'] }, 'de_AT');
    expect(german.records[0]).toMatchObject({ typeName: 'Bauteilalarm', title: 'Gearbox an TBM-A1 hat die Alarmgrenze überschritten: 78 °C (Grenze 75 °C)', object: { kind: 'alarm', id: 42 }, projectName: 'Metro A1' });
    expect((await page(w.engineer, { runId: w.runA2 })).records.map((r) => r.type)).toEqual(['stockWarning']);
    // The bell: the newest unread, and the counts beside them.
    const bell = await ok<{ records: Page['records']; unread: Counts }>(c.getPersonal, w.engineer, { limit: 2 });
    expect(bell.records).toHaveLength(2);
    expect(bell.unread.total).toBe(4);
    // Tenant B's engineer sees B's alarm and the welcome, nothing of A.
    expect((await page(w.outsider)).records.map((r) => r.type).sort()).toEqual(['monitoringAlarm', 'system']);
  });

  it('read single, read this page, read all: each changes exactly what it names, and the counts follow', async () => {
    const [first, second, third] = (await page(w.engineer, { read: false })).records;
    if (!first || !second || !third) throw new Error('three unread messages');
    const single = await ok<ReadResult>(c.reminderRead, w.engineer, { messageId: first.id });
    expect(single).toMatchObject({ changed: 1, unread: { total: 3 } });
    const thisPage = await ok<ReadResult>(c.reminderReadPage, w.engineer, { messageIds: [first.id, second.id] });
    expect(thisPage).toMatchObject({ changed: 1, unread: { total: 2 } });
    const after = await page(w.engineer);
    expect(after.records.filter((r) => r.read).map((r) => r.id).sort()).toEqual([first.id, second.id].sort());
    expect((await page(w.engineer, { read: false })).records.map((r) => r.id)).toContain(third.id);
    // Read all of the bell marks the rest; the crew's messages stay as they were.
    const crewBefore = await counts(w.crew);
    const all = await ok<ReadResult>(c.readPersonal, w.engineer, { all: true });
    expect(all).toMatchObject({ changed: 2, unread: { total: 0 } });
    expect(await counts(w.crew)).toEqual(crewBefore);
  });

  it('refuses another user’s and another tenant’s ids wherever they appear, changing nothing', async () => {
    const crewIds = (await page(w.crew)).records.map((r) => r.id);
    const outsiderIds = (await page(w.outsider)).records.map((r) => r.id);
    const [crewFirst] = crewIds;
    if (!crewFirst) throw new Error('the crew has messages');
    const crewBefore = await counts(w.crew);
    expect((await ask(c.reminderRead, w.outsider, { messageId: crewFirst })).code).toBe(2);
    expect((await ask(c.reminderReadPage, w.engineer, { messageIds: [crewFirst] })).code).toBe(2);
    expect((await ask(c.readPersonal, w.crew, { messageIds: [...crewIds, ...outsiderIds] })).code).toBe(2);
    expect((await ask(c.runRead, w.engineer, { runId: w.runA1, messageId: crewFirst })).code).toBe(2);
    expect((await ask(c.reminderRead, w.crew, { messageId: 987_654_321 })).code).toBe(2);
    expect(await counts(w.crew)).toEqual(crewBefore);
    // Another tenant's run (or one the caller is not assigned to) in a body or a query.
    expect((await ask(c.reminderPage, w.outsider, { runId: w.runA1 })).code).toBe(2);
    for (const endpoint of [c.runUnreadCount, c.runStats, c.runPage, c.runQuery, c.runReadAll]) {
      expect((await ask(endpoint, w.outsider, { runId: w.runA1 })).code, endpoint.path).toBe(2);
      expect((await ask(endpoint, w.limited, { runId: w.runA1 })).code, endpoint.path).toBe(2);
    }
    // Nothing of A's reached B's answers.
    const outsiderPage = JSON.stringify(await page(w.outsider));
    expect(outsiderPage).not.toMatch(/Metro A|TBM-A1|Gearbox/);
  });

  it('runs a run’s screen: stats, page, query, read single by GET only with the Authorization header, read all', async () => {
    await centre.send({ type: 'maintenanceReminder', runId: w.runA1, userIds: [w.crew.id, w.engineer.id], key: 'messages.template.maintenanceDue', params: { tbm: 'TBM-A1', item: 'Hydraulic filters' } });
    const stats = await ok<{ types: { type: string; total: number; unread: number }[] }>(c.runStats, w.crew, { runId: w.runA1 });
    expect(stats.types).toEqual([expect.objectContaining({ type: 'maintenanceReminder', total: 2, unread: 2 })]);
    const list = await ok<Page>(c.runPage, w.crew, { runId: w.runA1 });
    expect(list.records.map((r) => r.title)).toEqual(['Maintenance due on TBM-A1: Hydraulic filters', 'Maintenance due on TBM-A1: Main bearing grease']);
    const newest = list.records[0];
    if (!newest) throw new Error('a newest message');
    expect((await ok<{ records: unknown[] }>(c.runQuery, w.crew, { runId: w.runA1, unreadOnly: true, limit: 5 })).records).toHaveLength(2);

    // A GET without the Authorization header changes nothing (code 1); with it, the message is read.
    const bare = await t.app.inject({ method: 'GET', url: `${endpointUrl(c.runRead)}?runId=${w.runA1}&messageId=${newest.id}` });
    expect(envelope(bare).code).toBe(1);
    const sneaky = await t.app.inject({ method: 'GET', url: `${endpointUrl(c.runRead)}?runId=${w.runA1}&messageId=${newest.id}&authorization=${w.crew.token}` });
    expect(envelope(sneaky).code).toBe(1);
    expect(await ok<Counts>(c.runUnreadCount, w.crew, { runId: w.runA1 })).toMatchObject({ total: 2 });
    expect(await ok<ReadResult>(c.runRead, w.crew, { runId: w.runA1, messageId: newest.id })).toMatchObject({ changed: 1, unread: { total: 1, byType: { maintenanceReminder: 1 } } });
    expect(await ok<ReadResult>(c.runReadAll, w.crew, { runId: w.runA1 })).toMatchObject({ changed: 1, unread: { total: 0 } });
    // The crew's stock warning of the other run is untouched by the screen's read all.
    expect((await counts(w.crew)).byType.stockWarning).toBe(1);
  });

  it('takes a run’s messages out of sight for a user whose roles no longer reach the run', async () => {
    const before = await page(w.crew);
    expect(before.records.some((r) => r.runId === w.runA1)).toBe(true);
    const runMessage = before.records.find((r) => r.runId === w.runA1 && !r.read) ?? before.records.find((r) => r.runId === w.runA1);
    await centre.send({ type: 'maintenanceReminder', runId: w.runA1, userIds: [w.crew.id], key: 'messages.template.maintenanceDue', params: { tbm: 'TBM-A1', item: 'Cutter change' } });
    expect((await counts(w.crew)).byType.maintenanceReminder).toBe(1);
    await w.post(adminContract.userAssignRoles, { userId: w.crew.id, roleIds: [] });
    const after = await page(w.crew);
    expect(after.records.some((r) => r.runId !== null)).toBe(false);
    expect(await counts(w.crew)).toMatchObject({ byType: { maintenanceReminder: 0, stockWarning: 0 } });
    expect((await ask(c.reminderRead, w.crew, { messageId: runMessage?.id ?? 0 })).code).toBe(2);
    expect((await ask(c.runPage, w.crew, { runId: w.runA1 })).code).toBe(2);
  });
});
