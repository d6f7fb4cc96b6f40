import { migration as ringHistory } from '../../db/migrations/20261128T1300_ringHistory.js';
import { defineModule } from '../../platform/module.js';
import { BackfillTally } from './backfillTally.js';
import { registerRingHistoryRoutes } from './ringHistory.routes.js';
import { RingHistoryService } from './ringHistory.service.js';

/**
 * Ring history: the rings built before the console, imported from a spreadsheet (template kind
 * `ringhist`) into the run's rings (origin `import`), so progress, reports and statistics start at
 * the drive's first ring; and the backfill of late frames through the HTTP batch ingest, tallied
 * with the recomputations that rebuilt rings from them, for the run's "History" view.
 */
export const ringHistoryModule = defineModule({
  name: 'ringHistory',
  // Also gives rings and state intervals their origin, which the cycle repo keeps apart on a recomputation.
  migrations: { '20261128T1300_ringHistory': ringHistory },
  register(ctx) {
    const tally = new BackfillTally(ctx.db, ctx.now, ctx.log);
    ctx.events.on('frameStored', (e) => {
      if (e.late) tally.lateFrame(e.runId, e.frame.ts);
    });
    ctx.events.on('historyRewritten', (e) => {
      if (e.cause === 'recompute') tally.recomputed(e.runId, e.rings);
    });
    ctx.lifecycle.onStop(() => tally.settled());
    const service = new RingHistoryService(ctx.db, ctx.services.get('runScope'), ctx.services.get('imports'), ctx.machine, ctx.events, tally);
    registerRingHistoryRoutes(ctx.app, service, ctx.endpoints);
  },
});
