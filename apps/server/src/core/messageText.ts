import type { Language, messagesContract } from '@boreline/contracts';
import { type MessageKey, translate } from '@boreline/i18n';
import { localeOf, t } from './i18n.js';

type MessageParams = messagesContract.MessageParams;
type MessageType = messagesContract.MessageType;

const TYPE_NAME_KEYS: Record<MessageType, MessageKey> = {
  maintenanceReminder: 'messages.type.maintenanceReminder',
  componentAlarm: 'messages.type.componentAlarm',
  monitoringAlarm: 'messages.type.monitoringAlarm',
  stockWarning: 'messages.type.stockWarning',
  announcement: 'messages.type.announcement',
  system: 'messages.type.system',
  report: 'messages.type.report',
};

/** The name of a message type in a language. */
export const messageTypeName = (language: Language, type: MessageType): string => t(language, TYPE_NAME_KEYS[type]);

/**
 * A message-centre text in a reader's language: its key with parameters, where a parameter that
 * is itself a key (a tag's name, a maintenance cycle) is rendered first, in the same language.
 * Shared by the message lists and the message server, which renders per socket.
 */
export function renderMessageText(language: Language, key: string, params: MessageParams): string {
  const locale = localeOf(language);
  const render = (k: string, p: MessageParams): string => {
    const flat: Record<string, string | number> = {};
    for (const [name, value] of Object.entries(p)) flat[name] = typeof value === 'object' ? render(value.key, value.params ?? {}) : value;
    return translate(locale, k, flat);
  };
  return render(key, params);
}

/** A message as stored (or as it travels between instances), before it is rendered for a reader. */
export interface StoredMessage {
  id: number;
  type: MessageType;
  runId: number | null;
  projectName: string | null;
  tbmCode: string | null;
  content: messagesContract.MessageContent;
  object: messagesContract.MessageObject | null;
  at: number;
  createdAt: number;
  readAt: number | null;
}

/** The file a message carries: a delivered report's picture, named by its parameters. */
function fileOf(m: StoredMessage): { id: string; name: string } | null {
  if (m.object?.kind !== 'reportDelivery') return null;
  const { fileId, fileName } = m.content.params;
  return typeof fileId === 'string' && typeof fileName === 'string' ? { id: fileId, name: fileName } : null;
}

/** The message as its reader sees it, with explicit fields (the lists and the personal channel alike). */
export function presentMessage(language: Language, m: StoredMessage): messagesContract.Message {
  const file = fileOf(m);
  return {
    id: m.id,
    type: m.type,
    typeName: messageTypeName(language, m.type),
    runId: m.runId,
    projectName: m.projectName,
    tbmCode: m.tbmCode,
    title: renderMessageText(language, m.content.key, m.content.params),
    text: m.content.text,
    object: m.object,
    ...(file ? { file } : {}),
    at: m.at,
    createdAt: m.createdAt,
    read: m.readAt !== null,
    readAt: m.readAt,
  };
}
