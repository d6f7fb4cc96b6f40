import { migration as delivery } from '../../db/migrations/20261207T1000_delivery.js';
import { migration as grants } from '../../db/migrations/20261207T1100_subscriptionGrants.js';
import { defineModule } from '../../platform/module.js';
import { createChannels } from './channels/index.js';
import { createRenderer } from './render/index.js';
import { registerSubscriptions } from './subscriptions/index.js';
import { createToolTickets, registerToolPages } from './toolPages/index.js';

export type { DeliveryChannels, ToolRenderer } from './ports.js';

/**
 * Screen tools and report delivery (issue 26):
 * - `toolPages/`: one-time render tickets for the chromeless tool pages, their exchange for a
 *   session scoped to one run and one tool, the guidance view, and rendering on request;
 * - `render/`: headless Chromium shared by every render (playwright-core), limited in time and number;
 * - `channels/`: the message centre, e-mail (SMTP) and signed webhooks, with the webhook's file link;
 * - `subscriptions/`: users' scheduled deliveries, the delivery job (once per due time across
 *   instances, retried, logged) and the delivery log.
 */
export const deliveryModule = defineModule({
  name: 'delivery',
  migrations: { '20261207T1000_delivery': delivery, '20261207T1100_subscriptionGrants': grants },
  register(ctx) {
    const tickets = createToolTickets(ctx);
    const renderer = createRenderer(ctx, tickets);
    registerToolPages(ctx, { tickets, renderer });
    const channels = createChannels(ctx);
    registerSubscriptions(ctx, { renderer, channels });
  },
});
