import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';

export const HOUR_MS = 3_600_000;

interface HourCount {
  lateFrames: number;
  lastLateAt: number | null;
  earliestLateTs: number | null;
  recomputes: number;
  ringsRebuilt: number;
  lastRecomputeAt: number | null;
}

export interface BackfillFigures {
  lateFrames: number;
  lastLateAt: number | null;
  earliestLateTs: number | null;
  recomputes: number;
  ringsRebuilt: number;
  lastRecomputeAt: number | null;
}

const empty = (): HourCount => ({ lateFrames: 0, lastLateAt: null, earliestLateTs: null, recomputes: 0, ringsRebuilt: 0, lastRecomputeAt: null });

/**
 * The backfill of a run as it happens: late frames received through the HTTP batch ingest (frames
 * of windows already closed) and the recomputations that derived rings again from them, counted
 * per run and hour of receipt. The pipeline's event handlers only add to a map in memory (they
 * must be quick); the counts are added to the table right after, by whichever instance received
 * them, so the view sums every instance's.
 */
export class BackfillTally {
  private pending = new Map<number, Map<number, HourCount>>();
  private flushing: Promise<void> = Promise.resolve();
  private scheduled = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number,
    private readonly log: FastifyBaseLogger,
  ) {}

  private at(runId: number): HourCount {
    const hour = Math.floor(this.now() / HOUR_MS) * HOUR_MS;
    let hours = this.pending.get(runId);
    if (!hours) {
      hours = new Map();
      this.pending.set(runId, hours);
    }
    let count = hours.get(hour);
    if (!count) {
      count = empty();
      hours.set(hour, count);
    }
    return count;
  }

  /** A frame of a closed window arrived, carrying its own time `ts`. */
  lateFrame(runId: number, ts: number): void {
    const count = this.at(runId);
    count.lateFrames += 1;
    count.lastLateAt = this.now();
    count.earliestLateTs = count.earliestLateTs === null ? ts : Math.min(count.earliestLateTs, ts);
    this.schedule();
  }

  recomputed(runId: number, rings: number): void {
    const count = this.at(runId);
    count.recomputes += 1;
    count.ringsRebuilt += rings;
    count.lastRecomputeAt = this.now();
    this.schedule();
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.flushing = this.flushing.then(() => this.flush()).catch((error: unknown) => this.log.warn({ err: error }, 'backfill tally not saved'));
    });
  }

  /** Resolves once every count noted so far is in the table. */
  async settled(): Promise<void> {
    if (this.scheduled) await new Promise<void>((resolve) => setImmediate(resolve));
    await this.flushing;
  }

  private async flush(): Promise<void> {
    const batch = this.pending;
    this.pending = new Map();
    for (const [runId, hours] of batch) {
      for (const [hourTs, c] of hours) {
        await this.db
          .insertInto('ring_backfill_hours')
          .values({ run_id: runId, hour_ts: hourTs, late_frames: c.lateFrames, last_late_at: c.lastLateAt, earliest_late_ts: c.earliestLateTs, recomputes: c.recomputes, rings_rebuilt: c.ringsRebuilt, last_recompute_at: c.lastRecomputeAt })
          .onConflict((oc) =>
            oc.columns(['run_id', 'hour_ts']).doUpdateSet((eb) => ({
              late_frames: eb('ring_backfill_hours.late_frames', '+', eb.ref('excluded.late_frames')),
              recomputes: eb('ring_backfill_hours.recomputes', '+', eb.ref('excluded.recomputes')),
              rings_rebuilt: eb('ring_backfill_hours.rings_rebuilt', '+', eb.ref('excluded.rings_rebuilt')),
              last_late_at: eb.fn.coalesce('excluded.last_late_at', 'ring_backfill_hours.last_late_at'),
              last_recompute_at: eb.fn.coalesce('excluded.last_recompute_at', 'ring_backfill_hours.last_recompute_at'),
              // The smaller of the two, either may be null (no min of two values both dialects share).
              earliest_late_ts: sql<number | null>`case when ring_backfill_hours.earliest_late_ts is null or excluded.earliest_late_ts < ring_backfill_hours.earliest_late_ts then coalesce(excluded.earliest_late_ts, ring_backfill_hours.earliest_late_ts) else ring_backfill_hours.earliest_late_ts end`,
            })),
          )
          .execute();
      }
    }
  }

  /** The backfill of the last `hours` hours (the current hour included). */
  async figures(runId: number, hours: number): Promise<BackfillFigures> {
    await this.settled();
    const since = Math.floor(this.now() / HOUR_MS) * HOUR_MS - (hours - 1) * HOUR_MS;
    const row = await this.db
      .selectFrom('ring_backfill_hours')
      .select((eb) => [
        eb.fn.sum<number>('late_frames').as('late'),
        eb.fn.max('last_late_at').as('lastLate'),
        eb.fn.min('earliest_late_ts').as('earliestLate'),
        eb.fn.sum<number>('recomputes').as('recomputes'),
        eb.fn.sum<number>('rings_rebuilt').as('rings'),
        eb.fn.max('last_recompute_at').as('lastRecompute'),
      ])
      .where('run_id', '=', runId)
      .where('hour_ts', '>=', since)
      .executeTakeFirst();
    const orNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));
    return {
      lateFrames: Number(row?.late ?? 0),
      lastLateAt: orNull(row?.lastLate),
      earliestLateTs: orNull(row?.earliestLate),
      recomputes: Number(row?.recomputes ?? 0),
      ringsRebuilt: Number(row?.rings ?? 0),
      lastRecomputeAt: orNull(row?.lastRecompute),
    };
  }
}
