import { type BitReader, type BitWriter, bitLength, unzigzag, zigzag } from './bitStream.js';

/**
 * The fast path: values that are exact decimals of a few places are stored as integers scaled
 * by 10^scale, then as deltas (noisy analog signals) or deltas of deltas (ramps, counters,
 * timestamps), zigzagged, and bit-packed per block of 64 with patched exceptions (PFor): each
 * block takes the width that minimises its size, and the few values that do not fit (spikes)
 * carry their high bits separately, so one spike does not widen its whole block.
 */

export const MAX_SCALE = 9;
const POW10 = [1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9] as const;
/** Keeps deltas of deltas and their zigzag (4× the value) below 2^53, where doubles stay exact. */
const INT_LIMIT = 2 ** 48;
const BLOCK = 64;
const MODE_DELTA = 0;
const MODE_DELTA_OF_DELTA = 1;

const pow10 = (e: number): number => POW10[e] ?? 1;

/** Positions (among the present values) of -0, which the integers alone would turn into 0. */
let negativeZeros = new Uint32Array(64);
let negativeZeroCount = 0;

function tryScale(values: Float64Array, count: number, e: number, ints: Float64Array): boolean {
  const s = pow10(e);
  negativeZeroCount = 0;
  for (let i = 0; i < count; i += 1) {
    const v = values[i] ?? 0;
    const x = Math.round(v * s);
    // The decoder computes x / s: accept only if that is this very double. ±Infinity passes the
    // division test, so the range test sends it to the float path.
    if (x / s !== v || x > INT_LIMIT || x < -INT_LIMIT) return false;
    ints[i] = x;
    // Rounding a small negative reading to its precision gives -0, common in quantized data.
    if (x === 0 && 1 / v < 0) noteNegativeZero(i);
  }
  return true;
}

function noteNegativeZero(i: number): void {
  if (negativeZeroCount === negativeZeros.length) {
    const grown = new Uint32Array(negativeZeros.length * 2);
    grown.set(negativeZeros);
    negativeZeros = grown;
  }
  negativeZeros[negativeZeroCount] = i;
  negativeZeroCount += 1;
}

function allMultiplesOfTen(ints: Float64Array, count: number): boolean {
  for (let i = 0; i < count; i += 1) if ((ints[i] ?? 0) % 10 !== 0) return false;
  return true;
}

/**
 * Fills `ints` with `values` scaled to integers and returns the scale exponent, or -1 when no
 * exponent up to MAX_SCALE reproduces every value exactly. Starts at the tag's precision, goes
 * up when the data is finer than declared and down when it is coarser (fewer bits per delta) or
 * too large for the declared scale.
 */
export function quantize(values: Float64Array, count: number, precision: number, ints: Float64Array): number {
  const declared = Math.min(MAX_SCALE, Math.max(0, Math.round(precision) || 0));
  for (let e = declared; e <= MAX_SCALE; e += 1) {
    if (tryScale(values, count, e, ints)) return coarsest(values, count, e, ints);
  }
  for (let e = declared - 1; e >= 0; e -= 1) {
    if (tryScale(values, count, e, ints)) return e;
  }
  return -1;
}

/** Drops decimals the data never uses, e.g. whole numbers on a tag declared with 2 places. */
function coarsest(values: Float64Array, count: number, scale: number, ints: Float64Array): number {
  let e = scale;
  while (e > 0 && allMultiplesOfTen(ints, count)) {
    if (!tryScale(values, count, e - 1, ints)) {
      tryScale(values, count, e, ints);
      break;
    }
    e -= 1;
  }
  return e;
}

const hist = new Int32Array(64);

function writeResiduals(w: BitWriter, z: Float64Array, lengths: Uint8Array, from: number, count: number): void {
  for (let start = from; start < from + count; start += BLOCK) {
    const end = Math.min(start + BLOCK, from + count);
    const len = end - start;
    hist.fill(0);
    let maxLen = 0;
    for (let i = start; i < end; i += 1) {
      const l = lengths[i] ?? 0;
      hist[l] = (hist[l] ?? 0) + 1;
      if (l > maxLen) maxLen = l;
    }
    let width = maxLen;
    let best = len * maxLen + 1;
    let over = 0;
    let exceptions = 0;
    for (let b = maxLen - 1; b >= 0; b -= 1) {
      over += hist[b + 1] ?? 0;
      const cost = len * b + 13 + over * (6 + maxLen - b);
      if (cost < best) {
        best = cost;
        width = b;
        exceptions = over;
      }
    }
    w.write(width, 6);
    if (exceptions === 0) {
      w.write(0, 1);
    } else {
      w.write(1, 1);
      w.write(exceptions - 1, 6);
      w.write(maxLen - width, 6);
    }
    const limit = 2 ** width;
    if (width > 0 && width <= 31) {
      const mask = (1 << width) - 1;
      for (let i = start; i < end; i += 1) {
        const v = z[i] ?? 0;
        w.write(v < limit ? v : v < 2147483648 ? v & mask : v % limit, width);
      }
    } else if (width > 31) {
      for (let i = start; i < end; i += 1) w.writeWide((z[i] ?? 0) % limit, width);
    }
    if (exceptions > 0) {
      for (let i = start; i < end; i += 1) {
        const v = z[i] ?? 0;
        if (v < limit) continue;
        w.write(i - start, 6);
        w.writeWide(Math.floor(v / limit), maxLen - width);
      }
    }
  }
}

function readResiduals(r: BitReader, out: Float64Array, from: number, count: number): void {
  for (let start = from; start < from + count; start += BLOCK) {
    const end = Math.min(start + BLOCK, from + count);
    const width = r.read(6);
    let exceptions = 0;
    let high = 0;
    if (r.read(1) === 1) {
      exceptions = r.read(6) + 1;
      high = r.read(6);
    }
    if (width + high > 54) throw new Error('corrupt chunk: integer block wider than 54 bits');
    if (width === 0) {
      out.fill(0, start, end);
    } else if (width <= 31) {
      for (let i = start; i < end; i += 1) out[i] = r.read(width);
    } else {
      for (let i = start; i < end; i += 1) out[i] = r.readWide(width);
    }
    const limit = 2 ** width;
    for (let k = 0; k < exceptions; k += 1) {
      const at = start + r.read(6);
      if (at >= end) throw new Error('corrupt chunk: exception outside its block');
      out[at] = (out[at] ?? 0) + r.readWide(high) * limit;
    }
  }
}

let residualScratch = new Float64Array(1024);
let secondScratch = new Float64Array(1024);
// Bit lengths of both residual series: measured once to pick the mode, reused to pack blocks.
let residualLengths = new Uint8Array(1024);
let secondLengths = new Uint8Array(1024);

/** Writes `count` ≥ 1 integers (|x| ≤ 2^48). */
export function writeInts(w: BitWriter, ints: Float64Array, count: number): void {
  const first = ints[0] ?? 0;
  w.writeVarBits(zigzag(first));
  if (count === 1) return;
  if (residualScratch.length < count) {
    residualScratch = new Float64Array(count);
    secondScratch = new Float64Array(count);
    residualLengths = new Uint8Array(count);
    secondLengths = new Uint8Array(count);
  }
  const dz = residualScratch;
  const ddz = secondScratch;
  const dzLengths = residualLengths;
  const ddzLengths = secondLengths;
  // Rough sizes of both choices (sum of bit lengths) decide the mode in the same pass.
  let deltaBits = 0;
  let secondBits = 0;
  let prev = first;
  let prevDelta = 0;
  for (let i = 1; i < count; i += 1) {
    const v = ints[i] ?? 0;
    const d = v - prev;
    const zd = zigzag(d);
    dz[i] = zd;
    const l = bitLength(zd);
    dzLengths[i] = l;
    deltaBits += l;
    if (i >= 2) {
      const zdd = zigzag(d - prevDelta);
      ddz[i] = zdd;
      const ll = bitLength(zdd);
      ddzLengths[i] = ll;
      secondBits += ll;
    }
    prev = v;
    prevDelta = d;
  }
  if (secondBits < deltaBits) {
    w.write(MODE_DELTA_OF_DELTA, 1);
    w.writeVarBits(dz[1] ?? 0);
    writeResiduals(w, ddz, ddzLengths, 2, count - 2);
  } else {
    w.write(MODE_DELTA, 1);
    writeResiduals(w, dz, dzLengths, 1, count - 1);
  }
}

/** Reads `count` ≥ 1 integers into out[0..count). */
export function readInts(r: BitReader, out: Float64Array, count: number): void {
  let prev = unzigzag(r.readVarBits());
  out[0] = prev;
  if (count === 1) return;
  if (r.read(1) === MODE_DELTA) {
    readResiduals(r, out, 1, count - 1);
    for (let i = 1; i < count; i += 1) {
      prev += unzigzag(out[i] ?? 0);
      out[i] = prev;
    }
    return;
  }
  let delta = unzigzag(r.readVarBits());
  prev += delta;
  out[1] = prev;
  readResiduals(r, out, 2, count - 2);
  for (let i = 2; i < count; i += 1) {
    delta += unzigzag(out[i] ?? 0);
    prev += delta;
    out[i] = prev;
  }
}

/** Writes where the last successful `quantize` saw -0 (one bit when nowhere). */
export function writeNegativeZeros(w: BitWriter, count: number): void {
  if (negativeZeroCount === 0) {
    w.write(0, 1);
    return;
  }
  w.write(1, 1);
  w.writeVarBits(negativeZeroCount);
  const width = bitLength(count - 1);
  for (let k = 0; k < negativeZeroCount; k += 1) w.write(negativeZeros[k] ?? 0, width);
}

/** Restores -0 at the positions `writeNegativeZeros` listed. */
export function readNegativeZeros(r: BitReader, out: Float64Array, count: number): void {
  if (r.read(1) === 0) return;
  const zeros = r.readVarBits();
  if (zeros > count) throw new Error('corrupt chunk: more negative zeros than values');
  const width = bitLength(count - 1);
  for (let k = 0; k < zeros; k += 1) {
    const at = r.read(width);
    if (at >= count) throw new Error('corrupt chunk: negative zero outside the column');
    out[at] = -0;
  }
}

/** Divides decoded integers back into the caller's values (the exact division `quantize` checked). */
export function unscale(ints: Float64Array, count: number, scale: number): void {
  if (scale === 0) return;
  const s = pow10(scale);
  for (let i = 0; i < count; i += 1) ints[i] = (ints[i] ?? 0) / s;
}
