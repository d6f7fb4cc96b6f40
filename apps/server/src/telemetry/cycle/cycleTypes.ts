import type { MachineState } from '@boreline/contracts';
import type { TagLayout } from '../frame.js';

/** A committed machine state over [start, end) in epoch ms; `ringNo` is the ring it lies in, if any. */
export interface StateInterval {
  runId: number;
  state: MachineState;
  start: number;
  end: number;
  ringNo: number | null;
}

/** One completed ring: its span, time per state and aggregates of the key tags. */
export interface RingRecord {
  runId: number;
  ringNo: number;
  start: number;
  end: number;
  startChainage: number | null;
  endChainage: number | null;
  advanceMs: number;
  ringBuildMs: number;
  waitingMs: number;
  thrustAvg: number | null;
  thrustMax: number | null;
  torqueAvg: number | null;
  torqueMax: number | null;
  speedAvg: number | null;
  /** Mean cutterhead rotation over the ring's advance (r/min). */
  cutterSpeedAvg: number | null;
  speedMax: number | null;
  penetrationAvg: number | null;
  facePressureAvg: number | null;
  groutVolume: number | null;
  groutPressureAvg: number | null;
  foamVolume: number | null;
  bentoniteVolume: number | null;
  headHorizontal: number | null;
  headVertical: number | null;
  tailHorizontal: number | null;
  tailVertical: number | null;
  tailGapTop: number | null;
  tailGapBottom: number | null;
  tailGapLeft: number | null;
  tailGapRight: number | null;
  frames: number;
}

export type CycleEvent = { type: 'interval'; interval: StateInterval } | { type: 'ring'; ring: RingRecord };

/** Running mean and maximum; `null` max means no value was seen. */
export interface StatAcc {
  sum: number;
  count: number;
  max: number | null;
}

/**
 * Online aggregates of a stretch of frames (a ring, or the frames of a not yet committed state).
 * Only JSON values (no NaN, no typed arrays) so a snapshot survives `JSON.stringify`.
 */
export interface RingAcc {
  frames: number;
  firstChainage: number | null;
  lastChainage: number | null;
  thrust: StatAcc;
  torque: StatAcc;
  speed: StatAcc;
  /** Cutterhead rotation (r/min) over the advance: its mean times the advance time is the ring's revolutions. */
  cutterSpeed: StatAcc;
  penetration: StatAcc;
  facePressure: StatAcc;
  groutPressure: StatAcc;
  groutVolume: number | null;
  foamVolume: number | null;
  bentoniteVolume: number | null;
  /** Last known guidance readings in `GUIDANCE_FIELDS` order. */
  guidance: (number | null)[];
}

export interface OpenRing {
  ringNo: number;
  start: number;
  advanceMs: number;
  ringBuildMs: number;
  waitingMs: number;
  /** A ring building was committed since the ring started (used only when the PLC counter is absent). */
  built: boolean;
  acc: RingAcc;
}

/** Last known values of the signals that decide the state; a missing value keeps the previous one. */
export interface HeldSignals {
  advanceMode: number | null;
  erectMode: number | null;
  advanceSpeed: number | null;
  cutterSpeed: number | null;
  ringNo: number | null;
  chainage: number | null;
}

/** Everything the engine needs to continue exactly where it stopped; plain JSON. */
export interface CycleSnapshot {
  version: 1;
  lastTs: number | null;
  /** `counter`: the PLC ring counter an advance runs under (null for other states or without counter). */
  committed: { state: MachineState; counter: number | null; since: number } | null;
  pending: { state: MachineState; counter: number | null; since: number; acc: RingAcc } | null;
  ring: OpenRing | null;
  lastRingNo: number | null;
  /** The first chainage seen: with the end chainage it gives the direction of travel. */
  originChainage: number | null;
  held: HeldSignals;
  /** Guidance readings at the end of the last closed ring, carried into the next one. */
  carriedGuidance: (number | null)[];
}

export interface CycleEngineOptions {
  runId: number;
  layout: TagLayout;
  ringWidthMm: number;
  endChainage?: number | null;
  state?: CycleSnapshot;
}
