import { periodReportContract as c } from '@boreline/contracts';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { requireAuth } from '../../core/auth.js';
import { attachmentHeader } from '../../core/excel.js';
import { registerEndpoint, registerRawEndpoint } from '../../core/http.js';
import type { Database } from '../../db/schema.js';
import type { ProjectFigures, RunScope } from '../project/index.js';
import { PeriodReportRepo } from './periodReport.repo.js';
import { type NotableAlarmsSource, PeriodReportService } from './periodReport.service.js';
import { ReportExporter } from './reportWorkbook.js';

export interface PeriodReportDeps {
  db: Kysely<Database>;
  runs: RunScope;
  /** The plan the home and the statistics show too. */
  figures: ProjectFigures;
  now: () => number;
  /** The notable alarms of a period, read at request time (null: the server keeps no alarms). */
  alarms?: () => NotableAlarmsSource | null;
}

/** Ring, daily, weekly and monthly reports and the Excel export. */
export function registerPeriodReportRoutes(app: FastifyInstance, deps: PeriodReportDeps, options: { validateResponses: boolean }): void {
  const repo = new PeriodReportRepo(deps.db);
  const reports = new PeriodReportService(repo, deps.runs, deps.figures, deps.now, deps.alarms);
  const exporter = new ReportExporter(reports, repo);

  registerEndpoint(app, c.ringReport, async ({ input, request }) => reports.ringReport(requireAuth(request), input), options);
  registerEndpoint(app, c.periodReport, async ({ input, request, language }) => reports.periodReport(requireAuth(request), input, language), options);
  registerRawEndpoint(app, c.reportExport, async ({ input, request, reply, language }) => {
    const file = await exporter.export(requireAuth(request), input, language);
    reply.header('content-disposition', attachmentHeader(file.fileName));
    return { contentType: c.XLSX_CONTENT_TYPE, body: file.body };
  });
}
