import { defineModule } from '../../platform/module.js';
import { SimulatorSource, TagMappingRepo, continueDrive } from '../../telemetry/index.js';
import { machineTypeOf } from '../project/index.js';
import { registerTelemetryRoutes } from './telemetry.routes.js';
import { TelemetryService } from './telemetry.service.js';

export { TelemetryService, telemetryOf } from './telemetry.service.js';

declare module '../../core/services.js' {
  interface Services {
    /** Machine data in and out: gateways' keys and batches, decoders, series, recomputation. */
    telemetry: TelemetryService;
    /** The built-in simulator feeding runs whose source is 'simulator'. */
    simulator: SimulatorSource;
  }
}

/**
 * Machine data sources and their administration: HTTP batch ingest with per-run keys, the built-in
 * simulator, data linkers (tag mappings), chart series and cycle recomputation.
 */
export const telemetryModule = defineModule({
  name: 'telemetry',
  register(ctx) {
    const runs = ctx.services.get('runs');
    const service = new TelemetryService(runs, ctx.services.get('runScope'), ctx.telemetry.ingest, ctx.machine, new TagMappingRepo(ctx.db));
    ctx.services.provide('telemetry', service);
    registerTelemetryRoutes(ctx.app, service, ctx.endpoints);

    const simulator = new SimulatorSource(ctx.telemetry.ingest, ctx.log);
    ctx.services.provide('simulator', simulator);
    ctx.lifecycle.onStart(async () => {
      if (!ctx.config.simulator) return;
      const now = Date.now();
      for (const run of await runs.bySource('simulator')) {
        const machineType = machineTypeOf(run);
        const layout = await ctx.telemetry.ingest.open({ runId: run.id, machineType, ringWidthMm: run.ring_width_mm, endChainage: run.end_chainage });
        // A restarted simulator goes on after the last ring on record, never from the first ring again.
        const last = (await ctx.machine.drive(run.id)).lastRing;
        const drive = { runId: run.id, seed: run.sim_seed ?? run.id, machineType, ringWidthMm: run.ring_width_mm, startChainage: run.start_chainage, endChainage: run.end_chainage, startRing: run.start_ring };
        simulator.add(continueDrive(drive, last === null ? run.start_ring : last + 1), layout, now);
      }
      simulator.start();
    });
    ctx.lifecycle.onStop(() => simulator.stop());
  },
});
