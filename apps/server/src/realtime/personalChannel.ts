import { type Language, messagesContract, type NoticeMessage, type PersonalFrame, type RealtimeTopic } from '@boreline/contracts';
import { z } from 'zod';
import { presentMessage } from '../core/messageText.js';

const { MessageContentSchema, MessageObjectSchema, MessageTypeSchema, UnreadCountsSchema } = messagesContract;

/**
 * What the message centre publishes on the bus for the personal channel: one message (the same for
 * every recipient but for its row id) or none (only the counts changed: the user read messages),
 * and per recipient their row id and their unread counts after it. Every instance delivers it to
 * the sockets of those users only.
 */
export const PersonalBusMessageSchema = z.object({
  type: z.literal('personal'),
  message: z
    .object({
      type: MessageTypeSchema,
      runId: z.number().int().nullable(),
      projectName: z.string().nullable(),
      tbmCode: z.string().nullable(),
      content: MessageContentSchema,
      object: MessageObjectSchema.nullable(),
      at: z.number(),
      createdAt: z.number(),
    })
    .nullable(),
  deliveries: z.array(z.object({ userId: z.number().int(), id: z.number().int().nullable(), unread: UnreadCountsSchema })).min(1),
});
export type PersonalBusMessage = z.infer<typeof PersonalBusMessageSchema>;
export type PersonalDelivery = PersonalBusMessage['deliveries'][number];

/** Run messages of these types also go to the run's topic of the same concern (spec §7's four topics). */
const NOTICE_TOPIC: Partial<Record<messagesContract.MessageType, { topic: Extract<RealtimeTopic, 'maintenance' | 'alarm'>; level: NoticeMessage['level'] }>> = {
  maintenanceReminder: { topic: 'maintenance', level: 'info' },
  componentAlarm: { topic: 'alarm', level: 'warning' },
  monitoringAlarm: { topic: 'alarm', level: 'warning' },
};

/** The run topic a bus message also goes to, if any: `maintenance:<runId>` or `alarm:<runId>`. */
export function noticeTopicOf(bus: PersonalBusMessage): { topic: 'maintenance' | 'alarm'; runId: number } | null {
  const message = bus.message;
  const notice = message ? NOTICE_TOPIC[message.type] : undefined;
  if (!message || !notice || message.runId === null) return null;
  return { topic: notice.topic, runId: message.runId };
}

/** The frame of the personal channel for one recipient, in their socket's language. */
export function personalFrame(bus: PersonalBusMessage, delivery: PersonalDelivery, language: Language): PersonalFrame {
  if (!bus.message || delivery.id === null) return { type: 'unread', unread: delivery.unread };
  return { type: 'message', message: presentMessage(language, { ...bus.message, id: delivery.id, readAt: null }), unread: delivery.unread };
}

/** The notice on the run's topic for one recipient subscribed to it, in their socket's language. */
export function noticeFrame(bus: PersonalBusMessage, delivery: PersonalDelivery, language: Language): NoticeMessage | null {
  const message = bus.message;
  const notice = message ? NOTICE_TOPIC[message.type] : undefined;
  if (!message || !notice || message.runId === null || delivery.id === null) return null;
  const shown = presentMessage(language, { ...message, id: delivery.id, readAt: null });
  return {
    type: notice.topic,
    runId: message.runId,
    at: message.at,
    level: notice.level,
    title: shown.title,
    body: { messageId: delivery.id, messageType: message.type, typeName: shown.typeName, text: shown.text, object: shown.object, unread: delivery.unread },
  };
}
