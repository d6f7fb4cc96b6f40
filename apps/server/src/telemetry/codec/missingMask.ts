import { type BitReader, type BitWriter, bitLength } from './bitStream.js';

/**
 * Which frames of a column hold a value. Written only when some are missing, as whichever is
 * smaller: alternating run lengths (present, missing, present, …; the usual shape of an outage)
 * or a plain bitmap of one bit per frame (scattered drop-outs).
 */

const MODE_RUNS = 0;
const MODE_BITMAP = 1;

/** Run lengths of `column`, alternating present/missing and starting with present (maybe 0). */
function runsOf(column: Float64Array, runs: Uint32Array): number {
  const n = column.length;
  let count = 0;
  let present = true;
  let start = 0;
  for (let i = 0; i < n; i += 1) {
    const v = column[i] ?? 0;
    const here = v === v;
    if (here !== present) {
      runs[count] = i - start;
      count += 1;
      start = i;
      present = here;
    }
  }
  runs[count] = n - start;
  return count + 1;
}

let runScratch = new Uint32Array(1024);

export function writeMissingMask(w: BitWriter, column: Float64Array): void {
  const n = column.length;
  if (runScratch.length < n + 1) runScratch = new Uint32Array(n + 1);
  const runs = runScratch;
  const count = runsOf(column, runs);
  let longest = 0;
  for (let i = 0; i < count; i += 1) longest = Math.max(longest, runs[i] ?? 0);
  const width = bitLength(longest);
  const runCost = 6 + bitLength(count) + 5 + count * width;
  if (runCost <= n) {
    w.write(MODE_RUNS, 1);
    w.writeVarBits(count);
    w.write(width, 5);
    for (let i = 0; i < count; i += 1) w.write(runs[i] ?? 0, width);
    return;
  }
  w.write(MODE_BITMAP, 1);
  for (let i = 0; i < n; i += 1) {
    const v = column[i] ?? 0;
    w.write(v === v ? 1 : 0, 1);
  }
}

/** Fills `present` (length = frame count) with 1/0 and returns how many frames hold a value. */
export function readMissingMask(r: BitReader, present: Uint8Array): number {
  const n = present.length;
  let total = 0;
  if (r.read(1) === MODE_BITMAP) {
    for (let i = 0; i < n; i += 1) {
      const bit = r.read(1);
      present[i] = bit;
      total += bit;
    }
    return total;
  }
  const count = r.readVarBits();
  const width = r.read(5);
  if (count > n + 1) throw new Error('corrupt chunk: too many missing-value runs');
  let at = 0;
  for (let k = 0; k < count; k += 1) {
    const len = r.read(width);
    if (at + len > n) throw new Error('corrupt chunk: missing-value runs exceed the frame count');
    const bit = (k & 1) === 0 ? 1 : 0;
    present.fill(bit, at, at + len);
    if (bit === 1) total += len;
    at += len;
  }
  if (at !== n) throw new Error('corrupt chunk: missing-value runs do not cover the frames');
  return total;
}
