import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ChunkInput, decodeChunk, decodeColumns, encodeChunk } from './chunkCodec.js';
import { gaussian, seededRandom, syntheticChunk } from './syntheticChunk.js';

/** Indices where two columns differ under Object.is (NaN equals NaN, -0 differs from 0). */
function differences(expected: Float64Array, actual: Float64Array | undefined): number[] {
  if (!actual || actual.length !== expected.length) return [-1];
  const bad: number[] = [];
  for (let k = 0; k < expected.length; k += 1) if (!Object.is(expected[k], actual[k])) bad.push(k);
  return bad;
}

function expectRoundTrip(chunk: ChunkInput): Uint8Array {
  const bytes = encodeChunk(chunk);
  const decoded = decodeChunk(bytes);
  expect(differences(chunk.ts, decoded.ts)).toEqual([]);
  expect(decoded.columns).toHaveLength(chunk.columns.length);
  chunk.columns.forEach((column, i) => expect(differences(column, decoded.columns[i]), `column ${i}`).toEqual([]));
  return bytes;
}

const regularTs = (frames: number, start = Date.UTC(2025, 2, 1)): Float64Array => Float64Array.from({ length: frames }, (_, k) => start + k * 1000);

// --- arbitraries -------------------------------------------------------------------------------

const timestampsArb = (frames: number) =>
  fc
    .tuple(
      fc.integer({ min: 0, max: 2_000_000_000_000 }),
      fc.array(fc.oneof(fc.constant(1000), fc.integer({ min: 990, max: 1010 }), fc.integer({ min: 1, max: 3_600_000 })), {
        minLength: Math.max(0, frames - 1),
        maxLength: Math.max(0, frames - 1),
      }),
    )
    .map(([start, steps]) => {
      const ts = new Float64Array(frames);
      let t = start;
      for (let k = 0; k < frames; k += 1) {
        ts[k] = t;
        t += steps[k] ?? 1000;
      }
      return ts;
    });

/** Knocks out values: none, scattered, or one outage run. */
function withGaps(values: Float64Array, seed: number, style: number): Float64Array {
  const random = seededRandom(seed);
  if (style === 1) {
    for (let k = 0; k < values.length; k += 1) if (random() < 0.3) values[k] = Number.NaN;
  } else if (style === 2) {
    const from = Math.floor(random() * values.length);
    values.fill(Number.NaN, from, from + Math.floor(random() * values.length));
  }
  return values;
}

/** A noisy walk quantized to `precision`, sometimes with spikes. */
function quantizedWalk(frames: number, precision: number, seed: number, spikes: boolean): Float64Array {
  const random = seededRandom(seed);
  const scale = 10 ** precision;
  let level = (random() - 0.5) * 200;
  return Float64Array.from({ length: frames }, () => {
    level += gaussian(random) * 0.5;
    const spike = spikes && random() < 0.05 ? (random() < 0.5 ? -1 : 1) * 10 ** (3 + random() * 12) : 0;
    return Math.round((level + spike + gaussian(random) * 0.1) * scale) / scale;
  });
}

const specials = [0, -0, Infinity, -Infinity, Number.NaN, 5e-324, Number.MAX_VALUE, 2 ** 53, -(2 ** 48), 2 ** 48 + 1, 0.1 + 0.2, 1e21];

const columnArb = (frames: number) =>
  fc.oneof(
    fc
      .record({ precision: fc.integer({ min: 0, max: 4 }), seed: fc.integer(), gaps: fc.integer({ min: 0, max: 2 }), spikes: fc.boolean() })
      .map(({ precision, seed, gaps, spikes }) => withGaps(quantizedWalk(frames, precision, seed, spikes), seed, gaps)),
    fc.array(fc.double(), { minLength: frames, maxLength: frames }).map((a) => Float64Array.from(a)),
    fc
      .record({ value: fc.constantFrom(...specials, 42.5), seed: fc.integer(), gaps: fc.integer({ min: 0, max: 2 }) })
      .map(({ value, seed, gaps }) => withGaps(new Float64Array(frames).fill(value), seed, gaps)),
    fc
      .array(fc.oneof(fc.integer({ min: -5000, max: 5000 }).map((x) => x / 100), fc.constantFrom(...specials), fc.integer().map((x) => x / 7)), {
        minLength: frames,
        maxLength: frames,
      })
      .map((a) => Float64Array.from(a)),
  );

const chunkArb = (maxFrames: number, maxColumns: number) =>
  fc.integer({ min: 0, max: maxFrames }).chain((frames) =>
    fc.record({
      ts: timestampsArb(frames),
      columns: fc.array(columnArb(frames), { maxLength: maxColumns }),
      precisionSeed: fc.integer(),
    }),
  ).map(({ ts, columns, precisionSeed }): ChunkInput => {
    const random = seededRandom(precisionSeed);
    return { ts, columns, precisions: columns.map(() => Math.floor(random() * 5)) };
  });

// --- tests ---------------------------------------------------------------------------------------

describe('chunk codec round trip', () => {
  it('reproduces random chunks exactly (gaps, constants, spikes, arbitrary doubles, irregular time)', () => {
    fc.assert(fc.property(chunkArb(200, 6), (chunk) => void expectRoundTrip(chunk)), { numRuns: 300 });
  });

  it('handles the empty chunk, columns without frames and a single frame', () => {
    expectRoundTrip({ ts: new Float64Array(0), columns: [], precisions: [] });
    expectRoundTrip({ ts: new Float64Array(0), columns: [new Float64Array(0), new Float64Array(0)], precisions: [1, 2] });
    expectRoundTrip({ ts: regularTs(1), columns: [Float64Array.of(1.25), Float64Array.of(Number.NaN), Float64Array.of(-0)], precisions: [2, 0, 0] });
  });

  it('keeps -0, infinities, subnormals and values finer or coarser than their declared precision', () => {
    const ts = regularTs(130);
    const cols = [
      Float64Array.from({ length: 130 }, (_, k) => (k % 3 === 0 ? -0 : k / 10)),
      Float64Array.from({ length: 130 }, (_, k) => [Infinity, -Infinity, 5e-324, 1.5][k % 4] ?? 0),
      Float64Array.from({ length: 130 }, (_, k) => k * 1.234),
      Float64Array.from({ length: 130 }, (_, k) => k * 100),
      Float64Array.from({ length: 130 }, (_, k) => (k % 2 === 0 ? 2 ** 48 : -(2 ** 48))),
      Float64Array.from({ length: 130 }, (_, k) => 2 ** 52 + k),
    ];
    expectRoundTrip({ ts, columns: cols, precisions: [1, 0, 0, 4, 0, 0] });
  });

  it('keeps whole numbers too large for the declared precision on the integer path', () => {
    const ts = regularTs(600);
    const bytes = expectRoundTrip({ ts, columns: [ts.slice(), ts.map((t) => t / 1000)], precisions: [4, 3] });
    expect(bytes.length).toBeLessThan(100);
  });

  it('handles 2,000 columns of 600 frames', () => {
    const base = syntheticChunk(7, 500, 600);
    const columns = Array.from({ length: 2000 }, (_, i) => base.columns[i % 500] ?? new Float64Array(600));
    const bytes = expectRoundTrip({ ts: base.ts, columns, precisions: columns.map((_, i) => i % 4) });
    expect(bytes.length / (2000 * 600)).toBeLessThan(1);
  });

  it('rejects inconsistent input', () => {
    expect(() => encodeChunk({ ts: regularTs(3), columns: [new Float64Array(2)], precisions: [0] })).toThrow(Error);
    expect(() => encodeChunk({ ts: regularTs(3), columns: [new Float64Array(3)], precisions: [] })).toThrow(Error);
    expect(() => encodeChunk({ ts: Float64Array.of(1, Number.NaN), columns: [], precisions: [] })).toThrow(Error);
  });
});

describe('decodeColumns', () => {
  it('equals the matching columns of decodeChunk', () => {
    const arb = chunkArb(150, 8).chain((chunk) =>
      fc.record({ chunk: fc.constant(chunk), which: fc.array(fc.nat({ max: Math.max(0, chunk.columns.length - 1) }), { maxLength: chunk.columns.length === 0 ? 0 : 10 }) }),
    );
    fc.assert(
      fc.property(arb, ({ chunk, which }) => {
        const bytes = encodeChunk(chunk);
        const full = decodeChunk(bytes);
        const some = decodeColumns(bytes, which);
        expect(differences(full.ts, some.ts)).toEqual([]);
        which.forEach((i, j) => expect(differences(full.columns[i] ?? new Float64Array(), some.columns[j])).toEqual([]));
      }),
      { numRuns: 200 },
    );
  });

  it('rejects columns that do not exist', () => {
    const bytes = encodeChunk(syntheticChunk(1, 3, 10));
    expect(() => decodeColumns(bytes, [3])).toThrow(Error);
    expect(() => decodeColumns(bytes, [-1])).toThrow(Error);
    expect(() => decodeColumns(bytes, [0.5])).toThrow(Error);
  });
});

describe('corrupt input', () => {
  const chunk: ChunkInput = {
    ts: Float64Array.of(1000, 2000, 3005, 4000, 9000),
    columns: [Float64Array.of(1.5, 1.5, Number.NaN, 2.25, 3), Float64Array.of(0.1 + 0.2, 7, -0, Infinity, 1e-9), new Float64Array(5).fill(Number.NaN)],
    precisions: [2, 1, 0],
  };
  const bytes = encodeChunk(chunk);

  it('throws on every truncation and on trailing bytes', () => {
    for (let length = 0; length < bytes.length; length += 1) expect(() => decodeChunk(bytes.subarray(0, length)), `length ${length}`).toThrow(Error);
    expect(() => decodeChunk(Uint8Array.from([...bytes, 0]))).toThrow(Error);
  });

  it('throws on any changed byte', () => {
    for (let at = 0; at < bytes.length; at += 1) {
      for (const flip of [0x01, 0x80, 0xff]) {
        const bad = bytes.slice();
        bad[at] = (bad[at] ?? 0) ^ flip;
        expect(() => decodeChunk(bad), `byte ${at} ^ ${flip}`).toThrow(Error);
        expect(() => decodeColumns(bad, [0, 1, 2]), `byte ${at} ^ ${flip}`).toThrow(Error);
      }
    }
  });

  it('throws on an unknown version, random bytes and absurd sizes without allocating them', () => {
    expect(() => decodeChunk(Uint8Array.of(2, ...bytes.subarray(1)))).toThrow(/version/);
    // Claims 2^40 frames × 2^20 columns in a 12-byte input.
    expect(() => decodeChunk(Uint8Array.of(1, 0x80, 0x80, 0x80, 0x80, 0x80, 0x20, 0x80, 0x80, 0x40, 0, 0))).toThrow(/limits/);
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 400 }), (random) => {
        expect(() => decodeChunk(Uint8Array.of(1, ...random))).toThrow(Error);
      }),
      { numRuns: 500 },
    );
  });
});

describe('size', () => {
  it('stores a realistic 500-tag, 10-minute chunk in at most 2 bytes per value', () => {
    const realistic = syntheticChunk(20_250_106, 500, 600);
    const bytes = expectRoundTrip(realistic);
    const perValue = bytes.length / (500 * 600);
    expect(perValue).toBeLessThanOrEqual(2);
    // Deterministic for the seed: guards against a regression well before the target is at risk.
    expect(perValue).toBeLessThan(0.7);
  });

  it('stores regular 1 Hz timestamps in about a bit per frame or less', () => {
    const bytes = encodeChunk({ ts: regularTs(600), columns: [], precisions: [] });
    expect(bytes.length).toBeLessThanOrEqual(600 / 8 + 16);
  });

  it('makes all-missing, constant and step columns nearly free', () => {
    const ts = regularTs(600);
    const columns = Array.from({ length: 300 }, (_, i) => {
      if (i % 3 === 0) return new Float64Array(600).fill(Number.NaN);
      if (i % 3 === 1) return new Float64Array(600).fill(i * 0.5);
      return Float64Array.from({ length: 600 }, (_, k) => Math.floor(k / 150) + 1);
    });
    const bytes = expectRoundTrip({ ts, columns, precisions: columns.map(() => 1) });
    expect(bytes.length / (300 * 600)).toBeLessThan(0.05);
  });
});
