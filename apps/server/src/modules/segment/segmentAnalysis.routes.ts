import { importsContract, segmentContract as c } from '@boreline/contracts';
import { requireAuth } from '../../core/auth.js';
import { attachmentHeader } from '../../core/excel.js';
import { registerEndpoint, registerRawEndpoint } from '../../core/http.js';
import type { ModuleContext } from '../../platform/module.js';
import { SegmentAlarms } from '../alarm/index.js';
import { MachineDrafts } from './drafts.js';
import { RingAlarms } from './ringAlarms.js';
import { SegmentAnalysis } from './segmentAnalysis.js';

/** What the analysis side of the segment module offers the others (and tests): its reads, drafts and alarms. */
export interface SegmentAnalysisService {
  analysis: SegmentAnalysis;
  drafts: MachineDrafts;
  alarms: RingAlarms;
  /** Resolves once queued drafts and alarm checks are written. */
  settled(): Promise<void>;
}

declare module '../../core/services.js' {
  interface Services {
    /** Segment statistics, advisor, machine drafts and tolerance alarms (issue 23). */
    segmentAnalysis: SegmentAnalysisService;
  }
}

/**
 * The analysis side of the segment module: the statistics of the three datasets and their export,
 * the next-ring advisor, the machine's drafts at each ring's end (`ringCompleted`), and the alarms
 * of rings out of band after every write of segment records (the record service tells `alarms`)
 * and every draft.
 */
export function registerSegmentAnalysisRoutes(ctx: ModuleContext): SegmentAnalysisService {
  const analysis = new SegmentAnalysis({ db: ctx.db, runs: ctx.services.get('runScope'), machine: ctx.machine });
  const alarms = new RingAlarms(ctx.db, new SegmentAlarms(ctx.db, ctx.bus), ctx.now, ctx.log);
  const drafts = new MachineDrafts({ db: ctx.db, machine: ctx.machine, alarms, now: ctx.now, log: ctx.log });
  const service: SegmentAnalysisService = {
    analysis,
    drafts,
    alarms,
    async settled() {
      await drafts.settled();
      await alarms.settled();
    },
  };
  ctx.services.provide('segmentAnalysis', service);

  const options = ctx.endpoints;
  registerEndpoint(ctx.app, c.segStatistics, async ({ input, request }) => analysis.segment(requireAuth(request), input), options);
  registerEndpoint(ctx.app, c.tailStatistics, async ({ input, request }) => analysis.tail(requireAuth(request), input), options);
  registerEndpoint(ctx.app, c.clearanceStatistics, async ({ input, request }) => analysis.clearance(requireAuth(request), input), options);
  registerRawEndpoint(ctx.app, c.statisticsExport, async ({ input, request, reply, language }) => {
    const file = await analysis.export(requireAuth(request), input, language);
    reply.header('content-disposition', attachmentHeader(file.fileName));
    return { contentType: importsContract.XLSX_CONTENT_TYPE, body: file.body };
  });
  registerEndpoint(ctx.app, c.advisor, async ({ input, request, language }) => analysis.advisor(requireAuth(request), input.runId, language), options);

  ctx.events.on('ringCompleted', (e) => drafts.ringCompleted(e.runId, e.ring));

  ctx.lifecycle.onStop(() => service.settled());
  return service;
}
