import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { CycleEngine, type RingRecord, type StateInterval } from './cycle/cycleEngine.js';
import type { TagLayout } from './frame.js';
import type { IngestService } from './ingest.js';
import type { MachineSimulator } from './simulator/machineSimulator.js';
import { type SimulatedRun, simulatorFor } from './sources/simulatorSource.js';
import { TagStatsAccumulator } from './ringStats/tagStatsAccumulator.js';
import { CycleRepo } from './store/cycle.repo.js';
import { FrameStoreRepo } from './store/frameStore.repo.js';
import { type RingTagStats, RingTagStatsRepo } from './store/ringTagStats.repo.js';
import { DAY_MS } from './store/rollup.js';

export interface HistoryFigures {
  runId: number;
  rings: number;
  intervals: number;
  storedFrames: number;
}

/** Simulated seconds between two full frames sampled for the tag statistics of history rings. */
const SAMPLE_EVERY_S = 60;

/**
 * Weeks of plausible simulated history for a run (the demo projects, benchmarks): the simulator's key tags drive the cycle engine for
 * the older days (state intervals and ring records, no frames kept), then the most recent hours go
 * through the whole ingest pipeline with every tag, so charts and rollups have real frames. The
 * simulator is returned where it stopped, to continue live.
 *
 * The older rings have no frames to build tag statistics from, so their statistics are SAMPLED:
 * once a minute of simulated time the simulator produces a full frame (same key values as the
 * key-only ones), and the frames sampled while it advances are added up per ring and saved with
 * the ring. Their `frames` counts those samples (about one per advance minute), not seconds. The
 * key tags are exact samples; the other tags only move when a full frame is made (`nextKeyOnly`
 * leaves them standing), so each sample is one step of their filters: they follow a change of
 * state over minutes where real frames take seconds, and a ring's means come out a few percent of
 * the tag's range away from what every frame would give. The full frames begin with the first
 * ring that starts inside the recent window, so no ring is half sampled and half stored (its
 * statistics would cover only part of its advance).
 */
export async function fillHistory(
  db: Kysely<Database>,
  ingest: IngestService,
  run: SimulatedRun,
  layout: TagLayout,
  options: {
    days: number;
    recentMs: number;
    now: number;
    /** Called once the older history is stored and before the recent frames go through ingest, with the first ingested instant (demo records of the older part). */
    beforeIngest?: (ingestFrom: number) => Promise<void>;
  },
): Promise<{ sim: MachineSimulator; figures: HistoryFigures }> {
  const start = options.now - options.days * DAY_MS;
  const fullFrom = options.now - options.recentMs;
  const sim = simulatorFor(run, layout, start);
  const engine = new CycleEngine({ runId: run.runId, layout, ringWidthMm: run.ringWidthMm, endChainage: run.endChainage });
  const cycle = new CycleRepo(db);
  // The layout ingest stores this run's frames with (created here when new, found again by ingest).
  const layoutId = await new FrameStoreRepo(db).layoutId(run.runId, layout.codes, options.now);
  /** Sampled advance frames of the rings not emitted yet, by PLC ring counter. */
  const sampled = new Map<number, TagStatsAccumulator>();
  let intervals: StateInterval[] = [];
  let rings: RingRecord[] = [];
  let ringStats: RingTagStats[] = [];
  const figures: HistoryFigures = { runId: run.runId, rings: 0, intervals: 0, storedFrames: 0 };
  const flush = async () => {
    await db.transaction().execute(async (trx) => {
      const repo = new CycleRepo(trx);
      for (let i = 0; i < intervals.length; i += 200) await repo.insertIntervals(intervals.slice(i, i + 200));
      await repo.upsertRings(rings);
      const statsRepo = new RingTagStatsRepo(trx);
      for (const stats of ringStats) await statsRepo.save(stats, options.now);
    });
    figures.intervals += intervals.length;
    figures.rings += rings.length;
    intervals = [];
    rings = [];
    ringStats = [];
  };
  const ringDone = (ring: RingRecord) => {
    const acc = sampled.get(ring.ringNo) ?? new TagStatsAccumulator(layout.size);
    ringStats.push({ runId: run.runId, ringNo: ring.ringNo, layoutId, ringEnd: ring.end, frames: acc.frames, values: acc.result() });
    // Counters at or below the emitted ring are done (a skipped number would otherwise stay forever).
    for (const ringNo of sampled.keys()) if (ringNo <= ring.ringNo) sampled.delete(ringNo);
  };
  let lastTs = start;
  // One buffer for every history frame: the engine keeps aggregates, never frames.
  const buffer = layout.emptyValues();
  // Key-only seconds until the recent window, then on to the end of the ring in progress there.
  let ringClosedInWindow = false;
  for (let n = 0; lastTs < options.now && (lastTs < fullFrom || !ringClosedInWindow); n += 1) {
    const full = n % SAMPLE_EVERY_S === 0;
    const frame = full ? sim.next(buffer) : sim.nextKeyOnly(buffer);
    lastTs = frame.ts;
    if (full) {
      const phase = sim.phase();
      if (phase.state === 'advance') {
        let acc = sampled.get(phase.ringNo);
        if (!acc) {
          acc = new TagStatsAccumulator(layout.size);
          sampled.set(phase.ringNo, acc);
        }
        acc.addFrame(frame.values);
      }
    }
    for (const event of engine.push(frame)) {
      if (event.type === 'interval') intervals.push(event.interval);
      else {
        rings.push(event.ring);
        ringDone(event.ring);
        if (lastTs >= fullFrom) ringClosedInWindow = true;
      }
    }
    // Let requests through while weeks of seconds are simulated.
    if (n % 20_000 === 0) {
      if (intervals.length > 500) await flush();
      await yieldToLoop();
    }
  }
  await flush();
  await cycle.saveSnapshot(run.runId, lastTs, JSON.stringify(engine.snapshot()));
  await options.beforeIngest?.(lastTs);
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
