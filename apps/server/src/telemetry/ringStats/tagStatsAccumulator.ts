/**
 * Running min, max, sum and count of every column of one layout, over frames given either one at
 * a time (a row of `size` values) or as a stretch of a decoded chunk (column-wise). NaN values are
 * skipped: a missing value is no value, never a zero. The arrays are allocated once per layout, so
 * adding a ring's thousands of frames allocates nothing.
 *
 * `result()` answers [min, mean, max] of column i at 3i, 3i + 1, 3i + 2 as float32 (the stored
 * form, see `ringTagStats.repo.ts`); a column that never had a value gives three NaN.
 */
export class TagStatsAccumulator {
  /** Frames added (whether or not they had values). */
  frames = 0;
  private readonly min: Float64Array;
  private readonly max: Float64Array;
  private readonly sum: Float64Array;
  private readonly count: Float64Array;

  constructor(readonly size: number) {
    this.min = new Float64Array(size).fill(Number.POSITIVE_INFINITY);
    this.max = new Float64Array(size).fill(Number.NEGATIVE_INFINITY);
    this.sum = new Float64Array(size);
    this.count = new Float64Array(size);
  }

  /** One frame: `values[i]` is column i (extra values are ignored, missing ones count as NaN). */
  addFrame(values: Float64Array): void {
    const n = Math.min(values.length, this.size);
    for (let i = 0; i < n; i += 1) this.addValue(i, values[i] ?? Number.NaN);
    this.frames += 1;
  }

  /** Frames `from` to `to - 1` of column-wise data (`columns[i][k]`: column i in frame k). */
  addColumns(columns: readonly Float64Array[], from: number, to: number): void {
    if (to <= from) return;
    const n = Math.min(columns.length, this.size);
    for (let i = 0; i < n; i += 1) {
      const column = columns[i];
      if (column === undefined) continue;
      // Column by column: one array walked in order, and the column's figures stay in registers.
      let min = this.min[i] ?? Number.POSITIVE_INFINITY;
      let max = this.max[i] ?? Number.NEGATIVE_INFINITY;
      let sum = this.sum[i] ?? 0;
      let count = this.count[i] ?? 0;
      const end = Math.min(to, column.length);
      for (let k = from; k < end; k += 1) {
        const v = column[k] ?? Number.NaN;
        if (v !== v) continue; // NaN
        if (v < min) min = v;
        if (v > max) max = v;
        sum += v;
        count += 1;
      }
      this.min[i] = min;
      this.max[i] = max;
      this.sum[i] = sum;
      this.count[i] = count;
    }
    this.frames += to - from;
  }

  /** Values counted in column i so far. */
  countOf(i: number): number {
    return this.count[i] ?? 0;
  }

  /**
   * Adds column `from` of another accumulator into column `into` of this one (the same tag stored
   * at another position by another layout). Frame counts are not merged: see `addFrames`.
   */
  mergeColumn(into: number, other: TagStatsAccumulator, from: number): void {
    const count = other.count[from] ?? 0;
    if (into < 0 || into >= this.size || count === 0) return;
    this.min[into] = Math.min(this.min[into] ?? Number.POSITIVE_INFINITY, other.min[from] ?? Number.POSITIVE_INFINITY);
    this.max[into] = Math.max(this.max[into] ?? Number.NEGATIVE_INFINITY, other.max[from] ?? Number.NEGATIVE_INFINITY);
    this.sum[into] = (this.sum[into] ?? 0) + (other.sum[from] ?? 0);
    this.count[into] = (this.count[into] ?? 0) + count;
  }

  /** Counts frames merged column by column from other accumulators. */
  addFrames(frames: number): void {
    this.frames += frames;
  }

  /** [min, mean, max] per column as float32 triples; NaN triple for a column without values. */
  result(): Float32Array {
    const out = new Float32Array(this.size * 3).fill(Number.NaN);
    for (let i = 0; i < this.size; i += 1) {
      const count = this.count[i] ?? 0;
      if (count === 0) continue;
      out[3 * i] = this.min[i] ?? Number.NaN;
      out[3 * i + 1] = (this.sum[i] ?? Number.NaN) / count;
      out[3 * i + 2] = this.max[i] ?? Number.NaN;
    }
    return out;
  }

  private addValue(i: number, v: number): void {
    if (v !== v) return; // NaN
    if (v < (this.min[i] ?? Number.POSITIVE_INFINITY)) this.min[i] = v;
    if (v > (this.max[i] ?? Number.NEGATIVE_INFINITY)) this.max[i] = v;
    this.sum[i] = (this.sum[i] ?? 0) + v;
    this.count[i] = (this.count[i] ?? 0) + 1;
  }
}
