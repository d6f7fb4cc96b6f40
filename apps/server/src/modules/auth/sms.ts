import type { FastifyBaseLogger } from 'fastify';
import type { AuthRepo } from './auth.repo.js';

/** Delivers text messages. A gateway adapter implements this for production SMS. */
export interface SmsSender {
  send(phone: string, text: string): Promise<void>;
}

/**
 * The embedded default: messages go to the outbox table (readable by administrators) and to the
 * log, never to an HTTP response.
 */
export class OutboxSmsSender implements SmsSender {
  constructor(
    private readonly repo: AuthRepo,
    private readonly log: FastifyBaseLogger,
  ) {}

  async send(phone: string, text: string): Promise<void> {
    await this.repo.insertSms(phone, text, Date.now());
    this.log.info({ phone, text }, 'SMS written to the outbox');
  }
}
