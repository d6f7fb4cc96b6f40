import { decodeColumns } from '../codec/chunkCodec.js';
import { CHUNK_WINDOW_MS } from '../ingest.js';
import type { FrameStoreRepo } from './frameStore.repo.js';

/** Stored frames of a span, ascending, one per instant: `values[c][k]` is code c in frame k (NaN: no value). */
export interface RawFrames {
  ts: number[];
  values: number[][];
}

/**
 * Every stored frame of chosen tags in [from, to), exactly as stored (no rollup, no downsampling):
 * closed chunks and the still open window's pending rows, each decoded with its own layout and
 * only for the columns asked for.
 */
export async function readRawFrames(store: FrameStoreRepo, layouts: ReadonlyMap<number, readonly string[]>, runId: number, codes: readonly string[], from: number, to: number): Promise<RawFrames> {
  // Pending rows first: a window that closes between the two reads then shows up twice (and is
  // de-duplicated below) rather than not at all.
  const pending = await store.pending(runId, from - CHUNK_WINDOW_MS, to);
  const chunks = await store.chunks(runId, from, to - 1);
  const ts: number[] = [];
  const values: number[][] = codes.map(() => []);
  for (const part of [...chunks, ...pending]) {
    const layout = layouts.get(part.layout_id) ?? [];
    const wanted = codes.map((code) => layout.indexOf(code));
    const present = [...new Set(wanted.filter((i) => i >= 0))];
    const decoded = decodeColumns(part.data, present);
    const columns = wanted.map((i) => (i < 0 ? null : (decoded.columns[present.indexOf(i)] ?? null)));
    for (let k = 0; k < decoded.ts.length; k += 1) {
      const t = decoded.ts[k] ?? 0;
      if (t < from || t >= to) continue;
      ts.push(t);
      for (let c = 0; c < columns.length; c += 1) values[c]?.push(columns[c]?.[k] ?? Number.NaN);
    }
  }
  return inOrder({ ts, values });
}

/** Chunks may overlap (late frames) and pending rows repeat a closing window: ascending, the first of an instant kept. */
function inOrder(frames: RawFrames): RawFrames {
  const { ts } = frames;
  let sorted = true;
  for (let k = 1; k < ts.length && sorted; k += 1) sorted = (ts[k] ?? 0) > (ts[k - 1] ?? 0);
  if (sorted) return frames;
  const order = ts.map((_, k) => k).sort((a, b) => (ts[a] ?? 0) - (ts[b] ?? 0) || a - b);
  const keep = order.filter((k, i) => i === 0 || ts[k] !== ts[order[i - 1] ?? -1]);
  return { ts: keep.map((k) => ts[k] ?? 0), values: frames.values.map((column) => keep.map((k) => column[k] ?? Number.NaN)) };
}

/** Frame k's value of code c (NaN when missing). */
export const valueAt = (frames: RawFrames, c: number, k: number): number => frames.values[c]?.[k] ?? Number.NaN;
