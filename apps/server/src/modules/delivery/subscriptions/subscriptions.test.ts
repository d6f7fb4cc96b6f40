import { adminContract, endpointUrl, LIMITS, runAdminContract, subscriptionContract as c } from '@boreline/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildRun, buildUser, call, signIn } from '../../../../test/factories.js';
import { ADMIN, createTestApp, envelope, type TestApp } from '../../../../test/testApp.js';
import type { DeliveryChannels, DeliveryContext, RenderRequest, ToolRenderer } from '../ports.js';
import { JobRunsRepo } from '../../../jobs/jobRuns.repo.js';
import { seedDemoSubscriptions } from './index.js';

type Body = { code: number; msg: string; data: unknown };
type Endpoint = { base: 'main' | 'project'; path: string; method: 'GET' | 'POST' };
type ChannelName = c.ChannelName;

const MIN = 60_000;
const H = 3_600_000;
const DAY = 24 * H;
/** Wednesday 25 November 2026, 11:00 in Rome (UTC+1). */
const START = Date.UTC(2026, 10, 25, 10);
/** 07:00 in Rome on a day of November 2026. */
const sevenOn = (day: number) => Date.UTC(2026, 10, day, 6);

/** A renderer that answers a small real PNG (made by sharp), and fails when told to. */
class RendererDouble implements ToolRenderer {
  available = true;
  readonly requests: RenderRequest[] = [];
  failures = 0;
  constructor(private readonly png: Buffer) {}
  render(request: RenderRequest): Promise<{ bytes: Buffer; contentType: 'image/png' }> {
    this.requests.push(request);
    if (this.failures > 0) {
      this.failures -= 1;
      return Promise.reject(new Error('browser crashed'));
    }
    return Promise.resolve({ bytes: this.png, contentType: 'image/png' });
  }
  close(): Promise<void> {
    return Promise.resolve();
  }
}

/** Channels that record every call and fail a given number of times each. */
class ChannelsDouble implements DeliveryChannels {
  emailConfigured = true;
  webhookAllowPrivate = false;
  readonly calls: { channel: ChannelName; context: DeliveryContext; to?: readonly string[]; url?: string; secret?: string; ok: boolean }[] = [];
  readonly failures: Record<ChannelName, number> = { message: 0, email: 0, webhook: 0 };
  private attempt(channel: ChannelName, context: DeliveryContext, extra: { to?: readonly string[]; url?: string; secret?: string } = {}): Promise<void> {
    const fail = this.failures[channel] > 0;
    if (fail) this.failures[channel] -= 1;
    this.calls.push({ channel, context, ...extra, ok: !fail });
    return fail ? Promise.reject(new Error(channel === 'email' ? '421 4.3.0 mail server busy' : 'HTTP 502')) : Promise.resolve();
  }
  message(context: DeliveryContext): Promise<void> {
    return this.attempt('message', context);
  }
  email(context: DeliveryContext, to: readonly string[]): Promise<void> {
    return this.attempt('email', context, { to });
  }
  webhook(context: DeliveryContext, url: string, secret: string): Promise<void> {
    return this.attempt('webhook', context, { url, secret });
  }
  checkWebhookUrl(url: string): Promise<void> {
    return new URL(url).hostname === '127.0.0.1' ? Promise.reject(new Error('a loopback address')) : Promise.resolve();
  }
  sent(channel: ChannelName): number {
    return this.calls.filter((x) => x.channel === channel && x.ok).length;
  }
  reset(): void {
    this.calls.length = 0;
    this.failures.message = this.failures.email = this.failures.webhook = 0;
  }
}

describe('report subscriptions: saving, the delivery job and the log', () => {
  let t: TestApp;
  let clock = START;
  let renderer: RendererDouble;
  const channels = new ChannelsDouble();
  const ids = { runA: 0, runA2: 0, runB: 0, userA: 0, orgA: 0 };
  const tokens = { a: '', a2: '', noTool: '', b: '', sa: '' };

  const request = async (endpoint: Endpoint, payload: Record<string, unknown>, token: string, lang = 'en_US'): Promise<Body> => {
    if (endpoint.method === 'GET') {
      const query = new URLSearchParams(Object.entries(payload).map(([k, v]): [string, string] => [k, String(v)])).toString();
      return envelope(await call(t.app, 'GET', `${endpointUrl(endpoint)}?${query}`, { token, lang }));
    }
    return envelope(await call(t.app, 'POST', endpointUrl(endpoint), { token, payload, lang }));
  };
  const data = <T>(body: Body): T => {
    expect(body.code, body.msg).toBe(0);
    return body.data as T;
  };
  const save = async (payload: Record<string, unknown>, token = tokens.a, lang = 'en_US') => request(c.subscriptionSave, payload, token, lang);
  const daily = (extra: Record<string, unknown> = {}) => ({ runId: ids.runA, name: 'Morning summary', tool: 'shiftDailyTool', schedule: { kind: 'daily', time: '07:00' }, channels: { message: true }, ...extra });
  const log = async (id: number, token = tokens.a) => data<{ total: number; records: c.Delivery[] }>(await request(c.subscriptionDeliveries, { id, page: 1, pageSize: 50 }, token));
  const worker = () => t.app.platform.services.get('deliveryWorker');
  const removeAll = async () => {
    await t.db.kysely.deleteFrom('report_subscriptions').execute();
  };

  beforeAll(async () => {
    const png = await sharp({ create: { width: 78, height: 169, channels: 3, background: '#ffffff' } }).png().toBuffer();
    renderer = new RendererDouble(png);
    t = await createTestApp({}, { now: () => clock, delivery: { renderer, channels } });
    const sa = await signIn(t.app, ADMIN.email, ADMIN.password, { ip: '10.97.0.1' });
    tokens.sa = sa;
    const ok = async (endpoint: { path: string }, payload: object) => {
      const body = envelope(await call(t.app, 'POST', `/server_main${endpoint.path}`, { token: sa, payload }));
      expect(body.code, body.msg).toBe(0);
      return Number((body.data as { id?: number }).id);
    };
    const root = ((envelope(await call(t.app, 'POST', endpointUrl(adminContract.orgQuery), { token: sa, payload: {} })).data as { id: number }[])[0]?.id) ?? 1;
    const orgA = await ok(adminContract.orgAdd, { parentId: root, name: 'Contractor A', type: 'company', sort: 1 });
    const orgB = await ok(adminContract.orgAdd, { parentId: root, name: 'Contractor B', type: 'company', sort: 2 });
    ids.orgA = orgA;
    ids.runA = await buildRun(t.db, orgA, { projectName: 'Metro A', tbmCode: 'TBM-A' });
    ids.runA2 = await buildRun(t.db, orgA, { projectName: 'Metro A, second drive' });
    ids.runB = await buildRun(t.db, orgB, { projectName: 'Metro B' });
    const codes = ['menu.reports', 'report.subscription.write', 'report.period.read', 'report.shift.read', 'project.run.read'];
    for (const orgId of [orgA, orgB]) await ok(adminContract.orgResourcesEdit, { orgId, codes });
    const role = async (orgId: number, roleCodes: string[]) => {
      const id = await ok(adminContract.roleAdd, { name: `Readers ${orgId} ${roleCodes.length}`, kind: 'custom', orgId, sort: 1 });
      await ok(adminContract.roleResourcesUpdate, { roleId: id, codes: roleCodes });
      return id;
    };
    const [roleA, roleB, roleNoTool] = [await role(orgA, codes), await role(orgB, codes), await role(orgA, ['menu.reports', 'report.subscription.write', 'project.run.read'])];
    let ip = 10;
    const userIn = async (orgId: number, roleIds: number[]) => {
      const user = await buildUser(t.db);
      await t.db.kysely.updateTable('users').set({ org_id: orgId }).where('id', '=', user.id).execute();
      await ok(adminContract.userAssignRoles, { userId: user.id, roleIds });
      ip += 1;
      return { id: user.id, token: await signIn(t.app, user.phone, user.password, { ip: `10.97.0.${ip}` }) };
    };
    const a = await userIn(orgA, [roleA]);
    ids.userA = a.id;
    tokens.a = a.token;
    tokens.a2 = (await userIn(orgA, [roleA])).token;
    tokens.noTool = (await userIn(orgA, [roleNoTool])).token;
    tokens.b = (await userIn(orgB, [roleB])).token;
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await worker().idle();
    clock = START;
    channels.reset();
    channels.emailConfigured = true;
    renderer.failures = 0;
    renderer.available = true;
    renderer.requests.length = 0;
    await removeAll();
  });

  it('tells what this server can deliver', async () => {
    expect(data(await request(c.subscriptionOptions, {}, tokens.a))).toEqual({ render: true, email: true, webhookPrivate: false });
  });

  it('creates, lists, edits, rotates the webhook secret, disables and deletes one of the caller\'s subscriptions', async () => {
    const created = data<c.Subscription>(await save(daily({ channels: { message: true, emails: ['PM@Example.test'], webhookUrl: 'https://chat.example.test/hook' } })));
    expect(created).toMatchObject({ runId: ids.runA, name: 'Morning summary', tool: 'shiftDailyTool', schedule: { kind: 'daily', time: '07:00' }, format: 'png', size: 'phone', lang: null, enabled: true, hasWebhookSecret: true, lastDelivery: null });
    expect(created.channels).toEqual({ message: true, emails: ['pm@example.test'], webhookUrl: 'https://chat.example.test/hook' });
    // Tomorrow 07:00 in Rome: it is 11:00 there now.
    expect(created.nextDueAt).toBe(sevenOn(26));
    expect(created.webhookSecret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);

    const [listed] = data<c.Subscription[]>(await request(c.subscriptionList, { runId: ids.runA }, tokens.a));
    expect(listed).toMatchObject({ id: created.id, webhookSecret: null, hasWebhookSecret: true });
    // Another user of the same organization sees none of it.
    expect(data(await request(c.subscriptionList, { runId: ids.runA }, tokens.a2))).toEqual([]);

    clock = START + H;
    const renamed = data<c.Subscription>(await save({ ...daily({ channels: { message: true, webhookUrl: 'https://chat.example.test/hook' } }), id: created.id, name: 'For the PM' }));
    expect(renamed).toMatchObject({ id: created.id, name: 'For the PM', nextDueAt: sevenOn(26), webhookSecret: null, hasWebhookSecret: true });
    const rotated = data<c.Subscription>(await save({ ...daily({ channels: { message: true, webhookUrl: 'https://chat.example.test/hook' } }), id: created.id, rotateSecret: true }));
    expect(rotated.webhookSecret).toMatch(/^whsec_/);
    expect(rotated.webhookSecret).not.toBe(created.webhookSecret);
    const weekly = data<c.Subscription>(await save({ ...daily(), id: created.id, schedule: { kind: 'weekly', time: '08:00' } }));
    // Monday 30 November, 08:00 in Rome; without a webhook there is no secret left.
    expect(weekly).toMatchObject({ nextDueAt: Date.UTC(2026, 10, 30, 7), hasWebhookSecret: false, channels: { message: true, emails: [], webhookUrl: null } });
    const off = data<c.Subscription>(await save({ ...daily(), id: created.id, enabled: false }));
    expect(off).toMatchObject({ enabled: false, nextDueAt: null });

    expect(data(await request(c.subscriptionDelete, { id: created.id }, tokens.a))).toBeNull();
    expect(data(await request(c.subscriptionList, { runId: ids.runA }, tokens.a))).toEqual([]);
  });

  it("refuses another tenant's run, another user's subscription and a tool the caller may not read", async () => {
    const mine = data<c.Subscription>(await save(daily()));
    // Another tenant's run answers as a missing run does (code 2).
    expect((await save(daily(), tokens.b)).code).toBe(2);
    expect((await save(daily({ runId: 987_654 }), tokens.a)).code).toBe(2);
    expect((await request(c.subscriptionList, { runId: ids.runA }, tokens.b)).code).toBe(2);
    // Another user's subscription is not found, whatever the call.
    for (const [endpoint, payload] of [
      [c.subscriptionSave, { ...daily(), id: mine.id, name: 'Taken' }],
      [c.subscriptionDelete, { id: mine.id }],
      [c.subscriptionSend, { id: mine.id }],
      [c.subscriptionDeliveries, { id: mine.id }],
    ] as const) {
      const body = await request(endpoint, payload, tokens.a2);
      expect([body.code, body.msg], endpoint.path).toEqual([3, 'This subscription does not exist or is not yours']);
    }
    // A subscription is edited at its own run only.
    expect((await save({ ...daily({ runId: ids.runA2 }), id: mine.id })).msg).toBe('This subscription does not exist or is not yours');
    // The subscription code without the summary's read code (report.period.read): refused.
    expect((await save(daily(), tokens.noTool)).code).toBe(2);
    const [still] = data<c.Subscription[]>(await request(c.subscriptionList, { runId: ids.runA }, tokens.a));
    expect(still).toMatchObject({ id: mine.id, name: 'Morning summary' });
  });

  it(`keeps at most ${LIMITS.subscriptionsPerUserRunMax} subscriptions per user and run`, async () => {
    const rows = Array.from({ length: LIMITS.subscriptionsPerUserRunMax }, (_, i) => ({
      user_id: ids.userA, run_id: ids.runA, name: `S${i}`, tool: 'shiftDailyTool', schedule_kind: 'daily', schedule_time: '07:00', format: 'png', size: 'phone', lang: null,
      channel_message: 1, emails: '[]', webhook_url: null, webhook_secret: null, enabled: 0, next_due_at: null, created_at: clock, updated_at: clock,
    }));
    await t.db.kysely.insertInto('report_subscriptions').values(rows).execute();
    const over = await save(daily());
    expect([over.code, over.msg]).toEqual([3, `You already have ${LIMITS.subscriptionsPerUserRunMax} subscriptions for this project: delete one first`]);
    // Another run is counted on its own, and editing one of the twenty is fine.
    expect((await save(daily({ runId: ids.runA2 }))).code).toBe(0);
    const [first] = data<c.Subscription[]>(await request(c.subscriptionList, { runId: ids.runA }, tokens.a));
    expect((await save({ ...daily(), id: first?.id })).code).toBe(0);
  });

  it('refuses e-mail without SMTP and a webhook address the server will not call', async () => {
    channels.emailConfigured = false;
    const email = await save(daily({ channels: { message: false, emails: ['pm@example.test'] } }));
    expect([email.code, email.msg]).toEqual([3, 'E-mail is not configured on this server: remove the addresses or ask the administrator to set up SMTP']);
    const hook = await save(daily({ channels: { message: false, webhookUrl: 'http://127.0.0.1:9000/hook' } }));
    expect([hook.code, hook.msg]).toEqual([3, 'The server will not call this webhook address: a loopback address']);
    const german = await save(daily({ channels: { message: false, webhookUrl: 'http://127.0.0.1:9000/hook' } }), tokens.a, 'de_AT');
    expect(german.msg).toBe('Der Server ruft diese Webhook-Adresse nicht auf: a loopback address');
    expect(data(await request(c.subscriptionList, { runId: ids.runA }, tokens.a))).toEqual([]);
  });

  it('answers field problems in the caller\'s language', async () => {
    const bad = { ...daily(), name: ' ', schedule: { kind: 'daily', time: '25:00' }, channels: { message: false, emails: ['not-an-address'], webhookUrl: 'ftp://user:pw@example.test/x' } };
    const english = await save(bad);
    expect(english.code).toBe(3);
    const fields = (english.data as { fields: { field: string; message: string }[] }).fields;
    expect(fields).toEqual(
      expect.arrayContaining([
        { field: 'name', message: 'Name: This field is required' },
        { field: 'time', message: expect.stringMatching(/^Time: /) as string },
        { field: 'emails', message: expect.stringMatching(/^E-mail addresses: /) as string },
        { field: 'webhookUrl', message: 'Webhook address: Enter a full http:// or https:// address without a user name or password' },
      ]),
    );
    const none = await save(daily({ channels: { message: false } }), tokens.a, 'de_AT');
    expect(none.code).toBe(3);
    expect((none.data as { fields: unknown[] }).fields).toEqual([
      { field: 'message', message: 'Zustellung: Wählen Sie mindestens einen Zustellweg: die Nachrichtenzentrale, eine E-Mail-Adresse oder einen Webhook' },
    ]);
    const germanHook = await save(daily({ channels: { message: true, webhookUrl: 'nowhere' } }), tokens.a, 'de_AT');
    expect(germanHook.msg).toBe('Webhook-Adresse: Geben Sie eine vollständige http://- oder https://-Adresse ohne Benutzername und Passwort ein');
  });

  it('delivers each due time once, even when two passes run at once, and moves to the next day', async () => {
    const sub = data<c.Subscription>(await save(daily({ channels: { message: true } })));
    clock = sevenOn(26) - MIN;
    expect(await worker().pass(clock)).toBe(0);
    expect(channels.calls).toHaveLength(0);

    clock = sevenOn(26) + 30_000;
    await Promise.all([worker().pass(clock), worker().pass(clock), worker().pass(clock)]);
    expect(renderer.requests).toHaveLength(1);
    // As the owner, yesterday's summary, on a phone.
    expect(renderer.requests[0]).toEqual({ userId: ids.userA, runId: ids.runA, tool: 'shiftDailyTool', format: 'png', size: 'phone', lang: null, params: { unit: 'day', date: '2026-11-25' } });
    expect(channels.calls.map((x) => x.channel)).toEqual(['message']);
    const context = channels.calls[0]?.context;
    expect(context).toMatchObject({ dueAt: sevenOn(26), subscription: { id: sub.id, name: 'Morning summary', userId: ids.userA, tool: 'shiftDailyTool', format: 'png', language: 'it_IT' }, run: { runId: ids.runA, projectName: 'Metro A', tbmCode: 'TBM-A', timeZone: 'Europe/Rome' } });
    expect(context?.file.name).toBe('Morning summary 2026-11-25.png');
    expect((await sharp(context?.file.bytes).metadata()).format).toBe('png');

    const { total, records } = await log(sub.id);
    expect(total).toBe(1);
    expect(records[0]).toMatchObject({ subscriptionId: sub.id, dueAt: sevenOn(26), trigger: 'schedule', state: 'sent', attempts: 1, nextAttemptAt: null, error: null, finishedAt: clock, fileName: 'Morning summary 2026-11-25.png' });
    expect(records[0]?.channels).toEqual([{ channel: 'message', state: 'sent', attempts: 1, error: null, at: clock }]);
    // The picture is a file of the delivery, of the run.
    const file = await t.db.kysely.selectFrom('files').selectAll().where('id', '=', records[0]?.fileId ?? '').executeTakeFirstOrThrow();
    expect(file).toMatchObject({ purpose: 'reportRender', owner_kind: 'reportDelivery', owner_id: String(records[0]?.id), run_id: ids.runA, kind: 'png' });
    const [listed] = data<c.Subscription[]>(await request(c.subscriptionList, { runId: ids.runA }, tokens.a));
    expect(listed).toMatchObject({ nextDueAt: sevenOn(27), lastDelivery: { id: records[0]?.id, state: 'sent' } });

    // A later pass the same morning sends nothing more.
    clock += 10 * MIN;
    await worker().pass(clock);
    expect(channels.calls).toHaveLength(1);
  });

  it('makes one catch-up delivery for due times missed while the server was down', async () => {
    const sub = data<c.Subscription>(await save(daily()));
    clock = sevenOn(29) + 2 * H;
    await worker().pass(clock);
    const { records } = await log(sub.id);
    expect(records.map((r) => r.dueAt)).toEqual([sevenOn(26)]);
    expect(renderer.requests[0]?.params).toEqual({ unit: 'day', date: '2026-11-25' });
    const [listed] = data<c.Subscription[]>(await request(c.subscriptionList, { runId: ids.runA }, tokens.a));
    expect(listed?.nextDueAt).toBe(sevenOn(30));
  });

  it('retries a failing channel after the set delays, then logs it failed: the delivery is partial', async () => {
    const sub = data<c.Subscription>(await save(daily({ channels: { message: true, emails: ['pm@example.test'], webhookUrl: 'https://chat.example.test/hook' } })));
    channels.failures.email = 99;
    channels.failures.webhook = 1;
    const due = sevenOn(26);
    const [first, second, third] = LIMITS.deliveryRetryDelaysMs as [number, number, number];
    clock = due;
    await worker().pass(clock);
    let [delivery] = (await log(sub.id)).records;
    expect(delivery).toMatchObject({ state: 'pending', nextAttemptAt: due + first, finishedAt: null });
    expect(delivery?.channels.map((x) => [x.channel, x.state, x.attempts, x.error])).toEqual([
      ['message', 'sent', 1, null],
      ['email', 'pending', 1, '421 4.3.0 mail server busy'],
      ['webhook', 'pending', 1, 'HTTP 502'],
    ]);
    // Not before its time.
    clock = due + first - 1_000;
    await worker().pass(clock);
    expect(channels.calls).toHaveLength(3);
    clock = due + first;
    await worker().pass(clock);
    [delivery] = (await log(sub.id)).records;
    expect(delivery?.channels.map((x) => [x.channel, x.state, x.attempts])).toEqual([
      ['message', 'sent', 1],
      ['email', 'pending', 2],
      ['webhook', 'sent', 2],
    ]);
    expect(delivery?.nextAttemptAt).toBe(clock + second);
    clock += second;
    await worker().pass(clock);
    clock += third;
    await worker().pass(clock);
    [delivery] = (await log(sub.id)).records;
    expect(delivery).toMatchObject({ state: 'partial', nextAttemptAt: null, finishedAt: clock });
    expect(delivery?.channels[1]).toEqual({ channel: 'email', state: 'failed', attempts: LIMITS.deliveryRetryDelaysMs.length + 1, error: '421 4.3.0 mail server busy', at: clock });
    // One message, one webhook call that arrived, the picture rendered once; the e-mail went to its address each time.
    expect([channels.sent('message'), channels.sent('webhook'), renderer.requests.length]).toEqual([1, 1, 1]);
    expect(channels.calls.filter((x) => x.channel === 'email').map((x) => x.to)).toEqual(Array.from({ length: 4 }, () => ['pm@example.test']));
    expect(channels.calls.find((x) => x.channel === 'webhook')?.secret).toMatch(/^whsec_/);
    // After the last try, nothing more is tried.
    clock += DAY / 2;
    await worker().pass(clock);
    expect(channels.calls.filter((x) => x.channel === 'email')).toHaveLength(4);
  });

  it('retries a failing render the same way and logs it on the delivery; every channel failing makes it failed', async () => {
    const sub = data<c.Subscription>(await save(daily({ channels: { message: true } })));
    renderer.failures = 99;
    clock = sevenOn(26);
    for (const delay of [0, ...LIMITS.deliveryRetryDelaysMs]) {
      clock += delay;
      await worker().pass(clock);
    }
    const [delivery] = (await log(sub.id)).records;
    expect(renderer.requests).toHaveLength(LIMITS.deliveryRetryDelaysMs.length + 1);
    expect(delivery).toMatchObject({ state: 'failed', error: 'browser crashed', attempts: 4, fileId: null, finishedAt: clock });
    expect(delivery?.channels).toEqual([{ channel: 'message', state: 'failed', attempts: 0, error: 'delivery.error.notRendered', at: clock }]);
    expect(channels.calls).toHaveLength(0);

    // All channels failing: failed, not partial.
    renderer.failures = 0;
    channels.failures.message = 99;
    clock = sevenOn(27);
    for (const delay of [0, ...LIMITS.deliveryRetryDelaysMs]) {
      clock += delay;
      await worker().pass(clock);
    }
    expect((await log(sub.id)).records[0]).toMatchObject({ dueAt: sevenOn(27), state: 'failed', error: null });
  });

  it('sends now on request: answers the pending delivery and works it at once in the background', async () => {
    const sub = data<c.Subscription>(await save(daily({ tool: 'shiftReportTool', channels: { message: true } })));
    clock = START + 5 * MIN;
    const pending = data<c.Delivery>(await request(c.subscriptionSend, { id: sub.id }, tokens.a));
    expect(pending).toMatchObject({ subscriptionId: sub.id, trigger: 'manual', dueAt: clock, state: 'pending' });
    await worker().idle();
    const [done] = (await log(sub.id)).records;
    expect(done).toMatchObject({ id: pending.id, state: 'sent' });
    // The shift that ended last before 11:05 in Rome: last night's.
    expect(renderer.requests[0]?.params).toEqual({ date: '2026-11-24', shiftNo: 2 });
    expect(channels.sent('message')).toBe(1);
    // Without a browser the server says so at once.
    renderer.available = false;
    const refused = await request(c.subscriptionSend, { id: sub.id }, tokens.a);
    expect([refused.code, refused.msg]).toEqual([3, 'This server has no browser to render reports: ask the administrator to install Chromium']);
  });

  it('fails the deliveries of a subscriber who lost the run, with a clear reason', async () => {
    const user = await buildUser(t.db);
    const subscriberRole = await t.db.kysely.selectFrom('user_roles').select('role_id').where('user_id', '=', ids.userA).executeTakeFirstOrThrow();
    await t.db.kysely.updateTable('users').set({ org_id: ids.orgA }).where('id', '=', user.id).execute();
    await t.db.kysely.insertInto('user_roles').values({ user_id: user.id, role_id: subscriberRole.role_id }).execute();
    const token = await signIn(t.app, user.phone, user.password, { ip: '10.97.0.60' });
    const sub = data<c.Subscription>(await save(daily(), token));
    // Moved out of every organization: the run is out of reach.
    await t.db.kysely.updateTable('users').set({ org_id: null }).where('id', '=', user.id).execute();
    clock = sevenOn(26);
    await worker().pass(clock);
    const row = await t.db.kysely.selectFrom('report_deliveries').selectAll().where('subscription_id', '=', sub.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ state: 'failed', error: 'delivery.error.ownerNoAccess', next_attempt_at: null });
    expect(renderer.requests).toHaveLength(0);
    expect(channels.calls).toHaveLength(0);
    // Deleting the user takes the subscription and its log with it.
    await t.db.kysely.deleteFrom('user_roles').where('user_id', '=', user.id).execute();
    await t.db.kysely.deleteFrom('sessions').where('user_id', '=', user.id).execute();
    await t.db.kysely.deleteFrom('users').where('id', '=', user.id).execute();
    expect(await t.db.kysely.selectFrom('report_subscriptions').select('id').where('id', '=', sub.id).executeTakeFirst()).toBeUndefined();
    expect(await t.db.kysely.selectFrom('report_deliveries').select('id').where('subscription_id', '=', sub.id).executeTakeFirst()).toBeUndefined();
  });

  it('pages the log newest first, and purges deliveries (and their files) older than the log keeps', async () => {
    const sub = data<c.Subscription>(await save(daily()));
    for (const day of [26, 27, 28]) {
      clock = sevenOn(day);
      await worker().pass(clock);
    }
    const page = data<{ total: number; page: number; pageSize: number; records: c.Delivery[] }>(await request(c.subscriptionDeliveries, { id: sub.id, page: 2, pageSize: 2 }, tokens.a));
    expect(page).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(page.records.map((r) => r.dueAt)).toEqual([sevenOn(26)]);
    expect((await log(sub.id)).records.map((r) => r.dueAt)).toEqual([sevenOn(28), sevenOn(27), sevenOn(26)]);

    const oldest = (await log(sub.id)).records[2];
    await t.db.kysely.updateTable('report_deliveries').set({ created_at: clock - (LIMITS.deliveryLogDays + 1) * DAY }).where('id', '=', oldest?.id ?? 0).execute();
    await worker().pass(clock + MIN);
    expect((await log(sub.id)).records.map((r) => r.dueAt)).toEqual([sevenOn(28), sevenOn(27)]);
    expect(await t.db.kysely.selectFrom('files').select('id').where('id', '=', oldest?.fileId ?? '').executeTakeFirst()).toBeUndefined();

    // Deleting the subscription takes its log's files too.
    const kept = (await log(sub.id)).records.map((r) => r.fileId ?? '');
    expect(data(await request(c.subscriptionDelete, { id: sub.id }, tokens.a))).toBeNull();
    expect(await t.db.kysely.selectFrom('files').select('id').where('id', 'in', kept).execute()).toEqual([]);
    expect(await t.db.kysely.selectFrom('report_deliveries').select('id').where('subscription_id', '=', sub.id).execute()).toEqual([]);
  });

  it('goes with its run when the run (holding no data) is deleted', async () => {
    const runId = await buildRun(t.db, ids.orgA, { projectName: 'Metro A, cancelled drive' });
    const sub = data<c.Subscription>(await save(daily({ runId })));
    const deleted = envelope(await call(t.app, 'POST', endpointUrl(runAdminContract.runDelete), { token: tokens.sa, payload: { runId } }));
    expect(deleted.code, deleted.msg).toBe(0);
    expect(await t.db.kysely.selectFrom('report_subscriptions').select('id').where('id', '=', sub.id).executeTakeFirst()).toBeUndefined();
  });

  it('runs as a scheduled job of the server', async () => {
    const sub = data<c.Subscription>(await save(daily()));
    clock = sevenOn(26) + 5 * MIN;
    // The job's lease row (written when the platform starts, which this suite does not).
    await new JobRunsRepo(t.db.kysely).ensure(['delivery.subscriptions']);
    const outcome = await t.app.platform.jobs.runDue('delivery.subscriptions', clock);
    expect(outcome).toEqual({ ran: true, count: 2 });
    expect((await log(sub.id)).records[0]?.state).toBe('sent');
  });

  it('seeds each demo project a morning summary for the administrator', async () => {
    const runs = [ids.runA, ids.runA2];
    const written = await seedDemoSubscriptions(t.db.kysely, runs, START);
    expect(written).toBe(2);
    const rows = await t.db.kysely.selectFrom('report_subscriptions').innerJoin('users', 'users.id', 'report_subscriptions.user_id').select(['report_subscriptions.tool', 'report_subscriptions.schedule_time', 'report_subscriptions.size', 'report_subscriptions.format', 'report_subscriptions.channel_message', 'report_subscriptions.emails', 'report_subscriptions.webhook_url', 'users.is_sa']).execute();
    expect(new Set(rows.map((r) => JSON.stringify(r)))).toEqual(new Set([JSON.stringify({ tool: 'shiftDailyTool', schedule_time: '07:00', size: 'phone', format: 'png', channel_message: 1, emails: '[]', webhook_url: null, is_sa: 1 })]));
    // A second start writes none.
    expect(await seedDemoSubscriptions(t.db.kysely, runs, START)).toBe(0);
    // Due at 07:00 in each project's zone.
    expect((await t.db.kysely.selectFrom('report_subscriptions').select('next_due_at').execute()).map((r) => Number(r.next_due_at))).toEqual([sevenOn(26), sevenOn(26)]);
  });
});
