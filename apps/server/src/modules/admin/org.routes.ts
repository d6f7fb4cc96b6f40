import { adminContract as c } from '@boreline/contracts';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../core/auth.js';
import { registerEndpoint } from '../../core/http.js';
import type { OrgService } from './org.service.js';

/** Depth of the `queryForSelectThree` list. */
const SELECT_THREE_DEPTH = 3;

export function registerOrgRoutes(app: FastifyInstance, orgs: OrgService, options: { validateResponses: boolean }): void {
  registerEndpoint(app, c.orgQuery, async ({ input, request }) => orgs.tree(requireAuth(request), input.name), options);
  registerEndpoint(app, c.orgQueryForCascade, async ({ request }) => orgs.cascade(requireAuth(request)), options);
  registerEndpoint(app, c.orgQueryForSelect, async ({ request }) => orgs.flat(requireAuth(request)), options);
  registerEndpoint(app, c.orgQueryForSelectThree, async ({ request }) => orgs.flat(requireAuth(request), SELECT_THREE_DEPTH), options);
  registerEndpoint(app, c.orgQueryOrderCode, async ({ input, request }) => orgs.nextSort(requireAuth(request), input.parentId), options);

  registerEndpoint(
    app,
    c.orgAdd,
    async ({ input, request, setMessage }) => {
      const org = await orgs.add(requireAuth(request), input);
      setMessage('common.outcome.addSuccess');
      return org;
    },
    options,
  );
  registerEndpoint(
    app,
    c.orgEdit,
    async ({ input, request, setMessage }) => {
      const org = await orgs.edit(requireAuth(request), input);
      setMessage('common.outcome.editSuccess');
      return org;
    },
    options,
  );
  registerEndpoint(
    app,
    c.orgDelete,
    async ({ input, request, setMessage }) => {
      const result = await orgs.remove(requireAuth(request), input.id);
      setMessage('common.outcome.deleteSuccess');
      return result;
    },
    options,
  );
  registerEndpoint(
    app,
    c.orgTransfer,
    async ({ input, request, setMessage }) => {
      const org = await orgs.transfer(requireAuth(request), input);
      setMessage('common.outcome.transferSuccess');
      return org;
    },
    options,
  );
}
