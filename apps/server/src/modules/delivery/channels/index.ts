import type { ModuleContext } from '../../../platform/module.js';
import type { DeliveryChannels } from '../ports.js';

/** The message, e-mail and webhook channels, and the webhook's public file link (to be built). */
export function createChannels(_ctx: ModuleContext): DeliveryChannels {
  const notBuilt = () => Promise.reject(new Error('not built yet'));
  return { emailConfigured: false, webhookAllowPrivate: false, message: notBuilt, email: notBuilt, webhook: notBuilt, checkWebhookUrl: notBuilt };
}
