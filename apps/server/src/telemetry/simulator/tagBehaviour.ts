import type { Subsystem, TagDef } from '@boreline/contracts';
import { type AnalogBehaviour, analogBehaviour } from './analogBehaviour.js';

import { Rng } from './prng.js';
import { SIG } from './signals.js';
import { codeWords, hasWord, INJECTION, PROCESS } from './tagWords.js';

/**
 * Totals grow with calendar time or with work; per-ring counters with the ring's progress; a
 * counter with `src` ≥ 0 is `base + rate · sig[src]` (a grout line's share of the ring's volume).
 */
export interface CounterBehaviour {
  kind: 'counter';
  mode: 'calendar' | 'work' | 'ring' | 'follow';
  src: number;
  base: number;
  /** Per second (calendar), per unit of work, per full ring, or per unit of the signal. */
  rate: number;
  lo: number;
  hi: number;
}

/** A flag either mirrors a machine signal (`src` ≥ 0) or rests at `rest` and now and then flips. */
export interface FlagBehaviour {
  kind: 'flag';
  src: number;
  rest: number;
  pAway: number;
  pBack: number;
}

/** A level is `round(a + b · sig[src])` when it follows the machine, else a value that rarely changes. */
export interface LevelBehaviour {
  kind: 'level';
  lo: number;
  hi: number;
  src: number;
  a: number;
  b: number;
  start: number;
  /** Chance to change when a new ring starts, and per second otherwise. */
  pRing: number;
  pSecond: number;
}

export type TagBehaviour = AnalogBehaviour | CounterBehaviour | FlagBehaviour | LevelBehaviour;

/** What a rule may know about a tag besides its definition. */
export interface TagContext {
  /** Tags of the layout that differ from this one only in their digits (grout line 1…6 → 6). */
  siblings: number;
}

const DAY = 86_400;
const YEAR = 365 * DAY;

const ALARM = /alarm|fault|fail|error|trip|warn|emergenc|stop|leak|overload|overheat|interlock|clogged|worn|released|onbattery|pullcord|misalign|slip|reverse|low$|high$/i;
const ERECTOR = /erect|segment/i;
const HEALTHY_WORDS = new Set(['ready', 'ok', 'auto', 'automatic', 'enable', 'enabled', 'available', 'normal', 'remote', 'permit', 'healthy', 'closed', 'online']);
const RUNNING_WORDS = new Set(['run', 'running', 'on', 'active', 'rotating', 'rotation', 'start', 'started', 'operating', 'working', 'open']);
/** Key volumes per ring a line's counter is a share of. */
const LINE_VOLUME: Partial<Record<Subsystem, number>> = { grouting: SIG.groutVolume, foam: SIG.foamVolume, bentonite: SIG.bentoniteVolume };

/**
 * The behaviour of one ordinary tag. `seed` individualises it (phase, level, noise) so two
 * otherwise identical tags do not move in lockstep.
 */
export function tagBehaviour(def: TagDef, seed: number, context: TagContext): TagBehaviour {
  const rng = new Rng(seed);
  const lo = Number.isFinite(def.min) ? def.min : 0;
  const hi = Number.isFinite(def.max) && def.max > lo ? def.max : lo + 1;
  const name = def.code.slice(def.code.indexOf('.') + 1);
  switch (def.kind) {
    case 'counter':
      return counterBehaviour(def, name, lo, hi, rng, context);
    case 'flag':
      return flagBehaviour(name, def.subsystem, rng);
    case 'level':
      return levelBehaviour(def.subsystem, name, lo, hi, rng);
    default:
      return analogBehaviour(def, name, lo, hi - lo, rng);
  }
}

function counterBehaviour(def: TagDef, name: string, lo: number, hi: number, rng: Rng, context: TagContext): CounterBehaviour {
  const span = hi - lo;
  const base = { kind: 'counter', src: -1, lo, hi } as const;
  const perRing = /ring/i.test(name);
  const lineOf = LINE_VOLUME[def.subsystem];
  if (perRing && lineOf !== undefined && /\d/.test(name) && /volume/i.test(name)) {
    return { ...base, mode: 'follow', src: lineOf, base: lo, rate: rng.range(0.85, 1.15) / Math.max(1, context.siblings) };
  }
  if (perRing) return { ...base, mode: 'ring', base: lo, rate: span * rng.range(0.4, 0.7) };
  // Operating hours count real hours (a machine or compressor runs most of the time).
  if (def.unit === 'h') return { ...base, mode: 'calendar', base: Math.min(lo + span * 0.8, rng.range(2000, 20_000)), rate: rng.range(0.5, 0.95) / 3600 };
  // Other totals start part-way (the machine has run before). Large ones (energy, mass) would need
  // about two years to roll over; small ones (pulses, cycles) gain ~2 % of their range a day.
  const byWork = PROCESS.has(def.subsystem) || def.subsystem === 'cutter' || def.subsystem === 'lubricationSeal';
  const perSecond = span <= 10_000 ? (span * 0.02) / DAY : (span * 0.6) / (2 * YEAR);
  return { ...base, mode: byWork ? 'work' : 'calendar', base: lo + span * rng.range(0.05, 0.3), rate: byWork ? perSecond / 0.35 : perSecond };
}

function flagBehaviour(name: string, subsystem: Subsystem, rng: Rng): FlagBehaviour {
  const follow = (src: number): FlagBehaviour => ({ kind: 'flag', src, rest: 0, pAway: 0, pBack: 0 });
  const resting = (rest: number, awayDays: number, backS: number): FlagBehaviour => ({ kind: 'flag', src: -1, rest, pAway: 1 / (awayDays * DAY), pBack: 1 / backS });
  const words = codeWords(name);
  const lower = name.toLowerCase();
  if (lower.includes('heartbeat')) return follow(SIG.parity);
  // Alarms and faults rest at 0 and come up for a few minutes now and then.
  if (ALARM.test(name)) return resting(0, rng.range(2, 6), rng.range(30, 300));
  if (lower.includes('maintenance')) return follow(SIG.maintenance);
  if (lower.includes('hyperbaric')) return follow(SIG.cutterChange);
  if (lower.includes('retract')) return follow(SIG.retracting);
  if (lower.includes('extend')) return follow(SIG.advanceMode);
  if (ERECTOR.test(name)) return follow(SIG.building);
  if (lower.includes('counterclockwise')) return follow(SIG.rotatingCcw);
  if (lower.includes('clockwise')) return follow(SIG.rotatingCw);
  if (/gate.*closed/.test(lower)) return follow(SIG.standing);
  if (hasWord(words, RUNNING_WORDS)) {
    if (subsystem === 'cutterhead' || lower.includes('cutterhead')) return follow(SIG.rotating);
    if (INJECTION.has(subsystem) || subsystem === 'screwConveyor' || subsystem === 'beltConveyor' || /advance|screw|thrust|crusher/.test(lower)) {
      return follow(SIG.advanceMode);
    }
    // Pumps, fans and compressors of the back-up run all the time, with rare stops.
    return resting(1, rng.range(3, 8), rng.range(120, 1800));
  }
  if (hasWord(words, HEALTHY_WORDS)) return resting(1, 7, 600);
  return resting(rng.next() < 0.2 ? 1 : 0, 10, 3600);
}

function levelBehaviour(subsystem: Subsystem, name: string, lo: number, hi: number, rng: Rng): LevelBehaviour {
  const low = Math.ceil(lo);
  const high = Math.max(low, Math.floor(hi));
  const base = { kind: 'level', lo: low, hi: high, src: -1, a: 0, b: 0, pRing: 0.02, pSecond: 1 / (5 * DAY) } as const;
  const lower = name.toLowerCase();
  if (lower.includes('segment')) return { ...base, src: SIG.segment, b: 1, start: low };
  if (lower.includes('running')) return { ...base, src: SIG.rotating, a: low, b: high - low, start: low };
  if (/online|available/.test(lower)) return { ...base, start: high, pRing: 0, pSecond: 0 };
  if (lower.includes('stage')) return { ...base, src: SIG.activity, a: low + 1, b: Math.max(0, high - low - 2), start: low };
  const perRing = subsystem === 'guidance' || /key|position/.test(lower);
  return { ...base, start: Math.round(rng.range(low, high)), pRing: perRing ? 0.9 : 0.02 };
}
