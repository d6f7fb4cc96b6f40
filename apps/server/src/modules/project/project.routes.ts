import { projectContract as c } from '@boreline/contracts';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../core/auth.js';
import { registerEndpoint } from '../../core/http.js';
import { RunScope } from './runScope.js';

export function registerProjectRoutes(app: FastifyInstance, runs: RunScope, options: { validateResponses: boolean }): void {
  registerEndpoint(app, c.runQueryProject, async ({ request }) => (await runs.visible(requireAuth(request))).map((r) => RunScope.option(r)), options);
}
