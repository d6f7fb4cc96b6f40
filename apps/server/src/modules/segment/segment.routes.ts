import { importsContract, segmentContract as c } from '@boreline/contracts';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../core/auth.js';
import { attachmentHeader } from '../../core/excel.js';
import { registerEndpoint, registerRawEndpoint } from '../../core/http.js';
import { type ImportService, readImportUpload } from '../imports/index.js';
import type { SegmentKind, SegmentService } from './segment.service.js';
import { importForm, importSegments } from './segmentImport.js';
import { segmentListWorkbook } from './segmentWorkbooks.js';

/**
 * The segment and tail calls of spec §7 (attitude, tail gap, tail clearance), their imports and
 * exports, the ring-width and K-position pickers and the run's tolerance. The statistics, their
 * export and the advisor are registered by segmentAnalysis.routes.ts.
 */
export function registerSegmentRoutes(app: FastifyInstance, service: SegmentService, imports: ImportService, options: { validateResponses: boolean }): void {
  // Segment attitude ------------------------------------------------------------------------------
  registerEndpoint(app, c.segmentAdd, async ({ input, request }) => service.add(requireAuth(request), 'pose', input), options);
  registerEndpoint(app, c.segmentEdit, async ({ input, request }) => service.edit(requireAuth(request), 'pose', input), options);
  registerEndpoint(app, c.segmentList, async ({ input, request }) => service.list(requireAuth(request), 'pose', input), options);
  registerEndpoint(app, c.segmentDelete, async ({ input, request }) => service.delete(requireAuth(request), 'pose', input.runId, input.id), options);
  registerEndpoint(app, c.segmentDeleteBatch, async ({ input, request }) => service.deleteBatch(requireAuth(request), 'pose', input.runId, input.ids), options);
  registerEndpoint(app, c.segmentConfirm, async ({ input, request }) => service.confirm(requireAuth(request), 'pose', input.runId, input.ids), options);
  registerEndpoint(app, c.ringWidthList, async ({ input, request }) => service.ringWidths(requireAuth(request), input.runId), options);
  registerEndpoint(app, c.kPosList, async ({ input, request }) => service.kPositions(requireAuth(request), input.runId), options);

  // Tail gap --------------------------------------------------------------------------------------
  registerEndpoint(app, c.tailAdd, async ({ input, request }) => service.add(requireAuth(request), 'tail', input), options);
  registerEndpoint(app, c.tailEdit, async ({ input, request }) => service.edit(requireAuth(request), 'tail', input), options);
  registerEndpoint(app, c.tailList, async ({ input, request }) => service.list(requireAuth(request), 'tail', input), options);
  registerEndpoint(app, c.tailDelete, async ({ input, request }) => service.delete(requireAuth(request), 'tail', input.runId, input.id), options);
  registerEndpoint(app, c.tailDeleteBatch, async ({ input, request }) => service.deleteBatch(requireAuth(request), 'tail', input.runId, input.ids), options);
  registerEndpoint(app, c.tailConfirm, async ({ input, request }) => service.confirm(requireAuth(request), 'tail', input.runId, input.ids), options);

  // Tail clearance --------------------------------------------------------------------------------
  registerEndpoint(app, c.clearanceAdd, async ({ input, request }) => service.add(requireAuth(request), 'clearance', input), options);
  registerEndpoint(app, c.clearanceEdit, async ({ input, request }) => service.edit(requireAuth(request), 'clearance', input), options);
  registerEndpoint(app, c.clearanceQueryAll, async ({ input, request }) => service.list(requireAuth(request), 'clearance', input), options);
  registerEndpoint(app, c.clearanceDelete, async ({ input, request }) => service.delete(requireAuth(request), 'clearance', input.runId, input.id), options);
  registerEndpoint(app, c.clearanceDeleteBatch, async ({ input, request }) => service.deleteBatch(requireAuth(request), 'clearance', input.runId, input.ids), options);
  registerEndpoint(app, c.clearanceConfirm, async ({ input, request }) => service.confirm(requireAuth(request), 'clearance', input.runId, input.ids), options);

  // Imports and exports ---------------------------------------------------------------------------
  const importer = (kind: SegmentKind) => async ({ request, language }: { request: Parameters<typeof requireAuth>[0]; language: Parameters<typeof importForm>[1] }) => {
    const session = requireAuth(request);
    const upload = await readImportUpload(request);
    const form = importForm(upload.fields, language);
    return importSegments(service, imports, session, kind, { form, file: upload.file, language });
  };
  registerEndpoint(app, c.segmentImport, importer('pose'), options);
  registerEndpoint(app, c.tailImport, importer('tail'), options);
  registerEndpoint(app, c.clearanceImport, importer('clearance'), options);

  const exporter = <K extends SegmentKind>(kind: K) => {
    return async ({ input, request, reply, language }: { input: Parameters<SegmentService['exportRecords']>[2]; request: Parameters<typeof requireAuth>[0]; reply: { header(name: string, value: string): unknown }; language: Parameters<typeof importForm>[1] }) => {
      const { run, records } = await service.exportRecords(requireAuth(request), kind, input);
      const file = await segmentListWorkbook(kind, run, records, language);
      reply.header('content-disposition', attachmentHeader(file.fileName));
      return { contentType: importsContract.XLSX_CONTENT_TYPE, body: file.body };
    };
  };
  registerRawEndpoint(app, c.segmentExport, exporter('pose'));
  registerRawEndpoint(app, c.tailExport, exporter('tail'));
  registerRawEndpoint(app, c.clearanceExport, exporter('clearance'));

  // Tolerance -------------------------------------------------------------------------------------
  registerEndpoint(app, c.toleranceQuery, async ({ input, request }) => service.toleranceOf(requireAuth(request), input.runId), options);
  registerEndpoint(app, c.toleranceEdit, async ({ input, request }) => service.setTolerance(requireAuth(request), input), options);
}
