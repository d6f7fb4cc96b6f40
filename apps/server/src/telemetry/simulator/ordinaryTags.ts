import type { TagDef } from '@boreline/contracts';
import { hash01, hashCode, Rng } from './prng.js';
import { SIG } from './signals.js';
import { tagBehaviour } from './tagBehaviour.js';
import { siblingKey } from './tagWords.js';

/** What the ordinary tags need from the machine model each second. */
export interface MachineClock {
  /** Seconds simulated. */
  t: number;
  /** Integral of process activity. */
  work: number;
  ringNo: number;
}

/** Walks, flags and levels by tag code, so a snapshot still fits after the catalogue grows. */
export interface OrdinaryTagsSnapshot {
  rng: number;
  lastRing: number;
  state: Record<string, number>;
}

const COUNTER_MODE = { calendar: 0, work: 1, ring: 2, follow: 3 } as const;
/** Uniform(-0.5, 0.5) times this has unit variance. */
const UNIT_UNIFORM = Math.sqrt(12);

const quantum = (precision: number): number => 10 ** Math.min(9, Math.max(0, Math.round(precision)));

/**
 * Every catalogue tag the machine model does not compute itself. Parameters live in typed arrays,
 * one per property, decided once in the constructor: a frame is then a few tight loops with two
 * random draws per analog value and no allocation.
 */
export class OrdinaryTags {
  private readonly aCodes: string[] = [];
  private readonly aSlot: Int32Array;
  private readonly aSrc: Int32Array;
  private readonly aA: Float64Array;
  private readonly aB: Float64Array;
  private readonly aK: Float64Array;
  private readonly aWalk: Float64Array;
  private readonly aNoise: Float64Array;
  private readonly aLo: Float64Array;
  private readonly aHi: Float64Array;
  private readonly aFloor: Float64Array;
  private readonly aCeil: Float64Array;
  private readonly aQ: Float64Array;
  /** For tags resting at their minimum: below this distance of the target from it, they fall quiet. */
  private readonly aQuiet: Float64Array;
  private readonly x: Float64Array;

  private readonly cSlot: Int32Array;
  private readonly cMode: Uint8Array;
  private readonly cBase: Float64Array;
  private readonly cRate: Float64Array;
  private readonly cLo: Float64Array;
  private readonly cSpan: Float64Array;
  private readonly cSeed: Int32Array;
  private readonly cSrc: Int32Array;
  private readonly cQ: Float64Array;

  private readonly fCodes: string[] = [];
  private readonly fSlot: Int32Array;
  private readonly fSrc: Int32Array;
  private readonly fRest: Float64Array;
  private readonly fAway: Float64Array;
  private readonly fBack: Float64Array;
  private readonly fVal: Float64Array;

  private readonly lCodes: string[] = [];
  private readonly lSlot: Int32Array;
  private readonly lSrc: Int32Array;
  private readonly lA: Float64Array;
  private readonly lB: Float64Array;
  private readonly lLo: Float64Array;
  private readonly lHi: Float64Array;
  private readonly lRing: Float64Array;
  private readonly lSecond: Float64Array;
  private readonly lVal: Float64Array;

  private readonly rng: Rng;
  private readonly excursionChance: number;
  private lastRing = Number.NaN;

  constructor(tags: readonly { def: TagDef; slot: number }[], seed: number, excursionsPerDay: number) {
    this.rng = new Rng(seed);
    this.excursionChance = excursionsPerDay / 86_400;
    const siblings = new Map<string, number>();
    for (const { def } of tags) siblings.set(siblingKey(def.code), (siblings.get(siblingKey(def.code)) ?? 0) + 1);
    const behaviours = tags.map(({ def, slot }) => ({
      def,
      slot,
      b: tagBehaviour(def, hashCode(def.code, seed), { siblings: siblings.get(siblingKey(def.code)) ?? 1 }),
    }));
    const count = (kind: string) => behaviours.filter((x) => x.b.kind === kind).length;
    const nA = count('analog');
    const nC = count('counter');
    const nF = count('flag');
    const nL = count('level');
    const f64 = (n: number) => new Float64Array(n);
    this.aSlot = new Int32Array(nA);
    this.aSrc = new Int32Array(nA);
    this.aA = f64(nA);
    this.aB = f64(nA);
    this.aK = f64(nA);
    this.aWalk = f64(nA);
    this.aNoise = f64(nA);
    this.aLo = f64(nA);
    this.aHi = f64(nA);
    this.aFloor = f64(nA);
    this.aCeil = f64(nA);
    this.aQ = f64(nA);
    this.aQuiet = f64(nA);
    this.x = f64(nA);
    this.cSlot = new Int32Array(nC);
    this.cSeed = new Int32Array(nC);
    this.cMode = new Uint8Array(nC);
    this.cSrc = new Int32Array(nC);
    this.cBase = f64(nC);
    this.cRate = f64(nC);
    this.cLo = f64(nC);
    this.cSpan = f64(nC);
    this.cQ = f64(nC);
    this.fSlot = new Int32Array(nF);
    this.fSrc = new Int32Array(nF);
    this.fRest = f64(nF);
    this.fAway = f64(nF);
    this.fBack = f64(nF);
    this.fVal = f64(nF);
    this.lSlot = new Int32Array(nL);
    this.lSrc = new Int32Array(nL);
    this.lA = f64(nL);
    this.lB = f64(nL);
    this.lLo = f64(nL);
    this.lHi = f64(nL);
    this.lRing = f64(nL);
    this.lSecond = f64(nL);
    this.lVal = f64(nL);

    let [a, c, f, l] = [0, 0, 0, 0];
    for (const { def, slot, b } of behaviours) {
      const q = quantum(def.precision);
      if (b.kind === 'analog') {
        this.aCodes.push(def.code);
        this.aSlot[a] = slot;
        this.aSrc[a] = b.src;
        this.aA[a] = b.a;
        this.aB[a] = b.b;
        this.aK[a] = 1 / Math.max(1, b.tau);
        this.aWalk[a] = b.walk;
        this.aNoise[a] = b.noise;
        this.aLo[a] = b.lo;
        this.aHi[a] = b.hi;
        this.aFloor[a] = b.floor;
        this.aCeil[a] = b.ceil;
        this.aQ[a] = q;
        this.aQuiet[a] = b.floor === b.lo && b.a <= b.lo ? 0.03 * (b.hi - b.lo) : 0;
        this.x[a] = b.start;
        a += 1;
      } else if (b.kind === 'counter') {
        this.cSlot[c] = slot;
        this.cSeed[c] = hashCode(def.code, ~seed);
        this.cMode[c] = COUNTER_MODE[b.mode];
        this.cSrc[c] = b.src;
        this.cBase[c] = b.base;
        this.cRate[c] = b.rate;
        this.cLo[c] = b.lo;
        this.cSpan[c] = b.hi - b.lo;
        this.cQ[c] = q;
        c += 1;
      } else if (b.kind === 'flag') {
        this.fCodes.push(def.code);
        this.fSlot[f] = slot;
        this.fSrc[f] = b.src;
        this.fRest[f] = b.rest;
        this.fAway[f] = b.pAway;
        this.fBack[f] = b.pBack;
        this.fVal[f] = b.rest;
        f += 1;
      } else {
        this.lCodes.push(def.code);
        this.lSlot[l] = slot;
        this.lSrc[l] = b.src;
        this.lA[l] = b.a;
        this.lB[l] = b.b;
        this.lLo[l] = b.lo;
        this.lHi[l] = b.hi;
        this.lRing[l] = b.pRing;
        this.lSecond[l] = b.pSecond;
        this.lVal[l] = b.start;
        l += 1;
      }
    }
  }

  /** Writes this second's ordinary values into `values` (at their layout slots). */
  step(values: Float64Array, sig: Float64Array, clock: MachineClock): void {
    this.analog(values, sig);
    this.counters(values, sig, clock);
    this.flagsAndLevels(values, sig, clock.ringNo);
  }

  private analog(values: Float64Array, sig: Float64Array): void {
    const { rng, x, aA, aB, aK, aWalk, aNoise, aFloor, aCeil, aQ, aQuiet, aSlot, aSrc } = this;
    const n = x.length;
    if (n > 0 && rng.next() < this.excursionChance) this.excursion(Math.floor(rng.next() * n));
    for (let j = 0; j < n; j += 1) {
      const floor = aFloor[j] ?? 0;
      const ceil = aCeil[j] ?? 0;
      const prev = x[j] ?? 0;
      const target = (aA[j] ?? 0) + (aB[j] ?? 0) * (sig[aSrc[j] ?? 0] ?? 0);
      // A stopped pump reads a steady zero, not zero plus noise.
      const quiet = aQuiet[j] ?? 0;
      const calm = quiet > 0 && target - floor < quiet ? Math.max(0, target - floor) / quiet : 1;
      let next = prev + (target - prev) * (aK[j] ?? 0) + calm * (aWalk[j] ?? 0) * (rng.next() - 0.5) * UNIT_UNIFORM;
      next = next < floor ? floor : next > ceil ? ceil : next;
      x[j] = next;
      let v = next + calm * (aNoise[j] ?? 0) * (rng.next() - 0.5) * 2;
      v = v < floor ? floor : v > ceil ? ceil : v;
      const q = aQ[j] ?? 1;
      values[aSlot[j] ?? 0] = Math.round(v * q) / q;
    }
  }

  /** A reading leaves its working range (a clogged line, a hot bearing) and relaxes back. */
  private excursion(j: number): void {
    const { rng } = this;
    const lo = this.aLo[j] ?? 0;
    const hi = this.aHi[j] ?? 0;
    const span = hi - lo;
    const canDip = (this.aFloor[j] ?? 0) < lo;
    const up = !canDip || rng.next() < 0.7;
    this.x[j] = up ? hi + span * rng.range(0.05, 0.2) : lo - span * rng.range(0.05, 0.2);
  }

  private counters(values: Float64Array, sig: Float64Array, clock: MachineClock): void {
    const { cSlot, cMode, cSrc, cBase, cRate, cLo, cSpan, cSeed, cQ } = this;
    // Counters are functions of the machine's history, not walks: skipping time keeps them right.
    const progress = sig[SIG.progress] ?? 0;
    for (let j = 0; j < cSlot.length; j += 1) {
      const mode = cMode[j];
      const lo = cLo[j] ?? 0;
      let v: number;
      if (mode === COUNTER_MODE.follow) v = (cBase[j] ?? 0) + (cRate[j] ?? 0) * (sig[cSrc[j] ?? 0] ?? 0);
      else if (mode === COUNTER_MODE.ring) v = lo + (cRate[j] ?? 0) * progress * (0.85 + 0.3 * hash01(clock.ringNo, cSeed[j] ?? 0));
      else {
        const span = cSpan[j] ?? 1;
        v = (cBase[j] ?? 0) + (cRate[j] ?? 0) * (mode === COUNTER_MODE.work ? clock.work : clock.t);
        if (v > lo + span) v = lo + ((v - lo) % span);
      }
      const q = cQ[j] ?? 1;
      values[cSlot[j] ?? 0] = Math.round(v * q) / q;
    }
  }

  private flagsAndLevels(values: Float64Array, sig: Float64Array, ringNo: number): void {
    const { rng, fSlot, fSrc, fRest, fAway, fBack, fVal, lSlot, lSrc, lA, lB, lLo, lHi, lRing, lSecond, lVal } = this;
    for (let j = 0; j < fSlot.length; j += 1) {
      const src = fSrc[j] ?? -1;
      let v: number;
      if (src >= 0) v = (sig[src] ?? 0) > 0.5 ? 1 : 0;
      else {
        const rest = fRest[j] ?? 0;
        v = fVal[j] ?? rest;
        if (v === rest) {
          if (rng.next() < (fAway[j] ?? 0)) v = 1 - rest;
        } else if (rng.next() < (fBack[j] ?? 0)) v = rest;
        fVal[j] = v;
      }
      values[fSlot[j] ?? 0] = v;
    }
    const newRing = ringNo !== this.lastRing && !Number.isNaN(this.lastRing);
    this.lastRing = ringNo;
    for (let j = 0; j < lSlot.length; j += 1) {
      const lo = lLo[j] ?? 0;
      const hi = lHi[j] ?? lo;
      const src = lSrc[j] ?? -1;
      let v = lVal[j] ?? 0;
      if (src >= 0) {
        v = Math.round((lA[j] ?? 0) + (lB[j] ?? 0) * (sig[src] ?? 0));
        v = v < lo ? lo : v > hi ? hi : v;
      } else if ((newRing && rng.next() < (lRing[j] ?? 0)) || rng.next() < (lSecond[j] ?? 0)) {
        v = lo + Math.floor(rng.next() * (hi - lo + 1));
        lVal[j] = v;
      }
      values[lSlot[j] ?? 0] = v;
    }
  }

  snapshot(): OrdinaryTagsSnapshot {
    const state: Record<string, number> = {};
    this.aCodes.forEach((code, j) => (state[code] = this.x[j] ?? 0));
    this.fCodes.forEach((code, j) => (state[code] = this.fVal[j] ?? 0));
    this.lCodes.forEach((code, j) => (state[code] = this.lVal[j] ?? 0));
    return { rng: this.rng.s, lastRing: Number.isNaN(this.lastRing) ? -1 : this.lastRing, state };
  }

  /** Tags unknown to the snapshot (added to the catalogue since) keep their initial state. */
  restore(snapshot: OrdinaryTagsSnapshot): void {
    this.rng.s = snapshot.rng;
    this.lastRing = snapshot.lastRing === -1 ? Number.NaN : snapshot.lastRing;
    const put = (codes: readonly string[], into: Float64Array) =>
      codes.forEach((code, j) => {
        const v = snapshot.state[code];
        if (typeof v === 'number' && Number.isFinite(v)) into[j] = v;
      });
    put(this.aCodes, this.x);
    put(this.fCodes, this.fVal);
    put(this.lCodes, this.lVal);
  }
}
