import { defineModule } from '../../platform/module.js';
import { migration as tagMapping } from '../../db/migrations/20261128T1200_tagMapping.js';
import { migration as ownTags } from '../../db/migrations/20261128T1400_ownTags.js';
import { migration as ringCutterSpeed } from '../../db/migrations/20261130T1200_ringCutterSpeed.js';
import { RunTagsRepo, SimulatorSource, TagMappingRepo, UnmappedTagsRepo, continueDrive } from '../../telemetry/index.js';
import { machineTypeOf, type RunRow } from '../project/index.js';
import { OwnTagService } from './ownTags.service.js';
import { registerOwnTagRoutes } from './ownTags.routes.js';
import { registerTelemetryRoutes } from './telemetry.routes.js';
import { TelemetryService } from './telemetry.service.js';

export { TelemetryService, telemetryOf } from './telemetry.service.js';

/** Bus message of a run's administration (sockets ignore it): every instance follows the change. */
const RUN_CHANGED = 'runChanged';

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
 * simulator, data linkers (tag mappings, the names seen that map to none, suggestions, spreadsheet
 * import), chart series and cycle recomputation.
 */
export const telemetryModule = defineModule({
  name: 'telemetry',
  migrations: { '20261128T1200_tagMapping': tagMapping, '20261128T1400_ownTags': ownTags, '20261130T1200_ringCutterSpeed': ringCutterSpeed },
  register(ctx) {
    const runs = ctx.services.get('runs');
    const service = new TelemetryService(
      runs,
      ctx.services.get('runScope'),
      ctx.telemetry.ingest,
      ctx.machine,
      new TagMappingRepo(ctx.db),
      new UnmappedTagsRepo(ctx.db),
      ctx.services.get('imports'),
      ctx.log,
    );
    ctx.services.provide('telemetry', service);
    registerTelemetryRoutes(ctx.app, service, ctx.endpoints);
    // Own tags changed: this instance's layout and decoder follow before the answer, the others when the bus brings it.
    const ownTagService = new OwnTagService(new RunTagsRepo(ctx.db), ctx.services.get('runScope'), async (runId) => {
      await service.tagsChanged(runId);
      ctx.bus.publish(JSON.stringify({ type: RUN_CHANGED, runId }));
    });
    registerOwnTagRoutes(ctx.app, ownTagService, ctx.endpoints);

    const simulator = new SimulatorSource(ctx.telemetry.ingest, ctx.log);
    ctx.services.provide('simulator', simulator);
    const simulate = async (run: RunRow, now: number) => {
      const machineType = machineTypeOf(run);
      const layout = await service.openRun(run);
      // A restarted simulator goes on after the last ring on record, never from the first ring again.
      const last = (await ctx.machine.drive(run.id)).lastRing;
      const drive = { runId: run.id, seed: run.sim_seed ?? run.id, machineType, ringWidthMm: run.ring_width_mm, startChainage: run.start_chainage, endChainage: run.end_chainage, startRing: run.start_ring };
      simulator.add(continueDrive(drive, last === null ? run.start_ring : last + 1), layout, now);
    };
    ctx.lifecycle.onStart(async () => {
      if (!ctx.config.simulator) return;
      const now = Date.now();
      // A finished drive stays quiet.
      for (const run of await runs.bySource('simulator')) if (run.finished_at === null) await simulate(run, now);
      simulator.start();
    });
    // A run created, edited, finished, reopened or deleted: its decoder and finish state are read
    // again, and its simulator starts or stops at once (no restart needed) — here before the
    // request answers, on the other instances when the bus brings the change (idempotent here).
    const follow = async (runId: number) => {
      service.forget(runId);
      await service.tagsChanged(runId);
      if (!ctx.config.simulator) return;
      const run = await runs.find(runId);
      const wanted = run !== undefined && run.source === 'simulator' && run.finished_at === null;
      if (!wanted) return simulator.remove(runId);
      if (!simulator.has(runId)) await simulate(run, Date.now());
    };
    ctx.services.get('runAdmin').onChange(async ({ runId }) => {
      await follow(runId);
      ctx.bus.publish(JSON.stringify({ type: RUN_CHANGED, runId }));
    });
    ctx.bus.onMessage((raw) => {
      // The bus carries every machine's data each second: only this message's own prefix is read further.
      if (!raw.startsWith(`{"type":"${RUN_CHANGED}"`)) return;
      const runId: unknown = (JSON.parse(raw) as { runId?: unknown }).runId;
      if (typeof runId === 'number') void follow(runId).catch((error: unknown) => ctx.log.warn({ err: error, runId }, 'run change not followed'));
    });
    ctx.lifecycle.onStop(() => simulator.stop());
  },
});
