import type { ChunkInput, DecodedChunk } from '../codec/chunkCodec.js';

export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;
export { DAY_MS } from '../../core/timeZone.js';

/**
 * Rollups keep four columns per tag — min, max, mean, count — laid out as four blocks of `tags`
 * columns, one row per bucket. Means are rounded to two decimals more than the tag resolves
 * (capped at 4): more would be noise, and it keeps the codec on its integer path.
 */
export const ROLLUP_BLOCKS = 4;

export interface Rollup {
  ts: Float64Array;
  columns: Float64Array[];
}

const roundTo = (value: number, decimals: number): number => {
  const scale = 10 ** decimals;
  return Math.round(value * scale) / scale;
};

export function rollupPrecisions(precisions: readonly number[]): number[] {
  return [...precisions, ...precisions, ...precisions.map((p) => Math.min(4, p + 2)), ...precisions.map(() => 0)];
}

/** Per-bucket min, max, mean and count of each column over `ts` (ascending); empty buckets are left out. */
export function rollupFrames(ts: Float64Array, columns: readonly Float64Array[], precisions: readonly number[], bucketMs: number): Rollup {
  const tags = columns.length;
  const buckets: number[] = [];
  const starts: number[] = [];
  for (let k = 0; k < ts.length; k += 1) {
    const bucket = Math.floor((ts[k] ?? 0) / bucketMs) * bucketMs;
    if (buckets.at(-1) !== bucket) {
      buckets.push(bucket);
      starts.push(k);
    }
  }
  starts.push(ts.length);
  const rows = buckets.length;
  const out = Array.from({ length: tags * ROLLUP_BLOCKS }, () => new Float64Array(rows));
  for (let i = 0; i < tags; i += 1) {
    const column = columns[i] ?? new Float64Array(0);
    const [mins, maxs, means, counts] = [out[i], out[tags + i], out[2 * tags + i], out[3 * tags + i]];
    if (!mins || !maxs || !means || !counts) continue;
    for (let b = 0; b < rows; b += 1) {
      let min = Infinity;
      let max = -Infinity;
      let sum = 0;
      let count = 0;
      for (let k = starts[b] ?? 0; k < (starts[b + 1] ?? 0); k += 1) {
        const v = column[k] ?? Number.NaN;
        if (Number.isNaN(v)) continue;
        if (v < min) min = v;
        if (v > max) max = v;
        sum += v;
        count += 1;
      }
      mins[b] = count ? min : Number.NaN;
      maxs[b] = count ? max : Number.NaN;
      means[b] = count ? roundTo(sum / count, Math.min(4, (precisions[i] ?? 0) + 2)) : Number.NaN;
      counts[b] = count;
    }
  }
  return { ts: Float64Array.from(buckets), columns: out };
}

/**
 * Merges finer rollup rows into coarser buckets (minutes into hours), and into an existing
 * coarser rollup: min of mins, max of maxes, count-weighted mean, sum of counts.
 */
export function mergeRollups(existing: DecodedChunk | null, finer: DecodedChunk, tags: number, precisions: readonly number[], bucketMs: number): ChunkInput {
  const acc = new Map<number, { min: Float64Array; max: Float64Array; sum: Float64Array; count: Float64Array }>();
  const bucketOf = (ts: number) => {
    const key = Math.floor(ts / bucketMs) * bucketMs;
    let entry = acc.get(key);
    if (!entry) {
      entry = { min: new Float64Array(tags).fill(Infinity), max: new Float64Array(tags).fill(-Infinity), sum: new Float64Array(tags), count: new Float64Array(tags) };
      acc.set(key, entry);
    }
    return entry;
  };
  for (const source of existing ? [existing, finer] : [finer]) {
    for (let r = 0; r < source.ts.length; r += 1) {
      const entry = bucketOf(source.ts[r] ?? 0);
      for (let i = 0; i < tags; i += 1) {
        const count = source.columns[3 * tags + i]?.[r] ?? 0;
        if (!count) continue;
        entry.min[i] = Math.min(entry.min[i] ?? Infinity, source.columns[i]?.[r] ?? Infinity);
        entry.max[i] = Math.max(entry.max[i] ?? -Infinity, source.columns[tags + i]?.[r] ?? -Infinity);
        entry.sum[i] = (entry.sum[i] ?? 0) + (source.columns[2 * tags + i]?.[r] ?? 0) * count;
        entry.count[i] = (entry.count[i] ?? 0) + count;
      }
    }
  }
  const keys = [...acc.keys()].sort((a, b) => a - b);
  const columns = Array.from({ length: tags * ROLLUP_BLOCKS }, () => new Float64Array(keys.length));
  for (const [row, key] of keys.entries()) {
    const entry = acc.get(key);
    if (!entry) continue;
    for (let i = 0; i < tags; i += 1) {
      const count = entry.count[i] ?? 0;
      const set = (block: number, value: number) => {
        const column = columns[block * tags + i];
        if (column) column[row] = value;
      };
      set(0, count ? (entry.min[i] ?? Number.NaN) : Number.NaN);
      set(1, count ? (entry.max[i] ?? Number.NaN) : Number.NaN);
      set(2, count ? roundTo((entry.sum[i] ?? 0) / count, Math.min(4, (precisions[i] ?? 0) + 2)) : Number.NaN);
      set(3, count);
    }
  }
  return { ts: Float64Array.from(keys), columns, precisions: rollupPrecisions(precisions) };
}
