import { randomBytes } from 'node:crypto';
import { type Language, LIMITS, type Page, type subscriptionContract, toolPagesContract } from '@boreline/contracts';
import type { z } from 'zod';
import type { AuthSession } from '../../../core/auth.js';
import { AppError, errors } from '../../../core/errors.js';
import type { FilesService } from '../../files/index.js';
import type { RunRow, RunScope } from '../../project/index.js';
import type { DeliveryChannels, ToolRenderer } from '../ports.js';
import { type DeliveryWorker, emailsOf, newDelivery, parseChannels, scheduleOf } from './deliveryWorker.js';
import { nextDueAfter, type ScheduleClock } from './schedule.js';
import type { DeliveryRow, SubscriptionRow, SubscriptionsRepo } from './subscriptions.repo.js';

type Subscription = subscriptionContract.Subscription;
type Delivery = subscriptionContract.Delivery;
type SaveInput = z.output<typeof subscriptionContract.SubscriptionSaveSchema>;

/** A webhook's signing secret: 256 random bits, shown once. */
const newSecret = (): string => `whsec_${randomBytes(32).toString('base64url')}`;

export function presentDelivery(row: DeliveryRow): Delivery {
  return {
    id: row.id,
    subscriptionId: row.subscription_id,
    dueAt: Number(row.due_at),
    trigger: row.trigger === 'manual' ? 'manual' : 'schedule',
    state: row.state as Delivery['state'],
    attempts: row.attempts,
    nextAttemptAt: row.state === 'pending' && row.next_attempt_at !== null ? Number(row.next_attempt_at) : null,
    fileId: row.file_id,
    fileName: row.file_id === null ? null : row.file_name,
    error: row.error,
    channels: parseChannels(row.channels),
    createdAt: Number(row.created_at),
    finishedAt: row.finished_at === null ? null : Number(row.finished_at),
  };
}

function present(row: SubscriptionRow, last: DeliveryRow | undefined, secretShown: string | null = null): Subscription {
  return {
    id: row.id,
    runId: row.run_id,
    name: row.name,
    tool: row.tool as Subscription['tool'],
    schedule: scheduleOf(row),
    format: row.format === 'pdf' ? 'pdf' : 'png',
    size: row.size === 'a4' ? 'a4' : 'phone',
    lang: row.lang as Language | null,
    channels: { message: row.channel_message === 1, emails: emailsOf(row), webhookUrl: row.webhook_url },
    enabled: row.enabled === 1,
    nextDueAt: row.next_due_at === null ? null : Number(row.next_due_at),
    webhookSecret: secretShown,
    hasWebhookSecret: row.webhook_secret !== null,
    lastDelivery: last ? presentDelivery(last) : null,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

const sameSchedule = (a: subscriptionContract.Schedule, b: subscriptionContract.Schedule): boolean =>
  a.kind === b.kind && (a.kind === 'shift' || (b.kind !== 'shift' && a.time === b.time));

export interface SubscriptionServiceDeps {
  repo: SubscriptionsRepo;
  runScope: RunScope;
  clockOf(run: RunRow): Promise<ScheduleClock>;
  files: FilesService;
  renderer: ToolRenderer;
  channels: DeliveryChannels;
  worker: DeliveryWorker;
  now: () => number;
}

/**
 * Users' report subscriptions (subscription.contract.ts). Each is its owner's: another user's
 * subscription answers as a missing one. Saving needs the subscription code and the tool's read
 * code at the run; e-mail needs a configured SMTP server; a webhook address is checked by the
 * channels (no private addresses unless allowed) and gets a secret, answered once.
 */
export class SubscriptionService {
  constructor(private readonly deps: SubscriptionServiceDeps) {}

  options(): { render: boolean; email: boolean; webhookPrivate: boolean } {
    return { render: this.deps.renderer.available, email: this.deps.channels.emailConfigured, webhookPrivate: this.deps.channels.webhookAllowPrivate };
  }

  async list(session: AuthSession, runId: number): Promise<Subscription[]> {
    await this.deps.runScope.require(session, runId, 'report.subscription.write');
    const rows = await this.deps.repo.ofUserRun(session.userId, runId);
    const last = await this.deps.repo.lastDeliveries(rows.map((r) => r.id));
    return rows.map((r) => present(r, last.get(r.id)));
  }

  /** One of the caller's subscriptions at a run the caller still holds the subscription code at. */
  private async own(session: AuthSession, id: number): Promise<SubscriptionRow> {
    const row = await this.deps.repo.find(id);
    if (!row || row.user_id !== session.userId) throw errors.business('delivery.error.notFound');
    await this.deps.runScope.require(session, row.run_id, 'report.subscription.write');
    return row;
  }

  async save(session: AuthSession, input: SaveInput): Promise<Subscription> {
    const { repo, runScope, channels } = this.deps;
    const run = await runScope.require(session, input.runId, 'report.subscription.write');
    let existing: SubscriptionRow | undefined;
    if (input.id !== undefined) {
      existing = await repo.find(input.id);
      if (!existing || existing.user_id !== session.userId || existing.run_id !== run.id) throw errors.business('delivery.error.notFound');
    }
    await runScope.require(session, run.id, toolPagesContract.TOOL_READ_CODE[input.tool]);
    if (!existing && (await repo.countOf(session.userId, run.id)) >= LIMITS.subscriptionsPerUserRunMax) {
      throw errors.business('delivery.error.limit', { max: LIMITS.subscriptionsPerUserRunMax });
    }
    const { emails, webhookUrl, message } = input.channels;
    if (emails.length > 0 && !channels.emailConfigured) throw errors.business('delivery.error.emailNotConfigured');
    if (webhookUrl !== null) {
      try {
        await channels.checkWebhookUrl(webhookUrl);
      } catch (error: unknown) {
        if (error instanceof AppError) throw error;
        throw errors.business('delivery.error.webhookRefused', { reason: error instanceof Error ? error.message.slice(0, 300) : String(error) });
      }
    }
    const now = this.deps.now();
    const secret = webhookUrl === null ? null : !existing?.webhook_secret || input.rotateSecret ? newSecret() : existing.webhook_secret;
    const shown = secret !== null && secret !== existing?.webhook_secret ? secret : null;
    // The next due time stays when nothing it depends on changed (a due delivery is not lost by a rename).
    const kept = existing !== undefined && existing.enabled === 1 && input.enabled && sameSchedule(scheduleOf(existing), input.schedule) ? existing.next_due_at : null;
    const nextDue = !input.enabled ? null : (kept ?? nextDueAfter(input.schedule, now, await this.deps.clockOf(run)));
    const values = {
      name: input.name,
      tool: input.tool,
      schedule_kind: input.schedule.kind,
      schedule_time: input.schedule.kind === 'shift' ? null : input.schedule.time,
      format: input.format,
      size: input.size,
      lang: input.lang,
      channel_message: message ? 1 : 0,
      emails: JSON.stringify([...new Set(emails)]),
      webhook_url: webhookUrl,
      webhook_secret: secret,
      enabled: input.enabled ? 1 : 0,
      next_due_at: nextDue,
      updated_at: now,
    };
    const row = existing ? await repo.update(existing.id, values) : await repo.insert({ ...values, user_id: session.userId, run_id: run.id, created_at: now });
    const last = await repo.lastDeliveries([row.id]);
    return present(row, last.get(row.id), shown);
  }

  /** Deletes one of the caller's subscriptions with its log and the log's files. */
  async remove(session: AuthSession, id: number): Promise<void> {
    const row = await this.own(session, id);
    for (const deliveryId of await this.deps.repo.deliveryIdsOf(row.id)) await this.deps.files.detachAllOf({ kind: 'reportDelivery', id: deliveryId });
    await this.deps.repo.remove(row.id);
  }

  /** A delivery as of now, worked at once in the background (the log follows it). */
  async send(session: AuthSession, id: number): Promise<Delivery> {
    const row = await this.own(session, id);
    await this.deps.runScope.require(session, row.run_id, toolPagesContract.TOOL_READ_CODE[row.tool as toolPagesContract.ToolPage]);
    if (!this.deps.renderer.available) throw errors.business('delivery.error.noRenderer');
    const now = this.deps.now();
    const deliveryId = await this.deps.repo.insertDelivery(newDelivery(row, now, 'manual', now));
    // Two sends within the same millisecond are one delivery.
    const delivery = deliveryId === null ? await this.deps.repo.deliveryAt(row.id, now) : await this.deps.repo.findDelivery(deliveryId);
    if (!delivery) throw errors.business('delivery.error.notFound');
    if (deliveryId !== null) this.deps.worker.kick(deliveryId);
    return presentDelivery(delivery);
  }

  async deliveries(session: AuthSession, input: { id: number; page: number; pageSize: number }): Promise<Page<Delivery>> {
    const row = await this.own(session, input.id);
    const { total, rows } = await this.deps.repo.deliveriesPage(row.id, input.page, input.pageSize);
    return { total, page: input.page, pageSize: input.pageSize, records: rows.map(presentDelivery) };
  }
}
