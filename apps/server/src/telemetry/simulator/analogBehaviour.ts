import type { Subsystem, TagDef } from '@boreline/contracts';
import type { Rng } from './prng.js';
import { pressureFactor, SIG } from './signals.js';
import { codeWords, hasWord, INJECTION, PROCESS } from './tagWords.js';

/**
 * How an ordinary (non-key) tag behaves, decided once from its definition. An analog value is a
 * mean-reverting walk toward `a + b · sig[src]`, so it follows the machine (a chamber sensor the
 * face pressure, a foam line the advance) yet keeps a life of its own.
 */
export interface AnalogBehaviour {
  kind: 'analog';
  src: number;
  a: number;
  b: number;
  /** Seconds to close ~63 % of the gap to the target. */
  tau: number;
  /** Step of the walk and of the reading's own noise, in the tag's unit. */
  walk: number;
  noise: number;
  /** The working range (excursions leave it) and the band a reading never leaves. */
  lo: number;
  hi: number;
  floor: number;
  ceil: number;
  start: number;
}

const PRESSURE_UNITS = new Set(['bar', 'mbar', 'kpa', 'mpa', 'pa', 'psi']);
const VOLTAGE_UNITS = new Set(['v', 'kv']);
const GAS_WORDS = new Set(['o2', 'co', 'co2', 'h2s', 'ch4', 'nh3', 'no2', 'so2', 'oxygen', 'methane', 'monoxide', 'dioxide', 'sulfide', 'sulphide', 'gas', 'lel']);
const LOW_WORDS = new Set(['content', 'age', 'thd', 'leakage', 'vacuum']);
/** Set points, supplies, tanks and properties of a fluid: they sit still rather than work with the advance. */
const STEADY_WORDS = new Set([
  'level',
  'concentration',
  'humidity',
  'density',
  'viscosity',
  'ratio',
  'gradient',
  'setpoint',
  'supply',
  'agitator',
  'tank',
  'remaining',
  'insulation',
  'factor',
  'charge',
  'tension',
]);
const TEMPERATURE = /temp/i;
const VERTICAL = /vert|elev|height/i;

const isFlowUnit = (unit: string): boolean => /\/(h|min|s)$/.test(unit) && !/^(r|mm|m|cm)\/(min|s|h)$/.test(unit);

/** Where a tag rests (`idle`) and where it works at full load (`work`), as shares of its range. */
interface Shape {
  src: number;
  idle: number;
  work: number;
  tau: number;
  /** Spread of the walk as a share of the range. */
  spread: number;
}

/** Rules from the most specific (a sensor tied to one machine channel) to the generic. */
export function analogBehaviour(def: TagDef, name: string, lo: number, span: number, rng: Rng): AnalogBehaviour {
  const unit = def.unit.trim().toLowerCase();
  const sub = def.subsystem;
  const words = codeWords(name);
  const lower = name.toLowerCase();
  const temperature = unit === '°c' || unit === '℃' || TEMPERATURE.test(name);
  // Flows, speeds, currents rest at zero; nothing with a non-negative range goes negative (a
  // temperature or a deviation may).
  const physicalZero = lo === 0 && !temperature;
  const lowest = lo >= 0 && !temperature ? Math.max(0, lo - 0.25 * span) : lo - 0.25 * span;
  const make = (src: number, a: number, b: number, tau: number, spread: number, floorAtMin: boolean): AnalogBehaviour => ({
    kind: 'analog',
    src,
    a,
    b,
    tau,
    walk: (spread * span) / Math.sqrt(tau / 2),
    noise: span * rng.range(0.002, 0.006),
    lo,
    hi: lo + span,
    floor: floorAtMin || physicalZero ? lo : lowest,
    ceil: lo + 1.25 * span,
    start: a + b * 0.2,
  });
  const shape = (s: Shape): AnalogBehaviour => {
    const restsAtMin = s.idle === 0 || physicalZero;
    // A range that does not start at zero has a real minimum: resting values stay clear of it.
    const idle = restsAtMin ? s.idle : Math.max(s.idle, 0.08);
    return make(s.src, lo + idle * span, (Math.max(s.work, idle) - idle) * span, s.tau, s.spread, s.idle === 0);
  };
  const follow = (src: number, a: number, b: number, tau: number, noise: number): AnalogBehaviour => ({ ...make(src, a, b, tau, 0.004, false), noise });
  const steady = (share: number, tau = rng.range(120, 900)): AnalogBehaviour => shape({ src: SIG.none, idle: share, work: share, tau, spread: 0.02 });

  if (temperature) {
    // Motors, oil and bearings warm up over a long advance; ambient and water barely follow.
    const heats = PROCESS.has(sub) || sub === 'electric' || sub === 'hydraulic' || sub === 'lubricationSeal' || sub === 'cutter';
    const idle = rng.range(0.2, 0.35);
    return shape({ src: SIG.warmth, idle, work: idle + (heats ? rng.range(0.25, 0.4) : rng.range(0, 0.08)), tau: rng.range(600, 1800), spread: 0.01 });
  }
  if (sub === 'auxiliary' && (unit === 'ppm' || unit === '%lel' || hasWord(words, GAS_WORDS))) {
    const oxygen = words.includes('o2') || words.includes('oxygen');
    const base = oxygen ? (lo <= 20.9 && 20.9 <= lo + span ? 20.9 : lo + 0.8 * span) : lo + span * rng.range(0.02, 0.08);
    return make(SIG.none, base, 0, rng.range(300, 900), 0.004, !oxygen);
  }
  const pf = pressureFactor(unit);
  const pressure = PRESSURE_UNITS.has(unit);
  const faceSensor = sub === 'earthPressure' || (sub === 'slurryCircuit' && /bubble|chamber/.test(lower));
  if (pressure && faceSensor && !/lock|air/.test(lower)) {
    const offset = /setpoint/.test(lower)
      ? 0
      : /bottom|lower/.test(lower)
        ? rng.range(0.5, 0.7)
        : /mean|mid|cent|left|right|side/.test(lower)
          ? rng.range(0.2, 0.4)
          : /top|upper/.test(lower)
            ? rng.range(-0.05, 0.05)
            : rng.range(0, 0.6);
    return follow(SIG.facePressure, offset * pf, pf, 4, 0.008 * pf);
  }
  if (pressure && faceSensor) return steady(0.01);
  if (pressure && sub === 'screwConveyor' && lower.includes('sensor')) return follow(SIG.facePressure, 0, pf * rng.range(0.2, 0.9), 4, 0.01 * pf);
  if (sub === 'thrust') {
    if (pressure && !lower.includes('articulation')) return follow(SIG.pressureMean, 0, pf * rng.range(0.93, 1.07), 3, 1.5 * pf);
    if (unit === 'kn') return follow(SIG.thrust, 0, 0.25 * rng.range(0.92, 1.08), 3, 0.002 * span);
    if (unit === 'mm' && lower.includes('diff')) return follow(VERTICAL.test(name) ? SIG.strokeDiffV : SIG.strokeDiffH, 0, 1, 2, 0.5);
    if (unit === 'mm' && lower.includes('distance')) return follow(SIG.advanced, 0, 1, 2, 0.3);
    if (unit === 'mm' && lower.includes('stroke') && lo + span >= 1500) return follow(SIG.strokeMean, lower.includes('mean') ? 0 : rng.range(-15, 15), 1, 2, 0.3);
    if (unit === 'mm' || unit === '°' || pressure) return steady(rng.range(0.4, 0.6));
  }
  if (unit === 'mm/min') return follow(SIG.speed, 0, 1, 3, 0.3);
  if (unit === 'r/min' || unit === 'rpm') {
    if (sub === 'cutterhead' && lo + span <= 5) return follow(SIG.rpm, 0, 1, 5, 0.01);
    if (sub === 'cutterhead' || sub === 'cutter') return shape({ src: SIG.rpmNorm, idle: 0, work: rng.range(0.55, 0.9), tau: 5, spread: 0.01 });
    if (sub === 'screwConveyor') return shape({ src: SIG.speedNorm, idle: 0, work: rng.range(0.75, 0.95), tau: 8, spread: 0.02 });
  }
  if (sub === 'cutterhead' && unit === '°' && lower.includes('angle')) return { ...follow(SIG.cutterAngle, 0, 1, 1, 0.05), walk: 0, floor: lo, ceil: lo + span };
  if (sub === 'guidance') {
    const vertical = VERTICAL.test(name) || words.includes('v');
    if (lower.includes('trend')) return follow(vertical ? SIG.vTrend : SIG.hTrend, 0, 1, 10, 0.1);
    if (unit === 'mm' && lower.includes('gap')) return follow(SIG.tailGapMean, rng.range(-4, 4), 1, 10, 0.3);
    if (unit === 'mm') return follow(vertical ? SIG.headVertical : SIG.headHorizontal, rng.range(-5, 5), rng.range(0.6, 1), 20, 0.5);
  }
  if (sub === 'cutter' && lower.includes('wear')) return follow(SIG.cutterWear, lo + span * rng.range(0.03, 0.12), span * rng.range(0.4, 0.85), 60, 0.002 * span);
  if (hasWord(words, LOW_WORDS)) return steady(rng.range(0.03, 0.15));
  if (lower.includes('limit')) return steady(rng.range(0.8, 0.9));
  if (hasWord(words, STEADY_WORDS)) return steady(rng.range(0.4, 0.75));
  if (sub === 'cutterhead' && /current|power|load|torque|copy/.test(lower)) {
    return shape({ src: SIG.torqueNorm, idle: 0.02, work: rng.range(0.8, 0.95), tau: 5, spread: 0.02 });
  }
  // Gear oil, cooling: pumps run all the time and work harder under load.
  if (sub === 'cutterhead') return shape({ src: SIG.activity, idle: rng.range(0.3, 0.45), work: rng.range(0.55, 0.75), tau: rng.range(20, 90), spread: 0.03 });
  if (sub === 'thrust') return shape({ src: SIG.thrustNorm, idle: 0.05, work: rng.range(0.8, 0.95), tau: 5, spread: 0.02 });
  if (sub === 'screwConveyor') return shape({ src: SIG.speedNorm, idle: 0, work: rng.range(0.75, 0.95), tau: 8, spread: 0.03 });
  return shape(shapeOf(sub, unit, lower, rng));
}

/** Everything not tied to one machine channel: how much it works with the advance, how fast it moves. */
function shapeOf(sub: Subsystem, unit: string, lower: string, rng: Rng): Shape {
  const steady = (mid: number): Shape => ({ src: SIG.activity, idle: mid, work: mid + rng.range(0, 0.08), tau: rng.range(120, 600), spread: 0.03 });
  if (VOLTAGE_UNITS.has(unit) || unit === 'hz') return { ...steady(rng.range(0.45, 0.6)), spread: 0.01 };
  if (INJECTION.has(sub)) {
    const flows = isFlowUnit(unit) || /flow|rate|fir|fer|speed/.test(lower);
    return { src: SIG.activity, idle: flows ? 0 : rng.range(0.05, 0.15), work: rng.range(0.45, 0.8), tau: rng.range(10, 40), spread: 0.04 };
  }
  // The slurry circuit keeps running in bypass while the shield stands.
  if (sub === 'slurryCircuit') return { src: SIG.activity, idle: rng.range(0.25, 0.4), work: rng.range(0.55, 0.8), tau: rng.range(15, 60), spread: 0.04 };
  if (sub === 'beltConveyor') {
    const moves = isFlowUnit(unit) || lower.includes('speed') || lower.includes('flow');
    return { src: SIG.activity, idle: moves ? 0 : rng.range(0.05, 0.2), work: rng.range(0.55, 0.85), tau: rng.range(10, 40), spread: 0.03 };
  }
  if (PROCESS.has(sub)) return { src: SIG.activity, idle: rng.range(0.02, 0.2), work: rng.range(0.5, 0.8), tau: rng.range(10, 60), spread: 0.04 };
  if (sub === 'electric' && /current|power|load/.test(lower) && !lower.includes('factor')) {
    return { src: SIG.activity, idle: rng.range(0.1, 0.2), work: rng.range(0.55, 0.8), tau: rng.range(5, 30), spread: 0.03 };
  }
  if (sub === 'hydraulic' && /erect|segment/.test(lower)) return { src: SIG.building, idle: rng.range(0.05, 0.15), work: rng.range(0.5, 0.75), tau: 10, spread: 0.04 };
  if (sub === 'hydraulic' || sub === 'lubricationSeal') {
    return { src: SIG.activity, idle: rng.range(0.3, 0.45), work: rng.range(0.55, 0.75), tau: rng.range(20, 90), spread: 0.03 };
  }
  if (sub === 'cutter') return { src: SIG.activity, idle: rng.range(0.2, 0.35), work: rng.range(0.4, 0.6), tau: rng.range(60, 300), spread: 0.03 };
  return steady(rng.range(0.35, 0.65));
}
