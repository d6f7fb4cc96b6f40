import { Rng } from './prng.js';

/** Sensor dropouts per machine and day, and frame gaps (the gateway loses its link) per day. */
const DROPOUTS_PER_DAY = 24;
const GAPS_PER_DAY = 1 / 1.5;
/** At most this many tags drop out at once. */
const POOL = 8;

export interface FaultsSnapshot {
  rng: number;
  /** Pairs of (layout slot, seconds left). */
  drops: number[];
  gapLeft: number;
}

/**
 * Data-quality faults: a tag missing for 5–60 s, or a whole frame series missing (mostly seconds,
 * sometimes minutes — longer than the cycle engine's gap threshold). Frames keep their 1 s cadence;
 * a gap is a run of frames with every value NaN, which a source drops before sending.
 * Runs on its own random stream, so the key values of `next()` and `nextKeyOnly()` agree.
 */
export class Faults {
  private readonly rng: Rng;
  private readonly slot = new Int32Array(POOL);
  private readonly left = new Int32Array(POOL);
  private gapLeft = 0;

  constructor(
    seed: number,
    private readonly size: number,
    private readonly enabled: boolean,
  ) {
    this.rng = new Rng(seed);
  }

  step(): void {
    if (!this.enabled) return;
    const { rng, slot, left } = this;
    for (let k = 0; k < POOL; k += 1) if ((left[k] ?? 0) > 0) left[k] = (left[k] ?? 0) - 1;
    if (this.gapLeft > 0) this.gapLeft -= 1;
    if (this.size > 0 && rng.next() < DROPOUTS_PER_DAY / 86_400) {
      const free = left.indexOf(0);
      if (free >= 0) {
        slot[free] = Math.floor(rng.next() * this.size);
        left[free] = 5 + Math.floor(rng.next() * 56);
      }
    }
    if (rng.next() < GAPS_PER_DAY / 86_400) {
      this.gapLeft = rng.next() < 0.8 ? 2 + Math.floor(rng.next() * 29) : 60 + Math.floor(rng.next() * 241);
    }
  }

  apply(values: Float64Array): void {
    if (this.gapLeft > 0) {
      values.fill(Number.NaN);
      return;
    }
    for (let k = 0; k < POOL; k += 1) if ((this.left[k] ?? 0) > 0) values[this.slot[k] ?? 0] = Number.NaN;
  }

  snapshot(): FaultsSnapshot {
    const drops: number[] = [];
    for (let k = 0; k < POOL; k += 1) drops.push(this.slot[k] ?? 0, this.left[k] ?? 0);
    return { rng: this.rng.s, drops, gapLeft: this.gapLeft };
  }

  restore(snapshot: FaultsSnapshot): void {
    this.rng.s = snapshot.rng;
    this.gapLeft = snapshot.gapLeft;
    for (let k = 0; k < POOL; k += 1) {
      const at = snapshot.drops[2 * k] ?? 0;
      // A dropout on a slot the layout no longer has is dropped with it.
      this.slot[k] = at < this.size ? at : 0;
      this.left[k] = at < this.size ? (snapshot.drops[2 * k + 1] ?? 0) : 0;
    }
  }
}
