import { messagesContract, type ResourceCode } from '@boreline/contracts';
import type { MessageKey } from '@boreline/i18n';

export type Message = messagesContract.Message;
export type MessageType = messagesContract.MessageType;
export type RunScreenType = messagesContract.RunScreenType;
export const MESSAGE_TYPES = messagesContract.MESSAGE_TYPES;

/** A type's name in the reader's language (the server sends `typeName` with each message; filters need them before any arrives). */
export const TYPE_LABELS: Record<MessageType, MessageKey> = {
  maintenanceReminder: 'messages.type.maintenanceReminder',
  componentAlarm: 'messages.type.componentAlarm',
  monitoringAlarm: 'messages.type.monitoringAlarm',
  stockWarning: 'messages.type.stockWarning',
  announcement: 'messages.type.announcement',
  system: 'messages.type.system',
  report: 'messages.type.report',
};

/** Each type's colour (antd preset names): alarms red, reminders blue, stock gold, the rest calm. */
export const TYPE_COLOURS: Record<MessageType, string> = {
  maintenanceReminder: 'blue',
  componentAlarm: 'red',
  monitoringAlarm: 'volcano',
  stockWarning: 'gold',
  announcement: 'green',
  system: 'default',
  report: 'cyan',
};

/** The message list (menu "Message reminder"): every message of the user, for those granted the menu item. */
export const MESSAGE_LIST_PATH = '/fw1/stm_smtce_message';
export const MESSAGE_LIST_RESOURCE = 'menu.messages.reminder' satisfies ResourceCode;
/** The current run's maintenance and alarm messages, tabs of the message list. */
export const RUN_MAINTENANCE_PATH = '/fw1/stm_smtce_message/maintenance';
export const RUN_ALARM_PATH = '/fw1/stm_smtce_message/alarm';

/** Where a message leads: a page of its run, or the message list. */
export interface MessageTarget {
  path: string;
  /** The page's resource: without it the user goes to the message list instead (or stays, without that too). */
  resource: ResourceCode;
  /** The run the page must show (it becomes the current run), null for pages of no run. */
  runId: number | null;
}

const LIST: MessageTarget = { path: MESSAGE_LIST_PATH, resource: MESSAGE_LIST_RESOURCE, runId: null };

/**
 * The page a message is about (spec §2 pages of the run; the paths of their menu items, so the
 * pages answer while they are still "under development"): an alarm or a risk point opens the run's
 * alarms, a maintenance reminder its maintenance, a repair its maintenance management, a stock
 * warning its stock, a delivered report its report subscriptions; announcements, system messages
 * and messages of no run stay in the list.
 */
export function targetOf(message: Pick<Message, 'type' | 'object' | 'runId'>): MessageTarget {
  if (message.runId === null) return LIST;
  const at = (path: string, resource: ResourceCode): MessageTarget => ({ path, resource, runId: message.runId });
  switch (message.object?.kind) {
    case 'alarm':
    case 'riskPoint':
      return at('/fw1/alarm/history_alarm', 'menu.alarms');
    case 'maintenancePlan':
    case 'maintenanceRecord':
      return at('/fw1/maintain/content', 'menu.maintenance.content');
    case 'repairLog':
      return at('/fw1/stm_smtce/dashboard', 'menu.maintenance.management');
    case 'stockPart':
      return at('/fw1/stock/stockCurrent', 'menu.stock');
    case 'reportDelivery':
      // A delivered report: the run's subscriptions, where its delivery log is.
      return at('/fw1/report/subscriptions', 'report.subscription.write');
    default:
      break;
  }
  switch (message.type) {
    case 'componentAlarm':
    case 'monitoringAlarm':
      return at('/fw1/alarm/history_alarm', 'menu.alarms');
    case 'maintenanceReminder':
      return at('/fw1/maintain/content', 'menu.maintenance.content');
    case 'stockWarning':
      return at('/fw1/stock/stockCurrent', 'menu.stock');
    default:
      return LIST;
  }
}

/** The user's own time zone (the browser's), for messages of no run. */
export const userTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;
