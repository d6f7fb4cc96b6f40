import { messagesContract as c } from '@boreline/contracts';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../core/auth.js';
import { registerEndpoint } from '../../core/http.js';
import type { MessageInbox } from './inbox.js';

/** The message centre's calls (spec §7 "monitoring and messages"); the three families are described in the contract. */
export function registerMessageRoutes(app: FastifyInstance, inbox: MessageInbox, options: { validateResponses: boolean }): void {
  // The message reminder list.
  registerEndpoint(app, c.reminderPage, async ({ input, request, language }) => inbox.page(requireAuth(request), input, language), options);
  registerEndpoint(app, c.reminderRead, async ({ input, request }) => inbox.read(requireAuth(request), [input.messageId]), options);
  registerEndpoint(app, c.reminderReadPage, async ({ input, request }) => inbox.read(requireAuth(request), input.messageIds), options);

  // The personal inbox of the header bell.
  registerEndpoint(app, c.countPersonal, async ({ request }) => inbox.counts(requireAuth(request)), options);
  registerEndpoint(app, c.getPersonal, async ({ input, request, language }) => inbox.latest(requireAuth(request), input, language), options);
  registerEndpoint(
    app,
    c.readPersonal,
    async ({ input, request }) => ('messageIds' in input ? inbox.read(requireAuth(request), input.messageIds) : inbox.readAll(requireAuth(request), input.messageTypes)),
    options,
  );

  // The maintenance and alarm messages of a run.
  registerEndpoint(app, c.runUnreadCount, async ({ input, request }) => inbox.runCounts(requireAuth(request), input.runId), options);
  registerEndpoint(app, c.runStats, async ({ input, request, language }) => inbox.runStats(requireAuth(request), input.runId, language), options);
  registerEndpoint(app, c.runPage, async ({ input, request, language }) => inbox.runPage(requireAuth(request), input, language), options);
  registerEndpoint(app, c.runQuery, async ({ input, request, language }) => inbox.runLatest(requireAuth(request), input, language), options);
  // A GET that changes state (the spec's): the access gate has already required the session's Authorization header.
  registerEndpoint(app, c.runRead, async ({ input, request }) => inbox.runRead(requireAuth(request), input.runId, input.messageId), options);
  registerEndpoint(app, c.runReadAll, async ({ input, request }) => inbox.runReadAll(requireAuth(request), input.runId, input.messageTypes), options);
}
