import { runAdminContract as c } from '@boreline/contracts';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../core/auth.js';
import { registerEndpoint } from '../../core/http.js';
import type { RunAdminService } from './runAdmin.service.js';

export function registerRunAdminRoutes(app: FastifyInstance, runs: RunAdminService, options: { validateResponses: boolean }): void {
  registerEndpoint(
    app,
    c.runAdd,
    async ({ input, request, setMessage }) => {
      const added = await runs.add(requireAuth(request), input);
      setMessage('common.outcome.addSuccess');
      return added;
    },
    options,
  );
  registerEndpoint(
    app,
    c.runEdit,
    async ({ input, request, setMessage }) => {
      const saved = await runs.edit(requireAuth(request), input);
      setMessage('common.outcome.editSuccess');
      return saved;
    },
    options,
  );
  registerEndpoint(app, c.runDetail, async ({ input, request }) => runs.get(requireAuth(request), input.runId), options);
  registerEndpoint(app, c.runAdminStates, async ({ request }) => runs.states(requireAuth(request)), options);
  registerEndpoint(app, c.runOrgOptions, async ({ request }) => runs.orgOptions(requireAuth(request)), options);
  registerEndpoint(
    app,
    c.runFinish,
    async ({ input, request, setMessage }) => {
      const finished = await runs.finish(requireAuth(request), input.runId);
      setMessage('runAdmin.outcome.finished');
      return finished;
    },
    options,
  );
  registerEndpoint(
    app,
    c.runReopen,
    async ({ input, request, setMessage }) => {
      const reopened = await runs.reopen(requireAuth(request), input.runId);
      setMessage('runAdmin.outcome.reopened');
      return reopened;
    },
    options,
  );
  registerEndpoint(
    app,
    c.runDelete,
    async ({ input, request, setMessage }) => {
      const deleted = await runs.delete(requireAuth(request), input.runId);
      setMessage('common.outcome.deleteSuccess');
      return deleted;
    },
    options,
  );
}
