import type { TagDef } from '@boreline/contracts';
import type { Frame, TagLayout } from './frame.js';

/** What a batch's frames carried under one name that maps to no tag. */
export interface UnknownName {
  /** Frames of the batch that carried the name. */
  frames: number;
  firstTs: number;
  lastTs: number;
  /** The value at `lastTs` (null: no value there). */
  lastValue: number | null;
}

export interface DecodedBatch {
  frames: Frame[];
  /** The first 100 unknown names, sorted (the gateway's answer). */
  unknownTags: string[];
  /** Every unknown name of the batch with what it carried (recorded for the tag-mapping page). */
  unknown: Map<string, UnknownName>;
}

/**
 * Turns gateway frames (values keyed by catalogue code or by the machine's PLC variable name)
 * into layout-aligned frames. Values are stored at the resolution the sensor has (the tag's
 * precision); a null or absent value stays missing.
 */
export class FrameDecoder {
  private readonly index = new Map<string, number>();
  private readonly scales: number[];

  constructor(readonly layout: TagLayout, mapping: ReadonlyMap<string, string> = new Map()) {
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
    const unknown = new Map<string, UnknownName>();
    const out: Frame[] = [];
    for (const frame of frames) {
      const values = this.layout.emptyValues();
      for (const key in frame.values) {
        const i = this.index.get(key);
        if (i === undefined) {
          noteUnknown(unknown, key, frame.ts, frame.values[key]);
          continue;
        }
        const v = frame.values[key];
        if (typeof v !== 'number' || !Number.isFinite(v)) continue;
        const scale = this.scales[i] ?? 1;
        values[i] = Math.round(v * scale) / scale;
      }
      out.push({ runId, ts: frame.ts, values });
    }
    return { frames: out, unknownTags: [...unknown.keys()].sort().slice(0, 100), unknown };
  }
}

function noteUnknown(unknown: Map<string, UnknownName>, name: string, ts: number, raw: number | null | undefined): void {
  const value = typeof raw === 'number' && Number.isFinite(raw) ? raw : null;
  const seen = unknown.get(name);
  if (!seen) {
    unknown.set(name, { frames: 1, firstTs: ts, lastTs: ts, lastValue: value });
    return;
  }
  seen.frames += 1;
  if (ts < seen.firstTs) seen.firstTs = ts;
  if (ts >= seen.lastTs) {
    seen.lastTs = ts;
    seen.lastValue = value;
  }
}
