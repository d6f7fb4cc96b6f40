import type { MachineType } from '@boreline/contracts';

/** A closed interval [low, high] drawn from uniformly unless said otherwise. */
export type Span = readonly [number, number];

/**
 * The knobs of one simulated machine. Defaults follow DOMAIN.md for a metro EPB shield or a larger
 * slurry shield; a demo project or a test overrides a few of them.
 */
export interface SimProfile {
  /** Sensor dropouts (one tag missing 5–60 s) and frame gaps (every tag missing). Off in tests. */
  faults: boolean;
  /** Out-of-range excursions of ordinary tags per day (what alarms are made of). */
  excursionsPerDay: number;
  /** Episodes on the points the demo's alarm settings watch (`alarmExcursions.ts`): warm-ups, torque and thrust peaks, a chattering face, a clogged filter. */
  alarmExcursions: boolean;
  /** Mean advance speed of a ring, mm/min, from hard to soft ground. */
  speedMmMin: Span;
  /** Cutterhead speed of a ring, r/min, from soft to hard ground. */
  cutterRpm: Span;
  /** Total thrust while advancing, kN, from easy to hard going. */
  thrustKn: Span;
  /** Cutterhead torque while advancing, kN·m. */
  torqueKnm: Span;
  /** Face support: EPB chamber top or slurry bubble pressure, bar. */
  facePressureBar: Span;
  /** Grout injected per ring, m³, and the mean line pressure while advancing, bar. */
  groutM3: Span;
  groutBar: Span;
  /** Foam and bentonite injected per ring, m³. */
  foamM3: Span;
  bentoniteM3: Span;
  /** Stroke left when a ring starts, mm (the cylinders rest on the ring just built). */
  startStrokeMm: Span;
  ringBuildMin: Span;
  /** Waiting for segments, muck removal, grout between two rings. */
  logisticsMin: Span;
  /** Chance that an advance stops part-way (belt, muck train, grout supply) and for how long. */
  advanceStopChance: number;
  advanceStopMin: Span;
  /** Shift handover every 12 h. */
  handoverMin: Span;
  maintenanceHours: Span;
  breakdownEveryDays: number;
  breakdownHours: Span;
  cutterChangeEveryDays: Span;
  cutterChangeHours: Span;
  /** Seconds between two readings of the guidance system (it refreshes a few times a minute). */
  guidanceRefreshS: number;
  /** Design gradient of the alignment, mm/m (pitch follows it). */
  gradientMmPerM: Span;
}

const COMMON = {
  faults: true,
  excursionsPerDay: 12,
  alarmExcursions: true,
  facePressureBar: [1.2, 2.5],
  groutM3: [4, 6],
  groutBar: [2.2, 3.6],
  startStrokeMm: [100, 150],
  ringBuildMin: [30, 60],
  logisticsMin: [5, 25],
  advanceStopChance: 0.5,
  advanceStopMin: [3, 20],
  handoverMin: [20, 45],
  maintenanceHours: [1.5, 2.5],
  breakdownEveryDays: 1.5,
  breakdownHours: [1, 3],
  cutterChangeEveryDays: [4, 6],
  cutterChangeHours: [4, 8],
  guidanceRefreshS: 10,
  gradientMmPerM: [-20, 20],
} as const;

const BY_TYPE = {
  epb: {
    speedMmMin: [30, 58],
    cutterRpm: [1.0, 2.2],
    thrustKn: [9000, 22000],
    torqueKnm: [1500, 4000],
    foamM3: [15, 30],
    bentoniteM3: [2, 6],
  },
  // Larger diameter: more thrust and torque, slower head; little foam, more bentonite.
  slurry: {
    speedMmMin: [32, 58],
    cutterRpm: [0.9, 2.0],
    thrustKn: [14000, 32000],
    torqueKnm: [2500, 6500],
    foamM3: [3, 8],
    bentoniteM3: [4, 10],
  },
} as const;

export function defaultProfile(machineType: MachineType): SimProfile {
  return { ...COMMON, ...BY_TYPE[machineType] };
}

export function resolveProfile(machineType: MachineType, overrides: Partial<SimProfile> | undefined): SimProfile {
  return { ...defaultProfile(machineType), ...overrides };
}
