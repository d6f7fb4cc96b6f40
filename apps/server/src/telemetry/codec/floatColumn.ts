import { type BitReader, type BitWriter } from './bitStream.js';

/**
 * The lossless fallback for columns that are not short decimals (arbitrary doubles, ±Infinity,
 * -0): Gorilla XOR encoding. Each value is XORed with the previous one; identical values cost
 * one bit, and otherwise only the meaningful bits between the leading and trailing zeros are
 * written, reusing the previous window when they fit in it. Doubles are handled as two 32-bit
 * halves because JavaScript bitwise operators are 32-bit.
 */

const f64 = new Float64Array(1);
const u32 = new Uint32Array(f64.buffer);
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
const HI = LITTLE_ENDIAN ? 1 : 0;
const LO = LITTLE_ENDIAN ? 0 : 1;
/** The extra cost of opening a new window (5 bits leading zeros + 6 bits length). */
const WINDOW_COST = 11;

const ctz32 = (x: number): number => 31 - Math.clz32(x & -x);

function writeUpTo32(w: BitWriter, v: number, n: number): void {
  if (n === 32) w.write32(v);
  else w.write(v, n);
}

function readUpTo32(r: BitReader, n: number): number {
  return n === 32 ? r.read32() : r.read(n);
}

/** Writes the `len` bits of the 64-bit (hi:lo) starting at bit `shift`. */
function writeShifted(w: BitWriter, hi: number, lo: number, shift: number, len: number): void {
  let a = lo;
  let b = hi;
  if (shift >= 32) {
    a = hi >>> (shift - 32);
    b = 0;
  } else if (shift > 0) {
    a = ((lo >>> shift) | (hi << (32 - shift))) >>> 0;
    b = hi >>> shift;
  }
  if (len <= 32) {
    writeUpTo32(w, a, len);
  } else {
    w.write32(a);
    writeUpTo32(w, b, len - 32);
  }
}

export function writeFloats(w: BitWriter, values: Float64Array, count: number): void {
  f64[0] = values[0] ?? 0;
  let prevHi = u32[HI] ?? 0;
  let prevLo = u32[LO] ?? 0;
  w.write32(prevHi);
  w.write32(prevLo);
  let lead = -1;
  let trail = 0;
  for (let i = 1; i < count; i += 1) {
    f64[0] = values[i] ?? 0;
    const hi = u32[HI] ?? 0;
    const lo = u32[LO] ?? 0;
    const xh = (hi ^ prevHi) >>> 0;
    const xl = (lo ^ prevLo) >>> 0;
    prevHi = hi;
    prevLo = lo;
    if (xh === 0 && xl === 0) {
      w.write(0, 1);
      continue;
    }
    w.write(1, 1);
    // Leading zeros are capped to fit 5 bits; the capped ones are written as part of the value.
    const lz = Math.min(31, xh !== 0 ? Math.clz32(xh) : 32 + Math.clz32(xl));
    const tz = xl !== 0 ? ctz32(xl) : 32 + ctz32(xh);
    if (lead >= 0 && lz >= lead && tz >= trail && lz + tz - lead - trail < WINDOW_COST) {
      w.write(0, 1);
      writeShifted(w, xh, xl, trail, 64 - lead - trail);
      continue;
    }
    lead = lz;
    trail = tz;
    const len = 64 - lz - tz;
    w.write(1, 1);
    w.write(lz, 5);
    w.write(len - 1, 6);
    writeShifted(w, xh, xl, tz, len);
  }
}

export function readFloats(r: BitReader, out: Float64Array, count: number): void {
  let hi = r.read32();
  let lo = r.read32();
  u32[HI] = hi;
  u32[LO] = lo;
  out[0] = f64[0] ?? 0;
  let lead = -1;
  let trail = 0;
  for (let i = 1; i < count; i += 1) {
    if (r.read(1) === 0) {
      out[i] = out[i - 1] ?? 0;
      continue;
    }
    if (r.read(1) === 1) {
      lead = r.read(5);
      trail = 64 - lead - (r.read(6) + 1);
      if (trail < 0) throw new Error('corrupt chunk: float window wider than 64 bits');
    } else if (lead < 0) {
      throw new Error('corrupt chunk: float window reused before it was set');
    }
    const len = 64 - lead - trail;
    let a: number;
    let b = 0;
    if (len <= 32) {
      a = readUpTo32(r, len);
    } else {
      a = r.read32();
      b = readUpTo32(r, len - 32);
    }
    let xl = a;
    let xh = b;
    if (trail >= 32) {
      xh = a << (trail - 32);
      xl = 0;
    } else if (trail > 0) {
      xh = (b << trail) | (a >>> (32 - trail));
      xl = a << trail;
    }
    hi = (hi ^ xh) >>> 0;
    lo = (lo ^ xl) >>> 0;
    u32[HI] = hi;
    u32[LO] = lo;
    out[i] = f64[0] ?? 0;
  }
}
