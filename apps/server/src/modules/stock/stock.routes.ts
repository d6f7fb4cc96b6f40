import { stockContract as stock } from '@boreline/contracts';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../core/auth.js';
import { registerEndpoint } from '../../core/http.js';
import type { StockService } from './stock.service.js';

/** The stock calls of spec §7: parts, warning lines, stock-in, stock-out, corrections, ledger check. */
export function registerStockRoutes(app: FastifyInstance, service: StockService, options: { validateResponses: boolean }): void {
  // Parts -----------------------------------------------------------------------------------------
  registerEndpoint(app, stock.partList, async ({ input, request }) => service.partList(requireAuth(request), input), options);
  registerEndpoint(app, stock.partUnits, async ({ input, request, language }) => service.partUnits(requireAuth(request), input, language), options);
  registerEndpoint(app, stock.partAdd, async ({ input, request, language }) => service.partAdd(requireAuth(request), input, language), options);
  registerEndpoint(app, stock.partEdit, async ({ input, request, language }) => service.partEdit(requireAuth(request), input, language), options);
  registerEndpoint(app, stock.partDelete, async ({ input, request }) => service.partDelete(requireAuth(request), input.runId, input.id), options);
  registerEndpoint(app, stock.setFloor, async ({ input, request, language }) => service.setFloor(requireAuth(request), input, language), options);

  // Stock-in --------------------------------------------------------------------------------------
  registerEndpoint(app, stock.stockInPage, async ({ input, request, language }) => service.sheetPage(requireAuth(request), 'in', input, language), options);
  registerEndpoint(app, stock.stockInAdd, async ({ input, request, language }) => service.addStockIn(requireAuth(request), input, language), options);
  registerEndpoint(app, stock.stockInDetail, async ({ input, request, language }) => service.sheet(requireAuth(request), input.runId, input.id, 'in', language), options);
  registerEndpoint(app, stock.stockInPeople, async ({ input, request }) => service.people(requireAuth(request), input.runId, 'in'), options);

  // Stock-out -------------------------------------------------------------------------------------
  registerEndpoint(app, stock.stockOutPage, async ({ input, request, language }) => service.sheetPage(requireAuth(request), 'out', input, language), options);
  registerEndpoint(app, stock.stockOutPeople, async ({ input, request }) => service.people(requireAuth(request), input.runId, 'out'), options);
  registerEndpoint(app, stock.stockOutAdd, async ({ input, request, language }) => service.addStockOut(requireAuth(request), input, language), options);
  registerEndpoint(app, stock.stockOutDetail, async ({ input, request, language }) => service.sheet(requireAuth(request), input.runId, input.id, 'out', language), options);
  registerEndpoint(app, stock.stockItems, async ({ input, request }) => service.stockItems(requireAuth(request), input), options);

  // Corrections and the ledger --------------------------------------------------------------------
  registerEndpoint(app, stock.stockInCorrect, async ({ input, request, language }) => service.correctStockIn(requireAuth(request), input, language), options);
  registerEndpoint(app, stock.stockOutCorrect, async ({ input, request, language }) => service.correctStockOut(requireAuth(request), input, language), options);
  registerEndpoint(app, stock.ledgerCheck, async ({ input, request }) => service.ledgerCheck(requireAuth(request), input.runId), options);
}
