import { migration } from '../../db/migrations/20261126T1200_messages.js';
import { defineModule } from '../../platform/module.js';
import { MessageCentre } from './messageCentre.js';
import { registerMessageRoutes } from './messages.routes.js';
import { MessagesRepo } from './messages.repo.js';
import { RecipientsRepo } from './recipients.repo.js';

export { seedDemoMessages } from './demoMessages.js';
export { type Addressees, MessageCentre, type SendInput, type SendResult } from './messageCentre.js';
export { tagNameParam } from './messageParams.js';
/** Who may be addressed at a run (the alarm module offers assignees the same way). */
export { consoleSession, pathsAbove } from './messageScope.js';
export { RecipientsRepo } from './recipients.repo.js';

declare module '../../core/services.js' {
  interface Services {
    /** The one way to tell users something: messages with read state and counts, pushed live. */
    messageCentre: MessageCentre;
  }
}

/**
 * The message centre (ARCHITECTURE.md §11): every later module sends its reminders, alarms, stock
 * warnings and announcements through the `messageCentre` service; users read them in the message
 * reminder list, the header bell and a run's maintenance and alarm screen, and get them live on
 * the message server's personal channel.
 */
export const messagesModule = defineModule({
  name: 'messages',
  migrations: { '20261126T1200_messages': migration },
  register(ctx) {
    const centre = new MessageCentre({
      messages: new MessagesRepo(ctx.db),
      recipients: new RecipientsRepo(ctx.db),
      runs: ctx.services.get('runScope'),
      bus: ctx.bus,
      now: ctx.now,
      log: ctx.log,
    });
    ctx.services.provide('messageCentre', centre);
    registerMessageRoutes(ctx.app, centre.inbox, ctx.endpoints);
  },
});
