import { isMachineState, type MachineState } from '@boreline/contracts';
import type { Redis } from 'ioredis';
import type { Frame } from './frame.js';

export interface LatestFrame {
  ts: number;
  /** Wall-clock time the frame arrived here (the machine's clock may be off). */
  receivedAt: number;
  codes: readonly string[];
  values: Float64Array;
}

export interface LatestSnapshot {
  ts: number;
  receivedAt: number;
  values: Record<string, number | null>;
}

/** The state the run's cycle engine is in, with the ring it works on. */
export interface MachineStateNow {
  state: MachineState;
  since: number;
  ringNo: number | null;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The newest frame and machine state of each run, for the real-time pages. In process by default;
 * with Redis every instance sees what was ingested on any other (frames as JSON of code -> value,
 * nulls for gaps).
 */
export class LatestValues {
  private readonly frames = new Map<number, LatestFrame>();
  private readonly states = new Map<number, MachineStateNow>();
  /** Arrival of the last frame of any age (a backfill counts as the machine being connected). */
  private readonly arrivals = new Map<number, number>();

  constructor(
    private readonly redis: { client: Redis; prefix: string } | null = null,
    private readonly now: () => number = Date.now,
  ) {}

  update(frame: Frame, codes: readonly string[]): void {
    const known = this.frames.get(frame.runId);
    const receivedAt = this.now();
    this.arrivals.set(frame.runId, receivedAt);
    if (this.redis) void this.redis.client.set(`${this.redis.prefix}arrived:${frame.runId}`, String(receivedAt)).catch(() => undefined);
    // A gateway backfilling old frames is connected, but its old values are not the newest.
    if (known && known.ts > frame.ts) return;
    this.frames.set(frame.runId, { ts: frame.ts, receivedAt, codes, values: frame.values });
    if (this.redis) {
      const values: Record<string, number | null> = {};
      codes.forEach((code, i) => {
        const v = frame.values[i] ?? Number.NaN;
        values[code] = Number.isNaN(v) ? null : v;
      });
      void this.redis.client.set(`${this.redis.prefix}latest:${frame.runId}`, JSON.stringify({ ts: frame.ts, receivedAt, values })).catch(() => undefined);
    }
  }

  setState(runId: number, state: MachineStateNow): void {
    this.states.set(runId, state);
    if (this.redis) void this.redis.client.set(`${this.redis.prefix}state:${runId}`, JSON.stringify(state)).catch(() => undefined);
  }

  async state(runId: number): Promise<MachineStateNow | null> {
    if (this.redis) {
      const raw = await this.redis.client.get(`${this.redis.prefix}state:${runId}`);
      const parsed: unknown = raw ? JSON.parse(raw) : null;
      if (isRecord(parsed) && isMachineState(parsed.state) && typeof parsed.since === 'number') {
        return { state: parsed.state, since: parsed.since, ringNo: typeof parsed.ringNo === 'number' ? parsed.ringNo : null };
      }
    }
    return this.states.get(runId) ?? null;
  }

  /** When the run's last frame arrived, whatever its age (any instance's, with Redis); null before any. */
  async receivedAt(runId: number): Promise<number | null> {
    if (this.redis) {
      const raw = await this.redis.client.get(`${this.redis.prefix}arrived:${runId}`);
      const at = raw === null ? Number.NaN : Number(raw);
      if (Number.isFinite(at)) return at;
    }
    return this.arrivals.get(runId) ?? null;
  }

  /**
   * The newest values of a run as code -> value (null where the last frame had none); only the
   * chosen codes when `codes` is given (a board needs two of 741, not an object of all of them).
   */
  async get(runId: number, codes?: readonly string[]): Promise<LatestSnapshot | null> {
    const wanted = codes ? new Set(codes) : null;
    if (this.redis) {
      const raw = await this.redis.client.get(`${this.redis.prefix}latest:${runId}`);
      const parsed: unknown = raw ? JSON.parse(raw) : null;
      if (isRecord(parsed) && typeof parsed.ts === 'number' && isRecord(parsed.values)) {
        const values: Record<string, number | null> = {};
        for (const [code, value] of Object.entries(parsed.values)) if (!wanted || wanted.has(code)) values[code] = typeof value === 'number' ? value : null;
        const receivedAt = typeof parsed.receivedAt === 'number' ? parsed.receivedAt : parsed.ts;
        return { ts: parsed.ts, receivedAt, values };
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
    return { ts: frame.ts, receivedAt: frame.receivedAt, values };
  }
}
