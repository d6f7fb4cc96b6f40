import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { CycleEngine, type RingRecord, type StateInterval } from './cycle/cycleEngine.js';
import type { TagLayout } from './frame.js';
import type { IngestService } from './ingest.js';
import type { MachineSimulator } from './simulator/machineSimulator.js';
import { type SimulatedRun, simulatorFor } from './sources/simulatorSource.js';
import { CycleRepo } from './store/cycle.repo.js';
import { DAY_MS } from './store/rollup.js';

export interface HistoryFigures {
  runId: number;
  rings: number;
  intervals: number;
  storedFrames: number;
}

/**
 * Weeks of plausible history for a demo run: the simulator's key tags drive the cycle engine for
 * the older days (state intervals and ring records, no frames kept), then the most recent hours go
 * through the whole ingest pipeline with every tag, so charts and rollups have real frames. The
 * simulator is returned where it stopped, to continue live.
 */
export async function fillHistory(
  db: Kysely<Database>,
  ingest: IngestService,
  run: SimulatedRun,
  layout: TagLayout,
  options: { days: number; recentMs: number; now: number },
): Promise<{ sim: MachineSimulator; figures: HistoryFigures }> {
  const start = options.now - options.days * DAY_MS;
  const fullFrom = options.now - options.recentMs;
  const sim = simulatorFor(run, layout, start);
  const engine = new CycleEngine({ runId: run.runId, layout, ringWidthMm: run.ringWidthMm, endChainage: run.endChainage });
  const cycle = new CycleRepo(db);
  let intervals: StateInterval[] = [];
  let rings: RingRecord[] = [];
  const figures: HistoryFigures = { runId: run.runId, rings: 0, intervals: 0, storedFrames: 0 };
  const flush = async () => {
    await db.transaction().execute(async (trx) => {
      const repo = new CycleRepo(trx);
      for (let i = 0; i < intervals.length; i += 200) await repo.insertIntervals(intervals.slice(i, i + 200));
      await repo.upsertRings(rings);
    });
    figures.intervals += intervals.length;
    figures.rings += rings.length;
    intervals = [];
    rings = [];
  };
  let lastTs = start;
  // One buffer for every history frame: the engine keeps aggregates, never frames.
  const buffer = layout.emptyValues();
  for (let n = 0; lastTs < fullFrom; n += 1) {
    const frame = sim.nextKeyOnly(buffer);
    lastTs = frame.ts;
    for (const event of engine.push(frame)) {
      if (event.type === 'interval') intervals.push(event.interval);
      else rings.push(event.ring);
    }
    // Let requests through while weeks of seconds are simulated.
    if (n % 20_000 === 0) {
      if (intervals.length > 500) await flush();
      await yieldToLoop();
    }
  }
  await flush();
  await cycle.saveSnapshot(run.runId, lastTs, JSON.stringify(engine.snapshot()));
  await ingest.open({ runId: run.runId, machineType: run.machineType, ringWidthMm: run.ringWidthMm, endChainage: run.endChainage });
  while (lastTs < options.now) {
    const frames = [];
    for (let i = 0; i < 300 && lastTs < options.now; i += 1) {
      const frame = sim.next();
      lastTs = frame.ts;
      frames.push(frame);
    }
    await ingest.ingest(run.runId, frames);
    figures.storedFrames += frames.length;
    await yieldToLoop();
  }
  return { sim, figures };
}
