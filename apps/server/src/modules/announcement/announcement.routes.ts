import { announcementContract as c } from '@boreline/contracts';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../core/auth.js';
import { registerEndpoint } from '../../core/http.js';
import type { AnnouncementService } from './announcement.service.js';

/** The announcement calls (announcement.contract.ts). */
export function registerAnnouncementRoutes(app: FastifyInstance, service: AnnouncementService, options: { validateResponses: boolean }): void {
  registerEndpoint(app, c.announcementList, async ({ input, request }) => service.list(requireAuth(request), input), options);
  registerEndpoint(app, c.announcementAdd, async ({ input, request }) => service.add(requireAuth(request), input), options);
  registerEndpoint(app, c.announcementEdit, async ({ input, request }) => service.edit(requireAuth(request), input), options);
  registerEndpoint(
    app,
    c.announcementDelete,
    async ({ input, request }) => {
      await service.remove(requireAuth(request), input.id);
      return null;
    },
    options,
  );
  registerEndpoint(app, c.announcementAudience, async ({ request }) => service.audience(requireAuth(request)), options);
  registerEndpoint(app, c.announcementCurrent, async ({ request }) => service.current(requireAuth(request)), options);
  registerEndpoint(app, c.announcementHistory, async ({ input, request }) => service.history(requireAuth(request), input), options);
  registerEndpoint(app, c.announcementRead, async ({ input, request }) => service.markRead(requireAuth(request), input.id), options);
}
