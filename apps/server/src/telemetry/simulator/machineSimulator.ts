import type { MachineType, TagDef } from '@boreline/contracts';
import type { Frame, TagLayout } from '../frame.js';
import { AlarmExcursions, type ExcursionsSnapshot, hasStuckSensor } from './alarmExcursions.js';
import { CycleModel } from './cycleModel.js';
import { type CycleState, GROUPS, MODE_ADVANCE, MODE_BUILD } from './cycleState.js';
import { Faults, type FaultsSnapshot } from './faults.js';
import { OrdinaryTags, type OrdinaryTagsSnapshot } from './ordinaryTags.js';
import { mix32 } from './prng.js';
import { resolveProfile, type SimProfile } from './simProfile.js';
import { KEY_SIGNALS, pressureFactor, SIG, slopeFactor } from './signals.js';

export type { SimProfile, Span } from './simProfile.js';

export interface MachineSimulatorOptions {
  runId: number;
  seed: number;
  layout: TagLayout;
  machineType: MachineType;
  /** 1500 for a metro EPB, 2000 for a large slurry shield. */
  ringWidthMm: number;
  /** Chainage where ring `startRing` begins, m. */
  startChainage: number;
  /** +1 when chainage grows as the shield advances, -1 when it falls. */
  direction: 1 | -1;
  startRing: number;
  /** Epoch ms of the first frame; frames follow every 1000 ms. */
  startTs: number;
  profile?: Partial<SimProfile>;
}

export type SimState = 'advance' | 'ringBuild' | 'waiting';

export interface SimPhase {
  state: SimState;
  /** The PLC ring counter: the ring being advanced or, after its advance, being built. */
  ringNo: number;
  /** Mean stroke of the thrust cylinder groups, mm. */
  stroke: number;
}

/** Everything needed to continue a run where it stopped; plain JSON. */
export interface SimulatorSnapshot {
  version: 1;
  seed: number;
  machineType: MachineType;
  cycle: CycleState;
  ordinary: OrdinaryTagsSnapshot;
  faults: FaultsSnapshot;
  /** Absent in snapshots taken before alarm episodes existed: they start afresh. */
  excursions?: ExcursionsSnapshot;
}

/** Salts that split one run seed into independent streams (machine, ordinary tags, faults). */
const SALT_CYCLE = 0x3c6ef372;
const SALT_ORDINARY = 0x5be0cd19;
const SALT_FAULTS = 0x1f83d9ab;
const SALT_EXCURSIONS = 0x6a09e667;

const quantum = (precision: number): number => 10 ** Math.min(9, Math.max(0, Math.round(precision)));

/** The unit factor of a key tag: pitch and roll are computed in mm/m, face pressure in bar. */
function keyScale(def: TagDef, src: number): number {
  if (src === SIG.pitch || src === SIG.roll) return slopeFactor(def.unit);
  if (src === SIG.facePressure) return pressureFactor(def.unit);
  return 1;
}

/**
 * A deterministic 1 Hz TBM: every call to `next()` is the frame of the following second. The key
 * tags come from a model of the advance → ring build → waiting cycle; every other catalogue tag
 * follows it generically (see `tagBehaviour.ts`). The same seed gives the same frames, and the key
 * values of `nextKeyOnly()` equal those of `next()` — history and live data tell one story.
 * With faults on, a frame gap is a run of frames whose values are all NaN (timestamps stay 1 s apart).
 */
export class MachineSimulator {
  readonly runId: number;
  readonly layout: TagLayout;
  private readonly seed: number;
  private readonly machineType: MachineType;
  private readonly startTs: number;
  private readonly cycle: CycleModel;
  private readonly ordinary: OrdinaryTags;
  private readonly faults: Faults;
  private readonly excursions: AlarmExcursions;
  private readonly keySlot: Int32Array;
  private readonly keySrc: Int32Array;
  private readonly keyScale: Float64Array;
  private readonly keyQ: Float64Array;
  /** Copying a NaN template is several times faster than `fill(NaN)` (a plain memory copy). */
  private readonly missing: Float64Array;

  constructor(options: MachineSimulatorOptions) {
    if (!(options.ringWidthMm > 0)) throw new Error('simulator: ring width must be positive');
    if (!Number.isFinite(options.startTs)) throw new Error('simulator: start time must be a number');
    const profile = resolveProfile(options.machineType, options.profile);
    if (!(profile.guidanceRefreshS >= 1)) throw new Error('simulator: guidance refresh must be at least 1 s');
    this.runId = options.runId;
    this.layout = options.layout;
    this.seed = options.seed;
    this.machineType = options.machineType;
    this.startTs = options.startTs;
    this.cycle = new CycleModel({
      seed: mix32(options.seed ^ SALT_CYCLE),
      profile,
      ringWidthMm: options.ringWidthMm,
      startRing: options.startRing,
      startChainage: options.startChainage,
      direction: options.direction,
    });

    const keys = KEY_SIGNALS.map(([code, src]) => ({ at: this.layout.indexOf(code), src })).filter((k) => k.at >= 0);
    this.keySlot = Int32Array.from(keys, (k) => k.at);
    this.keySrc = Int32Array.from(keys, (k) => k.src);
    const defOf = (at: number): TagDef | undefined => this.layout.tags[at];
    this.keyScale = Float64Array.from(keys, (k) => {
      const def = defOf(k.at);
      return def === undefined ? 1 : keyScale(def, k.src);
    });
    this.keyQ = Float64Array.from(keys, (k) => quantum(defOf(k.at)?.precision ?? 3));
    const keyAt = new Set(keys.map((k) => k.at));
    const ordinary = this.layout.tags.map((def, slot) => ({ def, slot })).filter((t) => !keyAt.has(t.slot));
    this.ordinary = new OrdinaryTags(ordinary, mix32(options.seed ^ SALT_ORDINARY), profile.excursionsPerDay);
    this.faults = new Faults(mix32(options.seed ^ SALT_FAULTS), this.layout.size, profile.faults);
    this.excursions = new AlarmExcursions(mix32(options.seed ^ SALT_EXCURSIONS), this.layout, options.machineType, profile, profile.alarmExcursions, hasStuckSensor(options.seed));
    this.missing = this.layout.emptyValues();
  }

  /** Epoch ms of the frame the next call returns. */
  get nextTs(): number {
    return this.startTs + this.cycle.st.t * 1000;
  }

  /**
   * The full frame of the next second. Pass `into` (a `layout.size` array) to reuse a buffer; the
   * returned frame then holds that array and the next call overwrites it.
   */
  next(into?: Float64Array): Frame {
    const ts = this.nextTs;
    const values = this.buffer(into);
    this.cycle.step();
    this.faults.step();
    this.excursions.step(this.cycle.sig);
    this.writeKeys(values);
    this.ordinary.step(values, this.cycle.sig, this.cycle.st);
    this.excursions.apply(values, this.cycle.sig);
    this.faults.apply(values);
    return { runId: this.runId, ts, values };
  }

  /**
   * The next second with only the key tags (every other value NaN), for generating weeks of
   * history. The machine's state advances exactly as in `next()`; ordinary tags stand still.
   * When frames are not kept (fed to the cycle engine and dropped), pass `into`: allocating a
   * fresh array per frame costs more than the machine model itself.
   */
  nextKeyOnly(into?: Float64Array): Frame {
    const ts = this.nextTs;
    const values = this.buffer(into);
    values.set(this.missing);
    this.cycle.step();
    this.faults.step();
    this.excursions.step(this.cycle.sig);
    this.writeKeys(values);
    this.excursions.apply(values, this.cycle.sig);
    this.faults.apply(values);
    return { runId: this.runId, ts, values };
  }

  /**
   * Runs the machine without producing frames until the next frame is the first at or after `ts`
   * (an earlier `ts` changes nothing). Costs well under a microsecond per skipped second.
   */
  skipTo(ts: number): void {
    while (this.nextTs < ts) {
      this.cycle.step();
      this.faults.step();
      this.excursions.step(this.cycle.sig);
    }
  }

  /** The state of the last frame produced (before the first: about to advance `startRing`). */
  phase(): SimPhase {
    const st = this.cycle.st;
    let stroke = 0;
    for (let g = 0; g < GROUPS; g += 1) stroke += st.stroke[g] ?? 0;
    const state: SimState = st.mode === MODE_ADVANCE ? 'advance' : st.mode === MODE_BUILD ? 'ringBuild' : 'waiting';
    return { state, ringNo: st.ringNo, stroke: stroke / GROUPS };
  }

  snapshot(): SimulatorSnapshot {
    return {
      version: 1,
      seed: this.seed,
      machineType: this.machineType,
      cycle: this.cycle.snapshot(),
      ordinary: this.ordinary.snapshot(),
      faults: this.faults.snapshot(),
      excursions: this.excursions.snapshot(),
    };
  }

  /** Continues from a snapshot of a simulator built with the same options. */
  restore(snapshot: SimulatorSnapshot): void {
    if (snapshot.version !== 1) throw new Error(`simulator: unknown snapshot version ${String(snapshot.version)}`);
    if (snapshot.seed !== this.seed || snapshot.machineType !== this.machineType) {
      throw new Error('simulator: the snapshot belongs to another machine');
    }
    this.cycle.restore(snapshot.cycle);
    this.ordinary.restore(snapshot.ordinary);
    this.faults.restore(snapshot.faults);
    if (snapshot.excursions) this.excursions.restore(snapshot.excursions);
  }

  private buffer(into: Float64Array | undefined): Float64Array {
    if (into === undefined) return new Float64Array(this.layout.size);
    if (into.length !== this.layout.size) throw new Error(`simulator: buffer of ${into.length} values for ${this.layout.size} tags`);
    return into;
  }

  private writeKeys(values: Float64Array): void {
    const { keySlot, keySrc, keyScale, keyQ } = this;
    const sig = this.cycle.sig;
    for (let j = 0; j < keySlot.length; j += 1) {
      const q = keyQ[j] ?? 1;
      values[keySlot[j] ?? 0] = Math.round((sig[keySrc[j] ?? 0] ?? 0) * (keyScale[j] ?? 1) * q) / q;
    }
  }
}
