import type { ModuleContext } from '../../../platform/module.js';
import type { DeliveryChannels } from '../ports.js';
import { ownAddress } from '../render/index.js';
import { DeliveryChannelsService } from './deliveryChannels.js';
import { DeliveryLinksRepo } from './deliveryLinks.repo.js';
import { registerFileLinkRoute } from './fileLink.routes.js';

export { ChannelError } from './channelError.js';
export { type ChannelsDeps, DELIVERY_HEADER, DeliveryChannelsService, SIGNATURE_HEADER, signBody } from './deliveryChannels.js';
export { DeliveryLinksRepo } from './deliveryLinks.repo.js';
export { isPublicAddress, type Resolver, WebhookGuard } from './webhookGuard.js';

/**
 * The message, e-mail and webhook channels, and the webhook's public file link (`deliveryFile`).
 * E-mail needs SMTP_URL (MAIL_FROM is the sender); webhooks reach only public addresses unless
 * WEBHOOK_ALLOW_PRIVATE; the file links point at PUBLIC_URL, else at this server's own address.
 */
export function createChannels(ctx: ModuleContext): DeliveryChannels {
  const links = new DeliveryLinksRepo(ctx.db);
  registerFileLinkRoute(ctx.app, { links, files: ctx.services.get('files'), now: ctx.now });
  return new DeliveryChannelsService({
    messages: ctx.services.get('messageCentre'),
    links,
    delivery: ctx.config.delivery,
    linkBase: () => ctx.config.publicUrl ?? ownAddress(ctx.app),
    now: ctx.now,
    log: ctx.log,
  });
}
