import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { type DecodedChunk, decodeChunk } from '../codec/chunkCodec.js';
import { CHUNK_WINDOW_MS } from '../ingest.js';
import { FrameStoreRepo } from '../store/frameStore.repo.js';
import { type RingTagStats, RingTagStatsRepo } from '../store/ringTagStats.repo.js';
import { TagStatsAccumulator } from './tagStatsAccumulator.js';

/** Chunks are read this much advance time at a time. */
const SLICE_MS = 3_600_000;

/** Half-open [start, end) spans in time order, not overlapping. */
type Spans = { start: number; end: number }[];

/** The advance intervals clipped to the ring's span, merged where they touch or overlap. */
export function clipSpans(intervals: readonly { start_ts: number; end_ts: number }[], from: number, to: number): Spans {
  const spans: Spans = [];
  for (const interval of [...intervals].sort((a, b) => a.start_ts - b.start_ts)) {
    const start = Math.max(interval.start_ts, from);
    const end = Math.min(interval.end_ts, to);
    if (end <= start) continue;
    const last = spans.at(-1);
    if (last && start <= last.end) last.end = Math.max(last.end, end);
    else spans.push({ start, end });
  }
  return spans;
}

/** Whether `ts` lies in one of the spans (binary search: a chunk's frames need not be in order). */
function inSpans(spans: Spans, ts: number): boolean {
  let lo = 0;
  let hi = spans.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const span = spans[mid];
    if (!span) return false;
    if (ts < span.start) hi = mid - 1;
    else if (ts >= span.end) lo = mid + 1;
    else return true;
  }
  return false;
}

/**
 * Builds the tag statistics of one completed ring from the frame store: min, mean and max of every
 * tag over the frames whose timestamp lies in one of the ring's advance intervals (frames of ring
 * building and waiting are left out: a thrust at rest says nothing of the advance).
 *
 * A ring's frames may be stored under several layouts (the tag set grew). Each layout gets its own
 * accumulator; the result is kept in the newest of them (highest id: layouts are only ever added),
 * each of its tags merged by code from the older ones. A tag the newest layout dropped is not kept.
 * A frame stored twice (a resent late frame, or a window that closed while it was read) counts once.
 *
 * A ring without stored advance frames still gets a row, with `frames` 0 and every value NaN, so it
 * is not tried again until its end changes. Decoding yields to the event loop after each chunk:
 * building runs beside live ingest and must not hold it for long.
 */
export class RingTagStatsBuilder {
  private readonly repo: RingTagStatsRepo;
  private readonly store: FrameStoreRepo;

  constructor(
    db: Kysely<Database>,
    private readonly log: { warn(obj: object, msg: string): void },
    private readonly now: () => number = Date.now,
  ) {
    this.repo = new RingTagStatsRepo(db);
    this.store = new FrameStoreRepo(db);
  }

  /** Builds and saves the ring's statistics; null when the ring is not on record (any more). */
  async build(runId: number, ringNo: number): Promise<RingTagStats | null> {
    const ring = await this.repo.ring(runId, ringNo);
    if (!ring) return null;
    const spans = clipSpans(await this.repo.advanceIntervals(runId, ring.start_ts, ring.end_ts), ring.start_ts, ring.end_ts);
    const accumulators = new Map<number, TagStatsAccumulator>();
    const first = spans[0];
    const last = spans.at(-1);
    if (!first || !last) return this.save(runId, ringNo, ring.end_ts, accumulators, await this.store.layouts(runId));
    // Pending rows before chunks: a window closing in between then shows up twice (counted once)
    // rather than not at all. A pending row holds frames of [window_ts, window_ts + window).
    const pending = await this.store.pending(runId, first.start - CHUNK_WINDOW_MS, last.end);
    const seen = new Set<number>();
    const done = new Set<string>();
    let layouts = await this.store.layouts(runId);
    const add = async (part: { layout_id: number; data: Uint8Array }) => {
      // A layout added since the layouts were read (the tag set grew meanwhile).
      if (!layouts.has(part.layout_id)) layouts = await this.store.layouts(runId);
      const size = layouts.get(part.layout_id)?.length;
      if (size === undefined) return;
      let acc = accumulators.get(part.layout_id);
      if (!acc) {
        acc = new TagStatsAccumulator(size);
        accumulators.set(part.layout_id, acc);
      }
      this.addAdvanceFrames(acc, part.data, spans, seen, { runId, ringNo, layoutId: part.layout_id });
      await yieldToLoop();
    };
    // Chunks are read an hour of advance at a time: a ring whose advance was interrupted by days
    // of standstill must not load those days' chunks at once. A chunk across two slices is read once.
    for (const span of spans) {
      for (let from = span.start; from < span.end; from += SLICE_MS) {
        for (const chunk of await this.store.chunks(runId, from, Math.min(from + SLICE_MS, span.end))) {
          const key = `${chunk.layout_id}:${chunk.start_ts}:${chunk.end_ts}:${chunk.data.byteLength}`;
          if (done.has(key)) continue;
          done.add(key);
          await add(chunk);
        }
      }
    }
    for (const row of pending) await add(row);
    return this.save(runId, ringNo, ring.end_ts, accumulators, layouts);
  }

  /** Adds the chunk's frames that lie in an advance span and were not seen yet, in contiguous stretches. */
  private addAdvanceFrames(acc: TagStatsAccumulator, data: Uint8Array, spans: Spans, seen: Set<number>, where: object): void {
    let decoded: DecodedChunk;
    try {
      decoded = decodeChunk(data);
    } catch (error: unknown) {
      // A damaged chunk is left out, as a gap would be; building it again would fail the same way.
      this.log.warn({ err: error, ...where }, 'ring tag statistics: unreadable chunk skipped');
      return;
    }
    const { ts, columns } = decoded;
    let from = -1;
    for (let k = 0; k < ts.length; k += 1) {
      const t = ts[k] ?? Number.NaN;
      const take = inSpans(spans, t) && !seen.has(t);
      if (take) {
        seen.add(t);
        if (from < 0) from = k;
      } else if (from >= 0) {
        acc.addColumns(columns, from, k);
        from = -1;
      }
    }
    if (from >= 0) acc.addColumns(columns, from, ts.length);
  }

  private async save(runId: number, ringNo: number, ringEnd: number, accumulators: Map<number, TagStatsAccumulator>, layouts: Map<number, string[]>): Promise<RingTagStats> {
    const used = [...accumulators].filter(([, acc]) => acc.frames > 0).map(([id]) => id);
    // Without frames the run's newest layout names the (all NaN) columns; 0 when it has none at all.
    const layoutId = used.length > 0 ? Math.max(...used) : Math.max(0, ...layouts.keys());
    const codes = layouts.get(layoutId) ?? [];
    let target = accumulators.get(layoutId) ?? new TagStatsAccumulator(codes.length);
    if (used.length > 1) {
      // Merged into a fresh accumulator, so the newest layout's own figures are not counted twice.
      const merged = new TagStatsAccumulator(codes.length);
      const position = new Map(codes.map((code, i) => [code, i]));
      for (const id of used) {
        const acc = accumulators.get(id);
        const from = layouts.get(id) ?? [];
        if (!acc) continue;
        from.forEach((code, i) => merged.mergeColumn(position.get(code) ?? -1, acc, i));
        merged.addFrames(acc.frames);
      }
      target = merged;
    }
    const stats: RingTagStats = { runId, ringNo, layoutId, ringEnd, frames: target.frames, values: target.result() };
    await this.repo.save(stats, this.now());
    return stats;
  }
}
