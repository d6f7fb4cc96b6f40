import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { decodeChunk } from './codec/chunkCodec.js';
import { CycleEngine, type RingRecord, type StateInterval } from './cycle/cycleEngine.js';
import type { Frame } from './frame.js';
import type { IngestService } from './ingest.js';
import { CycleRepo } from './store/cycle.repo.js';
import { FrameStoreRepo } from './store/frameStore.repo.js';

export interface RecomputeResult {
  /** Where the recomputation started: the start of the ring that held `from`. */
  from: number;
  rings: number;
  intervals: number;
  frames: number;
}

/**
 * Derives state intervals and rings again from the stored frames, from the start of the ring that
 * contains `from` up to the newest frame (after a backfill of late data, or a corrected catalogue).
 * The run's ingest is held meanwhile; the live engine continues from the recomputed one.
 * Returns null when no frames are stored from that time (history without frames stays as it is).
 */
export async function recomputeCycles(db: Kysely<Database>, ingest: IngestService, runId: number, from: number): Promise<RecomputeResult | null> {
  return ingest.exclusive(runId, async (info, layout) => {
    const store = new FrameStoreRepo(db);
    const ring = await db.selectFrom('rings').select('start_ts').where('run_id', '=', runId).where('start_ts', '<=', from).where('end_ts', '>', from).executeTakeFirst();
    const start = ring?.start_ts ?? from;
    const first = await db.selectFrom('tele_chunks').select((eb) => eb.fn.min('start_ts').as('ts')).where('run_id', '=', runId).executeTakeFirst();
    const firstPending = (await store.pending(runId))[0];
    const earliest = Math.min(Number(first?.ts ?? Number.POSITIVE_INFINITY), firstPending ? firstPending.window_ts : Number.POSITIVE_INFINITY);
    if (!Number.isFinite(earliest) || earliest > start + 60_000) return null;

    const layouts = await store.layouts(runId);
    const frames: Frame[] = [];
    const add = (layoutId: number, data: Uint8Array) => {
      const codes = layouts.get(layoutId) ?? [];
      const decoded = decodeChunk(data);
      const positions = layout.codes.map((code) => codes.indexOf(code));
      for (let k = 0; k < decoded.ts.length; k += 1) {
        const ts = decoded.ts[k] ?? 0;
        if (ts < start) continue;
        const values = layout.emptyValues();
        positions.forEach((p, i) => {
          if (p >= 0) values[i] = decoded.columns[p]?.[k] ?? Number.NaN;
        });
        frames.push({ runId, ts, values });
      }
    };
    for (const chunk of await store.chunks(runId, start, Number.MAX_SAFE_INTEGER)) add(chunk.layout_id, chunk.data);
    for (const row of await store.pending(runId)) add(row.layout_id, row.data);
    frames.sort((a, b) => a.ts - b.ts);

    const engine = new CycleEngine({ runId, layout, ringWidthMm: info.ringWidthMm, endChainage: info.endChainage });
    const intervals: StateInterval[] = [];
    const rings: RingRecord[] = [];
    for (const frame of frames) {
      for (const event of engine.push(frame)) {
        if (event.type === 'interval') intervals.push(event.interval);
        else rings.push(event.ring);
      }
    }
    await db.transaction().execute(async (trx) => {
      const repo = new CycleRepo(trx);
      await repo.clearFrom(runId, start);
      for (let i = 0; i < intervals.length; i += 200) await repo.insertIntervals(intervals.slice(i, i + 200));
      await repo.upsertRings(rings);
      await repo.saveSnapshot(runId, frames.at(-1)?.ts ?? start, JSON.stringify(engine.snapshot()));
    });
    ingest.replaceEngine(runId, engine);
    // Whoever remembers figures of this run (the board) reads them again; emitted in the run's queue.
    ingest.events.emit('historyRewritten', { runId, from: start, cause: 'recompute', rings: rings.length });
    return { from: start, rings: rings.length, intervals: intervals.length, frames: frames.length };
  });
}
