import { KEY_TAGS, type MachineType } from '@boreline/contracts';
import type { TagLayout } from '../frame.js';
import { mix32, Rng } from './prng.js';
import type { SimProfile } from './simProfile.js';
import { SIG } from './signals.js';

const HOUR_S = 3600;
const DAY_S = 86_400;

/**
 * The points the demo's part alarm settings watch, and what they cross: these episodes make the
 * alarms a site sees a few times a day (DOMAIN.md: 5–30 a day per machine). Limits are shares of
 * the machine profile (torque, thrust, face support) or values in the tag's unit.
 */
export const EXCURSION_POINTS = {
  /** Main drive (gear) oil and hydraulic tank: warm up slowly over a long advance. */
  gearOilTemperature: 'cutterhead.gearOilTemperature',
  tankTemperature: 'hydraulic.tankTemperature',
  /** Hard ground: torque and thrust peak for a few minutes. */
  torque: KEY_TAGS.cutterTorque,
  thrust: KEY_TAGS.totalThrust,
  /** Face support sagging onto its low limit while the shield stands: the chattering point. */
  earthPressure: KEY_TAGS.earthPressureTop,
  bubblePressure: KEY_TAGS.bubblePressure,
  /** A clogging pressure filter of the main pumps: high for hours until it is changed. */
  filter: 'hydraulic.filter1DifferentialPressure',
  /** The tail-seal grease barrel's level sensor, stuck low on some machines: the stale alarm. */
  barrelLevel: 'lubricationSeal.tailSealBarrelLevel',
} as const;

/** Seconds after the simulator's start when a stuck barrel-level sensor sticks. */
export const STUCK_SENSOR_AFTER_S = 6 * 3600;

/**
 * Whether a run's machine (by its simulator seed) has the stuck barrel-level sensor: it reads low
 * from `STUCK_SENSOR_AFTER_S` on and nobody fixes it, so its alarm stays active for days (stale,
 * EEMUA 191) — a faulty instrument is the usual cause of a stale alarm.
 */
export function hasStuckSensor(runSeed: number): boolean {
  return (mix32(runSeed) & 1) === 0;
}

/** Where an episode drives its point (in the tag's unit) and where the demo settings put the limits. */
export function excursionLimits(machineType: MachineType, profile: Pick<SimProfile, 'torqueKnm' | 'thrustKn' | 'facePressureBar'>) {
  const torque = profile.torqueKnm[1];
  const thrust = profile.thrustKn[1];
  const faceLow = profile.facePressureBar[0];
  return {
    gearOilTemperature: { highWarn: 60, highAlarm: 65, peak: [61, 67] as const },
    tankTemperature: { highWarn: 52, highAlarm: 56, peak: [53, 57.5] as const },
    torque: { highWarn: Math.round(torque * 0.92), highAlarm: Math.round(torque * 1.04), peak: [torque * 0.95, torque * 1.1] as const },
    thrust: { highWarn: Math.round(thrust * 0.95), highAlarm: Math.round(thrust * 1.06), peak: [thrust * 0.97, thrust * 1.1] as const },
    // Chattering around the low warning limit, never down to the alarm limit.
    face: { lowAlarm: Math.round((faceLow - 0.4) * 100) / 100, lowWarn: Math.round((faceLow - 0.15) * 100) / 100, highWarn: 2.8, highAlarm: 3.1, around: faceLow - 0.15 },
    filter: { highWarn: 4.2, highAlarm: 4.6, peak: [4.3, 4.8] as const },
    barrelLevel: { lowAlarm: 10, lowWarn: 20, stuck: 17.5 },
    machineType,
  };
}

/** Kinds of episode and how often each starts per machine and day. */
const KIND_WARM = 0;
const KIND_SPIKE = 1;
const KIND_CHATTER = 2;
/** The fourth kind (3) is the long condition: a filter clogging for hours. */
const KINDS = 4;
const PER_DAY = [1.6, 3, 1, 0.35];

export interface ExcursionsSnapshot {
  rng: number;
  /** Per kind: due (s), slot, start (s), rise, hold, fall, target. */
  state: number[];
}

const FIELDS = 7;

/**
 * Alarm-worthy episodes on the demo's watched points, on their own random stream (the machine and
 * its key values do not change with them, and `next()` and `nextKeyOnly()` still agree). Each
 * second costs a few comparisons; an active episode blends its point toward a target:
 * `v + e · (target − v)` with `e` rising, holding and falling.
 */
export class AlarmExcursions {
  private readonly rng: Rng;
  /** Candidate slots per kind (missing points dropped). */
  private readonly slots: number[][];
  private readonly targets: [number, number][][];
  private readonly quantum: Float64Array;
  private readonly chatterAround: number;
  /** The slot of a stuck sensor and what it reads (-1: none). */
  private readonly stuckSlot: number;
  private readonly stuckValue: number;
  /** Flattened episode state, FIELDS per kind. */
  private readonly st = new Float64Array(KINDS * FIELDS);
  private t = 0;

  constructor(seed: number, layout: TagLayout, machineType: MachineType, profile: SimProfile, private readonly enabled: boolean, stuckSensor = false) {
    this.rng = new Rng(seed);
    const limits = excursionLimits(machineType, profile);
    this.stuckSlot = stuckSensor ? layout.indexOf(EXCURSION_POINTS.barrelLevel) : -1;
    this.stuckValue = limits.barrelLevel.stuck;
    const pick = (entries: readonly (readonly [string, readonly [number, number]])[]) =>
      entries.map(([code, peak]) => ({ at: layout.indexOf(code), peak: [peak[0], peak[1]] as [number, number] })).filter((e) => e.at >= 0);
    const P = EXCURSION_POINTS;
    const face: [number, number] = [limits.face.around, limits.face.around];
    const kinds = [
      pick([[P.gearOilTemperature, limits.gearOilTemperature.peak], [P.tankTemperature, limits.tankTemperature.peak]]),
      pick([[P.torque, limits.torque.peak], [P.thrust, limits.thrust.peak]]),
      pick([[P.earthPressure, face], [P.bubblePressure, face]]),
      pick([[P.filter, limits.filter.peak]]),
    ];
    this.slots = kinds.map((k) => k.map((e) => e.at));
    this.targets = kinds.map((k) => k.map((e) => e.peak));
    this.chatterAround = limits.face.around;
    this.quantum = Float64Array.from(layout.tags, (def) => 10 ** Math.min(9, Math.max(0, Math.round(def.precision))));
    for (let k = 0; k < KINDS; k += 1) {
      this.st[k * FIELDS] = this.rng.exp(DAY_S / (PER_DAY[k] ?? 1));
      this.st[k * FIELDS + 1] = -1;
    }
  }

  /** One second of the machine (`sig` of the cycle model after its step). */
  step(sig: Float64Array): void {
    if (!this.enabled) return;
    const t = (this.t += 1);
    const advancing = (sig[SIG.advanceMode] ?? 0) > 0.5;
    const { st, rng } = this;
    for (let k = 0; k < KINDS; k += 1) {
      const o = k * FIELDS;
      const slot = st[o + 1] ?? -1;
      if (slot >= 0) {
        const end = (st[o + 2] ?? 0) + (st[o + 3] ?? 0) + (st[o + 4] ?? 0) + (st[o + 5] ?? 0);
        if (t >= end) st[o + 1] = -1;
        continue;
      }
      // Heat and hard ground come with the advance, a sagging face while the shield stands, a clogged filter any time.
      if (t < (st[o] ?? 0) || ((k === KIND_WARM || k === KIND_SPIKE) && !advancing) || (k === KIND_CHATTER && advancing)) continue;
      st[o] = t + rng.exp(DAY_S / (PER_DAY[k] ?? 1));
      const candidates = this.slots[k] ?? [];
      if (candidates.length === 0) continue;
      const i = Math.floor(rng.next() * candidates.length);
      const peak = this.targets[k]?.[i] ?? [0, 0];
      st[o + 1] = candidates[i] ?? -1;
      st[o + 2] = t;
      st[o + 6] = rng.range(peak[0], peak[1]);
      if (k === KIND_WARM) [st[o + 3], st[o + 4], st[o + 5]] = [rng.range(40, 80) * 60, rng.range(10, 40) * 60, rng.range(20, 40) * 60];
      else if (k === KIND_SPIKE) [st[o + 3], st[o + 4], st[o + 5]] = [rng.range(15, 40), rng.range(60, 240), rng.range(20, 60)];
      else if (k === KIND_CHATTER) [st[o + 3], st[o + 4], st[o + 5]] = [rng.range(20, 60), rng.range(90, 300), rng.range(20, 60)];
      else [st[o + 3], st[o + 4], st[o + 5]] = [rng.range(10, 30) * 60, rng.range(3, 8) * HOUR_S, rng.range(5, 15) * 60];
    }
  }

  /** Blends the points of the active episodes into a frame (missing values stay missing). */
  apply(values: Float64Array, sig: Float64Array): void {
    if (!this.enabled) return;
    const { st, t } = this;
    if (this.stuckSlot >= 0 && t >= STUCK_SENSOR_AFTER_S && !Number.isNaN(values[this.stuckSlot] ?? Number.NaN)) values[this.stuckSlot] = this.stuckValue;
    for (let k = 0; k < KINDS; k += 1) {
      const o = k * FIELDS;
      const slot = st[o + 1] ?? -1;
      if (slot < 0) continue;
      const v = values[slot] ?? Number.NaN;
      if (Number.isNaN(v)) continue;
      // Torque and thrust only peak while the cutterhead cuts; the face only sags while the shield stands.
      const advancing = (sig[SIG.advanceMode] ?? 0) > 0.5;
      if ((k === KIND_SPIKE && !advancing) || (k === KIND_CHATTER && advancing)) continue;
      const since = t - (st[o + 2] ?? 0);
      const rise = st[o + 3] ?? 1;
      const hold = st[o + 4] ?? 0;
      const fall = st[o + 5] ?? 1;
      const e = since < rise ? since / rise : since < rise + hold ? 1 : Math.max(0, 1 - (since - rise - hold) / fall);
      // The face sags onto its low limit and the operator keeps lifting it: up and down every ~20 s.
      const target = k === KIND_CHATTER ? this.chatterAround + 0.05 * Math.sin((2 * Math.PI * since) / 20) : (st[o + 6] ?? v);
      // Warm-ups and clogging only add; a face dip only takes away.
      if (k === KIND_CHATTER ? target >= v : target <= v) continue;
      const q = this.quantum[slot] ?? 1;
      values[slot] = Math.round((v + e * (target - v)) * q) / q;
    }
  }

  snapshot(): ExcursionsSnapshot {
    return { rng: this.rng.s, state: [this.t, ...this.st] };
  }

  restore(snapshot: ExcursionsSnapshot): void {
    this.rng.s = snapshot.rng;
    this.t = snapshot.state[0] ?? 0;
    for (let i = 0; i < this.st.length; i += 1) this.st[i] = snapshot.state[i + 1] ?? 0;
  }
}
