/**
 * Bit-level writer and reader for the chunk codec. Bits are packed least-significant first into
 * little-endian 32-bit words, so a stream is the same bytes on every platform. Single writes are
 * limited to 31 bits because JavaScript shifts count modulo 32 and bitwise results are signed
 * 32-bit; wider integers (up to 2^54) go through `writeWide`/`readWide`, which split them.
 */

const TWO_POW_30 = 1073741824;
const TWO_POW_32 = 4294967296;

/** The number of bits needed for a non-negative integer below 2^64 (0 for 0). */
export function bitLength(v: number): number {
  return v < TWO_POW_32 ? 32 - Math.clz32(v) : 64 - Math.clz32(Math.floor(v / TWO_POW_32));
}

/** Signed integer to unsigned, small magnitudes to small codes; arithmetic so it holds past 2^31. */
export function zigzag(d: number): number {
  return d < 0 ? -2 * d - 1 : 2 * d;
}

export function unzigzag(z: number): number {
  // `z & 1` reads the low bit correctly for any integer below 2^53 (ToInt32 is exact modulo 2^32).
  return (z & 1) === 1 ? -(z + 1) / 2 : z / 2;
}

export class BitWriter {
  private buf: Uint8Array;
  private view: DataView;
  private pos = 0;
  private acc = 0;
  private bits = 0;

  constructor(capacity = 1 << 16) {
    this.buf = new Uint8Array(capacity);
    this.view = new DataView(this.buf.buffer);
  }

  reset(): void {
    this.pos = 0;
    this.acc = 0;
    this.bits = 0;
  }

  /** Appends the low `n` bits of `value`; requires 0 ≤ n ≤ 31 and 0 ≤ value < 2^n. */
  write(value: number, n: number): void {
    const bits = this.bits;
    this.acc |= value << bits;
    const total = bits + n;
    if (total >= 32) {
      if (this.pos + 4 > this.buf.length) this.grow(4);
      this.view.setInt32(this.pos, this.acc, true);
      this.pos += 4;
      // total ≥ 32 with n ≤ 31 implies bits ≥ 1, so the shift count stays within 1..31.
      this.acc = value >>> (32 - bits);
      this.bits = total - 32;
    } else {
      this.bits = total;
    }
  }

  /** Appends an integer 0 ≤ value < 2^n for n up to 54. */
  writeWide(value: number, n: number): void {
    if (n <= 31) {
      this.write(value, n);
      return;
    }
    const lo = value % TWO_POW_30;
    this.write(lo, 30);
    this.write((value - lo) / TWO_POW_30, n - 30);
  }

  /** Appends 32 raw bits (any int32/uint32 pattern). */
  write32(word: number): void {
    this.write(word & 0xffff, 16);
    this.write((word >>> 16) & 0xffff, 16);
  }

  /** A non-negative integer below 2^54 with its own 6-bit length: cheap for the small ones. */
  writeVarBits(value: number): void {
    const len = bitLength(value);
    this.write(len, 6);
    this.writeWide(value, len);
  }

  /** Pads to a byte boundary and returns the byte length written so far. */
  align(): number {
    while (this.bits > 0) {
      if (this.pos + 1 > this.buf.length) this.grow(1);
      this.buf[this.pos] = this.acc & 0xff;
      this.pos += 1;
      this.acc >>>= 8;
      this.bits = Math.max(0, this.bits - 8);
    }
    this.acc = 0;
    return this.pos;
  }

  /** The aligned bytes written so far (a view: copy before the next reset). */
  bytes(): Uint8Array {
    return this.buf.subarray(0, this.align());
  }

  private grow(extra: number): void {
    const next = new Uint8Array(Math.max(this.buf.length * 2, this.pos + extra));
    next.set(this.buf.subarray(0, this.pos));
    this.buf = next;
    this.view = new DataView(next.buffer);
  }
}

/**
 * Reads a section [start, end) of a byte array. Reading past `end` yields zero bits instead of
 * failing mid-loop; `finish` then rejects the section, so corrupt input costs at most one pass.
 */
export class BitReader {
  private readonly view: DataView;
  private pos: number;
  private acc = 0;
  private avail = 0;

  constructor(
    private readonly bytes: Uint8Array,
    private readonly start: number,
    private readonly end: number,
  ) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.pos = start;
  }

  /** Reads `n` bits, 0 ≤ n ≤ 31. */
  read(n: number): number {
    const mask = (1 << n) - 1;
    if (n <= this.avail) {
      const v = this.acc & mask;
      this.acc >>>= n;
      this.avail -= n;
      return v;
    }
    const have = this.avail;
    const word = this.load();
    const need = n - have;
    const v = (this.acc | (word << have)) & mask;
    this.acc = word >>> need;
    this.avail = 32 - need;
    return v;
  }

  readWide(n: number): number {
    if (n <= 31) return this.read(n);
    const lo = this.read(30);
    return this.read(n - 30) * TWO_POW_30 + lo;
  }

  read32(): number {
    const lo = this.read(16);
    return (lo | (this.read(16) << 16)) >>> 0;
  }

  readVarBits(): number {
    const len = this.read(6);
    if (len > 54) throw new Error('corrupt chunk: integer wider than 54 bits');
    return this.readWide(len);
  }

  /** Throws unless the section was consumed exactly (up to its final padding byte). */
  finish(): void {
    const used = (this.pos - this.start) * 8 - this.avail;
    const size = this.end - this.start;
    if (used > size * 8 || Math.ceil(used / 8) !== size) throw new Error('corrupt chunk: column section length mismatch');
  }

  private load(): number {
    const p = this.pos;
    this.pos = p + 4;
    if (p + 4 <= this.end) return this.view.getUint32(p, true);
    let word = 0;
    for (let i = 0; i < 4 && p + i < this.end; i += 1) word |= (this.bytes[p + i] ?? 0) << (8 * i);
    return word >>> 0;
  }
}
