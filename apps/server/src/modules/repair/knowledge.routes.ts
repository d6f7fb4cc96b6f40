import { repairContract as c } from '@boreline/contracts';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../core/auth.js';
import { registerEndpoint } from '../../core/http.js';
import type { KnowledgeService } from './knowledge.service.js';

/** The knowledge base calls of spec §7 (`emKnowledge/*`). */
export function registerKnowledgeRoutes(app: FastifyInstance, service: KnowledgeService, options: { validateResponses: boolean }): void {
  registerEndpoint(app, c.knowledgePage, async ({ input, request }) => service.page(requireAuth(request), input), options);
  registerEndpoint(app, c.knowledgeAdd, async ({ input, request }) => service.add(requireAuth(request), input), options);
  registerEndpoint(app, c.knowledgeEdit, async ({ input, request }) => service.edit(requireAuth(request), input), options);
  registerEndpoint(app, c.knowledgeDelete, async ({ input, request }) => service.remove(requireAuth(request), input.runId, input.id), options);
  registerEndpoint(app, c.knowledgeDetail, async ({ input, request }) => service.detail(requireAuth(request), input.runId, input.id), options);
}
