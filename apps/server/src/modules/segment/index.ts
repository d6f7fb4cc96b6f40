import { migration } from '../../db/migrations/20261202T1000_segments.js';
import { migration as grants } from '../../db/migrations/20261202T1100_segmentGrants.js';
import { defineModule } from '../../platform/module.js';
import { SegmentService } from './segment.service.js';
import { registerSegmentRoutes } from './segment.routes.js';
import { registerSegmentAnalysisRoutes } from './segmentAnalysis.routes.js';

export { SegmentService } from './segment.service.js';
export { seedDemoSegments } from './demo/demoSegments.js';

declare module '../../core/services.js' {
  interface Services {
    /** Segment attitude, tail gap and tail clearance of a run, its tolerances (the demo seeds them). */
    segments: SegmentService;
  }
}

/**
 * Segment attitude and tail clearance (issue 23, spec §2 `fw1/segment/*`, `fw1/statistic/segment`
 * and `tail`): the three datasets with their imports and exports, tolerance bands per run, the
 * statistics, drafts from the machine at each ring's end, and the next-ring advisor. After the
 * alarm module: a ring out of band raises an alarm through it.
 */
export const segmentModule = defineModule({
  name: 'segment',
  migrations: { '20261202T1000_segments': migration, '20261202T1100_segmentGrants': grants },
  register(ctx) {
    const analysis = registerSegmentAnalysisRoutes(ctx);
    const service = new SegmentService({
      db: ctx.db,
      runs: ctx.services.get('runScope'),
      machine: ctx.machine,
      now: ctx.now,
      // Records written by a call or an import are looked at for tolerance alarms once committed.
      written: (runId, since) => analysis.alarms.schedule(runId, since),
    });
    ctx.services.provide('segments', service);
    registerSegmentRoutes(ctx.app, service, ctx.services.get('imports'), ctx.endpoints);
  },
});
