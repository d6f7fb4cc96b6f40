import { toolPagesContract as c } from '@boreline/contracts';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../../core/auth.js';
import { attachmentHeader } from '../../../core/excel.js';
import { clientOf, registerEndpoint, registerRawEndpoint } from '../../../core/http.js';
import type { ToolGuideService } from './toolGuide.service.js';
import type { ToolRenderService } from './toolRender.service.js';
import type { ToolTicketService } from './toolTickets.service.js';

export interface ToolPageRoutesDeps {
  tickets: ToolTicketService;
  guide: ToolGuideService;
  render: ToolRenderService;
}

/** Ticket, exchange (public, like the H5 exchange), guidance view and render on request. */
export function registerToolPageRoutes(app: FastifyInstance, deps: ToolPageRoutesDeps, options: { validateResponses: boolean }): void {
  const { tickets, guide, render } = deps;
  registerEndpoint(app, c.toolTicketIssue, async ({ input, request }) => tickets.issue(requireAuth(request), input), options);
  registerEndpoint(app, c.toolExchange, async ({ input, request }) => tickets.exchange(input.ticket, input.tool, clientOf(request)), options);
  registerEndpoint(app, c.toolGuide, async ({ input, request }) => guide.guide(requireAuth(request), input.runId), options);
  registerRawEndpoint(app, c.toolRender, async ({ input, request, reply }) => {
    // A caller who goes away before the picture is ready stops its render (and frees its place).
    const gone = new AbortController();
    const onClose = () => {
      if (!reply.raw.writableFinished) gone.abort();
    };
    reply.raw.once('close', onClose);
    try {
      const { file, fileName } = await render.render(requireAuth(request), input, gone.signal);
      reply.header('content-disposition', attachmentHeader(fileName));
      return { contentType: file.contentType, body: file.bytes };
    } finally {
      reply.raw.off('close', onClose);
    }
  });
}
