import type { ChunkInput } from './chunkCodec.js';

/**
 * Deterministic stand-in for 1 Hz machine data, shared by the codec's size test and its
 * benchmark so both measure the same bytes: every tag is a smooth random walk (a drifting
 * velocity, like a pressure following the advance) plus sensor noise of a few least significant
 * digits, quantized to the tag's precision; timestamps are 1 s apart with a few ms of jitter.
 */

/** Small seeded PRNG (mulberry32): same seed, same chunk, on every machine. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Standard normal deviate (Box–Muller). */
export function gaussian(random: () => number): number {
  const u = 1 - random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

export function syntheticChunk(seed: number, tags: number, frames: number, startMs = Date.UTC(2025, 0, 6, 8)): ChunkInput {
  const random = seededRandom(seed);
  const ts = new Float64Array(frames);
  for (let k = 0; k < frames; k += 1) ts[k] = startMs + k * 1000 + Math.round(random() * 4 - 2);
  const precisions: number[] = [];
  const columns: Float64Array[] = [];
  for (let i = 0; i < tags; i += 1) {
    const precision = i % 4;
    const step = 10 ** -precision;
    const noise = step * (0.5 + random() * 5);
    const drift = step * (0.05 + random() * 0.5);
    let level = (random() * 2 - 0.5) * 10 ** (1 + Math.floor(random() * 3));
    let velocity = 0;
    const column = new Float64Array(frames);
    for (let k = 0; k < frames; k += 1) {
      velocity = 0.97 * velocity + drift * gaussian(random);
      level += velocity;
      const scale = 10 ** precision;
      column[k] = Math.round((level + noise * gaussian(random)) * scale) / scale;
    }
    precisions.push(precision);
    columns.push(column);
  }
  return { ts, columns, precisions };
}
