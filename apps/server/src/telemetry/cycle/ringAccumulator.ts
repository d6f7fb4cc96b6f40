import { KEY_TAGS } from '@boreline/contracts';
import type { TagLayout } from '../frame.js';
import type { OpenRing, RingAcc, RingRecord, StatAcc } from './cycleTypes.js';

/**
 * The key tags the engine reads, as slots of a small scratch array. A machine carries up to 2,000
 * tags; the engine touches only these, by layout positions resolved once per machine.
 */
const SLOT_CODES = [
  KEY_TAGS.advanceMode,
  KEY_TAGS.erectMode,
  KEY_TAGS.advanceSpeed,
  KEY_TAGS.cutterSpeed,
  KEY_TAGS.ringNo,
  KEY_TAGS.chainage,
  KEY_TAGS.totalThrust,
  KEY_TAGS.cutterTorque,
  KEY_TAGS.penetration,
  KEY_TAGS.earthPressureTop,
  KEY_TAGS.bubblePressure,
  KEY_TAGS.groutVolume,
  KEY_TAGS.groutPressure,
  KEY_TAGS.foamVolume,
  KEY_TAGS.bentoniteVolume,
  KEY_TAGS.headHorizontal,
  KEY_TAGS.headVertical,
  KEY_TAGS.tailHorizontal,
  KEY_TAGS.tailVertical,
  KEY_TAGS.tailGapTop,
  KEY_TAGS.tailGapBottom,
  KEY_TAGS.tailGapLeft,
  KEY_TAGS.tailGapRight,
] as const;

export const SLOT = {
  advanceMode: 0,
  erectMode: 1,
  advanceSpeed: 2,
  cutterSpeed: 3,
  ringNo: 4,
  chainage: 5,
  thrust: 6,
  torque: 7,
  penetration: 8,
  earthPressureTop: 9,
  bubblePressure: 10,
  groutVolume: 11,
  groutPressure: 12,
  foamVolume: 13,
  bentoniteVolume: 14,
  firstGuidance: 15,
} as const;

/** Ring-end readings, in the order of `RingAcc.guidance` (slots from `SLOT.firstGuidance` on). */
export const GUIDANCE_FIELDS = [
  'headHorizontal',
  'headVertical',
  'tailHorizontal',
  'tailVertical',
  'tailGapTop',
  'tailGapBottom',
  'tailGapLeft',
  'tailGapRight',
] as const;

/** Reads the key tags of frames of one layout into a reused scratch array (NaN when absent). */
export class KeyTagReader {
  readonly values = new Float64Array(SLOT_CODES.length);
  private readonly positions: Int32Array;

  constructor(layout: TagLayout) {
    this.positions = Int32Array.from(SLOT_CODES, (code) => layout.indexOf(code));
  }

  read(frame: Float64Array): Float64Array {
    for (let slot = 0; slot < this.positions.length; slot++) {
      const pos = this.positions[slot] ?? -1;
      this.values[slot] = pos >= 0 ? (frame[pos] ?? Number.NaN) : Number.NaN;
    }
    return this.values;
  }
}

export const newStat = (): StatAcc => ({ sum: 0, count: 0, max: null });

export function newRingAcc(guidance: readonly (number | null)[] = GUIDANCE_FIELDS.map(() => null)): RingAcc {
  return {
    frames: 0,
    firstChainage: null,
    lastChainage: null,
    thrust: newStat(),
    torque: newStat(),
    speed: newStat(),
    cutterSpeed: newStat(),
    penetration: newStat(),
    facePressure: newStat(),
    groutPressure: newStat(),
    groutVolume: null,
    foamVolume: null,
    bentoniteVolume: null,
    guidance: [...guidance],
  };
}

const at = (values: Float64Array, slot: number): number => values[slot] ?? Number.NaN;

function addStat(stat: StatAcc, v: number): void {
  if (!Number.isFinite(v)) return;
  stat.sum += v;
  stat.count += 1;
  if (stat.max === null || v > stat.max) stat.max = v;
}

function maxOf(current: number | null, v: number | null): number | null {
  if (v === null || !Number.isFinite(v)) return current;
  return current === null || v > current ? v : current;
}

/**
 * Adds one frame. Advance parameters count only on advance frames: during ring building the
 * thrust cylinders hold segments and the cutterhead idles, which would drag every mean down.
 * Grout pressure is taken on advance frames too, since backfill grouting runs with the advance.
 */
export function addFrame(acc: RingAcc, values: Float64Array, advance: boolean): void {
  acc.frames += 1;
  const chainage = at(values, SLOT.chainage);
  if (Number.isFinite(chainage)) {
    if (acc.firstChainage === null) acc.firstChainage = chainage;
    acc.lastChainage = chainage;
  }
  if (advance) {
    addStat(acc.thrust, at(values, SLOT.thrust));
    addStat(acc.torque, at(values, SLOT.torque));
    addStat(acc.speed, at(values, SLOT.advanceSpeed));
    addStat(acc.cutterSpeed, at(values, SLOT.cutterSpeed));
    addStat(acc.penetration, at(values, SLOT.penetration));
    const earth = at(values, SLOT.earthPressureTop);
    addStat(acc.facePressure, Number.isFinite(earth) ? earth : at(values, SLOT.bubblePressure));
    addStat(acc.groutPressure, at(values, SLOT.groutPressure));
  }
  // Per-ring counters reset at each ring, so their largest value is the ring's total.
  acc.groutVolume = maxOf(acc.groutVolume, at(values, SLOT.groutVolume));
  acc.foamVolume = maxOf(acc.foamVolume, at(values, SLOT.foamVolume));
  acc.bentoniteVolume = maxOf(acc.bentoniteVolume, at(values, SLOT.bentoniteVolume));
  for (let i = 0; i < acc.guidance.length; i++) {
    const v = at(values, SLOT.firstGuidance + i);
    if (Number.isFinite(v)) acc.guidance[i] = v;
  }
}

function mergeStat(into: StatAcc, from: StatAcc): void {
  into.sum += from.sum;
  into.count += from.count;
  into.max = maxOf(into.max, from.max);
}

/**
 * Appends the aggregates of later frames (`from`) to `into`. With `advance` false the advance
 * parameters of `from` are dropped: they were gathered for a state that did not commit.
 */
export function mergeRingAcc(into: RingAcc, from: RingAcc, advance: boolean): void {
  into.frames += from.frames;
  into.firstChainage = into.firstChainage ?? from.firstChainage;
  into.lastChainage = from.lastChainage ?? into.lastChainage;
  if (advance) {
    mergeStat(into.thrust, from.thrust);
    mergeStat(into.torque, from.torque);
    mergeStat(into.speed, from.speed);
    mergeStat(into.cutterSpeed, from.cutterSpeed);
    mergeStat(into.penetration, from.penetration);
    mergeStat(into.facePressure, from.facePressure);
    mergeStat(into.groutPressure, from.groutPressure);
  }
  into.groutVolume = maxOf(into.groutVolume, from.groutVolume);
  into.foamVolume = maxOf(into.foamVolume, from.foamVolume);
  into.bentoniteVolume = maxOf(into.bentoniteVolume, from.bentoniteVolume);
  for (let i = 0; i < into.guidance.length; i++) into.guidance[i] = from.guidance[i] ?? into.guidance[i] ?? null;
}

const mean = (stat: StatAcc): number | null => (stat.count > 0 ? stat.sum / stat.count : null);

export function ringRecordOf(runId: number, ring: OpenRing, end: number): RingRecord {
  const { acc } = ring;
  const g = (i: number): number | null => acc.guidance[i] ?? null;
  return {
    runId,
    ringNo: ring.ringNo,
    start: ring.start,
    end,
    startChainage: acc.firstChainage,
    endChainage: acc.lastChainage,
    advanceMs: ring.advanceMs,
    ringBuildMs: ring.ringBuildMs,
    waitingMs: ring.waitingMs,
    thrustAvg: mean(acc.thrust),
    thrustMax: acc.thrust.max,
    torqueAvg: mean(acc.torque),
    torqueMax: acc.torque.max,
    speedAvg: mean(acc.speed),
    speedMax: acc.speed.max,
    cutterSpeedAvg: mean(acc.cutterSpeed),
    penetrationAvg: mean(acc.penetration),
    facePressureAvg: mean(acc.facePressure),
    groutVolume: acc.groutVolume,
    groutPressureAvg: mean(acc.groutPressure),
    foamVolume: acc.foamVolume,
    bentoniteVolume: acc.bentoniteVolume,
    headHorizontal: g(0),
    headVertical: g(1),
    tailHorizontal: g(2),
    tailVertical: g(3),
    tailGapTop: g(4),
    tailGapBottom: g(5),
    tailGapLeft: g(6),
    tailGapRight: g(7),
    frames: acc.frames,
  };
}
