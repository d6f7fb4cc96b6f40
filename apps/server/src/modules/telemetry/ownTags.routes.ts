import { ownTagsContract as c } from '@boreline/contracts';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../core/auth.js';
import { registerEndpoint } from '../../core/http.js';
import type { OwnTagService } from './ownTags.service.js';

export function registerOwnTagRoutes(app: FastifyInstance, ownTags: OwnTagService, options: { validateResponses: boolean }): void {
  registerEndpoint(app, c.ownTagDefs, async ({ input, request, language }) => ownTags.defs(requireAuth(request), input.runId, language), options);
  registerEndpoint(app, c.ownTagQuery, async ({ input, request, language }) => ownTags.query(requireAuth(request), input.runId, language), options);
  registerEndpoint(
    app,
    c.ownTagAdd,
    async ({ input, request, setMessage, language }) => {
      const tag = await ownTags.add(requireAuth(request), input, language);
      setMessage('common.outcome.addSuccess');
      return tag;
    },
    options,
  );
  registerEndpoint(
    app,
    c.ownTagEdit,
    async ({ input, request, setMessage, language }) => {
      const tag = await ownTags.edit(requireAuth(request), input, language);
      setMessage('common.outcome.editSuccess');
      return tag;
    },
    options,
  );
  registerEndpoint(
    app,
    c.ownTagDelete,
    async ({ input, request, setMessage }) => {
      const done = await ownTags.remove(requireAuth(request), input);
      setMessage('common.outcome.deleteSuccess');
      return done;
    },
    options,
  );
}
