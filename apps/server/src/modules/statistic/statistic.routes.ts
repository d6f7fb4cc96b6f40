import { periodReportContract, statisticContract as c } from '@boreline/contracts';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { requireAuth } from '../../core/auth.js';
import { attachmentHeader } from '../../core/excel.js';
import { registerEndpoint, registerRawEndpoint } from '../../core/http.js';
import type { Database } from '../../db/schema.js';
import type { ProjectFigures, RunScope } from '../project/index.js';
import { RingCurvesService } from './ringCurves.service.js';
import { RingStatsService } from './ringStats.service.js';
import { StatisticExporter } from './statisticExport.js';
import { StatisticRepo } from './statistic.repo.js';
import { StatisticService } from './statistic.service.js';

export interface StatisticDeps {
  db: Kysely<Database>;
  runs: RunScope;
  /** The plan and forecast the home and the reports show too. */
  figures: ProjectFigures;
}

/** Statistics: pickers, progress, efficiency, ring curves, ring statistics and their Excel exports. */
export function registerStatisticRoutes(app: FastifyInstance, deps: StatisticDeps, options: { validateResponses: boolean }): void {
  const statistics = new StatisticService(new StatisticRepo(deps.db), deps.runs, deps.figures);
  const curves = new RingCurvesService(statistics);
  const ringStats = new RingStatsService(statistics);
  const exporter = new StatisticExporter(curves, ringStats);

  registerEndpoint(app, c.pointGroups, async ({ input, request, language }) => statistics.pointGroups(requireAuth(request), input.runId, language), options);
  registerEndpoint(app, c.ringList, async ({ input, request }) => statistics.ringList(requireAuth(request), input.runId), options);
  registerEndpoint(app, c.progressList, async ({ input, request }) => statistics.progressList(requireAuth(request), input), options);
  registerEndpoint(app, c.efficiencyGraph, async ({ input, request }) => statistics.efficiencyGraph(requireAuth(request), input), options);
  registerEndpoint(app, c.ringWorkList, async ({ input, request }) => statistics.ringWorkList(requireAuth(request), input), options);
  registerEndpoint(app, c.ringCurves, async ({ input, request }) => curves.curves(requireAuth(request), input), options);
  registerEndpoint(app, c.ringStats, async ({ input, request }) => ringStats.page(requireAuth(request), input), options);
  registerRawEndpoint(app, c.exportRingCurves, async ({ input, request, reply, language }) => {
    const file = await exporter.ringCurves(requireAuth(request), input, language);
    reply.header('content-disposition', attachmentHeader(file.fileName));
    return { contentType: periodReportContract.XLSX_CONTENT_TYPE, body: file.body };
  });
  registerRawEndpoint(app, c.exportRingStats, async ({ input, request, reply, language }) => {
    const file = await exporter.ringStatistics(requireAuth(request), input, language);
    reply.header('content-disposition', attachmentHeader(file.fileName));
    return { contentType: periodReportContract.XLSX_CONTENT_TYPE, body: file.body };
  });
}
