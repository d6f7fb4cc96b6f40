import type { toolPagesContract } from '@boreline/contracts';
import type { ModuleContext } from '../../../platform/module.js';

/** One-time render tickets of tool pages (to be built). */
export class ToolTicketService {
  constructor(private readonly ctx: ModuleContext) {}

  /**
   * A ticket for a user who may read the tool at the run (the renderer asks one on behalf of a
   * subscription's owner); answers the page's address (under the web base path) with the ticket.
   */
  async issueFor(userId: number, runId: number, tool: toolPagesContract.ToolPage, view: toolPagesContract.ToolView): Promise<{ ticket: string; path: string; expiresAt: number }> {
    void this.ctx;
    void userId;
    void runId;
    void tool;
    void view;
    throw new Error('not built yet');
  }
}
