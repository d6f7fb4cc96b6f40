import { lazyComponent } from '../../core/routing.js';
import { defineWebModule } from '../../core/webModule.js';
import { loadMessages, messagesRoutes } from './routes.js';

/**
 * The message centre's screens: the header bell (live unread count, the newest messages), the
 * message reminder list of every message of the user, and the current project's maintenance and
 * alarm messages. The manifest is in the app's entry: pages and the bell load on first use.
 */
export const messagesModule = defineWebModule({
  name: 'messages',
  routes: { fw1: messagesRoutes },
  menu: [
    { section: 'construction', key: 'messageReminder', label: 'shell.menu.messageReminder', path: '/fw1/stm_smtce_message', resource: 'menu.messages.reminder', order: 220 },
  ],
  headerItems: [{ key: 'messageBell', order: 10, component: lazyComponent(async () => (await loadMessages()).loadMessageBell(), (m) => m.MessageBell) }],
  resources: ['menu.messages.reminder', 'maintenance.message.read', 'alarm.message.read'],
});
