import type { Redis } from 'ioredis';
import type { Frame } from './frame.js';

export interface LatestFrame {
  ts: number;
  codes: readonly string[];
  values: Float64Array;
}

/**
 * The newest frame of each run, for the real-time pages. In process by default; with Redis every
 * instance sees the frames ingested on any other (written as JSON of code -> value, nulls for gaps).
 */
export class LatestValues {
  private readonly frames = new Map<number, LatestFrame>();

  constructor(private readonly redis: { client: Redis; prefix: string } | null = null) {}

  update(frame: Frame, codes: readonly string[]): void {
    const known = this.frames.get(frame.runId);
    if (known && known.ts > frame.ts) return;
    this.frames.set(frame.runId, { ts: frame.ts, codes, values: frame.values });
    if (this.redis) {
      const values: Record<string, number | null> = {};
      codes.forEach((code, i) => {
        const v = frame.values[i] ?? Number.NaN;
        values[code] = Number.isNaN(v) ? null : v;
      });
      void this.redis.client.set(`${this.redis.prefix}latest:${frame.runId}`, JSON.stringify({ ts: frame.ts, values })).catch(() => undefined);
    }
  }

  /**
   * The newest values of a run as code -> value (null where the last frame had none); only the
   * chosen codes when `codes` is given (a board needs two of 741, not an object of all of them).
   */
  async get(runId: number, codes?: readonly string[]): Promise<{ ts: number; values: Record<string, number | null> } | null> {
    const wanted = codes ? new Set(codes) : null;
    if (this.redis) {
      const raw = await this.redis.client.get(`${this.redis.prefix}latest:${runId}`);
      if (raw) {
        const parsed: unknown = JSON.parse(raw);
        if (parsed && typeof parsed === 'object' && 'ts' in parsed && 'values' in parsed && typeof parsed.ts === 'number' && parsed.values && typeof parsed.values === 'object') {
          const values: Record<string, number | null> = {};
          for (const [code, value] of Object.entries(parsed.values)) if (!wanted || wanted.has(code)) values[code] = typeof value === 'number' ? value : null;
          return { ts: parsed.ts, values };
        }
      }
    }
    const frame = this.frames.get(runId);
    if (!frame) return null;
    const values: Record<string, number | null> = {};
    const at = (i: number) => {
      const v = frame.values[i] ?? Number.NaN;
      return Number.isNaN(v) ? null : v;
    };
    if (wanted) {
      for (const code of wanted) {
        const i = frame.codes.indexOf(code);
        if (i >= 0) values[code] = at(i);
      }
    } else {
      frame.codes.forEach((code, i) => (values[code] = at(i)));
    }
    return { ts: frame.ts, values };
  }
}
