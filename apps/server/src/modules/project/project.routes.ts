import { boardContract as b, projectContract as c } from '@boreline/contracts';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../core/auth.js';
import { registerEndpoint } from '../../core/http.js';
import type { BoardService } from './board.service.js';
import { RunScope } from './runScope.js';

export function registerProjectRoutes(app: FastifyInstance, deps: { runs: RunScope; board: BoardService }, options: { validateResponses: boolean }): void {
  const { runs, board } = deps;
  registerEndpoint(app, c.runQueryProject, async ({ request }) => (await runs.visible(requireAuth(request))).map((r) => RunScope.option(r)), options);
  registerEndpoint(app, c.runQueryAll, async ({ input, request }) => board.list(requireAuth(request), input), options);
  registerEndpoint(app, c.runQueryTbm, async ({ request }) => board.tbmCodes(requireAuth(request)), options);
  registerEndpoint(app, c.runQueryCountry, async ({ request }) => board.countries(requireAuth(request)), options);
  registerEndpoint(app, c.runQuery, async ({ input, request }) => board.current(requireAuth(request), input.runId), options);
  registerEndpoint(app, c.runStateQuery, async ({ input, request }) => board.state(requireAuth(request), input.runId), options);
  registerEndpoint(app, c.runStateTree, async ({ input, request }) => board.stateTree(requireAuth(request), input.runId), options);
  registerEndpoint(app, b.indexPageData, async ({ input, request }) => board.indexPage(requireAuth(request), input.runId), options);
  registerEndpoint(app, b.progressGraphDefault, async ({ input, request }) => board.progress(requireAuth(request), input, 'day'), options);
  registerEndpoint(app, b.progressGraphDay, async ({ input, request }) => board.progress(requireAuth(request), input, 'day'), options);
  registerEndpoint(app, b.progressGraphWeek, async ({ input, request }) => board.progress(requireAuth(request), input, 'week'), options);
  registerEndpoint(app, b.progressGraphMonth, async ({ input, request }) => board.progress(requireAuth(request), input, 'month'), options);
}
