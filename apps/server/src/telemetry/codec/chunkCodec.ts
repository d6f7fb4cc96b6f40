import { crc32 } from 'node:zlib';
import { BitReader, BitWriter } from './bitStream.js';
import { readFloats, writeFloats } from './floatColumn.js';
import { MAX_SCALE, quantize, readInts, readNegativeZeros, unscale, writeInts, writeNegativeZeros } from './intColumn.js';
import { readMissingMask, writeMissingMask } from './missingMask.js';

/**
 * Compressed columnar chunk of machine telemetry: one machine, a run of consecutive frames,
 * stored column by column (ARCHITECTURE.md §5, BENCHMARKS.md B1s).
 *
 * Layout (version 1):
 *   u8 version · varint frames · varint columns · varint timestamp-section bytes ·
 *   varint section bytes per column · u32 CRC-32 of the header · timestamp section ·
 *   one section per column.
 * The per-column lengths are the offset table that lets `decodeColumns` jump to the 1–10 tags a
 * chart wants. Each section ends with the CRC-32 of its content, so a damaged chunk is rejected
 * rather than drawn (about 1 % of the bytes; checked only for the sections read). The content
 * is its own byte-aligned bit stream:
 *   kind (2 bits: all missing | constant | scaled integers | float) ·
 *   [has-missing bit · missing mask (run lengths or bitmap, see missingMask.ts)] · body.
 * Only present values are stored. Integer bodies: 4-bit decimal scale · integers · positions
 * of -0 (intColumn.ts); float bodies: Gorilla XOR (floatColumn.ts); constant: the 64 raw bits.
 * Timestamps are a column of precision 0 without a mask: a regular 1 Hz series becomes deltas of
 * deltas of zero (about 0.25 bit per frame), a few ms of jitter costs about 4 bits per frame.
 * An all-missing column costs 6 bytes per chunk, a constant one 14.
 *
 * Measured on 500 noisy tags × 600 frames (syntheticChunk.ts; CPU time, Node 20, one core):
 * 0.600 bytes/value (entropy of the deltas alone: 0.50), encode ~32 M values/s, decode ~60 M
 * values/s, `decodeColumns` of 3 tags ~50 M values/s of the values returned.
 * No general-purpose pass, because it does not pay: over a whole chunk deflateRaw level 1 saves
 * 3.2 % (0.600 → 0.582) and drops encode to ~23 M values/s, brotli quality 1 saves 3.4 % at
 * little CPU; but either hides the sections behind a whole-chunk inflate, so a chart reading 3
 * tags of 500 would pay for all 500. Compressing each section on its own saved 0.6 %:
 * bit-packed residuals are already close to their entropy.
 */

export const CHUNK_FORMAT_VERSION = 1;
/** Limits that keep a corrupt header from asking for a huge allocation (a 10-minute chunk of
 * 2,000 tags is 1.2 M values). */
export const MAX_CHUNK_FRAMES = 1 << 18;
export const MAX_CHUNK_COLUMNS = 1 << 14;
export const MAX_CHUNK_VALUES = 1 << 24;

export interface ChunkInput {
  /** Epoch milliseconds, ascending (only finiteness is enforced; any finite doubles round-trip). */
  ts: Float64Array;
  /** columns[i][k]: tag i in frame k; NaN = missing. */
  columns: readonly Float64Array[];
  /** Decimals each tag resolves (0–4); a hint for the integer path, never a rounding. */
  precisions: readonly number[];
}

export interface DecodedChunk {
  ts: Float64Array;
  columns: Float64Array[];
}

const KIND_MISSING = 0;
const KIND_CONSTANT = 1;
const KIND_INT = 2;
const KIND_FLOAT = 3;

// Scratch buffers reused across calls: encoding and decoding are synchronous, never re-entered.
const writer = new BitWriter();
let values = new Float64Array(1024);
let ints = new Float64Array(1024);
let present = new Uint8Array(1024);

function ensureScratch(n: number): void {
  if (values.length >= n) return;
  values = new Float64Array(n);
  ints = new Float64Array(n);
  present = new Uint8Array(n);
}

/** Constant means the same double, -0 and 0 kept apart. */
function isConstant(vals: Float64Array, count: number): boolean {
  const first = vals[0] ?? 0;
  for (let i = 1; i < count; i += 1) if (vals[i] !== first) return false;
  if (first !== 0) return true;
  const sign = 1 / first;
  for (let i = 1; i < count; i += 1) if (1 / (vals[i] ?? 0) !== sign) return false;
  return true;
}

/** The present values of `column`: the column itself when none is missing (no copy). */
function presentValues(column: Float64Array): { vals: Float64Array; count: number } {
  const n = column.length;
  let i = 0;
  for (; i < n; i += 1) {
    const v = column[i] ?? 0;
    if (v !== v) break;
  }
  if (i === n) return { vals: column, count: n };
  values.set(column.subarray(0, i));
  let count = i;
  for (; i < n; i += 1) {
    const v = column[i] ?? 0;
    if (v === v) {
      values[count] = v;
      count += 1;
    }
  }
  return { vals: values, count };
}

function encodeColumn(w: BitWriter, column: Float64Array, precision: number): void {
  const n = column.length;
  const { vals, count } = presentValues(column);
  if (count === 0) {
    w.write(KIND_MISSING, 2);
    return;
  }
  const constant = isConstant(vals, count);
  const scale = constant ? -1 : quantize(vals, count, precision, ints);
  w.write(constant ? KIND_CONSTANT : scale >= 0 ? KIND_INT : KIND_FLOAT, 2);
  if (count === n) {
    w.write(0, 1);
  } else {
    w.write(1, 1);
    writeMissingMask(w, column);
  }
  if (constant) {
    writeFloats(w, vals, 1);
  } else if (scale >= 0) {
    w.write(scale, 4);
    writeInts(w, ints, count);
    writeNegativeZeros(w, count);
  } else {
    writeFloats(w, vals, count);
  }
}

/** Appends the CRC-32 of the section written since `start`; returns the new end. */
function sealSection(w: BitWriter, start: number): number {
  const end = w.align();
  w.write32(crc32(w.bytes().subarray(start, end)));
  return w.align();
}

function readU32(bytes: Uint8Array, at: number): number {
  return ((bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8) | ((bytes[at + 2] ?? 0) << 16) | ((bytes[at + 3] ?? 0) << 24)) >>> 0;
}

function writeVarint(out: number[], v: number): void {
  let rest = v;
  while (rest >= 0x80) {
    out.push((rest % 0x80) | 0x80);
    rest = Math.floor(rest / 0x80);
  }
  out.push(rest);
}

function checkInput(chunk: ChunkInput): void {
  const frames = chunk.ts.length;
  const columns = chunk.columns.length;
  if (chunk.precisions.length !== columns) throw new Error('chunk: one precision per column is required');
  if (frames > MAX_CHUNK_FRAMES || columns > MAX_CHUNK_COLUMNS || frames * columns > MAX_CHUNK_VALUES) {
    throw new Error(`chunk: ${frames} frames × ${columns} columns exceeds the chunk limits`);
  }
  for (const column of chunk.columns) {
    if (column.length !== frames) throw new Error('chunk: every column needs one value per timestamp');
  }
  for (let k = 0; k < frames; k += 1) {
    if (!Number.isFinite(chunk.ts[k])) throw new Error('chunk: timestamps must be finite');
  }
}

export function encodeChunk(chunk: ChunkInput): Uint8Array {
  checkInput(chunk);
  ensureScratch(chunk.ts.length);
  const w = writer;
  w.reset();
  encodeColumn(w, chunk.ts, 0);
  let start = sealSection(w, 0);
  const lengths = [start];
  chunk.columns.forEach((column, i) => {
    encodeColumn(w, column, chunk.precisions[i] ?? 0);
    const end = sealSection(w, start);
    lengths.push(end - start);
    start = end;
  });
  const header: number[] = [CHUNK_FORMAT_VERSION];
  writeVarint(header, chunk.ts.length);
  writeVarint(header, chunk.columns.length);
  for (const length of lengths) writeVarint(header, length);
  const headerCrc = crc32(Uint8Array.from(header));
  for (let shift = 0; shift < 32; shift += 8) header.push((headerCrc >>> shift) & 0xff);
  const body = w.bytes();
  const out = new Uint8Array(header.length + body.length);
  out.set(header, 0);
  out.set(body, header.length);
  return out;
}

interface Header {
  frames: number;
  /** Section i spans [starts[i], starts[i + 1]); section 0 is the timestamps, i + 1 is column i. */
  starts: Float64Array;
}

function parseHeader(bytes: Uint8Array): Header {
  if (bytes.length === 0) throw new Error('corrupt chunk: empty');
  if (bytes[0] !== CHUNK_FORMAT_VERSION) throw new Error(`corrupt chunk: unknown format version ${bytes[0] ?? -1}`);
  let p = 1;
  const varint = (): number => {
    let value = 0;
    let factor = 1;
    for (let i = 0; i < 7; i += 1) {
      const b = bytes[p];
      if (b === undefined) throw new Error('corrupt chunk: truncated header');
      p += 1;
      value += (b & 0x7f) * factor;
      if (b < 0x80) return value;
      factor *= 0x80;
    }
    throw new Error('corrupt chunk: header number too long');
  };
  const frames = varint();
  const columns = varint();
  if (frames > MAX_CHUNK_FRAMES || columns > MAX_CHUNK_COLUMNS || frames * columns > MAX_CHUNK_VALUES) {
    throw new Error('corrupt chunk: size beyond the chunk limits');
  }
  // Every section holds at least its CRC and one byte, so the table cannot outgrow the input.
  if ((columns + 1) * 5 > bytes.length) throw new Error('corrupt chunk: truncated header');
  const lengths = new Float64Array(columns + 1);
  for (let i = 0; i <= columns; i += 1) lengths[i] = varint();
  if (p + 4 > bytes.length) throw new Error('corrupt chunk: truncated header');
  if (crc32(bytes.subarray(0, p)) !== readU32(bytes, p)) throw new Error('corrupt chunk: header checksum mismatch');
  const starts = new Float64Array(columns + 2);
  starts[0] = p + 4;
  for (let i = 0; i <= columns; i += 1) {
    const length = lengths[i] ?? 0;
    if (length < 5) throw new Error('corrupt chunk: column section too short');
    starts[i + 1] = (starts[i] ?? 0) + length;
  }
  if (starts[columns + 1] !== bytes.length) throw new Error('corrupt chunk: sections do not match the input length');
  return { frames, starts };
}

function decodeSection(bytes: Uint8Array, header: Header, section: number): Float64Array {
  const n = header.frames;
  const start = header.starts[section] ?? 0;
  const end = (header.starts[section + 1] ?? 0) - 4;
  if (crc32(bytes.subarray(start, end)) !== readU32(bytes, end)) throw new Error('corrupt chunk: column checksum mismatch');
  const out = new Float64Array(n);
  const r = new BitReader(bytes, start, end);
  const kind = r.read(2);
  if (kind === KIND_MISSING) {
    out.fill(Number.NaN);
    r.finish();
    return out;
  }
  ensureScratch(n);
  const masked = r.read(1) === 1;
  const count = masked ? readMissingMask(r, present.subarray(0, n)) : n;
  if (count === 0) throw new Error('corrupt chunk: a column with values has none present');
  const target = masked ? values : out;
  if (kind === KIND_CONSTANT) {
    readFloats(r, target, 1);
    target.fill(target[0] ?? 0, 1, count);
  } else if (kind === KIND_INT) {
    const scale = r.read(4);
    if (scale > MAX_SCALE) throw new Error('corrupt chunk: decimal scale out of range');
    readInts(r, target, count);
    unscale(target, count, scale);
    readNegativeZeros(r, target, count);
  } else {
    readFloats(r, target, count);
  }
  r.finish();
  if (masked) {
    let j = 0;
    for (let i = 0; i < n; i += 1) {
      if (present[i] === 1) {
        out[i] = values[j] ?? 0;
        j += 1;
      } else {
        out[i] = Number.NaN;
      }
    }
  }
  return out;
}

function decodeTimestamps(bytes: Uint8Array, header: Header): Float64Array {
  const ts = decodeSection(bytes, header, 0);
  for (let k = 0; k < ts.length; k += 1) {
    if (!Number.isFinite(ts[k])) throw new Error('corrupt chunk: timestamps must be finite');
  }
  return ts;
}

export function decodeChunk(bytes: Uint8Array): DecodedChunk {
  const header = parseHeader(bytes);
  const sections = header.starts.length - 1;
  const columns: Float64Array[] = [];
  for (let s = 1; s < sections; s += 1) columns.push(decodeSection(bytes, header, s));
  return { ts: decodeTimestamps(bytes, header), columns };
}

/** Timestamps and only the columns asked for (`columns[j]` is column `which[j]`). */
export function decodeColumns(bytes: Uint8Array, which: readonly number[]): DecodedChunk {
  const header = parseHeader(bytes);
  const count = header.starts.length - 2;
  const columns = which.map((i) => {
    if (!Number.isInteger(i) || i < 0 || i >= count) throw new Error(`chunk: no column ${i} (chunk has ${count})`);
    return decodeSection(bytes, header, i + 1);
  });
  return { ts: decodeTimestamps(bytes, header), columns };
}
