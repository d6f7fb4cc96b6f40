import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { RingTagStatsRepo } from '../store/ringTagStats.repo.js';
import { RingTagStatsBuilder } from './ringTagStatsBuilder.js';

export interface RingTagStatsJobDeps {
  db: Kysely<Database>;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  now: () => number;
}

export interface RingTagStatsJobOptions {
  /** How long after its end a ring is built: frames of its last seconds (and late ones) have arrived. */
  settleMs?: number;
  /** Rings asked for at a time. */
  batch?: number;
  /** How long a ring whose build failed is left aside before it is tried again. */
  retryMs?: number;
}

/** A pass stops after this many batches and leaves the rest to the next tick. */
const MAX_BATCHES_PER_PASS = 50;

/**
 * Builds the tag statistics of completed rings as a scheduler job: every interval, the rings that
 * ended at least `settleMs` ago and have no statistics (or statistics built for another end, after
 * a recomputation) are built one at a time, oldest first, batch after batch until none is left. A
 * failed ring is logged and left aside for `retryMs`, so it neither stops the pass nor holds back
 * the rings after it. Two instances running it at once build some rings twice; a build is an
 * idempotent upsert of the same figures, so that costs time, never correctness.
 */
export class RingTagStatsJob {
  private readonly repo: RingTagStatsRepo;
  private readonly builder: RingTagStatsBuilder;
  private readonly settleMs: number;
  private readonly batch: number;
  private readonly retryMs: number;
  /** Rings whose build failed ("run:ring") → when they may be tried again. */
  private readonly failed = new Map<string, number>();

  constructor(
    private readonly deps: RingTagStatsJobDeps,
    options: RingTagStatsJobOptions = {},
  ) {
    this.repo = new RingTagStatsRepo(deps.db);
    this.builder = new RingTagStatsBuilder(deps.db, deps.log, deps.now);
    this.settleMs = options.settleMs ?? 90_000;
    this.batch = options.batch ?? 20;
    this.retryMs = options.retryMs ?? 10 * 60_000;
  }

  /** One pass at `now`: builds the due rings batch after batch (the job runner calls it). */
  async pass(now: number = this.deps.now(), signal?: AbortSignal): Promise<number> {
    for (const [key, retryAt] of this.failed) if (retryAt <= now) this.failed.delete(key);
    let built = 0;
    for (let round = 0; round < MAX_BATCHES_PER_PASS && !signal?.aborted; round += 1) {
      // Asked for enough to see past the rings left aside.
      const due = await this.repo.due(now - this.settleMs, this.batch + this.failed.size);
      const todo = due.filter((r) => !this.failed.has(`${r.runId}:${r.ringNo}`)).slice(0, this.batch);
      for (const ring of todo) {
        if (signal?.aborted) break;
        try {
          if (await this.builder.build(ring.runId, ring.ringNo)) built += 1;
        } catch (error: unknown) {
          this.failed.set(`${ring.runId}:${ring.ringNo}`, now + this.retryMs);
          this.deps.log.warn({ err: error, runId: ring.runId, ringNo: ring.ringNo }, 'ring tag statistics of a ring failed');
        }
      }
      if (todo.length < this.batch) break;
    }
    return built;
  }
}
