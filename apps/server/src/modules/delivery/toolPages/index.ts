import type { ModuleContext } from '../../../platform/module.js';
import type { ToolRenderer } from '../ports.js';
import { ToolTicketService } from './toolTickets.service.js';

export { ToolTicketService } from './toolTickets.service.js';

/** The tool tickets (issued to users and, through `issueFor`, to the renderer on a subscriber's behalf). */
export function createToolTickets(ctx: ModuleContext): ToolTicketService {
  return new ToolTicketService(ctx);
}

/** Ticket, exchange, guidance and render-on-request routes. */
export function registerToolPages(_ctx: ModuleContext, _deps: { tickets: ToolTicketService; renderer: ToolRenderer }): void {
  // Built by the tool pages' part of issue 26.
}
