import type { ModuleContext } from '../../../platform/module.js';
import type { ToolRenderer } from '../ports.js';
import { RenderTicketRepo } from './renderTicket.repo.js';
import { ToolGuideService } from './toolGuide.service.js';
import { registerToolPageRoutes } from './toolPages.routes.js';
import { ToolRenderService } from './toolRender.service.js';
import { ToolTicketService } from './toolTickets.service.js';

export { ToolTicketService } from './toolTickets.service.js';

/** The tool tickets (issued to users and, through `issueFor`, to the renderer on a subscriber's behalf). */
export function createToolTickets(ctx: ModuleContext): ToolTicketService {
  return new ToolTicketService({ db: ctx.db, tickets: new RenderTicketRepo(ctx.db), scope: ctx.services.get('runScope'), sessions: ctx.services.get('sessions') });
}

/** Ticket, exchange, guidance and render-on-request routes. */
export function registerToolPages(ctx: ModuleContext, deps: { tickets: ToolTicketService; renderer: ToolRenderer }): void {
  const scope = ctx.services.get('runScope');
  const segments = ctx.services.has('segments') ? ctx.services.get('segments') : null;
  const guide = new ToolGuideService({
    scope,
    machine: ctx.machine,
    // The segment tolerance's warning band of the run (its default until a run sets one).
    toleranceMm: async (runId) => (segments ? (await segments.tolerance(runId)).deviationWarnMm : null),
    now: ctx.now,
  });
  const render = new ToolRenderService({ scope, renderer: deps.renderer, log: ctx.log, now: ctx.now });
  registerToolPageRoutes(ctx.app, { tickets: deps.tickets, guide, render }, ctx.endpoints);
}
