import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { endpointUrl, messagesContract, subscriptionContract } from '@boreline/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRun, call, signIn } from '../../../../test/factories.js';
import { ADMIN, createTestApp, envelope, type TestApp } from '../../../../test/testApp.js';
import type { DeliveryContext } from '../ports.js';
import { ownAddress } from '../render/index.js';
import { ChannelError, DeliveryChannelsService, DeliveryLinksRepo } from './index.js';

/**
 * The channels on a real server and database (SQLite and PostgreSQL): the message in the owner's
 * message centre, the signed webhook to a receiver of the test's own, and the webhook's file link
 * served by the module's public route to a caller without a session.
 */
describe('delivery channels: message, webhook and its file link', () => {
  let t: TestApp;
  let receiver: Server;
  let hookUrl: string;
  const calls: { path: string; headers: IncomingHttpHeaders; body: string }[] = [];
  let answer = 204;
  let ownerId = 0;
  let png: Buffer;
  let context: DeliveryContext;
  const SECRET = 'whsec_test-secret-of-this-subscription';

  const channels = (options: { allowPrivate?: boolean; timeoutMs?: number } = {}) =>
    new DeliveryChannelsService({
      messages: t.app.platform.services.get('messageCentre'),
      links: new DeliveryLinksRepo(t.app.platform.db),
      delivery: { smtpUrl: null, mailFrom: 'Boreline <b@boreline.test>', webhookAllowPrivate: options.allowPrivate ?? true },
      linkBase: () => ownAddress(t.app),
      now: Date.now,
      log: { info: () => undefined, warn: () => undefined },
      timeoutMs: options.timeoutMs ?? 5_000,
    });

  const failure = async (work: Promise<unknown>): Promise<string> => {
    try {
      await work;
    } catch (error) {
      if (error instanceof ChannelError) return error.message;
      throw error;
    }
    return 'delivered';
  };

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const db = t.db.kysely;
    const org = await db.selectFrom('orgs').select('id').orderBy('id').executeTakeFirstOrThrow();
    const runId = await buildRun(t.db, org.id, { projectName: 'Metro Linea 4', tbmCode: 'TBM-04' });
    ownerId = (await db.selectFrom('users').select('id').where('email', '=', ADMIN.email).executeTakeFirstOrThrow()).id;
    const now = Date.now();
    const subscription = await db
      .insertInto('report_subscriptions')
      .values({
        user_id: ownerId, run_id: runId, name: 'Morning summary', tool: 'shiftDailyTool', schedule_kind: 'daily', schedule_time: '07:00', format: 'png', size: 'phone',
        lang: null, channel_message: 1, emails: '[]', webhook_url: null, webhook_secret: SECRET, enabled: 1, next_due_at: null, created_at: now, updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const delivery = await db
      .insertInto('report_deliveries')
      .values({ subscription_id: subscription.id, due_at: now, trigger: 'schedule', state: 'pending', attempts: 0, next_attempt_at: now, claimed_until: null, file_id: null, file_name: null, error: null, channels: '[]', created_at: now, finished_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    png = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#c00' } }).png().toBuffer();
    const files = t.app.platform.services.get('files');
    const file = await files.put(Readable.from([png]), { purpose: 'reportRender', runId, uploaderId: ownerId, name: 'Metro Linea 4 – 2026-11-25.png' });
    await files.attach([file.id], { kind: 'reportDelivery', id: delivery.id }, { runId });
    await db.updateTable('report_deliveries').set({ file_id: file.id, file_name: file.name }).where('id', '=', delivery.id).execute();
    context = {
      deliveryId: delivery.id,
      dueAt: Date.UTC(2026, 10, 26, 6, 0),
      subscription: { id: subscription.id, name: 'Morning summary', userId: ownerId, runId, tool: 'shiftDailyTool', format: 'png', language: 'en_US' },
      run: { runId, projectName: 'Metro Linea 4', tbmCode: 'TBM-04', timeZone: 'Europe/Rome' },
      file: { id: file.id, name: file.name, contentType: 'image/png', bytes: png },
      picture: () => Promise.resolve({ id: file.id, name: file.name }),
    };

    receiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (c: Buffer) => chunks.push(c));
      request.on('end', () => {
        calls.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
        if (request.url === '/hang') return; // never answers
        if (request.url === '/moved') return response.writeHead(302, { location: '/elsewhere' }).end();
        response.writeHead(answer).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    receiver?.closeAllConnections();
    await new Promise((resolve) => receiver?.close(resolve));
    await t?.close();
  });

  it('posts the signed payload, whose file link downloads the file without a session', async () => {
    calls.length = 0;
    answer = 204;
    await channels().webhook(context, `${hookUrl}/hooks/chat?room=night`, SECRET);
    expect(calls).toHaveLength(1);
    const [call0] = calls as [(typeof calls)[number]];
    expect(call0.path).toBe('/hooks/chat?room=night');
    expect(call0.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(call0.headers['x-boreline-delivery']).toBe(String(context.deliveryId));
    // The receiver checks the signature over the exact bytes it got, with the subscription's secret.
    const signature = String(call0.headers[subscriptionContract.WEBHOOK_SIGNATURE_HEADER]);
    const expected = `sha256=${createHmac('sha256', SECRET).update(call0.body).digest('hex')}`;
    expect(timingSafeEqual(Buffer.from(signature), Buffer.from(expected))).toBe(true);
    expect(signature).not.toBe(`sha256=${createHmac('sha256', 'another secret').update(call0.body).digest('hex')}`);

    const payload = subscriptionContract.WebhookPayloadSchema.parse(JSON.parse(call0.body));
    expect(payload).toMatchObject({
      event: 'reportDelivered',
      deliveryId: context.deliveryId,
      subscription: { id: context.subscription.id, name: 'Morning summary' },
      run: { runId: context.run.runId, projectName: 'Metro Linea 4', tbmCode: 'TBM-04' },
      tool: 'shiftDailyTool',
      format: 'png',
      fileName: 'Metro Linea 4 – 2026-11-25.png',
    });
    expect(payload.fileUrl.startsWith(`${ownAddress(t.app)}${endpointUrl(subscriptionContract.deliveryFile)}?token=dl`)).toBe(true);
    expect(payload.text).toBe(`“Morning summary”: Shift and daily summary of Metro Linea 4 TBM-04, 26/11/2026 07:00 – ${payload.fileUrl}`);

    // No session header, over real HTTP.
    const download = await fetch(payload.fileUrl);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('image/png');
    expect(download.headers.get('content-disposition')).toContain("filename*=UTF-8''Metro%20Linea%204%20%E2%80%93%202026-11-25.png");
    expect(Buffer.from(await download.arrayBuffer()).equals(png)).toBe(true);
    // Only its SHA-256 is stored.
    const token = new URL(payload.fileUrl).searchParams.get('token') ?? '';
    const stored = await t.db.kysely.selectFrom('delivery_links').select(['token_hash', 'expires_at', 'created_at']).where('delivery_id', '=', context.deliveryId).execute();
    expect(stored.some((l) => l.token_hash.includes(token) || token.includes(l.token_hash))).toBe(false);
    expect(stored.every((l) => l.expires_at - l.created_at === 7 * 86_400_000)).toBe(true);
  });

  it('answers 404 for an unknown or expired link, and for a deleted delivery', async () => {
    calls.length = 0;
    await channels().webhook(context, `${hookUrl}/hook`, SECRET);
    const link = subscriptionContract.WebhookPayloadSchema.parse(JSON.parse(calls[0]?.body ?? '{}')).fileUrl;
    expect((await fetch(link)).status).toBe(200);

    const unknown = await fetch(`${ownAddress(t.app)}${endpointUrl(subscriptionContract.deliveryFile)}?token=dl${'x'.repeat(43)}`);
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { msg: string }).msg).not.toBe('');

    await t.db.kysely.updateTable('delivery_links').set({ expires_at: Date.now() - 1 }).where('delivery_id', '=', context.deliveryId).execute();
    expect((await fetch(link)).status).toBe(404);
  });

  it('throws the HTTP status of a receiver that refuses, and follows no redirect', async () => {
    calls.length = 0;
    answer = 500;
    expect(await failure(channels().webhook(context, `${hookUrl}/hook`, SECRET))).toBe('HTTP 500');
    answer = 204;
    expect(await failure(channels().webhook(context, `${hookUrl}/moved`, SECRET))).toBe('HTTP 302');
    expect(calls.map((c) => c.path)).toEqual(['/hook', '/moved']);
  });

  it('gives up on a receiver that never answers, within the time limit', async () => {
    const started = Date.now();
    expect(await failure(channels({ timeoutMs: 700 }).webhook(context, `${hookUrl}/hang`, SECRET))).toBe('deliveryChannels.error.timeout');
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('refuses a loopback receiver before calling it when private addresses are not allowed', async () => {
    calls.length = 0;
    const guarded = channels({ allowPrivate: false });
    expect(guarded.webhookAllowPrivate).toBe(false);
    expect(await failure(guarded.webhook(context, `${hookUrl.replace('http:', 'https:')}/hook`, SECRET))).toBe('deliveryChannels.error.addressRefused');
    expect(await failure(guarded.checkWebhookUrl('https://localhost/hook'))).toBe('deliveryChannels.error.addressRefused');
    expect(await failure(guarded.checkWebhookUrl('https://169.254.169.254/latest/meta-data/'))).toBe('deliveryChannels.error.addressRefused');
    expect(calls).toEqual([]);
  });

  it('connects to the address it checked, not to what the name resolves to later (DNS rebinding)', async () => {
    calls.length = 0;
    const port = new URL(hookUrl).port;
    // A name only this resolver knows: the call can only arrive by the address the check answered.
    const pinned = new DeliveryChannelsService({
      messages: t.app.platform.services.get('messageCentre'),
      links: new DeliveryLinksRepo(t.app.platform.db),
      delivery: { smtpUrl: null, mailFrom: 'b@boreline.test', webhookAllowPrivate: true },
      linkBase: () => ownAddress(t.app),
      now: Date.now,
      log: { info: () => undefined, warn: () => undefined },
      resolve: (host) => Promise.resolve(host === 'hooks.example.test' ? [{ address: '127.0.0.1', family: 4 }] : []),
    });
    await pinned.webhook(context, `http://hooks.example.test:${port}/pinned`, SECRET);
    expect(calls.map((c) => [c.path, c.headers.host])).toEqual([['/pinned', `hooks.example.test:${port}`]]);

    // Public when the subscription was saved, loopback at the call: refused, nothing sent.
    let lookups = 0;
    const rebinding = new DeliveryChannelsService({
      messages: t.app.platform.services.get('messageCentre'),
      links: new DeliveryLinksRepo(t.app.platform.db),
      delivery: { smtpUrl: null, mailFrom: 'b@boreline.test', webhookAllowPrivate: false },
      linkBase: () => ownAddress(t.app),
      now: Date.now,
      log: { info: () => undefined, warn: () => undefined },
      resolve: () => Promise.resolve([{ address: (lookups += 1) === 1 ? '93.184.215.14' : '127.0.0.1', family: 4 }]),
    });
    await rebinding.checkWebhookUrl(`https://rebind.example.test:${port}/hook`);
    expect(await failure(rebinding.webhook(context, `https://rebind.example.test:${port}/hook`, SECRET))).toBe('deliveryChannels.error.addressRefused');
    expect(calls).toHaveLength(1);
  });

  it('leaves the message in the owner’s message centre, with the file’s id, once per delivery', async () => {
    const centre = channels();
    await centre.message(context);
    await centre.message(context); // a retry after a message that did land
    const rows = await t.db.kysely.selectFrom('messages').selectAll().where('user_id', '=', ownerId).where('type', '=', 'report').execute();
    expect(rows).toHaveLength(1);
    const [row] = rows as [(typeof rows)[number]];
    expect([row.content_key, row.object_kind, row.object_id, row.run_id]).toEqual([subscriptionContract.DELIVERY_MESSAGE_KEY, 'reportDelivery', context.deliveryId, context.run.runId]);
    expect(JSON.parse(row.content_params)).toEqual({
      name: 'Morning summary',
      project: 'Metro Linea 4',
      tool: { key: 'deliveryChannels.tool.shiftDailyTool' },
      fileId: context.file.id,
      fileName: 'Metro Linea 4 – 2026-11-25.png',
    });

    // The owner reads it in their language.
    const token = await signIn(t.app, ADMIN.email, ADMIN.password, { ip: '10.93.0.1' });
    const titles = async (lang: string) => {
      const body = envelope(await call(t.app, 'POST', endpointUrl(messagesContract.reminderPage), { token, lang, payload: { page: 1, pageSize: 10, messageTypes: ['report'] } }));
      expect(body.code, body.msg).toBe(0);
      return (body.data as { records: { title: string; object: unknown }[] }).records.map((r) => [r.title, r.object]);
    };
    expect(await titles('en_US')).toEqual([['Report “Morning summary” delivered: Shift and daily summary of Metro Linea 4', { kind: 'reportDelivery', id: context.deliveryId }]]);
    expect((await titles('de_AT'))[0]?.[0]).toBe('Bericht „Morning summary“ zugestellt: Schicht- und Tageszusammenfassung von Metro Linea 4');
  });
});
