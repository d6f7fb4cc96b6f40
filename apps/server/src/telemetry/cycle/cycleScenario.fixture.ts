/**
 * Test fixture: scripts a machine's frames second by second, e.g.
 * `s.nextRing().advance(45 * 60, { speed: 40 }).build(40 * 60).wait(20 * 60).gap(300)`.
 * Values follow the shape of real cycles (flags, speeds, chainage growing with the advance, per-ring
 * volume counters) so the engine's arithmetic can be checked by hand.
 */
import { KEY_TAGS, SUBSYSTEMS, type TagDef } from '@boreline/contracts';
import { type Frame, TagLayout } from '../frame.js';
import { CycleEngine } from './cycleEngine.js';
import type { CycleEvent, RingRecord, StateInterval } from './cycleTypes.js';

const K = KEY_TAGS;

function tagDef(code: string): TagDef {
  const prefix = code.split('.')[0];
  return {
    code,
    subsystem: SUBSYSTEMS.find((s) => s === prefix) ?? 'auxiliary',
    kind: 'analog',
    unit: '',
    plcVar: `DB1.${code}`,
    address: 'DB1.DBD0',
    min: 0,
    max: 1,
    precision: 3,
    name: { subject: code, quantity: 'value' },
  };
}

/**
 * A layout with the key tags among unrelated ones (so positions are not the catalogue's order).
 * `without` drops key tags to model machines or linkers lacking them.
 */
export function testLayout(type: 'epb' | 'slurry' = 'epb', without: readonly string[] = []): TagLayout {
  const faceCode = type === 'epb' ? K.bubblePressure : K.earthPressureTop;
  const keys = Object.values(K).filter((code) => code !== faceCode && !without.includes(code));
  const filler = Array.from({ length: 40 }, (_, i) => `auxiliary.filler${i}`);
  const codes = [...filler.slice(0, 20), ...keys.reverse(), ...filler.slice(20)];
  return new TagLayout(codes.map(tagDef));
}

export interface SegmentOptions {
  /** Advance speed, mm/min (advance only; default 40). */
  speed?: number;
  /** Cutterhead speed, r/min (advance only; default 1.6). */
  cutter?: number;
  thrust?: number;
  torque?: number;
  penetration?: number;
  facePressure?: number;
  groutPressure?: number;
  /** Volumes injected during this segment, m³, spread evenly over its frames. */
  grout?: number;
  foam?: number;
  bentonite?: number;
  /** Any other tag values for every frame of the segment (NaN to leave a tag out). */
  tags?: Record<string, number>;
}

export class CycleScenario {
  readonly frames: Frame[] = [];
  readonly direction: 1 | -1;
  readonly runId: number;
  ts: number;
  ringNo: number;
  chainage: number;
  private grout = 0;
  private foam = 0;
  private bentonite = 0;
  private sticky: Record<string, number> = {};

  constructor(
    readonly layout: TagLayout,
    options: { start: number; ringNo?: number; chainage?: number; direction?: 1 | -1; runId?: number },
  ) {
    this.ts = options.start;
    this.ringNo = options.ringNo ?? 1;
    this.chainage = options.chainage ?? 1000;
    this.direction = options.direction ?? 1;
    this.runId = options.runId ?? 7;
  }

  /** The PLC counts the next ring; the per-ring volume counters restart. */
  nextRing(ringNo = this.ringNo + 1): this {
    this.ringNo = ringNo;
    this.grout = 0;
    this.foam = 0;
    this.bentonite = 0;
    return this;
  }

  /** Values kept on every following frame (e.g. guidance readings) until changed. */
  set(tags: Record<string, number>): this {
    this.sticky = { ...this.sticky, ...tags };
    return this;
  }

  advance(seconds: number, o: SegmentOptions = {}): this {
    const speed = o.speed ?? 40;
    const cutter = o.cutter ?? 1.6;
    return this.segment(seconds, o, speed / 60_000, {
      [K.advanceMode]: 1,
      [K.erectMode]: 0,
      [K.advanceSpeed]: speed,
      [K.cutterSpeed]: cutter,
      [K.totalThrust]: o.thrust ?? 15_000,
      [K.cutterTorque]: o.torque ?? 2_500,
      [K.penetration]: o.penetration ?? speed / cutter,
      [K.groutPressure]: o.groutPressure ?? 3,
      ...this.face(o.facePressure ?? 1.8),
    });
  }

  build(seconds: number, o: SegmentOptions = {}): this {
    return this.segment(seconds, o, 0, {
      ...this.standstill(o),
      [K.erectMode]: 1,
    });
  }

  wait(seconds: number, o: SegmentOptions = {}): this {
    return this.segment(seconds, o, 0, this.standstill(o));
  }

  /** No frames for this long. */
  gap(seconds: number): this {
    this.ts += seconds * 1000;
    return this;
  }

  /** One ring the usual way: the counter steps, then advance, build and wait. */
  ring(advanceS: number, buildS: number, waitS: number, o: SegmentOptions = {}): this {
    return this.nextRing().advance(advanceS, o).build(buildS).wait(waitS);
  }

  private standstill(o: SegmentOptions): Record<string, number> {
    return {
      [K.advanceMode]: 0,
      [K.erectMode]: 0,
      [K.advanceSpeed]: 0,
      [K.cutterSpeed]: 0,
      [K.totalThrust]: o.thrust ?? 4_000,
      [K.cutterTorque]: o.torque ?? 0,
      [K.penetration]: 0,
      [K.groutPressure]: o.groutPressure ?? 0,
      ...this.face(o.facePressure ?? 1.6),
    };
  }

  private face(value: number): Record<string, number> {
    return { [K.earthPressureTop]: value, [K.bubblePressure]: value };
  }

  /** Emits one frame per second; chainage moves by `metresPerSecond` after each frame. */
  private segment(seconds: number, o: SegmentOptions, metresPerSecond: number, base: Record<string, number>): this {
    for (let i = 0; i < seconds; i++) {
      this.grout += (o.grout ?? 0) / seconds;
      this.foam += (o.foam ?? 0) / seconds;
      this.bentonite += (o.bentonite ?? 0) / seconds;
      const tags: Record<string, number> = {
        ...base,
        [K.ringNo]: this.ringNo,
        [K.chainage]: this.chainage,
        [K.groutVolume]: this.grout,
        [K.foamVolume]: this.foam,
        [K.bentoniteVolume]: this.bentonite,
        ...this.sticky,
        ...o.tags,
      };
      const values = this.layout.emptyValues();
      for (const [code, v] of Object.entries(tags)) {
        const pos = this.layout.indexOf(code);
        if (pos >= 0) values[pos] = v;
      }
      this.frames.push({ runId: this.runId, ts: this.ts, values });
      this.ts += 1000;
      this.chainage += this.direction * metresPerSecond;
    }
    return this;
  }
}

export interface RunResult {
  events: CycleEvent[];
  intervals: StateInterval[];
  rings: RingRecord[];
}

export function splitEvents(events: readonly CycleEvent[]): RunResult {
  const intervals: StateInterval[] = [];
  const rings: RingRecord[] = [];
  for (const e of events) {
    if (e.type === 'interval') intervals.push(e.interval);
    else rings.push(e.ring);
  }
  return { events: [...events], intervals, rings };
}

/** Runs a fresh engine over frames, flushing at `flushAt` when given. */
export function runEngine(
  scenario: CycleScenario,
  options: { endChainage?: number | null; flushAt?: number; frames?: readonly Frame[] } = {},
): RunResult & { engine: CycleEngine } {
  const engine = new CycleEngine({
    runId: scenario.runId,
    layout: scenario.layout,
    ringWidthMm: 1500,
    endChainage: options.endChainage ?? null,
  });
  const events: CycleEvent[] = [];
  for (const frame of options.frames ?? scenario.frames) events.push(...engine.push(frame));
  if (options.flushAt !== undefined) events.push(...engine.flush(options.flushAt));
  return { ...splitEvents(events), engine };
}

export const MIN = 60_000;
