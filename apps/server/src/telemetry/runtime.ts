import { tagCatalogue } from '@boreline/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { seedDemo } from '../db/seed/demo.js';
import { seedDemoShiftReports } from '../db/seed/demoShiftReports.js';
import { machineTypeOf } from '../modules/project/run.repo.js';
import { ShiftRepo } from '../modules/project/shift.repo.js';
import { ShiftAutoGeneration } from '../modules/report/shiftAutoGeneration.js';
import { ShiftReportRepo } from '../modules/report/shiftReport.repo.js';
import { fillHistory } from './demoHistory.js';
import { TagLayout } from './frame.js';
import { RingTagStatsJob } from './ringStats/ringTagStatsJob.js';
import { MqttSource } from './sources/mqttSource.js';
import { continueDrive, SimulatorSource } from './sources/simulatorSource.js';
import { CycleRepo } from './store/cycle.repo.js';
import { DAY_MS } from './store/rollup.js';

/**
 * Starts the data sources of a listening server: demo projects with history (and their crews'
 * shift reports) on a fresh embedded database, the simulator for simulated runs, MQTT when
 * configured, the closing of windows of machines that went quiet, the generation of ended
 * shifts' reports and the tag statistics of completed rings. History fills in the background;
 * the console is usable meanwhile.
 */
export async function startTelemetry(app: FastifyInstance, config: Config): Promise<{ stop(): Promise<void> }> {
  const { ingest, service, db, runs } = app.telemetry;
  const simulator = new SimulatorSource(ingest, app.log);
  const now = Date.now();
  const created = config.demo.enabled ? await seedDemo(db, now) : [];
  const background: Promise<void>[] = [];
  if (config.simulator) {
    const createdIds = new Set(created.map((r) => r.runId));
    for (const run of await runs.bySource('simulator')) {
      if (createdIds.has(run.id)) continue;
      const machineType = machineTypeOf(run);
      const layout = await ingest.open({ runId: run.id, machineType, ringWidthMm: run.ring_width_mm, endChainage: run.end_chainage });
      // A restarted simulator goes on after the last ring on record, never from the first ring again.
      const last = await new CycleRepo(db).lastRingNo(run.id);
      const nextRing = last === null ? run.start_ring : last + 1;
      const drive = { runId: run.id, seed: run.sim_seed ?? run.id, machineType, ringWidthMm: run.ring_width_mm, startChainage: run.start_chainage, endChainage: run.end_chainage, startRing: run.start_ring };
      simulator.add(continueDrive(drive, nextRing), layout, now);
    }
    for (const run of created) {
      background.push(
        (async () => {
          // Not opened for ingest yet: the history's engine snapshot must be in place first.
          const layout = new TagLayout(tagCatalogue(run.machineType));
          const { sim, figures } = await fillHistory(db, ingest, run, layout, { days: config.demo.historyDays, recentMs: config.demo.framesMs, now });
          simulator.add(run, layout, Date.now(), sim);
          app.log.info(figures, 'demo history ready');
          // Crews' reports of the history's shifts; the live drive goes on without them on failure.
          await seedDemoShiftReports(db, run.runId, { seed: run.seed, from: now - config.demo.historyDays * DAY_MS, now: Date.now() })
            .then((reports) => app.log.info(reports, 'demo shift reports ready'))
            .catch((error: unknown) => app.log.error({ err: error, runId: run.runId }, 'demo shift reports failed'));
        })().catch((error: unknown) => app.log.error({ err: error, runId: run.runId }, 'demo history failed')),
      );
    }
    simulator.start();
  }
  let mqtt: MqttSource | null = null;
  if (config.mqttUrl) {
    mqtt = new MqttSource(
      { url: config.mqttUrl, prefix: config.mqttTopicPrefix, clientId: `boreline-${process.pid}` },
      { ingest, decoderOf: (runId) => service.decoderOf(runId), log: app.log },
    );
    await mqtt.start();
  }
  const shiftReports = new ShiftAutoGeneration(
    { reports: new ShiftReportRepo(db), shifts: new ShiftRepo(db), runs: () => runs.under(null), log: app.log, now: Date.now, editWindowMs: config.reports.editWindowMs },
    { intervalMs: config.reports.autoGenerateIntervalMs },
  );
  shiftReports.start();
  const ringStats = new RingTagStatsJob({ db, log: app.log, now: Date.now }, { intervalMs: config.ringStats.intervalMs });
  ringStats.start();
  const idle = setInterval(() => void ingest.flushIdle(Date.now()).catch((error: unknown) => app.log.warn({ err: error }, 'closing idle windows failed')), 60_000);
  idle.unref();
  return {
    async stop() {
      clearInterval(idle);
      await shiftReports.stop();
      await ringStats.stop();
      simulator.stop();
      await mqtt?.stop();
      await Promise.allSettled(background);
    },
  };
}
