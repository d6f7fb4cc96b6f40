import type { ModuleContext } from '../../../platform/module.js';
import type { ToolRenderer } from '../ports.js';
import type { ToolTicketService } from '../toolPages/index.js';

/** The shared headless browser (to be built). */
export function createRenderer(_ctx: ModuleContext, _tickets: ToolTicketService): ToolRenderer {
  return {
    available: false,
    render: () => Promise.reject(new Error('not built yet')),
    close: () => Promise.resolve(),
  };
}
