import { adminContract as c } from '@boreline/contracts';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../core/http.js';
import type { ResourceService } from './resource.service.js';

export function registerResourceRoutes(app: FastifyInstance, resources: ResourceService, options: { validateResponses: boolean }): void {
  registerEndpoint(app, c.resourceTree, async () => resources.tree(), options);
  registerEndpoint(
    app,
    c.resourceAdd,
    async ({ input, setMessage }) => {
      const result = await resources.add(input);
      setMessage('common.outcome.addSuccess');
      return result;
    },
    options,
  );
  registerEndpoint(
    app,
    c.resourceEdit,
    async ({ input, setMessage }) => {
      const result = await resources.edit(input);
      setMessage('common.outcome.editSuccess');
      return result;
    },
    options,
  );
  registerEndpoint(
    app,
    c.resourceDelete,
    async ({ input, setMessage }) => {
      const result = await resources.remove(input.id);
      setMessage('common.outcome.deleteSuccess');
      return result;
    },
    options,
  );
  registerEndpoint(
    app,
    c.resourceMove,
    async ({ input, setMessage }) => {
      const result = await resources.move(input);
      setMessage('common.outcome.moveSuccess');
      return result;
    },
    options,
  );
}
