import type { ModuleContext } from '../../../platform/module.js';
import type { DeliveryChannels, ToolRenderer } from '../ports.js';

/** Subscriptions, the delivery job and the delivery log (to be built). */
export function registerSubscriptions(_ctx: ModuleContext, _deps: { renderer: ToolRenderer; channels: DeliveryChannels }): void {
  // Built by the subscriptions' part of issue 26.
}
