import { KEY_TAGS, type MachineType, type TagDef, tagCatalogue } from '@boreline/contracts';
import { describe, expect, it } from 'vitest';
import { type Frame, TagLayout } from '../frame.js';
import { MachineSimulator, type MachineSimulatorOptions } from './machineSimulator.js';
import { syntheticTagDefs } from './syntheticTags.fixture.js';

const START = Date.UTC(2025, 2, 3, 6, 0, 0);
const DAY_S = 86_400;
const WIDTH = { epb: 1500, slurry: 2000 } as const;

function options(machineType: MachineType, overrides: Partial<MachineSimulatorOptions> = {}): MachineSimulatorOptions {
  return {
    runId: 7,
    seed: 42,
    layout: new TagLayout(syntheticTagDefs(machineType)),
    machineType,
    ringWidthMm: WIDTH[machineType],
    startChainage: 4219.833,
    direction: 1,
    startRing: 120,
    startTs: START,
    profile: { faults: false },
    ...overrides,
  };
}

const run = (sim: MachineSimulator, n: number, keyOnly = false): Frame[] =>
  Array.from({ length: n }, () => (keyOnly ? sim.nextKeyOnly() : sim.next()));

function slot(layout: TagLayout, code: string): number {
  const at = layout.indexOf(code);
  if (at < 0) throw new Error(`layout lacks ${code}`);
  return at;
}

/** A value of a frame that must be present (`at` from a destructured slot list). */
function read(frame: Frame, at: number | undefined): number {
  const v = at === undefined ? undefined : frame.values[at];
  if (v === undefined || Number.isNaN(v)) throw new Error(`no value at ${at} in frame ${frame.ts}`);
  return v;
}

const mean = (xs: readonly number[]): number => xs.reduce((s, x) => s + x, 0) / Math.max(1, xs.length);

/** Where two frame series first differ (`null` when identical, NaN equal to NaN). */
function firstDifference(a: readonly Frame[], b: readonly Frame[]): string | null {
  if (a.length !== b.length) return `${a.length} vs ${b.length} frames`;
  for (let i = 0; i < a.length; i += 1) {
    const [x, y] = [a[i], b[i]];
    if (!x || !y || x.ts !== y.ts || x.runId !== y.runId || x.values.length !== y.values.length) return `frame ${i}`;
    for (let j = 0; j < x.values.length; j += 1) if (!Object.is(x.values[j], y.values[j])) return `frame ${i} value ${j}`;
  }
  return null;
}

/** Collects broken expectations of a long run, so millions of samples cost no millions of `expect`s. */
function problems(): { check(ok: boolean, what: () => string): void; list: string[] } {
  const list: string[] = [];
  return { list, check: (ok, what) => void (ok || list.length >= 20 || list.push(what())) };
}
const catalogues = (['epb', 'slurry'] as const).map((type) => ({ type, defs: tagCatalogue(type) }));

describe('MachineSimulator determinism', () => {
  it('replays identical frames for the same seed, 1 s apart from the start time, faults included', () => {
    const a = run(new MachineSimulator(options('epb', { profile: {} })), 3000);
    const b = run(new MachineSimulator(options('epb', { profile: {} })), 3000);
    expect(firstDifference(a, b)).toBeNull();
    expect(a[0]?.ts).toBe(START);
    expect(a.every((f, i) => f.ts === START + i * 1000 && f.runId === 7)).toBe(true);
  });

  it('gives different frames for different seeds', () => {
    const a = run(new MachineSimulator(options('epb')), 600);
    const b = run(new MachineSimulator(options('epb', { seed: 43 })), 600);
    const differing = a.filter((f, i) => f.values.some((v, j) => v !== b[i]?.values[j])).length;
    expect(differing).toBeGreaterThan(500);
  });

  it('fast mode writes exactly the key values of next() and NaN everywhere else', () => {
    const o = options('slurry');
    const full = run(new MachineSimulator(o), 4000);
    const fast = run(new MachineSimulator(o), 4000, true);
    const keySlots = new Set(Object.values(KEY_TAGS).map((code) => o.layout.indexOf(code)));
    const p = problems();
    full.forEach((f, i) =>
      f.values.forEach((v, j) => {
        const k = fast[i]?.values[j];
        p.check(keySlots.has(j) ? Object.is(k, v) : k !== undefined && Number.isNaN(k), () => `${o.layout.codes[j]} at ${i}: ${k} vs ${v}`);
      }),
    );
    expect(p.list).toEqual([]);
  });
});

describe('MachineSimulator over three days', () => {
  const cases = [
    { type: 'epb', seed: 1, direction: 1 },
    { type: 'epb', seed: 2, direction: 1 },
    { type: 'slurry', seed: 3, direction: -1 },
    { type: 'slurry', seed: 4, direction: 1 },
  ] as const;

  it.each(cases)('$type seed $seed: realistic cycle, rings and chainage', ({ type, seed, direction }) => {
    const o = options(type, { seed, direction });
    const sim = new MachineSimulator(o);
    const at = (code: string) => slot(o.layout, code);
    const [speedAt, rpmAt, ringAt, chainageAt, advAt, erectAt, groutAt, groutPAt] = [
      KEY_TAGS.advanceSpeed,
      KEY_TAGS.cutterSpeed,
      KEY_TAGS.ringNo,
      KEY_TAGS.chainage,
      KEY_TAGS.advanceMode,
      KEY_TAGS.erectMode,
      KEY_TAGS.groutVolume,
      KEY_TAGS.groutPressure,
    ].map(at);
    const strokeAt = [KEY_TAGS.strokeA, KEY_TAGS.strokeB, KEY_TAGS.strokeC, KEY_TAGS.strokeD].map(at);
    const pressureAt = [KEY_TAGS.pressureA, KEY_TAGS.pressureB, KEY_TAGS.pressureC, KEY_TAGS.pressureD].map(at);
    const faceAt = at(type === 'epb' ? KEY_TAGS.earthPressureTop : KEY_TAGS.bubblePressure);
    const width = WIDTH[type];

    let waiting = 0;
    const ringStarts: { ring: number; chainage: number }[] = [];
    const ringEndsGrout: number[] = [];
    const ringSpeeds: number[] = [];
    const advancePressures: number[] = [];
    let ringSpeed: number[] = [];
    let prev: Frame | undefined;
    const p = problems();
    for (let i = 0; i < 3 * DAY_S; i += 1) {
      const f = sim.nextKeyOnly();
      const advancing = read(f, advAt) === 1;
      const erecting = read(f, erectAt) === 1;
      const speed = read(f, speedAt);
      const ring = read(f, ringAt);
      const rpm = read(f, rpmAt);
      if (!advancing && !erecting) waiting += 1;
      for (const s of strokeAt) p.check(read(f, s) >= 0 && read(f, s) <= Math.min(2200, width + 250), () => `stroke ${read(f, s)} at ${i}`);
      p.check(!(advancing && erecting), () => `advance and erection at once at ${i}`);
      p.check(!erecting || speed === 0, () => `advance speed ${speed} during erection at ${i}`);
      p.check(advancing || rpm === 0, () => `cutterhead turning at ${rpm} r/min while standing at ${i}`);
      p.check(!advancing || speed <= 80, () => `advance speed ${speed} at ${i}`);
      if (advancing && speed > 20) {
        p.check(rpm >= 0.8 && rpm <= 2.5, () => `cutterhead ${rpm} r/min at ${i}`);
        p.check(read(f, groutPAt) > 1.5 && read(f, groutPAt) < 4.5, () => `grout pressure ${read(f, groutPAt)} at ${i}`);
        p.check(read(f, faceAt) > 1 && read(f, faceAt) < 2.7, () => `face pressure ${read(f, faceAt)} at ${i}`);
        advancePressures.push(mean(pressureAt.map((at) => read(f, at))));
      }
      // The pace of a ring, without the minute-long ramps after each start.
      if (advancing && speed > 10) ringSpeed.push(speed);
      if (prev !== undefined && ring !== read(prev, ringAt)) {
        p.check(ring - read(prev, ringAt) === 1, () => `ring counter ${read(prev ?? f, ringAt)} → ${ring}`);
        p.check(advancing && read(f, groutAt) === 0, () => `ring ${ring} starts without advance or with grout ${read(f, groutAt)}`);
        ringEndsGrout.push(read(prev, groutAt));
        ringStarts.push({ ring, chainage: read(f, chainageAt) });
        ringSpeeds.push(mean(ringSpeed));
        ringSpeed = [];
      }
      prev = f;
    }
    expect(p.list).toEqual([]);

    const ringsPerDay = ringStarts.length / 3;
    const waitingShare = waiting / (3 * DAY_S);
    expect(ringsPerDay).toBeGreaterThanOrEqual(7);
    expect(ringsPerDay).toBeLessThanOrEqual(14);
    expect(waitingShare).toBeGreaterThanOrEqual(0.25);
    expect(waitingShare).toBeLessThanOrEqual(0.55);
    // Chainage moves one ring width per ring, in the run's direction, from the start chainage.
    for (let r = 1; r < ringStarts.length; r += 1) {
      const step = ((ringStarts[r]?.chainage ?? 0) - (ringStarts[r - 1]?.chainage ?? 0)) * direction;
      expect(step).toBeGreaterThan((width / 1000) * 0.95);
      expect(step).toBeLessThan((width / 1000) * 1.05);
    }
    const first = ringStarts[0];
    if (!first) throw new Error('no ring started');
    expect(Math.abs(first.chainage - (4219.833 + (direction * (first.ring - 120) * width) / 1000))).toBeLessThan(0.05);
    // Per ring: mean advance speed 30–60 mm/min, 4–6 m³ of grout (small metering noise allowed).
    for (const s of ringSpeeds.slice(1)) expect(s).toBeGreaterThan(25);
    for (const s of ringSpeeds.slice(1)) expect(s).toBeLessThan(65);
    for (const g of ringEndsGrout.slice(1)) expect(g).toBeGreaterThan(3.7);
    for (const g of ringEndsGrout.slice(1)) expect(g).toBeLessThan(6.3);
    const sorted = [...advancePressures].sort((x, y) => x - y);
    expect(sorted[Math.floor(sorted.length * 0.05)]).toBeGreaterThan(100);
    expect(sorted[Math.floor(sorted.length * 0.95)]).toBeLessThan(300);
  });

  it('strokes grow through the advance and retract group by group during the build', () => {
    const o = options('epb');
    const sim = new MachineSimulator(o);
    const strokeAt = [KEY_TAGS.strokeA, KEY_TAGS.strokeB, KEY_TAGS.strokeC, KEY_TAGS.strokeD].map((c) => slot(o.layout, c));
    const erectAt = slot(o.layout, KEY_TAGS.erectMode);
    const frames = run(sim, 4 * 3600, true);
    const buildStart = frames.findIndex((f) => read(f, erectAt) === 1);
    const before = frames[buildStart - 1];
    if (!before || buildStart < 0) throw new Error('no ring build in four hours');
    for (const s of strokeAt) expect(read(before, s)).toBeGreaterThan(1500 + 80);
    const build = frames.slice(buildStart, frames.findIndex((f, i) => i > buildStart && read(f, erectAt) === 0));
    // The order in which groups reach their short stroke: bottom (C) first, top (A, key segment) last.
    const retracted = strokeAt.map((s) => build.findIndex((f) => read(f, s) < 200));
    expect(retracted.every((i) => i > 0)).toBe(true);
    expect(retracted[2]).toBeLessThan(retracted[1] ?? 0);
    expect(retracted[1]).toBeLessThan(retracted[3] ?? 0);
    expect(retracted[3]).toBeLessThan(retracted[0] ?? 0);
  });
});

describe('MachineSimulator full frames', () => {
  const layouts: { name: string; type: MachineType; defs: readonly TagDef[] }[] = [
    { name: 'hand-made EPB list', type: 'epb', defs: syntheticTagDefs('epb') },
    { name: 'hand-made slurry list', type: 'slurry', defs: syntheticTagDefs('slurry') },
    ...catalogues.map(({ type, defs }) => ({ name: `${type} catalogue`, type, defs })),
  ];

  it.each(layouts)('$name: values stay in a loose band around each range and are quantized', ({ type, defs }) => {
    expect(defs.length).toBeGreaterThan(400);
    const layout = new TagLayout(defs);
    const sim = new MachineSimulator(options(type, { layout, seed: 9 }));
    const changes = new Array<number>(defs.length).fill(0);
    const p = problems();
    let prev: Frame | undefined;
    for (let i = 0; i < 6 * 3600; i += 1) {
      const f = sim.next();
      defs.forEach((def, j) => {
        const v = f.values[j] ?? Number.NaN;
        const span = Math.max(def.max - def.min, 1e-9);
        p.check(def.code === KEY_TAGS.chainage || (v >= def.min - 0.3 * span && v <= def.max + 0.3 * span), () => `${def.code} = ${v} at ${i}`);
        const scaled = v * 10 ** def.precision;
        p.check(Math.abs(scaled - Math.round(scaled)) < 1e-6 * Math.max(1, Math.abs(scaled)), () => `${def.code} = ${v} not quantized`);
        p.check(def.kind !== 'flag' || v === 0 || v === 1, () => `flag ${def.code} = ${v}`);
        p.check(def.kind !== 'level' || Number.isInteger(v), () => `level ${def.code} = ${v}`);
        if (prev !== undefined && v !== prev.values[j]) changes[j] = (changes[j] ?? 0) + 1;
      });
      prev = f;
    }
    expect(p.list).toEqual([]);
    const analog = defs.map((d, j) => ({ d, j })).filter(({ d }) => d.kind === 'analog');
    const lively = analog.filter(({ j }) => (changes[j] ?? 0) > 10).length;
    expect(lively / analog.length).toBeGreaterThan(0.8);
  });

  it('conditioning and grouting flows run with the advance and rest near zero while the shield stands', () => {
    const o = options('epb');
    const sim = new MachineSimulator(o);
    const advAt = slot(o.layout, KEY_TAGS.advanceMode);
    const flows = o.layout.tags.map((d, j) => ({ d, j })).filter(({ d }) => /^(foam|grouting)\.line(Air)?Flow/.test(d.code));
    expect(flows.length).toBeGreaterThan(10);
    const frames = run(sim, 12 * 3600);
    for (const { d, j } of flows) {
      const span = d.max - d.min;
      // Skip the first minute of each state: flows ramp up and run down.
      const working = frames.filter((f, i) => i > 60 && read(f, advAt) === 1 && read(frames[i - 60] ?? f, advAt) === 1).map((f) => read(f, j));
      const resting = frames.filter((f, i) => i > 300 && read(f, advAt) === 0 && read(frames[i - 300] ?? f, advAt) === 0).map((f) => read(f, j));
      expect(mean(working), d.code).toBeGreaterThan(d.min + 0.3 * span);
      expect(mean(resting), d.code).toBeLessThan(d.min + 0.05 * span);
    }
  });

  it('carries face support on the EPB chamber sensor and on the slurry bubble', () => {
    for (const { type, defs } of catalogues.length > 0 ? catalogues : [{ type: 'epb' as const, defs: syntheticTagDefs('epb') }]) {
      const layout = new TagLayout(defs);
      const own = type === 'epb' ? KEY_TAGS.earthPressureTop : KEY_TAGS.bubblePressure;
      const other = type === 'epb' ? KEY_TAGS.bubblePressure : KEY_TAGS.earthPressureTop;
      expect(layout.indexOf(other)).toBe(-1);
      const frames = run(new MachineSimulator(options(type, { layout })), 3600, true);
      const face = frames.map((f) => read(f, slot(layout, own)));
      expect(Math.min(...face)).toBeGreaterThan(0.9);
      expect(Math.max(...face)).toBeLessThan(2.8);
    }
  });
});

describe('MachineSimulator state', () => {
  it('continues identically after a snapshot stored as JSON and restored into a new simulator', () => {
    const o = options('slurry', { profile: {} });
    const a = new MachineSimulator(o);
    run(a, 5000);
    const stored: unknown = JSON.parse(JSON.stringify(a.snapshot()));
    const b = new MachineSimulator(o);
    b.restore(structuredClone(a.snapshot()));
    expect(JSON.parse(JSON.stringify(b.snapshot()))).toEqual(stored);
    expect(b.nextTs).toBe(a.nextTs);
    expect(b.phase()).toEqual(a.phase());
    expect(firstDifference(run(b, 3000), run(a, 3000))).toBeNull();
  });

  it('refuses a snapshot of another machine', () => {
    const snapshot = new MachineSimulator(options('epb')).snapshot();
    expect(() => new MachineSimulator(options('epb', { seed: 5 })).restore(snapshot)).toThrow();
  });

  it('skipTo lands on the same frames as stepping through', () => {
    const o = options('epb');
    const stepped = run(new MachineSimulator(o), 20_000, true).slice(-100);
    const skipper = new MachineSimulator(o);
    skipper.skipTo(START + 19_900 * 1000 - 500);
    expect(skipper.nextTs).toBe(START + 19_900 * 1000);
    expect(firstDifference(run(skipper, 100, true), stepped)).toBeNull();
  });

  it('phase() agrees with the frame it follows', () => {
    const o = options('epb');
    const sim = new MachineSimulator(o);
    const [advAt, erectAt, ringAt] = [KEY_TAGS.advanceMode, KEY_TAGS.erectMode, KEY_TAGS.ringNo].map((c) => slot(o.layout, c));
    const strokeAt = [KEY_TAGS.strokeA, KEY_TAGS.strokeB, KEY_TAGS.strokeC, KEY_TAGS.strokeD].map((c) => slot(o.layout, c));
    const seen = new Set<string>();
    expect(sim.phase()).toMatchObject({ state: 'advance', ringNo: 120 });
    for (let i = 0; i < 6 * 3600; i += 1) {
      const f = sim.nextKeyOnly();
      const p = sim.phase();
      seen.add(p.state);
      const expected = read(f, advAt) === 1 ? 'advance' : read(f, erectAt) === 1 ? 'ringBuild' : 'waiting';
      expect(p.state).toBe(expected);
      expect(p.ringNo).toBe(read(f, ringAt));
      expect(Math.abs(p.stroke - mean(strokeAt.map((s) => read(f, s))))).toBeLessThan(1);
    }
    expect([...seen].sort()).toEqual(['advance', 'ringBuild', 'waiting']);
  });

  it('drops sensors for 5–60 s when faults are on, and never when they are off', () => {
    const keyCodes = new Set<string>(Object.values(KEY_TAGS));
    const keyDefs = syntheticTagDefs('epb').filter((d) => keyCodes.has(d.code));
    const layout = new TagLayout(keyDefs);
    const missingRuns = (faults: boolean): number[] => {
      const sim = new MachineSimulator(options('epb', { layout, profile: { faults } }));
      const runs: number[] = [];
      const open = new Array<number>(layout.size).fill(0);
      for (let i = 0; i < 2 * DAY_S; i += 1) {
        const f = sim.nextKeyOnly();
        if (f.values.every((v) => Number.isNaN(v))) continue;
        f.values.forEach((v, j) => {
          const length = open[j] ?? 0;
          if (Number.isNaN(v)) open[j] = length + 1;
          else if (length > 0) {
            runs.push(length);
            open[j] = 0;
          }
        });
      }
      return runs;
    };
    expect(missingRuns(false)).toEqual([]);
    const runs = missingRuns(true);
    expect(runs.length).toBeGreaterThan(10);
    expect(Math.min(...runs)).toBeGreaterThanOrEqual(5);
    expect(Math.max(...runs)).toBeLessThanOrEqual(60);
  });
});
