import { type Language, LIMITS, RESULT_CODE, type subscriptionContract, toolPagesContract } from '@boreline/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../../core/errors.js';
import { DAY_MS, localDateOf } from '../../../core/timeZone.js';
import type { FilesService } from '../../files/index.js';
import { consoleSession } from '../../messages/index.js';
import type { RunRow, RunScope } from '../../project/index.js';
import type { DeliveryChannels, DeliveryContext, ToolRenderer } from '../ports.js';
import { nextDueAfter, type ScheduleClock, toolParamsAt } from './schedule.js';
import type { DeliveryRow, SubscriptionRow, SubscriptionsRepo } from './subscriptions.repo.js';

type ChannelName = subscriptionContract.ChannelName;
type DeliveryState = subscriptionContract.DeliveryState;

/** One channel's outcome of a delivery, as stored (JSON) and answered. */
export interface ChannelOutcome {
  channel: ChannelName;
  state: 'pending' | 'sent' | 'failed';
  attempts: number;
  error: string | null;
  at: number | null;
}

/** How long an instance holds a delivery it works: a render and every channel's time limit, with room. */
export const DELIVERY_LEASE_MS = LIMITS.renderTimeoutMs + 3 * LIMITS.deliveryChannelTimeoutMs + 3 * 60_000;
const BATCH = 50;
const REASON_MAX = 1_000;

export const scheduleOf = (row: Pick<SubscriptionRow, 'schedule_kind' | 'schedule_time'>): subscriptionContract.Schedule =>
  row.schedule_kind === 'shift' ? { kind: 'shift' } : { kind: row.schedule_kind === 'weekly' ? 'weekly' : 'daily', time: row.schedule_time ?? '00:00' };

export const emailsOf = (row: Pick<SubscriptionRow, 'emails'>): string[] => {
  const parsed: unknown = JSON.parse(row.emails);
  return Array.isArray(parsed) ? parsed.filter((e): e is string => typeof e === 'string') : [];
};

export function parseChannels(text: string): ChannelOutcome[] {
  const parsed: unknown = JSON.parse(text);
  return Array.isArray(parsed) ? (parsed as ChannelOutcome[]) : [];
}

/** The channels a new delivery goes through: those the subscription has now. */
export function channelsOf(row: SubscriptionRow): ChannelOutcome[] {
  const names: ChannelName[] = [];
  if (row.channel_message === 1) names.push('message');
  if (emailsOf(row).length > 0) names.push('email');
  if (row.webhook_url !== null) names.push('webhook');
  return names.map((channel) => ({ channel, state: 'pending', attempts: 0, error: null, at: null }));
}

/** A new delivery of a subscription for a due time, waiting to be worked from `now`. */
export const newDelivery = (sub: SubscriptionRow, dueAt: number, trigger: 'schedule' | 'manual', now: number) => ({
  subscription_id: sub.id,
  due_at: dueAt,
  trigger,
  state: 'pending' as const,
  attempts: 0,
  next_attempt_at: now,
  claimed_until: null,
  file_id: null,
  file_name: null,
  error: null,
  channels: JSON.stringify(channelsOf(sub)),
  created_at: now,
  finished_at: null,
});

/** What a failure is logged as: a message key the product gave, or the far side's own words. */
export function reasonOf(error: unknown): string {
  if (error instanceof AppError) return error.messageKey;
  const text = error instanceof Error ? error.message : String(error);
  return (text || 'error').slice(0, REASON_MAX);
}

/** The wait before try `attempts + 1` (null: that was the last try). */
const retryDelay = (attempts: number): number | null => LIMITS.deliveryRetryDelaysMs[attempts - 1] ?? null;

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new AppError(RESULT_CODE.business, 504, 'delivery.error.timeout')), ms);
    timer.unref();
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

export interface DeliveryWorkerDeps {
  repo: SubscriptionsRepo;
  runs: { find(runId: number): Promise<RunRow | undefined> };
  runScope: RunScope;
  /** The run's zone and shift plan. */
  clockOf(run: RunRow): Promise<ScheduleClock>;
  /** The language a run's deliveries speak when the subscription names none. */
  languageOf(run: RunRow): Language;
  files: FilesService;
  renderer: ToolRenderer;
  channels: DeliveryChannels;
  now: () => number;
  log: FastifyBaseLogger;
}

/**
 * The delivery job's work (ARCHITECTURE.md §5 runs it once per due time across instances):
 * 1. every enabled subscription whose due time has come gets one delivery row for that due time
 *    (unique, so a second pass or instance inserts nothing) and its next due time after now — due
 *    times missed while the server was down are skipped, one catch-up delivery stands for them;
 * 2. pending deliveries are taken one by one with a lease (`claimed_until`, one conditional
 *    statement): rendered once as their owner (who must still read the run and the tool), stored
 *    as a file of the delivery, and sent through each channel still pending; a failure is tried
 *    again after `LIMITS.deliveryRetryDelaysMs`, then logged as failed;
 * 3. the log older than `LIMITS.deliveryLogDays` goes, with its files.
 * A manual send works its delivery at once through the same code (`kick`).
 */
export class DeliveryWorker {
  private readonly inflight = new Set<Promise<unknown>>();
  private readonly abort = new AbortController();

  constructor(private readonly deps: DeliveryWorkerDeps) {}

  /** One pass of the job at `now`; answers how many deliveries it created, worked or purged. */
  async pass(now: number, signal: AbortSignal = this.abort.signal): Promise<number> {
    const scheduled = await this.schedule(now, signal);
    const worked = await this.work(now, signal);
    const purged = await this.purge(now, signal);
    return scheduled + worked + purged;
  }

  /** Works one delivery now, in the background (a manual send); `idle()` waits for it. */
  kick(deliveryId: number): void {
    if (this.abort.signal.aborted) return;
    const job = this.work(this.deps.now(), this.abort.signal, deliveryId)
      .catch((error: unknown) => this.deps.log.warn({ err: error, deliveryId }, 'delivery: immediate pass failed'))
      .finally(() => this.inflight.delete(job));
    this.inflight.add(job);
  }

  /** Resolves when the background passes started so far have ended. */
  async idle(): Promise<void> {
    while (this.inflight.size > 0) await Promise.allSettled([...this.inflight]);
  }

  /** No new background pass; those running are told to stop and awaited (server stop). */
  async close(): Promise<void> {
    this.abort.abort();
    await this.idle();
  }

  private async schedule(now: number, signal: AbortSignal): Promise<number> {
    const { repo } = this.deps;
    const clocks = new Map<number, ScheduleClock | null>();
    let created = 0;
    for (const sub of await repo.due(now, 500)) {
      if (signal.aborted) break;
      const dueAt = sub.next_due_at;
      if (dueAt === null) continue;
      try {
        if (!clocks.has(sub.run_id)) {
          const run = await this.deps.runs.find(sub.run_id);
          clocks.set(sub.run_id, run ? await this.deps.clockOf(run) : null);
        }
        const clock = clocks.get(sub.run_id);
        if (!clock) continue;
        const id = await repo.insertDelivery(newDelivery(sub, dueAt, 'schedule', now));
        if (id !== null) created += 1;
        // From now, not from the due time: times missed meanwhile are skipped (the one above stands for them).
        await repo.advance(sub.id, dueAt, nextDueAfter(scheduleOf(sub), now, clock), now);
      } catch (error: unknown) {
        this.deps.log.warn({ err: error, subscriptionId: sub.id }, 'delivery: a subscription could not be scheduled');
      }
    }
    return created;
  }

  private async work(now: number, signal: AbortSignal, only?: number): Promise<number> {
    let worked = 0;
    for (const id of await this.deps.repo.workable(now, BATCH, only)) {
      if (signal.aborted) break;
      const lease = now + DELIVERY_LEASE_MS;
      if (!(await this.deps.repo.claim(id, now, lease))) continue;
      try {
        await this.deliver(id, now, lease);
        worked += 1;
      } catch (error: unknown) {
        this.deps.log.warn({ err: error, deliveryId: id }, 'delivery: working a delivery failed; the next pass tries again');
        await this.deps.repo.settle(id, lease, { claimed_until: null }).catch(() => undefined);
      }
    }
    return worked;
  }

  /** Whether the subscription's owner may still read its run and its tool. */
  private async ownerMayRead(sub: SubscriptionRow): Promise<boolean> {
    const owner = await this.deps.repo.owner(sub.user_id);
    if (!owner || owner.enabled !== 1) return false;
    const session = consoleSession(owner);
    const tool = sub.tool as toolPagesContract.ToolPage;
    try {
      await this.deps.runScope.require(session, sub.run_id, 'report.subscription.write');
      await this.deps.runScope.require(session, sub.run_id, toolPagesContract.TOOL_READ_CODE[tool]);
      return true;
    } catch (error: unknown) {
      if (error instanceof AppError && error.code === RESULT_CODE.forbidden) return false;
      throw error;
    }
  }

  private async deliver(id: number, now: number, lease: number): Promise<void> {
    const { repo, files } = this.deps;
    const delivery = await repo.findDelivery(id);
    const sub = delivery ? await repo.find(delivery.subscription_id) : undefined;
    const run = sub ? await this.deps.runs.find(sub.run_id) : undefined;
    if (!delivery || !sub || !run) return;
    const outcomes = parseChannels(delivery.channels);
    const attempts = delivery.attempts + 1;
    const giveUp = (key: string, error: string): Promise<boolean> =>
      repo.settle(id, lease, {
        attempts,
        state: 'failed',
        error,
        next_attempt_at: null,
        finished_at: now,
        claimed_until: null,
        channels: JSON.stringify(outcomes.map((o) => (o.state === 'pending' ? { ...o, state: 'failed', error: key, at: now } : o))),
      });

    // A subscriber who lost the run or the tool gets nothing more: a clear, final failure.
    if (!(await this.ownerMayRead(sub))) {
      await giveUp('delivery.error.ownerNoAccess', 'delivery.error.ownerNoAccess');
      return;
    }

    const tool = sub.tool as toolPagesContract.ToolPage;
    const format = sub.format === 'pdf' ? 'pdf' : 'png';
    const language = (sub.lang as Language | null) ?? this.deps.languageOf(run);
    const clock = await this.deps.clockOf(run);
    const params = toolParamsAt(tool, scheduleOf(sub), delivery.due_at, clock);
    const date = params.date ?? localDateOf(delivery.due_at, run.time_zone);
    /** Renders the page in a format and keeps it as a file of the delivery. */
    const renderAndStore = async (as: 'png' | 'pdf') => {
      const rendered = await this.deps.renderer.render({ userId: sub.user_id, runId: run.id, tool, format: as, size: sub.size === 'a4' ? 'a4' : 'phone', lang: sub.lang as Language | null, params });
      const name = fileNameOf(sub.name, date, params.shiftNo, as);
      const stored = await files.put(
        (async function* () {
          yield rendered.bytes;
        })(),
        { purpose: 'reportRender', runId: run.id, uploaderId: sub.user_id, name },
      );
      await files.attach([stored.id], { kind: 'reportDelivery', id }, { runId: run.id });
      return { stored, name, bytes: rendered.bytes };
    };
    let file = delivery.file_id ? await files.find(delivery.file_id) : undefined;
    let bytes: Buffer | null = null;
    if (!file) {
      try {
        const { stored, name, bytes: rendered } = await renderAndStore(format);
        await repo.settle(id, lease, { file_id: stored.id, file_name: name, error: null });
        file = stored;
        bytes = rendered;
      } catch (error: unknown) {
        // The render is tried again like a channel; after the last try nothing was sent.
        const reason = reasonOf(error);
        const delay = retryDelay(attempts);
        if (delay === null) await giveUp('delivery.error.notRendered', reason);
        else await repo.settle(id, lease, { attempts, error: reason, next_attempt_at: now + delay, claimed_until: null });
        return;
      }
    }
    bytes ??= await readAll(files.open(file).body);
    const stored = file;
    // The message centre shows a picture: a PDF delivery's message gets a PNG of the same page.
    const picture = async (): Promise<{ id: string; name: string }> => {
      if (format === 'png') return { id: stored.id, name: stored.name || (delivery.file_name ?? '') };
      const png = await renderAndStore('png');
      return { id: png.stored.id, name: png.name };
    };

    const context: DeliveryContext = {
      deliveryId: id,
      dueAt: delivery.due_at,
      subscription: { id: sub.id, name: sub.name, userId: sub.user_id, runId: run.id, tool, format, language },
      run: { runId: run.id, projectName: run.project_name, tbmCode: run.tbm_code, timeZone: run.time_zone },
      file: { id: file.id, name: file.name || (delivery.file_name ?? ''), contentType: format === 'pdf' ? 'application/pdf' : 'image/png', bytes },
      picture,
    };
    const emails = emailsOf(sub);
    for (const outcome of outcomes) {
      if (outcome.state !== 'pending') continue;
      const send = this.sender(outcome.channel, context, sub, emails);
      if (send === null) {
        Object.assign(outcome, { state: 'failed', error: 'delivery.error.channelRemoved', at: now });
        continue;
      }
      outcome.attempts += 1;
      outcome.at = now;
      try {
        await withTimeout(send(), LIMITS.deliveryChannelTimeoutMs + 5_000);
        outcome.state = 'sent';
        outcome.error = null;
      } catch (error: unknown) {
        outcome.error = reasonOf(error);
        if (retryDelay(outcome.attempts) === null) outcome.state = 'failed';
      }
    }
    const pending = outcomes.filter((o) => o.state === 'pending');
    const state: DeliveryState =
      pending.length > 0 ? 'pending' : outcomes.every((o) => o.state === 'sent') ? 'sent' : outcomes.some((o) => o.state === 'sent') ? 'partial' : 'failed';
    const nextDelay = pending.length > 0 ? retryDelay(Math.min(...pending.map((o) => o.attempts))) : null;
    await repo.settle(id, lease, {
      attempts,
      state,
      error: null,
      channels: JSON.stringify(outcomes),
      next_attempt_at: nextDelay === null ? null : now + nextDelay,
      finished_at: state === 'pending' ? null : now,
      claimed_until: null,
    });
  }

  /** The call of a channel, or null when the subscription no longer has it. */
  private sender(channel: ChannelName, context: DeliveryContext, sub: SubscriptionRow, emails: readonly string[]): (() => Promise<void>) | null {
    const { channels } = this.deps;
    if (channel === 'message') return sub.channel_message === 1 ? () => channels.message(context) : null;
    if (channel === 'email') return emails.length > 0 ? () => channels.email(context, emails) : null;
    const url = sub.webhook_url;
    const secret = sub.webhook_secret;
    return url !== null && secret !== null ? () => channels.webhook(context, url, secret) : null;
  }

  /** Deliveries older than the log keeps, with their files. */
  private async purge(now: number, signal: AbortSignal): Promise<number> {
    let purged = 0;
    const before = now - LIMITS.deliveryLogDays * DAY_MS;
    for (;;) {
      if (signal.aborted) break;
      const ids = await this.deps.repo.expired(before, 100);
      if (ids.length === 0) break;
      for (const id of ids) await this.deps.files.detachAllOf({ kind: 'reportDelivery', id });
      purged += await this.deps.repo.removeDeliveries(ids);
    }
    return purged;
  }
}

/** "Night report 2026-11-24 #2.png": the subscription's name, the day (and shift) shown. */
export function fileNameOf(name: string, date: string, shiftNo: number | undefined, format: 'png' | 'pdf'): string {
  const base = name.replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ').trim() || 'report';
  return `${base} ${date}${shiftNo === undefined ? '' : ` #${shiftNo}`}.${format}`.slice(0, 200);
}

async function readAll(body: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of body) parts.push(Buffer.from(part));
  return Buffer.concat(parts);
}

export type { DeliveryRow };
