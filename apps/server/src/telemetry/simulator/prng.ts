/**
 * Seeded randomness for the simulator. mulberry32 keeps its whole state in one 32-bit integer, so
 * a snapshot is a plain number and identical seeds replay identical frames on any machine.
 */
export class Rng {
  /** The generator state; a signed 32-bit integer, safe to store as JSON. */
  s: number;

  constructor(seed: number) {
    this.s = seed | 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    const s = (this.s = (this.s + 0x6d2b79f5) | 0);
    let t = Math.imul(s ^ (s >>> 15), s | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Uniform in [a, b). */
  range(a: number, b: number): number {
    return a + (b - a) * this.next();
  }

  /** Triangular in (-1, 1): two draws instead of a logarithm, smooth enough for sensor noise. */
  tri(): number {
    return this.next() + this.next() - 1;
  }

  /**
   * Zero mean, unit variance, triangular: two draws instead of a logarithm, and bounded tails
   * (±2.45) keep the random walks free of jumps a real sensor would not make.
   */
  normal(): number {
    return (this.next() + this.next() - 1) * 2.449489742783178;
  }

  /** Exponentially distributed with the given mean (event spacing of a Poisson process). */
  exp(mean: number): number {
    return -mean * Math.log(1 - this.next());
  }
}

/** A 32-bit avalanche (murmur3 finaliser): turns related inputs into unrelated seeds. */
export function mix32(x: number): number {
  let h = x | 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) | 0;
}

/** FNV-1a of a tag code mixed with the run's seed: per-tag traits stay put when tags are added. */
export function hashCode(text: string, seed: number): number {
  let h = 0x811c9dc5 ^ seed;
  for (let i = 0; i < text.length; i += 1) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return mix32(h);
}

/** A stateless uniform in [0, 1) from two integers, for per-ring variation without stored state. */
export function hash01(a: number, b: number): number {
  return (mix32(Math.imul(a, 0x9e3779b1) ^ b) >>> 0) / 4294967296;
}
