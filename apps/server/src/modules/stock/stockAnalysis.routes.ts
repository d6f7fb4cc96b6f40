import { importsContract, stockContract } from '@boreline/contracts';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../core/auth.js';
import { attachmentHeader } from '../../core/excel.js';
import { registerEndpoint, registerRawEndpoint, ValidationFailed } from '../../core/http.js';
import { t } from '../../core/i18n.js';
import { type ImportService, readImportUpload } from '../imports/index.js';
import { importConsumption } from './consumptionImport.js';
import type { StockService } from './stock.service.js';
import type { StockAnalysis } from './stockAnalysis.js';
import { consumptionWorkbook, currentStockWorkbook } from './stockWorkbooks.js';

/** Current stock, consumption, exports and the `stmstk` import. */
export function registerStockAnalysisRoutes(app: FastifyInstance, analysis: StockAnalysis, stock: StockService, imports: ImportService, options: { validateResponses: boolean }): void {
  registerEndpoint(app, stockContract.currentPage, async ({ input, request }) => analysis.currentPage(requireAuth(request), input), options);
  registerRawEndpoint(app, stockContract.currentExport, async ({ input, request, reply, language }) => {
    const { run, rows, pace, today } = await analysis.currentExport(requireAuth(request), input);
    const file = await currentStockWorkbook(run, rows, pace, language, today);
    reply.header('content-disposition', attachmentHeader(file.fileName));
    return { contentType: importsContract.XLSX_CONTENT_TYPE, body: file.body };
  });
  registerEndpoint(app, stockContract.consumptionPage, async ({ input, request }) => analysis.consumptionPage(requireAuth(request), input), options);
  registerEndpoint(app, stockContract.consumptionDetail, async ({ input, request }) => analysis.consumptionDetail(requireAuth(request), input), options);
  registerRawEndpoint(app, stockContract.consumptionExport, async ({ input, request, reply, language }) => {
    const { run, ...period } = await analysis.consumptionExport(requireAuth(request), input);
    const file = await consumptionWorkbook(run, period, language);
    reply.header('content-disposition', attachmentHeader(file.fileName));
    return { contentType: importsContract.XLSX_CONTENT_TYPE, body: file.body };
  });
  registerEndpoint(
    app,
    stockContract.consumptionImport,
    async ({ request, language }) => {
      const session = requireAuth(request);
      const upload = await readImportUpload(request);
      const form = stockContract.ConsumptionImportFormSchema.safeParse(upload.fields);
      if (!form.success) {
        const field = String(form.error.issues[0]?.path[0] ?? '');
        const message = form.error.issues[0]?.message;
        throw new ValidationFailed([{ field, message: t(language, message === 'validation.required' ? 'validation.required' : 'validation.invalid') }]);
      }
      const { runId, mode, progressKey } = form.data;
      return importConsumption(analysis, stock, imports, session, { runId, mode, progressKey, file: upload.file, language });
    },
    options,
  );
}
