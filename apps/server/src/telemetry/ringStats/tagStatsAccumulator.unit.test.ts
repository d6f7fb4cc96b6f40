import { describe, expect, it } from 'vitest';
import { TagStatsAccumulator } from './tagStatsAccumulator.js';

const NaN_ = Number.NaN;

/** The triple of column i as plain numbers. */
const triple = (values: Float32Array, i: number) => [values[3 * i], values[3 * i + 1], values[3 * i + 2]];

describe('tag statistics accumulator', () => {
  it('answers min, mean and max per column over frames, skipping missing values', () => {
    const acc = new TagStatsAccumulator(4);
    acc.addFrame(Float64Array.of(1, 10, NaN_, NaN_));
    acc.addFrame(Float64Array.of(4, NaN_, -2, NaN_));
    acc.addFrame(Float64Array.of(-2, 30, NaN_, NaN_));
    acc.addFrame(Float64Array.of(5, 20, 6, NaN_));
    const out = acc.result();
    expect(out).toHaveLength(12);
    expect(acc.frames).toBe(4);
    // Column 0: 1, 4, -2, 5 → min -2, mean 8 / 4 = 2, max 5.
    expect(triple(out, 0)).toEqual([-2, 2, 5]);
    // Column 1: 10, 30, 20 (one missing) → mean 20, not 60 / 4.
    expect(triple(out, 1)).toEqual([10, 20, 30]);
    // Column 2: -2, 6 → mean 2.
    expect(triple(out, 2)).toEqual([-2, 2, 6]);
    // Column 3 never had a value: NaN, never 0 or ±Infinity.
    expect(triple(out, 3).every((v) => Number.isNaN(v))).toBe(true);
  });

  it('adds stretches of column-wise chunk data, only the frames asked for', () => {
    const acc = new TagStatsAccumulator(2);
    const columns = [Float64Array.of(100, 1, 2, 3, 100), Float64Array.of(-100, NaN_, 0.5, NaN_, -100)];
    acc.addColumns(columns, 1, 4);
    acc.addColumns(columns, 2, 2); // empty stretch: nothing
    const out = acc.result();
    expect(acc.frames).toBe(3);
    expect(triple(out, 0)).toEqual([1, 2, 3]);
    expect(triple(out, 1)).toEqual([0.5, 0.5, 0.5]);
  });

  it('gives the same figures row-wise and column-wise, rounded to float32', () => {
    const rows = [Float64Array.of(0.1, 7), Float64Array.of(0.2, NaN_), Float64Array.of(0.4, 9)];
    const byRow = new TagStatsAccumulator(2);
    for (const row of rows) byRow.addFrame(row);
    const byColumn = new TagStatsAccumulator(2);
    byColumn.addColumns([Float64Array.from(rows, (r) => r[0] ?? NaN_), Float64Array.from(rows, (r) => r[1] ?? NaN_)], 0, 3);
    expect(byColumn.result()).toEqual(byRow.result());
    const out = byRow.result();
    expect(triple(out, 0)).toEqual([Math.fround(0.1), Math.fround((0.1 + 0.2 + 0.4) / 3), Math.fround(0.4)]);
    expect(triple(out, 1)).toEqual([7, 8, 9]);
  });

  it('merges a column of another layout by count, so the mean stays frame-weighted', () => {
    // Older layout [a, b], newer layout [c, b, a]: tag a moves from 0 to 2, b from 1 to 1.
    const older = new TagStatsAccumulator(2);
    older.addFrame(Float64Array.of(10, 1));
    older.addFrame(Float64Array.of(20, 3));
    const newer = new TagStatsAccumulator(3);
    newer.addFrame(Float64Array.of(7, 5, 60));
    newer.mergeColumn(2, older, 0);
    newer.mergeColumn(1, older, 1);
    newer.addFrames(older.frames);
    const out = newer.result();
    expect(newer.frames).toBe(3);
    // a: 10, 20, 60 → mean 30 (not the mean of the two means, 37.5).
    expect(triple(out, 2)).toEqual([10, 30, 60]);
    expect(triple(out, 1)).toEqual([1, 3, 5]);
    expect(triple(out, 0)).toEqual([7, 7, 7]);
  });

  it('keeps a column without values empty when merged from a column without values', () => {
    const empty = new TagStatsAccumulator(1);
    empty.addFrame(Float64Array.of(NaN_));
    const target = new TagStatsAccumulator(1);
    target.mergeColumn(0, empty, 0);
    expect(target.countOf(0)).toBe(0);
    expect(Number.isNaN(target.result()[1])).toBe(true);
  });
});
