import { migration } from '../../db/migrations/20261129T1100_riskPoints.js';
import { defineModule } from '../../platform/module.js';
import { RiskRepo } from './risk.repo.js';
import { registerRiskRoutes } from './risk.routes.js';
import { RiskService } from './risk.service.js';
import { RiskWatch } from './riskWatch.js';

export { seedDemoRiskPoints } from './demoRiskPoints.js';
export { RiskService } from './risk.service.js';

declare module '../../core/services.js' {
  interface Services {
    /** Risk zones' announcements: `schedule(runId)` queues an evaluation, `settled()` waits for the queue. */
    riskWatch: RiskWatch;
    /** Risk zones and their state (the demo seeds zones from the machine's position). */
    risk: RiskService;
  }
}

/**
 * Risk points (spec §2, §3, §5): preset risk zones along a run's drive with their pictures, the
 * state of each from where the machine is (ahead, approaching, inside, passed) and one message to
 * the run's users when a zone becomes approaching and one when the machine enters it. Evaluated
 * when a ring completes (the handler only queues the run: the work runs in this module's own queue)
 * and when the server starts. Listed after the message centre, whose `send` it uses.
 */
export const riskModule = defineModule({
  name: 'risk',
  migrations: { '20261129T1100_riskPoints': migration },
  register(ctx) {
    const service = new RiskService({
      db: ctx.db,
      repo: new RiskRepo(ctx.db),
      runs: ctx.services.get('runScope'),
      files: ctx.services.get('files'),
      machine: ctx.machine,
      messages: () => ctx.services.get('messageCentre'),
      now: ctx.now,
      log: ctx.log,
    });
    const watch = new RiskWatch((runId) => service.evaluate(runId), ctx.log);
    ctx.services.provide('riskWatch', watch);
    ctx.services.provide('risk', service);
    ctx.events.on('ringCompleted', (e) => watch.schedule(e.runId));
    ctx.events.on('historyRewritten', (e) => watch.schedule(e.runId));
    ctx.lifecycle.onStart(async () => {
      for (const runId of await service.runsWithZones()) watch.schedule(runId);
    });
    ctx.lifecycle.onStop(() => watch.settled());
    registerRiskRoutes(ctx.app, service, (runId) => watch.schedule(runId), ctx.endpoints);
  },
});
