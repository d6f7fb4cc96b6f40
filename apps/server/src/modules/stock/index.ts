import { migration } from '../../db/migrations/20261201T1000_stock.js';
import { migration as grants } from '../../db/migrations/20261201T1100_stockGrants.js';
import { defineModule } from '../../platform/module.js';
import { StockAnalysis } from './stockAnalysis.js';
import { registerStockAnalysisRoutes } from './stockAnalysis.routes.js';
import { StockService } from './stock.service.js';
import { registerStockRoutes } from './stock.routes.js';

export { StockService } from './stock.service.js';
export { seedDemoStock } from './demo/demoStock.js';

declare module '../../core/services.js' {
  interface Services {
    /** The spare-part store of a run: parts, sheets and the ledger (the demo seeds it). */
    stock: StockService;
  }
}

/**
 * Spare parts (issue 21, spec §2 `fw1/stock/*`): the parts catalogue with warning lines, stock-in
 * and stock-out sheets over a ledger that never goes below zero, corrections as new sheets, stock
 * warnings through the message centre, the current stock with suggested lines and days of cover,
 * and consumption normalised by the machine's work with the `stmstk` import and exports. After the
 * message centre (warnings) and maintenance (a stock-out may name a maintenance record).
 */
export const stockModule = defineModule({
  name: 'stock',
  migrations: { '20261201T1000_stock': migration, '20261201T1100_stockGrants': grants },
  register(ctx) {
    const deps = {
      db: ctx.db,
      runs: ctx.services.get('runScope'),
      machine: ctx.machine,
      now: ctx.now,
      messages: () => ctx.services.get('messageCentre'),
      log: ctx.log,
    };
    const service = new StockService(deps);
    ctx.services.provide('stock', service);
    registerStockRoutes(ctx.app, service, ctx.endpoints);
    registerStockAnalysisRoutes(ctx.app, new StockAnalysis(deps), service, ctx.services.get('imports'), ctx.endpoints);
  },
});
