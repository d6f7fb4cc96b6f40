import { z } from 'zod';
import { defineEndpoint } from '../../core/endpoint.js';
import { pageOf, PageQuerySchema } from '../../core/pagination.js';
import { EmailSchema, PositiveIdSchema, requiredText, WallTimeSchema } from '../../core/primitives.js';
import { LIMITS } from '../../limits.js';
import { RunIdSchema } from '../project/project.contract.js';
import { RenderFormatSchema, ToolLanguageSchema, ToolPageSchema, ToolSizeSchema } from './toolPages.contract.js';

/**
 * Report subscriptions: a user has a tool page of a run rendered and delivered by itself — after
 * every shift, daily at a local time of the run's zone, or weekly on Monday — to the message
 * centre (the picture attached), to e-mail addresses (through the installation's SMTP server) and
 * to a webhook (a JSON post with the file's link, signed with the subscription's secret).
 *
 * Each due time is delivered once across instances; a channel that fails is tried again
 * (LIMITS.deliveryRetryDelaysMs) and then logged as failed. Subscriptions are their owner's; the
 * owner must still be able to read the run and the tool when a delivery is rendered.
 */

export const SCHEDULE_KINDS = ['shift', 'daily', 'weekly'] as const;
export type ScheduleKind = (typeof SCHEDULE_KINDS)[number];

export const ScheduleSchema = z.discriminatedUnion(
  'kind',
  [
    /** After every shift of the run's shift plan, `LIMITS.deliveryAfterShiftMs` after it ends. */
    z.object({ kind: z.literal('shift') }),
    /** Every day at this local time of the run's zone ("07:30"). */
    z.object({ kind: z.literal('daily'), time: WallTimeSchema }),
    /** Every Monday at this local time. */
    z.object({ kind: z.literal('weekly'), time: WallTimeSchema }),
  ],
  { error: 'validation.invalid' },
);
export type Schedule = z.infer<typeof ScheduleSchema>;

/** Webhook addresses: https (or http where the installation allows it), no credentials in them. */
export const WebhookUrlSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .max(LIMITS.webhookUrlMaxLength, { error: 'validation.maxLength' })
  .refine(
    (v) => {
      try {
        const url = new URL(v);
        return (url.protocol === 'https:' || url.protocol === 'http:') && url.username === '' && url.password === '';
      } catch {
        return false;
      }
    },
    { error: 'delivery.validation.webhookUrl' },
  );

export const ChannelsSchema = z
  .object({
    message: z.boolean({ error: 'validation.invalid' }).default(true),
    emails: z.array(EmailSchema, { error: 'validation.invalid' }).max(LIMITS.deliveryEmailsMax, { error: 'validation.tooMany' }).default([]),
    webhookUrl: WebhookUrlSchema.nullable().default(null),
  })
  .refine((c) => c.message || c.emails.length > 0 || c.webhookUrl !== null, { error: 'delivery.validation.noChannel', path: ['message'] });

export const SubscriptionSaveSchema = z.object({
  /** Absent: a new subscription. */
  id: PositiveIdSchema.optional(),
  runId: RunIdSchema,
  name: requiredText(LIMITS.subscriptionNameMaxLength),
  tool: ToolPageSchema,
  schedule: ScheduleSchema,
  format: RenderFormatSchema.default('png'),
  size: ToolSizeSchema.default('phone'),
  /** Null: the run's language. */
  lang: ToolLanguageSchema.nullable().default(null),
  channels: ChannelsSchema,
  enabled: z.boolean({ error: 'validation.invalid' }).default(true),
  /** Makes a new webhook secret (the old one stops signing at once). */
  rotateSecret: z.boolean().default(false),
});
export type SubscriptionSave = z.input<typeof SubscriptionSaveSchema>;

export const DELIVERY_STATES = ['pending', 'sent', 'partial', 'failed'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];
export const CHANNEL_NAMES = ['message', 'email', 'webhook'] as const;
export type ChannelName = (typeof CHANNEL_NAMES)[number];

export const ChannelOutcomeSchema = z.object({
  channel: z.enum(CHANNEL_NAMES),
  state: z.enum(['pending', 'sent', 'failed']),
  attempts: z.number().int(),
  /** The last failure, as the far side said it (SMTP reply, HTTP status), or a message key. */
  error: z.string().nullable(),
  at: z.number().int().nullable(),
});

export const DeliverySchema = z.object({
  id: z.number().int(),
  subscriptionId: z.number().int(),
  /** The due time it is for (a manual send: when it was asked). */
  dueAt: z.number().int(),
  trigger: z.enum(['schedule', 'manual']),
  state: z.enum(DELIVERY_STATES),
  attempts: z.number().int(),
  /** When the pending channels are tried next; null when nothing is left to do. */
  nextAttemptAt: z.number().int().nullable(),
  /** The rendered file (PNG or PDF), while it is kept. */
  fileId: z.string().nullable(),
  fileName: z.string().nullable(),
  /** What failed before the channels (the render), or null. */
  error: z.string().nullable(),
  channels: z.array(ChannelOutcomeSchema),
  createdAt: z.number().int(),
  finishedAt: z.number().int().nullable(),
});
export type Delivery = z.infer<typeof DeliverySchema>;

export const SubscriptionSchema = z.object({
  id: z.number().int(),
  runId: z.number().int(),
  name: z.string(),
  tool: ToolPageSchema,
  schedule: ScheduleSchema,
  format: RenderFormatSchema,
  size: ToolSizeSchema,
  lang: ToolLanguageSchema.nullable(),
  channels: z.object({ message: z.boolean(), emails: z.array(z.string()), webhookUrl: z.string().nullable() }),
  enabled: z.boolean(),
  /** The next due time; null while disabled. */
  nextDueAt: z.number().int().nullable(),
  /** Shown once: in the answer that created or rotated it. Otherwise null. */
  webhookSecret: z.string().nullable(),
  hasWebhookSecret: z.boolean(),
  lastDelivery: DeliverySchema.nullable(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type Subscription = z.infer<typeof SubscriptionSchema>;

/** How the save's fields are named in its field problems (the rest by their common labels). */
const SAVE_FIELD_LABELS = {
  kind: 'field.schedule',
  time: 'delivery.field.time',
  message: 'field.channels',
  emails: 'delivery.field.emails',
  webhookUrl: 'delivery.field.webhookUrl',
};

export const subscriptionOptions = defineEndpoint({
  id: 'delivery.options',
  base: 'project',
  method: 'GET',
  path: '/u/web/report/subscription/options/v1',
  permission: 'report.subscription.write',
  summary: 'What this installation can deliver: whether a browser renders pictures, whether e-mail is configured, whether webhooks may reach private addresses',
  input: z.object({}),
  output: z.object({ render: z.boolean(), email: z.boolean(), webhookPrivate: z.boolean() }),
});

export const subscriptionList = defineEndpoint({
  id: 'delivery.list',
  base: 'project',
  method: 'GET',
  path: '/u/web/report/subscription/list/v1',
  permission: 'report.subscription.write',
  summary: "The caller's subscriptions of a run, with their last delivery",
  input: z.object({ runId: RunIdSchema }),
  output: z.array(SubscriptionSchema),
});

export const subscriptionSave = defineEndpoint({
  id: 'delivery.save',
  base: 'project',
  method: 'POST',
  path: '/u/web/report/subscription/save/v1',
  permission: 'report.subscription.write',
  summary: `Creates or edits one of the caller's subscriptions (at most ${LIMITS.subscriptionsPerUserRunMax} per run). The tool's read code is needed at the run; e-mail needs a configured SMTP server; a webhook gets a secret, answered once`,
  input: SubscriptionSaveSchema,
  output: SubscriptionSchema,
  fieldLabels: SAVE_FIELD_LABELS,
});

export const subscriptionDelete = defineEndpoint({
  id: 'delivery.delete',
  base: 'project',
  method: 'POST',
  path: '/u/web/report/subscription/delete/v1',
  permission: 'report.subscription.write',
  summary: "Deletes one of the caller's subscriptions with its delivery log and files, permanently",
  input: z.object({ id: PositiveIdSchema }),
  output: z.null(),
});

export const subscriptionSend = defineEndpoint({
  id: 'delivery.send',
  base: 'project',
  method: 'POST',
  path: '/u/web/report/subscription/send/v1',
  permission: 'report.subscription.write',
  summary: 'Delivers one of the caller\'s subscriptions now (as of this moment), through its channels; answers the delivery, which the log then follows',
  input: z.object({ id: PositiveIdSchema }),
  output: DeliverySchema,
});

export const subscriptionDeliveries = defineEndpoint({
  id: 'delivery.log',
  base: 'project',
  method: 'GET',
  path: '/u/web/report/subscription/deliveries/v1',
  permission: 'report.subscription.write',
  summary: `The delivery log of one of the caller's subscriptions, newest first (kept ${LIMITS.deliveryLogDays} days)`,
  input: PageQuerySchema.extend({ id: PositiveIdSchema }),
  output: pageOf(DeliverySchema),
});

/** The JSON a webhook receives; header `X-Boreline-Signature: sha256=<hex HMAC of the body>`. */
export const WebhookPayloadSchema = z.object({
  event: z.literal('reportDelivered'),
  deliveryId: z.number().int(),
  subscription: z.object({ id: z.number().int(), name: z.string() }),
  run: z.object({ runId: z.number().int(), projectName: z.string(), tbmCode: z.string() }),
  tool: ToolPageSchema,
  format: RenderFormatSchema,
  dueAt: z.number().int(),
  /** A link that downloads the file without signing in, valid LIMITS.deliveryLinkTtlMs. */
  fileUrl: z.string(),
  fileName: z.string(),
  /** A one-line text for chat tools, in the subscription's language. */
  text: z.string(),
});
export type WebhookPayload = z.infer<typeof WebhookPayloadSchema>;
export const WEBHOOK_SIGNATURE_HEADER = 'x-boreline-signature';

export const deliveryFile = defineEndpoint({
  id: 'delivery.file',
  base: 'project',
  method: 'GET',
  path: '/g/web/report/delivery/file/v1',
  permission: 'public',
  summary: `The file of a delivery through the link a webhook received (valid ${LIMITS.deliveryLinkTtlMs / 86_400_000} days, stored as its SHA-256); an unknown or expired link, or a deleted delivery, answers 404`,
  input: z.object({ token: z.string().min(20).max(200) }),
  output: z.string(),
  response: 'raw',
  rawContentType: 'application/octet-stream',
});

/**
 * The message a delivery leaves in its owner's message centre: type `report`, object
 * `{ kind: 'reportDelivery', id: deliveryId }`, and these parameters beside the text's own
 * (the web shows the picture from `fileId` through the files download call).
 */
export const DELIVERY_MESSAGE_KEY = 'deliveryChannels.message.delivered';

export const subscriptionEndpoints = [subscriptionOptions, subscriptionList, subscriptionSave, subscriptionDelete, subscriptionSend, subscriptionDeliveries, deliveryFile] as const;
