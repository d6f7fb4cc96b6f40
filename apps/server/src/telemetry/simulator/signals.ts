import { KEY_TAGS } from '@boreline/contracts';

/**
 * The channels the machine model computes every second, in engineering units (`sig[SIG.x]`). Key
 * tags are written straight from them; ordinary tags follow one of them (a screw conveyor follows
 * the advance speed, a chamber sensor the face pressure), which keeps a whole frame coherent.
 */
export const SIG = {
  /** Constant 0, for tags that follow nothing. */
  none: 0,
  speed: 1,
  rpm: 2,
  torque: 3,
  thrust: 4,
  penetration: 5,
  strokeA: 6,
  strokeB: 7,
  strokeC: 8,
  strokeD: 9,
  pressureA: 10,
  pressureB: 11,
  pressureC: 12,
  pressureD: 13,
  advanceMode: 14,
  erectMode: 15,
  ringNo: 16,
  chainage: 17,
  headHorizontal: 18,
  headVertical: 19,
  tailHorizontal: 20,
  tailVertical: 21,
  /** mm/m; converted to the tag's unit when written. */
  pitch: 22,
  roll: 23,
  /** bar: EPB chamber top or slurry bubble pressure. */
  facePressure: 24,
  groutVolume: 25,
  groutPressure: 26,
  foamVolume: 27,
  bentoniteVolume: 28,
  tailGapTop: 29,
  tailGapBottom: 30,
  tailGapLeft: 31,
  tailGapRight: 32,
  /** 0–1: how hard the process works (0 when stopped, ramps with the cutterhead, more in hard ground). */
  activity: 33,
  /** `activity` smoothed over ~20 min: what temperatures follow. */
  warmth: 34,
  /** 1 while a ring is being built (erector hydraulics). */
  building: 35,
  speedNorm: 36,
  torqueNorm: 37,
  thrustNorm: 38,
  rpmNorm: 39,
  strokeMean: 40,
  pressureMean: 41,
  /** Share of the current ring advanced, 0–1 (per-ring counters grow with it). */
  progress: 42,
  /** 1 while the cutterhead turns; split by direction, which alternates ring by ring (roll control). */
  rotating: 43,
  rotatingCw: 44,
  rotatingCcw: 45,
  /** 1 while the shield is not advancing (gates closed, lines idle). */
  standing: 46,
  /** Stroke differences, mm: right − left (B − D) and bottom − top (C − A). */
  strokeDiffH: 47,
  strokeDiffV: 48,
  /** Advance within the current ring, mm. */
  advanced: 49,
  /** Cutterhead angle, 0–360°. */
  cutterAngle: 50,
  /** Guidance trends, mm/m. */
  hTrend: 51,
  vTrend: 52,
  tailGapMean: 53,
  /** 1 during a maintenance shift or a cutter change; 1 during a cutter change only. */
  maintenance: 54,
  cutterChange: 55,
  /** 1 while a cylinder group retracts for a segment; the segment being placed (1…) during a build. */
  retracting: 56,
  segment: 57,
  /** Alternates 0/1 every second (PLC heartbeat). */
  parity: 58,
  /** Cutter wear since the last change, as a share of the usual wear between changes. */
  cutterWear: 59,
} as const;
export const SIG_COUNT = 60;

/** Which channel feeds each key tag; face pressure feeds both the EPB and the slurry sensor. */
export const KEY_SIGNALS: readonly (readonly [string, number])[] = [
  [KEY_TAGS.advanceSpeed, SIG.speed],
  [KEY_TAGS.cutterSpeed, SIG.rpm],
  [KEY_TAGS.cutterTorque, SIG.torque],
  [KEY_TAGS.totalThrust, SIG.thrust],
  [KEY_TAGS.penetration, SIG.penetration],
  [KEY_TAGS.strokeA, SIG.strokeA],
  [KEY_TAGS.strokeB, SIG.strokeB],
  [KEY_TAGS.strokeC, SIG.strokeC],
  [KEY_TAGS.strokeD, SIG.strokeD],
  [KEY_TAGS.pressureA, SIG.pressureA],
  [KEY_TAGS.pressureB, SIG.pressureB],
  [KEY_TAGS.pressureC, SIG.pressureC],
  [KEY_TAGS.pressureD, SIG.pressureD],
  [KEY_TAGS.advanceMode, SIG.advanceMode],
  [KEY_TAGS.erectMode, SIG.erectMode],
  [KEY_TAGS.ringNo, SIG.ringNo],
  [KEY_TAGS.chainage, SIG.chainage],
  [KEY_TAGS.headHorizontal, SIG.headHorizontal],
  [KEY_TAGS.headVertical, SIG.headVertical],
  [KEY_TAGS.tailHorizontal, SIG.tailHorizontal],
  [KEY_TAGS.tailVertical, SIG.tailVertical],
  [KEY_TAGS.pitch, SIG.pitch],
  [KEY_TAGS.roll, SIG.roll],
  [KEY_TAGS.earthPressureTop, SIG.facePressure],
  [KEY_TAGS.bubblePressure, SIG.facePressure],
  [KEY_TAGS.groutVolume, SIG.groutVolume],
  [KEY_TAGS.groutPressure, SIG.groutPressure],
  [KEY_TAGS.foamVolume, SIG.foamVolume],
  [KEY_TAGS.bentoniteVolume, SIG.bentoniteVolume],
  [KEY_TAGS.tailGapTop, SIG.tailGapTop],
  [KEY_TAGS.tailGapBottom, SIG.tailGapBottom],
  [KEY_TAGS.tailGapLeft, SIG.tailGapLeft],
  [KEY_TAGS.tailGapRight, SIG.tailGapRight],
];

/** Factor from mm/m to an angle-like unit of the catalogue (pitch, roll). */
export function slopeFactor(unit: string): number {
  const u = unit.trim().toLowerCase();
  if (u === '°' || u.startsWith('deg')) return 180 / Math.PI / 1000;
  if (u === '%') return 0.1;
  if (u === 'rad') return 0.001;
  return 1;
}

/** Factor from bar to a pressure unit of the catalogue; 1 for anything unknown. */
export function pressureFactor(unit: string): number {
  const u = unit.trim().toLowerCase();
  if (u === 'kpa') return 100;
  if (u === 'mpa') return 0.1;
  if (u === 'pa') return 100_000;
  if (u === 'psi') return 14.5038;
  return 1;
}
