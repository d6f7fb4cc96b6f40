import { createTransport } from 'nodemailer';
import { ChannelError } from './channelError.js';

export interface MailToSend {
  from: string;
  to: readonly string[];
  subject: string;
  text: string;
  attachment: { filename: string; contentType: string; content: Buffer };
  headers: Record<string, string>;
}

interface SmtpFailure {
  code?: string;
  response?: string;
  rejectedErrors?: SmtpFailure[];
  message?: string;
}

/**
 * Sends one e-mail through the SMTP server of `smtpUrl` (smtp:// with STARTTLS when offered, or
 * smtps://; credentials in the URL), over a connection of its own, within `timeoutMs` for the
 * connection, the greeting, each reply and the whole send. A refusal throws the server's reply
 * (`550 5.1.1 <x@y>: no such user`); a recipient refused among others accepted throws too (the
 * log must say the mail did not reach everyone), naming the refused addresses.
 */
export async function sendMail(smtpUrl: string, mail: MailToSend, timeoutMs: number): Promise<void> {
  const transport = createTransport({
    url: smtpUrl,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    dnsTimeout: timeoutMs,
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  try {
    const info = await transport.sendMail({
      from: mail.from,
      to: [...mail.to],
      subject: mail.subject,
      text: mail.text,
      attachments: [{ filename: mail.attachment.filename, contentType: mail.attachment.contentType, content: mail.attachment.content }],
      headers: mail.headers,
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (info.rejected.length > 0) {
      const replies = (info as { rejectedErrors?: SmtpFailure[] }).rejectedErrors?.map((e) => e.response).filter(Boolean) ?? [];
      throw new ChannelError(`${info.rejected.join(', ')}: ${replies[0] ?? 'refused'}`);
    }
  } catch (error) {
    throw smtpError(error);
  } finally {
    transport.close();
  }
}

function smtpError(error: unknown): ChannelError {
  if (error instanceof ChannelError) return error;
  const failure = (typeof error === 'object' && error !== null ? error : {}) as SmtpFailure;
  const detail = failure.message ?? String(error);
  // The server said no: its own words.
  if (failure.response) return new ChannelError(failure.response, detail);
  if (failure.code === 'ETIMEDOUT' || failure.code === 'EABORT') return ChannelError.key('deliveryChannels.error.timeout', detail);
  if (failure.code === 'ECONNECTION' || failure.code === 'ESOCKET' || failure.code === 'EDNS' || failure.code === 'ETLS') return ChannelError.key('deliveryChannels.error.unreachable', detail);
  return new ChannelError(detail.slice(0, 500), detail);
}
