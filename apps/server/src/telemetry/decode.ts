import type { TagDef } from '@boreline/contracts';
import type { Frame, TagLayout } from './frame.js';

export interface DecodedBatch {
  frames: Frame[];
  unknownTags: string[];
}

/**
 * Turns gateway frames (values keyed by catalogue code or by the machine's PLC variable name)
 * into layout-aligned frames. Values are stored at the resolution the sensor has (the tag's
 * precision); a null or absent value stays missing.
 */
export class FrameDecoder {
  private readonly index = new Map<string, number>();
  private readonly scales: number[];

  constructor(private readonly layout: TagLayout, mapping: ReadonlyMap<string, string> = new Map()) {
    layout.tags.forEach((tag: TagDef, i) => {
      this.index.set(tag.code, i);
      this.index.set(tag.plcVar, i);
    });
    // A machine's own names (its data linker) win over the reference gateway's.
    for (const [raw, code] of mapping) {
      const i = layout.indexOf(code);
      if (i >= 0) this.index.set(raw, i);
    }
    this.scales = layout.precisions.map((p) => 10 ** p);
  }

  decode(runId: number, frames: readonly { ts: number; values: Readonly<Record<string, number | null>> }[]): DecodedBatch {
    const unknown = new Set<string>();
    const out: Frame[] = [];
    for (const frame of frames) {
      const values = this.layout.emptyValues();
      for (const key in frame.values) {
        const i = this.index.get(key);
        if (i === undefined) {
          unknown.add(key);
          continue;
        }
        const v = frame.values[key];
        if (typeof v !== 'number' || !Number.isFinite(v)) continue;
        const scale = this.scales[i] ?? 1;
        values[i] = Math.round(v * scale) / scale;
      }
      out.push({ runId, ts: frame.ts, values });
    }
    return { frames: out, unknownTags: [...unknown].sort().slice(0, 100) };
  }
}
