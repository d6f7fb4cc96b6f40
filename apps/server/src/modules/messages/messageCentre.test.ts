import type { messagesContract } from '@boreline/contracts';
import { translate } from '@boreline/i18n';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/testApp.js';
import type { AuthSession } from '../../core/auth.js';
import { AppError } from '../../core/errors.js';
import { PersonalBusMessageSchema } from '../../realtime/personalChannel.js';
import type { MessageCentre } from './messageCentre.js';
import { buildWorld, centreOn, ensureMessagesTable, type Member, RecordingBus, type World } from './messages.fixture.js';

/**
 * The message centre with a real database (SQLite and PostgreSQL) and the real run scope: who
 * receives what, what each reader sees and counts, what read marks change, and what is pushed.
 */
describe('message centre', () => {
  let t: TestApp;
  let w: World;
  let bus: RecordingBus;
  let centre: MessageCentre;
  let clock = Date.UTC(2026, 10, 26, 9, 0, 0);
  const tick = () => (clock += 1_000);

  const session = async (m: Member): Promise<AuthSession> => {
    const row = await t.db.kysely.selectFrom('users').select(['is_sa', 'is_zb', 'org_id']).where('id', '=', m.id).executeTakeFirstOrThrow();
    return { sessionId: 1, userId: m.id, sa: row.is_sa === 1, zb: row.is_zb === 1, orgId: row.org_id, expiresAt: clock + 3_600_000, runId: null };
  };
  const pushed = () => bus.published.map((m) => PersonalBusMessageSchema.parse(m));
  const codeOf = async (work: Promise<unknown>): Promise<number> => {
    try {
      await work;
      return 0;
    } catch (error) {
      if (error instanceof AppError) return error.code;
      throw error;
    }
  };
  const titles = (page: { records: messagesContract.Message[] }) => page.records.map((r) => r.title);

  beforeAll(async () => {
    t = await createTestApp();
    await ensureMessagesTable(t);
    w = await buildWorld(t);
    bus = new RecordingBus();
    centre = centreOn(t, bus, () => tick());
  });
  afterAll(() => t.close());

  it('writes one message per named user and pushes it with each one’s new unread counts', async () => {
    const result = await centre.send({
      type: 'system',
      userIds: [w.crew.id, w.engineer.id, w.crew.id],
      key: 'messages.system.welcome',
    });
    expect(result).toEqual({ recipients: [w.crew.id, w.engineer.id].sort((a, b) => a - b), deduplicated: 0 });
    expect((await centre.counts(w.crew.id)).byType.system).toBe(1);
    expect((await centre.counts(w.plain.id)).total).toBe(0);
    const [message] = pushed();
    expect(message?.message).toMatchObject({ type: 'system', runId: null, content: { key: 'messages.system.welcome', params: {}, text: null } });
    expect(message?.deliveries.map((d) => [d.userId, d.unread.total]).sort()).toEqual([
      [w.crew.id, 1],
      [w.engineer.id, 1],
    ].sort());
  });

  it('addresses an audience: who may see the run and holds the code, not other tenants, not super administrators unless assigned', async () => {
    bus.published.length = 0;
    const alarm = await centre.send({
      type: 'monitoringAlarm',
      audience: { runId: w.runA1, resourceCode: 'alarm.message.read' },
      key: 'messages.template.monitoringHigh',
      params: { point: { key: 'telemetry.tagNameNoIndex', params: { subject: { key: 'telemetry.subsystem.thrust' }, quantity: 'speed' } }, value: 82, unit: 'mm/min', limit: 80 },
      object: { kind: 'alarm', id: 42 },
    });
    // The crew lacks alarm.message.read; the limited engineer is assigned to A2 only; B and the super administrator are out.
    expect(alarm.recipients).toEqual([w.engineer.id]);

    await t.db.kysely.insertInto('user_runs').values({ user_id: w.sa.id, run_id: w.runA1 }).execute();
    const reminder = await centre.send({
      type: 'maintenanceReminder',
      audience: { runId: w.runA1, resourceCode: 'maintenance.message.read' },
      key: 'messages.template.maintenanceDue',
      params: { tbm: 'TBM-A1', item: 'Main bearing grease' },
    });
    expect(reminder.recipients).toEqual([w.sa.id, w.crew.id, w.engineer.id].sort((a, b) => a - b));
    await t.db.kysely.deleteFrom('user_runs').where('user_id', '=', w.sa.id).execute();

    const onA2 = await centre.send({ type: 'stockWarning', audience: { runId: w.runA2, resourceCode: 'alarm.message.read' }, key: 'messages.template.stockBelowLine', params: { part: 'Disc cutter 17"', code: 'DC-17', stock: 3, line: 4 } });
    expect(onA2.recipients).toEqual([w.engineer.id, w.limited.id].sort((a, b) => a - b));
    // The push carries the run's name and each recipient's counts.
    const last = pushed().at(-1);
    expect(last?.message).toMatchObject({ runId: w.runA2, projectName: 'Metro A2', tbmCode: 'TBM-A2' });
    expect(last?.deliveries.find((d) => d.userId === w.limited.id)?.unread.byType.stockWarning).toBe(1);
  });

  it('renders each reader’s language, nested keys included', async () => {
    const sessionIt = await session(w.engineer);
    const it_ = await centre.inbox.page(sessionIt, { page: 1, pageSize: 20, messageTypes: ['monitoringAlarm'] }, 'it_IT');
    const zh = await centre.inbox.page(sessionIt, { page: 1, pageSize: 20, messageTypes: ['monitoringAlarm'] }, 'zh_CN');
    expect(it_.records[0]).toMatchObject({ typeName: 'Allarme di monitoraggio', projectName: 'Metro A1', object: { kind: 'alarm', id: 42 }, read: false });
    // Each level rendered on its own, in the reader's locale, is what the message says.
    const expected = (locale: 'it-IT' | 'zh-CN') => {
      const point = translate(locale, 'telemetry.tagNameNoIndex', { subject: translate(locale, 'telemetry.subsystem.thrust'), quantity: 'speed' });
      return translate(locale, 'messages.template.monitoringHigh', { point, value: 82, unit: 'mm/min', limit: 80 });
    };
    expect(it_.records[0]?.title).toBe(expected('it-IT'));
    expect(it_.records[0]?.title).toContain('sopra il limite di allarme di 80 mm/min');
    expect(zh.records[0]?.title).toBe(expected('zh-CN'));
    expect(zh.records[0]?.title).toContain('推进');
  });

  it('refuses content that is not a known text or is too large, writing nothing', async () => {
    const before = await t.db.kysely.selectFrom('messages').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const tooMany = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`p${i}`, i]));
    await expect(centre.send({ type: 'system', userIds: [w.crew.id], key: 'messages.system.welcome', params: tooMany })).rejects.toThrow(/invalid content/);
    await expect(centre.send({ type: 'system', userIds: [w.crew.id], key: 'messages.system.welcome', text: 'x'.repeat(2_001) })).rejects.toThrow(/invalid content/);
    await expect(centre.send({ type: 'system', audience: { runId: 987_654, resourceCode: 'project.run.read' }, key: 'messages.system.welcome' })).rejects.toThrow(/no run/);
    const after = await t.db.kysely.selectFrom('messages').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('sends a dedupe-keyed message once per user until the sender resets it', async () => {
    const warn = () =>
      centre.send({ type: 'stockWarning', runId: w.runA1, userIds: [w.crew.id, w.engineer.id], key: 'messages.template.stockBelowLine', params: { part: 'Tail seal grease', code: 'TSG', stock: 2, line: 5 }, dedupeKey: `stock:${w.runA1}:TSG` });
    expect((await warn()).recipients).toHaveLength(2);
    expect(await warn()).toEqual({ recipients: [], deduplicated: 2 });
    expect(await centre.sentTo(`stock:${w.runA1}:TSG`)).toEqual([w.crew.id, w.engineer.id].sort((a, b) => a - b));
    expect(await centre.resetDedupe(`stock:${w.runA1}:TSG`, [w.crew.id])).toBe(1);
    expect(await warn()).toEqual({ recipients: [w.crew.id], deduplicated: 1 });
    const rows = await t.db.kysely.selectFrom('messages').select('user_id').where('content_key', '=', 'messages.template.stockBelowLine').where('run_id', '=', w.runA1).execute();
    expect(rows.filter((r) => r.user_id === w.crew.id)).toHaveLength(2);
  });

  it('lists only the caller’s messages of runs they may see; filters by type, run, read state and time', async () => {
    const engineer = await session(w.engineer);
    const all = await centre.inbox.page(engineer, { page: 1, pageSize: 50 }, 'en_US');
    expect(all.records.every((r) => r.runId === null || r.runId === w.runA1 || r.runId === w.runA2)).toBe(true);
    const ids = new Set(all.records.map((r) => r.id));
    const crewPage = await centre.inbox.page(await session(w.crew), { page: 1, pageSize: 50 }, 'en_US');
    expect(crewPage.records.some((r) => ids.has(r.id))).toBe(false);

    const onA2 = await centre.inbox.page(engineer, { page: 1, pageSize: 50, runId: w.runA2 }, 'en_US');
    expect(onA2.records.map((r) => r.type)).toEqual(['stockWarning']);
    const times = all.records.map((r) => r.at);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const newest = times[0] ?? 0;
    expect((await centre.inbox.page(engineer, { page: 1, pageSize: 50, from: newest, to: newest }, 'en_US')).total).toBe(1);
    expect((await centre.inbox.page(engineer, { page: 1, pageSize: 2 }, 'en_US')).records).toHaveLength(2);
    // A run of another tenant, or one the caller is not assigned to, is refused like a missing one.
    expect(await codeOf(centre.inbox.page(engineer, { page: 1, pageSize: 20, runId: w.runB }, 'en_US'))).toBe(2);
    expect(await codeOf(centre.inbox.page(await session(w.limited), { page: 1, pageSize: 20, runId: w.runA1 }, 'en_US'))).toBe(2);
    expect(await codeOf(centre.inbox.page(engineer, { page: 1, pageSize: 20, runId: 987_654 }, 'en_US'))).toBe(2);
  });

  it('marks read exactly what is named, refuses any id not the caller’s, and counts follow', async () => {
    const engineer = await session(w.engineer);
    const before = await centre.inbox.counts(engineer);
    const page = await centre.inbox.page(engineer, { page: 1, pageSize: 2, read: false }, 'en_US');
    const crewMessage = (await centre.inbox.page(await session(w.crew), { page: 1, pageSize: 1 }, 'en_US')).records[0];
    if (!crewMessage) throw new Error('the crew has messages');
    bus.published.length = 0;
    // One id of another user in the list: nothing changes.
    expect(await codeOf(centre.inbox.read(engineer, [...page.records.map((r) => r.id), crewMessage.id]))).toBe(2);
    expect(await centre.inbox.counts(engineer)).toEqual(before);
    expect(pushed()).toEqual([]);

    const single = await centre.inbox.read(engineer, [page.records[0]?.id ?? 0]);
    expect(single.changed).toBe(1);
    expect(single.unread.total).toBe(before.total - 1);
    // Reading the same again changes nothing; the page read takes the other one.
    const pageRead = await centre.inbox.read(engineer, page.records.map((r) => r.id));
    expect(pageRead).toMatchObject({ changed: 1, unread: { total: before.total - 2 } });
    // The user's sockets are told the new counts; no message rides along.
    expect(pushed().map((m) => [m.message, m.deliveries.map((d) => [d.userId, d.id, d.unread.total])])).toEqual([
      [null, [[w.engineer.id, null, before.total - 1]]],
      [null, [[w.engineer.id, null, before.total - 2]]],
    ]);
    const readAll = await centre.inbox.readAll(engineer, ['stockWarning']);
    expect(readAll.unread.byType.stockWarning).toBe(0);
    expect(readAll.unread.total).toBe(before.total - 2 - readAll.changed);
    const rest = await centre.inbox.readAll(engineer);
    expect(rest.unread.total).toBe(0);
    expect((await centre.inbox.read(engineer, [crewMessage.id]).catch((e: unknown) => e)) instanceof AppError).toBe(true);
    // The crew's message is still unread.
    expect((await centre.inbox.page(await session(w.crew), { page: 1, pageSize: 50 }, 'en_US')).records.find((r) => r.id === crewMessage.id)?.read).toBe(false);
  });

  it('hides a run’s messages from a user who lost the run, and shows them again when it is given back', async () => {
    const m = await centre.send({ type: 'maintenanceReminder', runId: w.runA1, userIds: [w.crew.id], key: 'messages.template.maintenanceDue', params: { tbm: 'TBM-A1', item: 'Cutter inspection' } });
    const crew = await session(w.crew);
    const id = (await centre.inbox.latest(crew, { limit: 1, unreadOnly: true }, 'en_US')).records[0]?.id ?? 0;
    expect(m.recipients).toEqual([w.crew.id]);
    const seen = await centre.counts(w.crew.id);
    // Assigned to A's second run only: A1's messages go out of sight, counts and reads included.
    await t.db.kysely.insertInto('user_runs').values({ user_id: w.crew.id, run_id: w.runA2 }).execute();
    const hidden = await centre.counts(w.crew.id);
    expect(hidden.byType.maintenanceReminder).toBe(0);
    expect(hidden.total).toBeLessThan(seen.total);
    expect((await centre.inbox.page(crew, { page: 1, pageSize: 50 }, 'en_US')).records.some((r) => r.runId === w.runA1)).toBe(false);
    expect(await codeOf(centre.inbox.read(crew, [id]))).toBe(2);
    expect(await codeOf(centre.inbox.runPage(crew, { runId: w.runA1, page: 1, pageSize: 20 }, 'en_US'))).toBe(2);
    // A new message of that run is written but pushed to nobody who cannot see it.
    bus.published.length = 0;
    await centre.send({ type: 'maintenanceReminder', runId: w.runA1, userIds: [w.crew.id], key: 'messages.template.maintenanceDue', params: { tbm: 'TBM-A1', item: 'Grease' } });
    expect(pushed()).toEqual([]);
    await t.db.kysely.deleteFrom('user_runs').where('user_id', '=', w.crew.id).execute();
    expect((await centre.counts(w.crew.id)).byType.maintenanceReminder).toBe(seen.byType.maintenanceReminder + 1);
  });

  it('shows a run’s screen: reminders with the maintenance code, alarms only with the alarm code too', async () => {
    await centre.send({ type: 'componentAlarm', runId: w.runA1, userIds: [w.crew.id, w.engineer.id], key: 'messages.template.componentAlarm', params: { component: 'Main drive', tbm: 'TBM-A1', value: 71, unit: '°C', limit: 65 } });
    await centre.send({ type: 'maintenanceReminder', runId: w.runA1, userIds: [w.crew.id, w.engineer.id], key: 'messages.template.maintenanceDue', params: { tbm: 'TBM-A1', item: 'Hydraulic filters' } });
    const crew = await session(w.crew);
    const engineer = await session(w.engineer);
    const crewStats = await centre.inbox.runStats(crew, w.runA1, 'de_AT');
    expect(crewStats.types.map((s) => [s.type, s.typeName])).toEqual([['maintenanceReminder', 'Wartungserinnerung']]);
    const engineerStats = await centre.inbox.runStats(engineer, w.runA1, 'en_US');
    expect(engineerStats.types.map((s) => s.type)).toEqual(['maintenanceReminder', 'componentAlarm', 'monitoringAlarm']);
    expect(engineerStats.types.find((s) => s.type === 'componentAlarm')).toMatchObject({ total: 1, unread: 1 });
    const crewPage = await centre.inbox.runPage(crew, { runId: w.runA1, page: 1, pageSize: 50 }, 'en_US');
    expect(new Set(crewPage.records.map((r) => r.type))).toEqual(new Set(['maintenanceReminder']));
    expect(await centre.inbox.runCounts(crew, w.runA1)).toMatchObject({ byType: { componentAlarm: 0, stockWarning: 0 } });
    expect(titles(await centre.inbox.runLatest(engineer, { runId: w.runA1, limit: 1, unreadOnly: true }, 'en_US'))).toEqual(['Maintenance due on TBM-A1: Hydraulic filters']);

    // Read all on the screen: the run's readable types only; the crew's hidden alarm stays unread.
    const stockBefore = (await centre.counts(w.crew.id)).byType.stockWarning;
    const all = await centre.inbox.runReadAll(crew, w.runA1);
    expect(all.unread.total).toBe(0);
    const after = await centre.counts(w.crew.id);
    expect(after.byType.componentAlarm).toBe(1);
    expect(after.byType.stockWarning).toBe(stockBefore);
    // Read single on the screen names a message of this run the caller may read there.
    const alarmId = (await centre.inbox.runLatest(engineer, { runId: w.runA1, limit: 1, unreadOnly: true, messageTypes: ['componentAlarm'] }, 'en_US')).records[0]?.id ?? 0;
    const crewAlarm = (await centre.inbox.latest(crew, { limit: 1, unreadOnly: true, messageTypes: ['componentAlarm'] }, 'en_US')).records[0]?.id ?? 0;
    expect(await codeOf(centre.inbox.runRead(crew, w.runA1, crewAlarm))).toBe(2);
    expect(await codeOf(centre.inbox.runRead(engineer, w.runA2, alarmId))).toBe(2);
    expect(await centre.inbox.runRead(engineer, w.runA1, alarmId)).toMatchObject({ changed: 1, unread: { byType: { componentAlarm: 0 } } });
    // Without the maintenance code at all the run's screen is closed.
    expect(await codeOf(centre.inbox.runStats(await session(w.plain), w.runA1, 'en_US'))).toBe(2);
    expect(await codeOf(centre.inbox.runStats(await session(w.outsider), w.runA1, 'en_US'))).toBe(2);
  });
});
