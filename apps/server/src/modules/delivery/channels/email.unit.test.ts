import { createServer as createTcpServer, type Server as TcpServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeliveryContext } from '../ports.js';
import { ChannelError } from './channelError.js';
import { DeliveryChannelsService } from './deliveryChannels.js';
import type { DeliveryLinksRepo } from './deliveryLinks.repo.js';

/**
 * The e-mail channel against real SMTP servers in this process (smtp-server): one that accepts
 * and keeps what it receives (read back with mailparser), one that refuses some recipients, and
 * one that never greets.
 */
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const quiet = { info: () => undefined, warn: () => undefined };

const context = (language: DeliveryContext['subscription']['language']): DeliveryContext => ({
  deliveryId: 41,
  dueAt: Date.UTC(2026, 10, 26, 6, 0), // 07:00 in Rome
  subscription: { id: 9, name: 'Riepilogo del mattino', userId: 3, runId: 5, tool: 'shiftDailyTool', format: 'png', language },
  run: { runId: 5, projectName: 'Metro M4 Milano', tbmCode: 'TBM-07', timeZone: 'Europe/Rome' },
  file: { id: 'f123', name: 'Metro M4 Milano – 2026-11-25.png', contentType: 'image/png', bytes: PNG },
  picture: () => Promise.resolve({ id: 'f1', name: 'picture.png' }),
});

const channels = (smtpUrl: string | null, timeoutMs = 5_000) =>
  new DeliveryChannelsService({
    messages: { send: () => Promise.reject(new Error('not this channel')) },
    links: {} as DeliveryLinksRepo,
    delivery: { smtpUrl, mailFrom: 'Boreline <reports@boreline.test>', webhookAllowPrivate: false },
    linkBase: () => 'http://unused.test',
    now: Date.now,
    log: quiet,
    timeoutMs,
  });

const failure = async (work: Promise<unknown>): Promise<ChannelError> => {
  try {
    await work;
  } catch (error) {
    if (error instanceof ChannelError) return error;
    throw error;
  }
  throw new Error('the e-mail was sent');
};

const listen = async (server: { listen(port: number, host: string, done: () => void): unknown; server?: TcpServer }, tcp?: TcpServer): Promise<string> => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = (tcp ?? server.server)?.address() as AddressInfo;
  return `smtp://127.0.0.1:${address.port}`;
};

describe('e-mail channel (in-process SMTP servers)', () => {
  const received: { envelope: string[]; mail: ParsedMail }[] = [];
  let accepting: SMTPServer;
  let refusing: SMTPServer;
  let silent: TcpServer;
  const sockets: Socket[] = [];
  let acceptingUrl: string;
  let refusingUrl: string;
  let silentUrl: string;

  beforeAll(async () => {
    accepting = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        simpleParser(stream)
          .then((mail) => {
            received.push({ envelope: session.envelope.rcptTo.map((r) => r.address), mail });
            callback();
          })
          .catch(callback);
      },
    });
    refusing = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(address, _session, callback) {
        if (address.address.endsWith('@gone.test')) return callback(Object.assign(new Error('5.1.1 <' + address.address + '>: no such mailbox'), { responseCode: 550 }));
        callback();
      },
      onData(stream, _session, callback) {
        stream.resume();
        stream.on('end', () => callback());
      },
    });
    acceptingUrl = await listen(accepting);
    refusingUrl = await listen(refusing);
    // Accepts the connection and never says a word.
    silent = createTcpServer((socket) => sockets.push(socket));
    silentUrl = await listen(silent, silent);
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => accepting.close(() => resolve()));
    await new Promise<void>((resolve) => refusing.close(() => resolve()));
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  it('sends the file attached, with subject and text in the subscription’s language', async () => {
    const mailer = channels(acceptingUrl);
    expect(mailer.emailConfigured).toBe(true);
    await mailer.email(context('it_IT'), ['pm@site.test', 'night.shift@site.test']);
    expect(received).toHaveLength(1);
    const [{ envelope, mail }] = received as [{ envelope: string[]; mail: ParsedMail }];
    expect(envelope).toEqual(['pm@site.test', 'night.shift@site.test']);
    expect(mail.from?.value).toEqual([{ name: 'Boreline', address: 'reports@boreline.test' }]);
    expect(mail.subject).toBe('Riepilogo del mattino – Metro M4 Milano TBM-07, 26/11/2026 07:00');
    expect(mail.text).toContain('in allegato il report «Riepilogo del mattino» (Riepilogo di turno e giornaliero) di Metro M4 Milano, TBM-07, aggiornato al 26/11/2026 07:00 (Europe/Rome)');
    expect(mail.headers.get('x-boreline-delivery')).toBe('41');
    expect(mail.attachments.map((a) => [a.filename, a.contentType, a.content.equals(PNG)])).toEqual([['Metro M4 Milano – 2026-11-25.png', 'image/png', true]]);

    await mailer.email(context('zh_CN'), ['pm@site.test']);
    expect(received[1]?.mail.text).toContain('附件为 Metro M4 Milano（TBM-07）截至 26/11/2026 07:00（Europe/Rome）的报表“Riepilogo del mattino”（班报与日报汇总）');
  });

  it('throws the server’s reply when it refuses the recipients', async () => {
    const refused = await failure(channels(refusingUrl).email(context('en_US'), ['pm@gone.test']));
    expect(refused.message).toMatch(/^550 5\.1\.1 <pm@gone\.test>: no such mailbox/);
  });

  it('throws, naming the address, when one recipient of several is refused', async () => {
    const refused = await failure(channels(refusingUrl).email(context('en_US'), ['pm@site.test', 'old@gone.test']));
    expect(refused.message).toMatch(/^old@gone\.test: 550 5\.1\.1 <old@gone\.test>: no such mailbox/);
  });

  it('gives up on a server that never answers, within the time limit', async () => {
    const started = Date.now();
    const timedOut = await failure(channels(silentUrl, 800).email(context('en_US'), ['pm@site.test']));
    expect(timedOut.message).toBe('deliveryChannels.error.timeout');
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('says the server cannot be reached, and that no SMTP server is configured', async () => {
    const closed = new SMTPServer({ logger: false });
    const url = await listen(closed);
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    expect((await failure(channels(url).email(context('en_US'), ['pm@site.test']))).message).toBe('deliveryChannels.error.unreachable');

    const none = channels(null);
    expect(none.emailConfigured).toBe(false);
    expect((await failure(none.email(context('en_US'), ['pm@site.test']))).message).toBe('deliveryChannels.error.emailNotConfigured');
  });
});
