import type { FastifyInstance } from 'fastify';
import type { ImportService } from '../imports/index.js';
import type { StockService } from './stock.service.js';
import type { StockAnalysis } from './stockAnalysis.js';

/** Current stock, consumption, exports and the `stmstk` import. FRAME: being built. */
export function registerStockAnalysisRoutes(_app: FastifyInstance, _analysis: StockAnalysis, _stock: StockService, _imports: ImportService, _options: { validateResponses: boolean }): void {}
