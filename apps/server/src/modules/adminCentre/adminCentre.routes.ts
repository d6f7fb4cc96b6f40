import { adminCentreContract as c } from '@boreline/contracts';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../core/auth.js';
import { registerEndpoint } from '../../core/http.js';
import type { AdminCentreService } from './adminCentre.service.js';

export function registerAdminCentreRoutes(app: FastifyInstance, centre: AdminCentreService, options: { validateResponses: boolean }): void {
  registerEndpoint(app, c.adminCentreOverview, async ({ request, language }) => centre.overview(requireAuth(request), language), options);
}
