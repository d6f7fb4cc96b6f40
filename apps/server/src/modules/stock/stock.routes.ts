import type { FastifyInstance } from 'fastify';
import type { StockService } from './stock.service.js';

/** The stock calls of spec §7: parts, warning lines, stock-in, stock-out, corrections, ledger check. FRAME: being built. */
export function registerStockRoutes(_app: FastifyInstance, _service: StockService, _options: { validateResponses: boolean }): void {}
