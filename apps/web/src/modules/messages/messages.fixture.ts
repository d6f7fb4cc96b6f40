import type { messagesContract } from '@boreline/contracts';
import { screen } from '@testing-library/react';
import type { Message, MessageType } from './messageTypes.js';

/** Unread counts as the server sends them: every type present. */
export function counts(byType: Partial<Record<MessageType, number>> = {}): messagesContract.UnreadCounts {
  const full: Record<MessageType, number> = {
    maintenanceReminder: byType.maintenanceReminder ?? 0,
    componentAlarm: byType.componentAlarm ?? 0,
    monitoringAlarm: byType.monitoringAlarm ?? 0,
    stockWarning: byType.stockWarning ?? 0,
    announcement: byType.announcement ?? 0,
    system: byType.system ?? 0,
    report: byType.report ?? 0,
  };
  return { total: Object.values(full).reduce((sum, n) => sum + n, 0), byType: full };
}

const TYPE_NAMES: Record<MessageType, string> = {
  maintenanceReminder: 'Maintenance reminder',
  componentAlarm: 'Component alarm',
  monitoringAlarm: 'Monitoring alarm',
  stockWarning: 'Stock warning',
  announcement: 'Announcement',
  system: 'System message',
  report: 'Delivered report',
};

/** 14 Nov 2026 07:30 UTC: 08:30 in Milan, 15:30 in Wuhan. */
export const AT = Date.UTC(2026, 10, 14, 7, 30);

/** A message of the Milan run (run 1) unless told otherwise. */
export function message(id: number, type: MessageType, patch: Partial<Message> = {}): Message {
  return {
    id,
    type,
    typeName: TYPE_NAMES[type],
    runId: 1,
    projectName: 'Metro M4 Lot 3 – San Babila',
    tbmCode: 'S-1125',
    title: `${TYPE_NAMES[type]} ${id}`,
    text: null,
    object: null,
    at: AT,
    createdAt: AT,
    read: false,
    readAt: null,
    ...patch,
  };
}

/** The confirmation dialog showing `title` (antd's test ids leave dialogs without a computed name). */
export async function confirmDialog(title: string): Promise<HTMLElement> {
  const dialog = (await screen.findByText(title, {}, { timeout: 5_000 })).closest<HTMLElement>('.ant-modal');
  if (!dialog) throw new Error(`no dialog ${title}`);
  return dialog;
}
