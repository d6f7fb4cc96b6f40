import type { TagDef } from '@boreline/contracts';

/**
 * One sample of a machine: every tag of its layout at one instant. `values[i]` belongs to
 * `layout.codes[i]`; NaN means "no value in this frame" (a gap is a gap, never a zero).
 * `ts` is epoch milliseconds, UTC, as stamped at the source (late frames keep it).
 */
export interface Frame {
  runId: number;
  ts: number;
  values: Float64Array;
}

/** The fixed tag order of one machine: the position of a code in every frame and chunk. */
export class TagLayout {
  readonly codes: readonly string[];
  readonly precisions: readonly number[];
  private readonly index: Map<string, number>;

  constructor(readonly tags: readonly TagDef[]) {
    this.codes = tags.map((t) => t.code);
    this.precisions = tags.map((t) => t.precision);
    this.index = new Map(this.codes.map((c, i) => [c, i]));
  }

  get size(): number {
    return this.codes.length;
  }

  /** The position of a tag, or -1 when this machine does not have it. */
  indexOf(code: string): number {
    return this.index.get(code) ?? -1;
  }

  /** An empty frame of this layout (all values missing). */
  emptyValues(): Float64Array {
    return new Float64Array(this.codes.length).fill(Number.NaN);
  }
}
