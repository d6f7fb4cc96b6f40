import { subscriptionContract as c } from '@boreline/contracts';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../../core/auth.js';
import { registerEndpoint } from '../../../core/http.js';
import type { SubscriptionService } from './subscriptions.service.js';

/** The subscription calls of subscription.contract.ts (the webhook's file link is the channels'). */
export function registerSubscriptionRoutes(app: FastifyInstance, service: SubscriptionService, options: { validateResponses: boolean }): void {
  registerEndpoint(app, c.subscriptionOptions, async () => service.options(), options);
  registerEndpoint(app, c.subscriptionList, async ({ input, request }) => service.list(requireAuth(request), input.runId), options);
  registerEndpoint(app, c.subscriptionSave, async ({ input, request }) => service.save(requireAuth(request), input), options);
  registerEndpoint(
    app,
    c.subscriptionDelete,
    async ({ input, request }) => {
      await service.remove(requireAuth(request), input.id);
      return null;
    },
    options,
  );
  registerEndpoint(app, c.subscriptionSend, async ({ input, request }) => service.send(requireAuth(request), input.id), options);
  registerEndpoint(app, c.subscriptionDeliveries, async ({ input, request }) => service.deliveries(requireAuth(request), input), options);
}
