/**
 * The shape of the tag catalogue (ARCHITECTURE.md §5): what a machine measures, per TBM type.
 * The catalogue itself is `tagCatalogue.ts`; the cycle engine, the simulator, storage and the
 * real-time pages all address tags by these codes.
 */
export const MACHINE_TYPES = ['epb', 'slurry'] as const;
export type MachineType = (typeof MACHINE_TYPES)[number];

/** The subsystems of the spec's real-time tabs, plus the machine state signals. */
export const SUBSYSTEMS = [
  'state',
  'cutterhead',
  'thrust',
  'earthPressure',
  'screwConveyor',
  'foam',
  'bentonite',
  'water',
  'grouting',
  'guidance',
  'lubricationSeal',
  'hydraulic',
  'electric',
  'cutter',
  'auxiliary',
  'slurryCircuit',
  'outerWater',
  'beltConveyor',
] as const;
export type Subsystem = (typeof SUBSYSTEMS)[number];

/**
 * analog: a measured value; counter: only grows (ring counter, totals) except on reset;
 * flag: 0 or 1; level: a small integer code (e.g. K position 1–16).
 */
export const TAG_KINDS = ['analog', 'counter', 'flag', 'level'] as const;
export type TagKind = (typeof TAG_KINDS)[number];

/**
 * A tag's display name is composed from translated parts, e.g. subject "Thrust cylinder group",
 * index "A", quantity "pressure" — so 500+ tags need ~150 honest translations, not 3,000 guesses.
 * `subject` and `quantity` are i18n keys in the `telemetry` catalogue.
 */
export interface TagName {
  subject: string;
  index?: string;
  quantity: string;
}

export interface TagDef {
  /** `<subsystem>.<camelCaseName>`, unique per machine type, stable forever (stored data refers to it). */
  code: string;
  subsystem: Subsystem;
  kind: TagKind;
  /** SI-style unit as shown to users: 'bar', 'kN', 'kN·m', 'mm/min', 'r/min', 'm³/h', '°C', '%', 'mm', 'm', 'A', 'V', 'kW', 'L/min', 'ppm', … ('' for flags/levels). */
  unit: string;
  /** The PLC variable name of the reference gateway, e.g. 'DB10.ThrustGrpA_P', and its address, e.g. 'DB10.DBD24'. */
  plcVar: string;
  address: string;
  /** The normal working range; values outside are highlighted on live pages. */
  min: number;
  max: number;
  /**
   * Decimal places the sensor resolves; storage quantizes to this (0 for flags, levels and counters
   * of events such as the ring number; counters of m³ or kg keep the decimals their meters resolve).
   */
  precision: number;
  name: TagName;
  /**
   * An own tag's name (one a run added, see the own-tags contract), already in the reader's
   * language: shown as it is instead of the composed catalogue name.
   */
  label?: string;
}

/**
 * Tags the cycle engine, the simulator, rings and the board rely on. Every machine type's catalogue
 * contains each of these codes (a test checks it); slurry machines have no earth-pressure chamber
 * sensors but carry `slurryCircuit.bubblePressure` in the same role.
 */
export const KEY_TAGS = {
  /** Advance speed of the shield, mm/min. */
  advanceSpeed: 'thrust.advanceSpeed',
  /** Cutterhead rotation speed, r/min. */
  cutterSpeed: 'cutterhead.speed',
  /** Cutterhead torque, kN·m. */
  cutterTorque: 'cutterhead.torque',
  /** Total thrust force, kN. */
  totalThrust: 'thrust.totalThrust',
  /** Penetration, mm/r. */
  penetration: 'thrust.penetration',
  /** Stroke of thrust cylinder groups A–D (top, right, bottom, left), mm. */
  strokeA: 'thrust.strokeA',
  strokeB: 'thrust.strokeB',
  strokeC: 'thrust.strokeC',
  strokeD: 'thrust.strokeD',
  /** Pressure of thrust cylinder groups A–D, bar. */
  pressureA: 'thrust.pressureA',
  pressureB: 'thrust.pressureB',
  pressureC: 'thrust.pressureC',
  pressureD: 'thrust.pressureD',
  /** PLC flags: advance mode selected / segment erection mode selected (0|1). */
  advanceMode: 'state.advanceMode',
  erectMode: 'state.erectMode',
  /** The PLC ring counter: the ring being advanced (counter). */
  ringNo: 'state.ringNo',
  /** Chainage of the cutterhead from the guidance system, m. */
  chainage: 'guidance.chainage',
  /** Guidance deviations, mm: horizontal/vertical at head and tail. */
  headHorizontal: 'guidance.headHorizontal',
  headVertical: 'guidance.headVertical',
  tailHorizontal: 'guidance.tailHorizontal',
  tailVertical: 'guidance.tailVertical',
  pitch: 'guidance.pitch',
  roll: 'guidance.roll',
  /** Face support pressure, bar: EPB chamber top sensor (slurry: bubble chamber, see above). */
  earthPressureTop: 'earthPressure.chamberTop',
  bubblePressure: 'slurryCircuit.bubblePressure',
  /** Grouting: total volume injected in the current ring (counter reset per ring), m³; mean line pressure, bar. */
  groutVolume: 'grouting.volumeRing',
  groutPressure: 'grouting.pressureMean',
  /** Foam and bentonite: total volume in the current ring (counter reset per ring), m³. */
  foamVolume: 'foam.volumeRing',
  bentoniteVolume: 'bentonite.volumeRing',
  /** Tail-skin clearance, mm, top/bottom/left/right. */
  tailGapTop: 'guidance.tailGapTop',
  tailGapBottom: 'guidance.tailGapBottom',
  tailGapLeft: 'guidance.tailGapLeft',
  tailGapRight: 'guidance.tailGapRight',
} as const;
export type KeyTag = (typeof KEY_TAGS)[keyof typeof KEY_TAGS];

/** TBM state intervals derived by the cycle engine (spec: Advance, Ring building, Waiting, Finish). */
export const MACHINE_STATES = ['advance', 'ringBuild', 'waiting', 'finish'] as const;
export type MachineState = (typeof MACHINE_STATES)[number];
export const isMachineState = (value: unknown): value is MachineState => MACHINE_STATES.some((s) => s === value);
