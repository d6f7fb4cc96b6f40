import { createHmac, randomBytes } from 'node:crypto';
import { endpointUrl, LIMITS, subscriptionContract } from '@boreline/contracts';
import type { MessageKey } from '@boreline/i18n';
import type { FastifyBaseLogger } from 'fastify';
import { hashToken } from '../../../core/auth.js';
import type { MessageCentre } from '../../messages/index.js';
import type { DeliveryChannels, DeliveryContext } from '../ports.js';
import { joinUrl } from '../render/index.js';
import { ChannelError } from './channelError.js';
import type { DeliveryLinksRepo } from './deliveryLinks.repo.js';
import { sendMail } from './mail.js';
import { emailTexts, TOOL_NAME_KEYS, webhookText } from './texts.js';
import { type Resolver, systemResolver, WebhookGuard } from './webhookGuard.js';
import { postToWebhook } from './webhookPost.js';

type WebhookPayload = subscriptionContract.WebhookPayload;

export const SIGNATURE_HEADER = 'X-Boreline-Signature';
export const DELIVERY_HEADER = 'X-Boreline-Delivery';

export interface ChannelsDeps {
  messages: Pick<MessageCentre, 'send'>;
  links: DeliveryLinksRepo;
  delivery: { smtpUrl: string | null; mailFrom: string; webhookAllowPrivate: boolean };
  /** Where the webhook's file links point: the public address, else this server's own. */
  linkBase: () => string;
  now: () => number;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  /** One e-mail's or webhook call's time limit. */
  timeoutMs?: number;
  resolve?: Resolver;
}

/** `sha256=<hex>`: the HMAC-SHA256 of the exact body with the subscription's secret. */
export const signBody = (body: string, secret: string): string => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

/** Message parameters are short texts: a longer one (a project's name) is cut. */
const param = (text: string): string => (text.length > 200 ? `${text.slice(0, 199)}…` : text);

/**
 * The three ways a delivery reaches people (ports.ts `DeliveryChannels`): the owner's message
 * centre (the file's id in the message), e-mail with the file attached, and a signed webhook post
 * with a link that downloads the file without signing in. Each throws a `ChannelError` saying why.
 */
export class DeliveryChannelsService implements DeliveryChannels {
  readonly emailConfigured: boolean;
  readonly webhookAllowPrivate: boolean;
  private readonly guard: WebhookGuard;
  private readonly timeoutMs: number;

  constructor(private readonly deps: ChannelsDeps) {
    this.emailConfigured = deps.delivery.smtpUrl !== null;
    this.webhookAllowPrivate = deps.delivery.webhookAllowPrivate;
    this.guard = new WebhookGuard(deps.delivery.webhookAllowPrivate, deps.resolve ?? systemResolver);
    this.timeoutMs = deps.timeoutMs ?? LIMITS.deliveryChannelTimeoutMs;
  }

  async message(context: DeliveryContext): Promise<void> {
    const key: MessageKey = subscriptionContract.DELIVERY_MESSAGE_KEY;
    const picture = await context.picture();
    await this.deps.messages.send({
      type: 'report',
      userIds: [context.subscription.userId],
      runId: context.run.runId,
      key,
      params: {
        name: param(context.subscription.name),
        project: param(context.run.projectName),
        tool: { key: TOOL_NAME_KEYS[context.subscription.tool] },
        fileId: picture.id,
        fileName: param(picture.name),
      },
      object: { kind: 'reportDelivery', id: context.deliveryId },
      // A retry after a message that did land (the job stopped before noting it) writes no second one.
      dedupeKey: `reportDelivery:${context.deliveryId}`,
    });
  }

  async email(context: DeliveryContext, to: readonly string[]): Promise<void> {
    const smtpUrl = this.deps.delivery.smtpUrl;
    if (smtpUrl === null) throw ChannelError.key('deliveryChannels.error.emailNotConfigured');
    if (to.length === 0) return;
    const texts = emailTexts(context);
    const started = performance.now();
    await sendMail(
      smtpUrl,
      {
        from: this.deps.delivery.mailFrom,
        to,
        ...texts,
        attachment: { filename: context.file.name, contentType: context.file.contentType, content: context.file.bytes },
        headers: { [DELIVERY_HEADER]: String(context.deliveryId) },
      },
      this.timeoutMs,
    );
    this.deps.log.info({ deliveryId: context.deliveryId, recipients: to.length, ms: Math.round(performance.now() - started) }, 'delivery: e-mail sent');
  }

  async webhook(context: DeliveryContext, url: string, secret: string): Promise<void> {
    // Checked again now (the host may resolve elsewhere than when it was saved); the call goes to the address checked.
    const target = await this.guard.check(url);
    const fileUrl = await this.fileLink(context.deliveryId);
    const payload: WebhookPayload = {
      event: subscriptionContract.WebhookPayloadSchema.shape.event.value,
      deliveryId: context.deliveryId,
      subscription: { id: context.subscription.id, name: context.subscription.name },
      run: { runId: context.run.runId, projectName: context.run.projectName, tbmCode: context.run.tbmCode },
      tool: context.subscription.tool,
      format: context.subscription.format,
      dueAt: context.dueAt,
      fileUrl,
      fileName: context.file.name,
      text: webhookText(context, fileUrl),
    };
    const body = JSON.stringify(payload);
    const status = await postToWebhook(target, body, { [SIGNATURE_HEADER]: signBody(body, secret), [DELIVERY_HEADER]: String(context.deliveryId) }, this.timeoutMs);
    if (status < 200 || status >= 300) throw new ChannelError(`HTTP ${status}`);
    this.deps.log.info({ deliveryId: context.deliveryId, status }, 'delivery: webhook called');
  }

  async checkWebhookUrl(url: string): Promise<void> {
    await this.guard.check(url);
  }

  /** A link that downloads the delivery's file without signing in, valid LIMITS.deliveryLinkTtlMs. */
  private async fileLink(deliveryId: number): Promise<string> {
    const token = `dl${randomBytes(32).toString('base64url')}`;
    const now = this.deps.now();
    await this.deps.links.insert({ tokenHash: hashToken(token), deliveryId, now, expiresAt: now + LIMITS.deliveryLinkTtlMs });
    await this.deps.links.purge(now);
    return joinUrl(this.deps.linkBase(), `${endpointUrl(subscriptionContract.deliveryFile)}?token=${token}`);
  }
}
