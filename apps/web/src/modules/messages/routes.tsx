import { type AppRoute, lazyPage } from '../../core/routing.js';

/** The module's chunks, reached through one import (see pages.ts). */
export const loadMessages = () => import('./pages.js');
const pages = loadMessages;

/**
 * The message reminder (spec §2 stm_smtce_message): the user's messages of every type, under the
 * menu item's resource like every menu page (the bell serves everyone else), and the current
 * project's maintenance and alarm messages, under the code their calls ask.
 */
export const messagesRoutes: AppRoute[] = [
  {
    path: 'stm_smtce_message',
    handle: { name: 'messageReminder', resource: 'menu.messages.reminder', title: 'shell.menu.messageReminder' },
    lazy: lazyPage(async () => (await pages()).loadReminderListPage(), (m) => m.ReminderListPage),
  },
  {
    path: 'stm_smtce_message/maintenance',
    handle: { name: 'messageReminderMaintenance', resource: 'maintenance.message.read', title: 'shell.menu.messageReminder' },
    lazy: lazyPage(async () => (await pages()).loadRunMessagesPage(), (m) => m.MaintenanceMessagesPage),
  },
  {
    path: 'stm_smtce_message/alarm',
    handle: { name: 'messageReminderAlarm', resource: 'maintenance.message.read', title: 'shell.menu.messageReminder' },
    lazy: lazyPage(async () => (await pages()).loadRunMessagesPage(), (m) => m.AlarmMessagesPage),
  },
];
