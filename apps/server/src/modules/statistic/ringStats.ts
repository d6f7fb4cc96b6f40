import type { statisticContract } from '@boreline/contracts';

export type Triple = [number, number, number];

/** Bytes of one column's [min, mean, max] float32 triple. */
const TRIPLE_BYTES = 12;

/**
 * Per stored layout, the column of each requested tag (-1: the layout has none). Worked out once
 * per request, so decoding a row is a few DataView reads at known offsets.
 */
export function columnsByLayout(layouts: ReadonlyMap<number, readonly string[]>, codes: readonly string[]): Map<number, Int32Array> {
  const result = new Map<number, Int32Array>();
  for (const [id, layout] of layouts) {
    const position = new Map<string, number>();
    layout.forEach((code, i) => position.set(code, i));
    result.set(id, Int32Array.from(codes, (code) => position.get(code) ?? -1));
  }
  return result;
}

/**
 * Decimals kept per tag: the sensor's own plus two for the mean of many samples. Statistics are
 * stored as float32, whose last bits would otherwise print as noise (12.3 → 12.300000190734863).
 */
export const scalesOf = (precisions: readonly number[]): Float64Array => Float64Array.from(precisions, (p) => 10 ** Math.min(6, p + 2));

/**
 * The statistics of every selected ring and requested tag in one typed array ([min, mean, max] of
 * ring i, tag j at 3 (i · tags + j)), NaN where there is none: overall figures and sorting run on
 * numbers, and row objects are made only for the rings answered (a page of 200 out of 2,000).
 */
export class StatsMatrix {
  readonly values: Float64Array;

  constructor(
    readonly rings: number,
    readonly tags: number,
    private readonly scales: Float64Array,
  ) {
    this.values = new Float64Array(rings * tags * 3).fill(Number.NaN);
  }

  /**
   * Ring i's stored row: only the requested tags' triples are read, at their offsets, never the
   * whole blob (a layout holds hundreds of tags, a query at most fifty). Left NaN where the layout
   * lacks the tag or the tag had no value during the ring's advance.
   */
  decode(i: number, data: Uint8Array, columns: Int32Array | undefined): void {
    if (!columns) return;
    const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
    const length = data.byteLength;
    const base = i * this.tags * 3;
    for (let j = 0; j < columns.length; j += 1) {
      const column = columns[j] ?? -1;
      const at = column * TRIPLE_BYTES;
      if (column < 0 || at + TRIPLE_BYTES > length) continue;
      const min = view.getFloat32(at, true);
      const mean = view.getFloat32(at + 4, true);
      const max = view.getFloat32(at + 8, true);
      // NaN fails every comparison: one check per value, no call.
      if (min !== min || mean !== mean || max !== max) continue;
      const scale = this.scales[j] ?? 1;
      this.values[base + 3 * j] = Math.round(min * scale) / scale;
      this.values[base + 3 * j + 1] = Math.round(mean * scale) / scale;
      this.values[base + 3 * j + 2] = Math.round(max * scale) / scale;
    }
  }

  /** Tag j's statistic k (0 min, 1 mean, 2 max) of ring i, NaN when none. */
  at(i: number, j: number, k: number): number {
    return this.values[(i * this.tags + j) * 3 + k] ?? Number.NaN;
  }

  /** Ring i's triples, null where a tag has none. */
  row(i: number): (Triple | null)[] {
    const out: (Triple | null)[] = [];
    for (let j = 0; j < this.tags; j += 1) {
      const mean = this.at(i, j, 1);
      out.push(mean === mean ? [this.at(i, j, 0), mean, this.at(i, j, 2)] : null);
    }
    return out;
  }

  /** Over every ring, per tag: the lowest min, the mean of the rings' means, the highest max. */
  overall(): (Triple | null)[] {
    const overall: (Triple | null)[] = [];
    for (let j = 0; j < this.tags; j += 1) {
      let min = Number.POSITIVE_INFINITY;
      let max = Number.NEGATIVE_INFINITY;
      let sum = 0;
      let count = 0;
      for (let i = 0; i < this.rings; i += 1) {
        const mean = this.at(i, j, 1);
        if (mean !== mean) continue;
        min = Math.min(min, this.at(i, j, 0));
        max = Math.max(max, this.at(i, j, 2));
        sum += mean;
        count += 1;
      }
      const scale = this.scales[j] ?? 1;
      overall.push(count === 0 ? null : [min, Math.round((sum / count) * scale) / scale, max]);
    }
    return overall;
  }
}

export type RingStatSort = statisticContract.RingStatsQuery['sort'];
const STAT_INDEX = { min: 0, avg: 1, max: 2 } as const;

/** What a ring is sorted by, besides its tags' statistics. */
export interface SortableRing {
  ringNo: number;
  durationMs: number;
  advanceMs: number;
  ringBuildMs: number;
  waitingMs: number;
  speedAvg: number | null;
}

/** The value ring i is sorted by; null (or NaN) sorts last in either order. */
function sortKey(rings: readonly SortableRing[], matrix: StatsMatrix, sort: NonNullable<RingStatSort>, tagIndex: number, stat: 0 | 1 | 2): (i: number) => number | null {
  switch (sort) {
    case 'ringNo':
      return (i) => rings[i]?.ringNo ?? null;
    case 'durationMs':
      return (i) => rings[i]?.durationMs ?? null;
    case 'advanceMs':
      return (i) => rings[i]?.advanceMs ?? null;
    case 'ringBuildMs':
      return (i) => rings[i]?.ringBuildMs ?? null;
    case 'waitingMs':
      return (i) => rings[i]?.waitingMs ?? null;
    case 'speedAvg':
      return (i) => rings[i]?.speedAvg ?? null;
    case 'tag':
      return (i) => {
        const v = matrix.at(i, tagIndex, stat);
        return v === v ? v : null;
      };
  }
}

/** The rings' indexes in the requested order: by a field or a tag's statistic, rings without a value last, ties by ring number. */
export function sortOrder(rings: readonly SortableRing[], matrix: StatsMatrix, sort: NonNullable<RingStatSort>, order: 'asc' | 'desc', tagIndex: number, stat: statisticContract.TagStat): number[] {
  const key = sortKey(rings, matrix, sort, tagIndex, STAT_INDEX[stat]);
  const keys = rings.map((_, i) => key(i));
  const ringNo = (i: number) => rings[i]?.ringNo ?? 0;
  const direction = order === 'asc' ? 1 : -1;
  return rings
    .map((_, i) => i)
    .sort((a, b) => {
      const ka = keys[a] ?? null;
      const kb = keys[b] ?? null;
      if (ka === null || kb === null) return ka === kb ? ringNo(a) - ringNo(b) : ka === null ? 1 : -1;
      return (ka - kb) * direction || ringNo(a) - ringNo(b);
    });
}
