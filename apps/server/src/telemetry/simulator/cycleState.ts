import { Rng } from './prng.js';
import type { SimProfile, Span } from './simProfile.js';

export const MODE_ADVANCE = 0;
export const MODE_BUILD = 1;
export const MODE_WAITING = 2;

/** Why the machine waits (the longest of what fell due); maintenance signals and flags use it. */
export const WAIT = { logistics: 1, stop: 2, breakdown: 3, maintenance: 4, cutterChange: 5, handover: 6 } as const;

/** Thrust cylinder groups in frame order: A top, B right, C bottom, D left. */
export const GROUPS = 4;

/**
 * Everything the machine model carries from one second to the next. Plain numbers and number
 * arrays only (no NaN, no typed arrays): a snapshot is this object, stored as JSON.
 */
export interface CycleState {
  /** Seconds simulated so far (frames produced or skipped). */
  t: number;
  mode: number;
  /** Seconds in the current mode; an interrupted advance restarts its ramps from 0. */
  modeT: number;
  /** Seconds left in a ring build or a waiting. */
  left: number;
  buildLen: number;
  /** 1 when the current waiting interrupted an unfinished advance (the ring does not change). */
  resume: number;
  /** A `WAIT` code while waiting, 0 otherwise. */
  reason: number;
  ringNo: number;
  /** Advance within the current ring, mm (0 to the ring width). */
  advanced: number;
  /** Advance at which the current ring pauses for a short stop, mm; -1 for none. */
  stopAt: number;
  /** Ground hardness 0 (soft) – 1 (hard); drifts with the distance bored. */
  hardness: number;
  ringSpeed: number;
  ringRpm: number;
  speedDev: number;
  speed: number;
  rpm: number;
  torque: number;
  thrust: number;
  /** Start stroke of each group for the current ring, and its stroke growth per mm of advance. */
  s0: number[];
  grow: number[];
  /** Relative pressure of each group (steering) and the strokes now and when the build began. */
  bias: number[];
  stroke: number[];
  buildFrom: number[];
  /** Second of the build at which each group retracts for its segment. */
  retractAt: number[];
  groutTarget: number;
  groutSet: number;
  foamTarget: number;
  bentoniteTarget: number;
  groutVolume: number;
  foamVolume: number;
  bentoniteVolume: number;
  groutPressure: number;
  faceSet: number;
  face: number;
  /** Steering: deviation (mm) and trend (mm/m) per axis, and a disturbing push (mm/m²) over some metres. */
  hDev: number;
  hTrend: number;
  vDev: number;
  vTrend: number;
  hPush: number;
  vPush: number;
  pushLeft: number;
  roll: number;
  /** Cutterhead angle, degrees, and metres bored since the last cutter change. */
  angle: number;
  wearM: number;
  /** Tail gaps now and the values the next ring settles to (top, bottom, left, right). */
  gap: number[];
  gapTarget: number[];
  activity: number;
  warmth: number;
  /** Integral of `activity` over time: totals such as energy or grease pulses grow with it. */
  work: number;
  /** Guidance readings as last refreshed (head h/v, tail h/v, chainage). */
  shown: number[];
  /** Second of the next shift handover, maintenance shift, cutter change and breakdown. */
  handoverDue: number;
  maintenanceDue: number;
  cutterDue: number;
  breakdownDue: number;
  gradient: number;
  rng: number;
}

export const DAY_S = 86_400;

export const draw = (rng: Rng, span: Span): number => rng.range(span[0], span[1]);
export const clamp = (v: number, lo: number, hi: number): number => (v < lo ? lo : v > hi ? hi : v);

export interface CycleSetup {
  seed: number;
  profile: SimProfile;
  ringWidthMm: number;
  startRing: number;
}

/** The state at the first second: the shield is about to advance ring `startRing`. */
export function initialCycleState(setup: CycleSetup): CycleState {
  const { profile: p } = setup;
  const rng = new Rng(setup.seed);
  const start = draw(rng, p.startStrokeMm);
  const s0 = [0, 0, 0, 0].map(() => start + rng.range(-8, 8));
  const c = rng.range(28, 36);
  const gap = [c + 3, c - 3, c, c];
  const state: CycleState = {
    t: 0,
    mode: MODE_ADVANCE,
    modeT: 0,
    left: 0,
    buildLen: 0,
    resume: 0,
    reason: 0,
    ringNo: setup.startRing,
    advanced: 0,
    stopAt: -1,
    hardness: rng.range(0.25, 0.75),
    ringSpeed: 0,
    ringRpm: 0,
    speedDev: 0,
    speed: 0,
    rpm: 0,
    torque: 0,
    thrust: p.thrustKn[1] * 0.2,
    s0,
    grow: [1, 1, 1, 1],
    bias: [0, 0, 0, 0],
    stroke: [...s0],
    buildFrom: [...s0],
    retractAt: [0, 0, 0, 0],
    groutTarget: 0,
    groutSet: 0,
    foamTarget: 0,
    bentoniteTarget: 0,
    groutVolume: 0,
    foamVolume: 0,
    bentoniteVolume: 0,
    groutPressure: 0.5,
    faceSet: draw(rng, p.facePressureBar),
    face: 0,
    hDev: 15 * rng.normal(),
    hTrend: 1.5 * rng.normal(),
    vDev: 5 + 12 * rng.normal(),
    vTrend: 1.5 * rng.normal(),
    hPush: 0,
    vPush: 0,
    pushLeft: 0,
    roll: rng.normal(),
    angle: rng.range(0, 360),
    wearM: rng.range(0, 60),
    gap,
    gapTarget: [...gap],
    activity: 0,
    warmth: 0.3,
    work: 0,
    shown: [0, 0, 0, 0, 0],
    handoverDue: rng.range(0, 12 * 3600),
    maintenanceDue: rng.range(2 * 3600, DAY_S),
    cutterDue: rng.range(0.5, p.cutterChangeEveryDays[1]) * DAY_S,
    breakdownDue: rng.exp(p.breakdownEveryDays * DAY_S),
    gradient: draw(rng, p.gradientMmPerM),
    rng: 0,
  };
  state.face = state.faceSet;
  state.rng = rng.s;
  return state;
}

/** A deep copy, so a stored snapshot and the running state never share arrays. */
export function copyState(state: CycleState): CycleState {
  return structuredClone(state);
}
