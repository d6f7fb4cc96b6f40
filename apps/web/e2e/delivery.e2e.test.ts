import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { messagesContract, projectContract, subscriptionContract as s } from '@boreline/contracts';
import { simpleParser } from 'mailparser';
import sharp from 'sharp';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, signInAdminOverApi } from './support/api.js';
import { type InProcessServer, startInProcessServer } from './support/inProcessServer.js';

const MILAN = 'Metro M4 Lot 3 – San Babila';
const JOB = 'delivery.subscriptions';
const MINUTE = 60_000;

interface Mail {
  to: string;
  subject: string;
  attachments: { filename: string; contentType: string; content: Buffer }[];
}
interface Hook {
  signature: string;
  body: string;
}

/**
 * Report delivery end to end: a daily subscription at a controlled clock is rendered by the real
 * headless Chromium from the real tool page, and delivered to the message centre (a PNG picture),
 * to a real SMTP server in this process (the PDF attached) and to a webhook receiver (signed).
 * Then the SMTP server refuses: the e-mail is tried again on the retry schedule and logged failed.
 */
describe('report delivery: a daily subscription through every channel', () => {
  let server: InProcessServer;
  let smtp: SMTPServer;
  let hooks: Server;
  let token = '';
  let runId = 0;
  let refuse = false;
  let refusals = 0;
  const mails: Mail[] = [];
  const received: Hook[] = [];

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(address, _session, callback) {
        if (!refuse) return callback();
        refusals += 1;
        const error = Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
        return callback(error);
      },
      onData(stream, _session, callback) {
        simpleParser(stream)
          .then((mail) => {
            mails.push({
              to: Array.isArray(mail.to) ? mail.to.map((a) => a.text).join(', ') : (mail.to?.text ?? ''),
              subject: mail.subject ?? '',
              attachments: mail.attachments.map((a) => ({ filename: a.filename ?? '', contentType: a.contentType, content: a.content })),
            });
            callback();
          })
          .catch((error: Error) => callback(error));
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    hooks = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        received.push({ signature: String(request.headers[s.WEBHOOK_SIGNATURE_HEADER] ?? ''), body });
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => hooks.listen(0, '127.0.0.1', resolve));
    const smtpPort = (smtp.server.address() as AddressInfo).port;
    server = await startInProcessServer({
      DEMO_DATA: 'true',
      DEMO_HISTORY_DAYS: '2',
      DEMO_FRAMES_HOURS: '0',
      SIMULATOR: 'false',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAIL_FROM: 'Boreline <reports@boreline.test>',
      WEBHOOK_ALLOW_PRIVATE: 'true',
    });
    token = await signInAdminOverApi(server.origin, 'e2e-delivery-state-0123456789ab');
    const runs = await apiCall(server.origin, token, projectContract.runQueryProject, {});
    runId = runs.find((r) => r.projectName === MILAN)?.runId ?? 0;
    expect(runId).toBeGreaterThan(0);
    // Only this test's subscription is due: the demo's morning summaries are switched off.
    await server.test.db.kysely.updateTable('report_subscriptions').set({ enabled: 0, next_due_at: null }).execute();
  }, 120_000);

  afterAll(async () => {
    server?.stop();
    await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
    hooks?.close();
  });

  const runJob = (at: number) => server.test.app.platform.jobs.runDue(JOB, at);
  const log = async (id: number) => (await apiCall(server.origin, token, s.subscriptionDeliveries, { id, page: 1, pageSize: 20 })).records;

  it('delivers once per due time: a message with the picture, an e-mail with the PDF, a signed webhook whose link downloads it', async () => {
    const hookUrl = `http://127.0.0.1:${(hooks.address() as AddressInfo).port}/boreline`;
    const saved = await apiCall(server.origin, token, s.subscriptionSave, {
      runId,
      name: 'Morning summary',
      tool: 'shiftDailyTool',
      schedule: { kind: 'daily', time: '07:00' },
      format: 'pdf',
      size: 'phone',
      lang: 'it_IT',
      channels: { message: true, emails: ['pm@site.example'], webhookUrl: hookUrl },
    });
    expect(saved.webhookSecret).toMatch(/^whsec_/);
    const dueAt = saved.nextDueAt ?? 0;
    // 07:00 on the wall clock of Milan.
    expect(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Rome', hour: '2-digit', minute: '2-digit' }).format(dueAt)).toBe('07:00');

    await runJob(dueAt + 1_000);
    await runJob(dueAt + 2_000);
    const deliveries = await log(saved.id);
    expect(deliveries).toHaveLength(1);
    const [delivery] = deliveries;
    expect(delivery?.state, JSON.stringify(delivery)).toBe('sent');
    expect(delivery?.channels.map((c) => [c.channel, c.state])).toEqual([
      ['message', 'sent'],
      ['email', 'sent'],
      ['webhook', 'sent'],
    ]);

    // The e-mail: one, to the address given, with the PDF of the page attached.
    expect(mails).toHaveLength(1);
    expect(mails[0]?.to).toContain('pm@site.example');
    const pdf = mails[0]?.attachments.find((a) => a.contentType === 'application/pdf');
    expect(pdf?.filename).toMatch(/\.pdf$/);
    expect(pdf?.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // The webhook: one call, signed with the secret shown once; its link downloads the same PDF without a session.
    expect(received).toHaveLength(1);
    const hook = received[0];
    const expected = `sha256=${createHmac('sha256', saved.webhookSecret ?? '').update(hook?.body ?? '').digest('hex')}`;
    expect(hook?.signature).toBe(expected);
    const payload = s.WebhookPayloadSchema.parse(JSON.parse(hook?.body ?? '{}'));
    expect(payload).toMatchObject({ event: 'reportDelivered', tool: 'shiftDailyTool', format: 'pdf', run: { runId, projectName: MILAN } });
    const download = await fetch(payload.fileUrl);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(pdf?.content ?? Buffer.alloc(0))).toBe(true);

    // The message centre: one message of the delivered report, with a PNG picture of the page at phone width.
    const page = await apiCall(server.origin, token, messagesContract.reminderPage, { page: 1, pageSize: 20, messageTypes: ['report'] });
    expect(page.records).toHaveLength(1);
    const file = page.records[0]?.file;
    expect(file?.name).toMatch(/\.png$/);
    const picture = await fetch(`${server.origin}/server_project/g/web/getDownloadFile/v1?id=${file?.id ?? ''}`, { headers: { authorization: token } });
    expect(picture.status).toBe(200);
    const meta = await sharp(Buffer.from(await picture.arrayBuffer())).metadata();
    expect(meta.format).toBe('png');
    expect(meta.width).toBe(390 * 2);
  }, 180_000);

  it('retries an e-mail the SMTP server refuses on the retry schedule, then logs it failed while the other channels went out', async () => {
    const list = await apiCall(server.origin, token, s.subscriptionList, { runId });
    const sub = list.find((x) => x.name === 'Morning summary');
    const dueAt = sub?.nextDueAt ?? 0;
    refuse = true;
    const before = { mails: mails.length, hooks: received.length };
    let clock = dueAt + 1_000;
    await runJob(clock);
    let [latest] = await log(sub?.id ?? 0);
    expect(latest?.dueAt).toBe(dueAt);
    expect(latest?.state).toBe('pending');
    expect(latest?.channels.find((c) => c.channel === 'email')).toMatchObject({ state: 'pending', attempts: 1 });
    // 1, 5 and 15 minutes later it is tried again; the fourth refusal is final.
    for (const wait of [1, 5, 15]) {
      clock += wait * MINUTE + 1_000;
      await runJob(clock);
    }
    [latest] = await log(sub?.id ?? 0);
    const email = latest?.channels.find((c) => c.channel === 'email');
    expect(email).toMatchObject({ state: 'failed', attempts: 4 });
    expect(email?.error).toContain('550');
    expect(latest?.state).toBe('partial');
    expect(latest?.nextAttemptAt).toBeNull();
    expect(refusals).toBe(4);
    expect(mails.length).toBe(before.mails);
    // The message and the webhook went out once, at the first try.
    expect(received.length).toBe(before.hooks + 1);
  }, 180_000);
});
