import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { decodeChunk, decodeColumns } from './codec/chunkCodec.js';
import { lttb, minMaxBuckets } from './store/downsample.js';
import { FrameStoreRepo } from './store/frameStore.repo.js';
import { DAY_MS, HOUR_MS, MINUTE_MS, rollupFrames } from './store/rollup.js';

export type Resolution = 'raw' | 'minute' | 'hour';

export interface SeriesResult {
  resolution: Resolution;
  series: { code: string; points: [number, number][]; band: [number, number, number][] | null }[];
}

/** Up to this span the exact frames are read; up to `MINUTE_SPAN_MS` the minute rollups; beyond, the hourly ones. */
export const RAW_SPAN_MS = 6 * HOUR_MS;
export const MINUTE_SPAN_MS = 7 * DAY_MS;

interface Rows {
  ts: number[];
  /** Per requested code: values (raw) or [min, max, mean] (rollups). */
  values: number[][][];
}

/**
 * Reads any range of chosen tags of a run for charts: at most `maxPoints` points per series,
 * whatever the range (exact frames downsampled with LTTB for short ranges; per-minute or hourly
 * rollups with their min/max band for long ones). Frames still pending in the open window count.
 */
export class SeriesReader {
  constructor(private readonly db: Kysely<Database>) {}

  async read(runId: number, codes: readonly string[], from: number, to: number, maxPoints: number): Promise<SeriesResult> {
    const store = new FrameStoreRepo(this.db);
    const layouts = await store.layouts(runId);
    const span = to - from;
    const resolution: Resolution = span <= RAW_SPAN_MS ? 'raw' : span <= MINUTE_SPAN_MS ? 'minute' : 'hour';
    const rows: Rows = { ts: [], values: codes.map(() => []) };
    const indexes = (layoutId: number) => {
      const layout = layouts.get(layoutId) ?? [];
      return codes.map((c) => layout.indexOf(c));
    };

    const pending = await store.pending(runId, Math.floor(from / DAY_MS) * DAY_MS - DAY_MS, to);
    if (resolution === 'raw') {
      for (const chunk of await store.chunks(runId, from, to)) this.addRaw(rows, decodeColumns(chunk.data, indexes(chunk.layout_id).filter((i) => i >= 0)), indexes(chunk.layout_id), from, to);
      for (const row of pending) this.addRaw(rows, decodeColumns(row.data, indexes(row.layout_id).filter((i) => i >= 0)), indexes(row.layout_id), from, to);
    } else {
      if (resolution === 'minute') {
        for (const chunk of await store.chunkMinutes(runId, from, to)) this.addRollup(rows, chunk.minutes, layouts.get(chunk.layout_id)?.length ?? 0, indexes(chunk.layout_id), from, to);
      } else {
        for (const day of await store.hourlyRange(runId, Math.floor(from / DAY_MS) * DAY_MS, to)) this.addRollup(rows, day.data, layouts.get(day.layout_id)?.length ?? 0, indexes(day.layout_id), from, to);
      }
      // The open window is not in any rollup yet: roll it up here.
      const bucket = resolution === 'minute' ? MINUTE_MS : HOUR_MS;
      for (const row of pending) {
        const decoded = decodeChunk(row.data);
        const rolled = rollupFrames(decoded.ts, decoded.columns, decoded.columns.map(() => 4), bucket);
        this.addRolled(rows, rolled.ts, rolled.columns, decoded.columns.length, indexes(row.layout_id), from, to);
      }
    }
    return { resolution, series: codes.map((code, c) => this.shape(code, rows, c, resolution, maxPoints)) };
  }

  private addRaw(rows: Rows, chunk: { ts: Float64Array; columns: Float64Array[] }, wanted: number[], from: number, to: number): void {
    // decodeColumns answers the present columns in the order asked; map them back to the requested codes.
    const positions = new Map<number, number>();
    let next = 0;
    for (const index of wanted) if (index >= 0 && !positions.has(index)) positions.set(index, next++);
    for (let k = 0; k < chunk.ts.length; k += 1) {
      const ts = chunk.ts[k] ?? 0;
      if (ts < from || ts > to) continue;
      rows.ts.push(ts);
      wanted.forEach((index, c) => {
        const column = index >= 0 ? chunk.columns[positions.get(index) ?? -1] : undefined;
        rows.values[c]?.push([column?.[k] ?? Number.NaN]);
      });
    }
  }

  private addRollup(rows: Rows, bytes: Uint8Array, tags: number, wanted: number[], from: number, to: number): void {
    const columns = wanted.flatMap((i) => (i >= 0 ? [i, tags + i, 2 * tags + i] : []));
    const decoded = decodeColumns(bytes, columns);
    const full: Float64Array[] = [];
    let next = 0;
    for (const index of wanted) {
      if (index < 0) continue;
      full[index] = decoded.columns[next] ?? new Float64Array(0);
      full[tags + index] = decoded.columns[next + 1] ?? new Float64Array(0);
      full[2 * tags + index] = decoded.columns[next + 2] ?? new Float64Array(0);
      next += 3;
    }
    this.addRolled(rows, decoded.ts, full, tags, wanted, from, to);
  }

  private addRolled(rows: Rows, ts: Float64Array, columns: readonly (Float64Array | undefined)[], tags: number, wanted: number[], from: number, to: number): void {
    for (let k = 0; k < ts.length; k += 1) {
      const t = ts[k] ?? 0;
      if (t < from - HOUR_MS || t > to) continue;
      rows.ts.push(t);
      wanted.forEach((index, c) => {
        const at = (block: number) => (index >= 0 ? (columns[block * tags + index]?.[k] ?? Number.NaN) : Number.NaN);
        rows.values[c]?.push([at(0), at(1), at(2)]);
      });
    }
  }

  private shape(code: string, rows: Rows, c: number, resolution: Resolution, maxPoints: number): SeriesResult['series'][number] {
    const values = rows.values[c] ?? [];
    // Chunks may overlap (late frames): order by time, one value per instant.
    const order = rows.ts.map((_, i) => i).sort((a, b) => (rows.ts[a] ?? 0) - (rows.ts[b] ?? 0));
    const ts: number[] = [];
    const picked: number[][] = [];
    for (const i of order) {
      const t = rows.ts[i] ?? 0;
      const v = values[i] ?? [];
      if (ts.at(-1) === t) {
        if (Number.isNaN(picked.at(-1)?.[0] ?? Number.NaN)) picked[picked.length - 1] = v;
        continue;
      }
      ts.push(t);
      picked.push(v);
    }
    if (resolution === 'raw') return { code, points: lttb(ts, picked.map((v) => v[0] ?? Number.NaN), maxPoints), band: null };
    const buckets = minMaxBuckets(ts, picked.map((v) => v[0] ?? Number.NaN), picked.map((v) => v[1] ?? Number.NaN), picked.map((v) => v[2] ?? Number.NaN), maxPoints);
    return { code, points: buckets.map((b) => [b.ts, round(b.avg)]), band: buckets.map((b) => [b.ts, b.min, b.max]) };
  }
}

const round = (v: number) => Math.round(v * 10_000) / 10_000;
