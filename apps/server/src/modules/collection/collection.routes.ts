import { collectionContract as c } from '@boreline/contracts';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../core/auth.js';
import { registerEndpoint } from '../../core/http.js';
import type { CollectionService } from './collection.service.js';

/** The collection calls (collection.contract.ts). */
export function registerCollectionRoutes(app: FastifyInstance, service: CollectionService, options: { validateResponses: boolean }): void {
  registerEndpoint(app, c.collectionList, async ({ request }) => service.list(requireAuth(request)), options);
  registerEndpoint(app, c.collectionAdd, async ({ input, request }) => service.add(requireAuth(request), input), options);
  registerEndpoint(
    app,
    c.collectionRemove,
    async ({ input, request }) => {
      await service.remove(requireAuth(request), input.id);
      return null;
    },
    options,
  );
}
