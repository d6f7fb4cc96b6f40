import { KEY_TAGS as K } from '@boreline/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CycleEngine } from './cycleEngine.js';
import { CycleScenario, MIN, runEngine, splitEvents, testLayout } from './cycleScenario.fixture.js';
import { parseCycleSnapshot } from './cycleSnapshot.js';
import type { CycleEvent, StateInterval } from './cycleTypes.js';
import { attributeRing, cutIntervals, shiftOccurrences } from '../../core/shiftCutter.js';

/** 2026-03-10 06:20 in Rome (UTC+1). */
const T0 = Date.UTC(2026, 2, 10, 5, 20);
const ROME = 'Europe/Rome';
const minutes = (ms: number): number => ms / MIN;
const brief = (i: StateInterval) => [i.state, minutes(i.start - T0), minutes(i.end - T0), i.ringNo];

describe('CycleEngine: a normal day', () => {
  const s = new CycleScenario(testLayout(), { start: T0, ringNo: 100, chainage: 4219.833 });
  s.set({ [K.headHorizontal]: 12, [K.headVertical]: -8, [K.tailGapTop]: 31, [K.tailGapBottom]: 27 });
  for (let i = 0; i < 10; i++) {
    s.nextRing()
      .advance(20 * 60, { speed: 30, thrust: 14_000, torque: 2_000, grout: 2.5, foam: 1 })
      .advance(25 * 60, { speed: 36, thrust: 17_000, torque: 3_000, grout: 2.5, foam: 1 })
      .set({ [K.tailGapTop]: 30 + i })
      .build(40 * 60)
      .wait((10 + i) * 60);
  }
  s.nextRing().advance(10 * 60);
  const { rings, intervals } = runEngine(s);

  it('closes one record per ring, numbered by the PLC counter', () => {
    expect(rings.map((r) => r.ringNo)).toEqual([101, 102, 103, 104, 105, 106, 107, 108, 109, 110]);
  });

  it('splits each ring into 45 min advance, 40 min building and its waiting, adding up to its span', () => {
    rings.forEach((r, i) => {
      expect(minutes(r.advanceMs)).toBe(45);
      expect(minutes(r.ringBuildMs)).toBe(40);
      expect(minutes(r.waitingMs)).toBe(10 + i);
      expect(r.advanceMs + r.ringBuildMs + r.waitingMs).toBe(r.end - r.start);
      expect(r.frames).toBe((r.end - r.start) / 1000);
    });
    for (let i = 1; i < rings.length; i++) expect(rings[i]?.start).toBe(rings[i - 1]?.end);
    expect(rings[0]?.start).toBe(T0);
  });

  it('aggregates advance parameters over advance frames only', () => {
    for (const r of rings) {
      // (20 min × 30 + 25 min × 36) / 45 min; building frames (thrust 4,000 kN) are left out.
      expect(r.speedAvg).toBeCloseTo(100 / 3, 9);
      expect(r.speedMax).toBe(36);
      expect(r.thrustAvg).toBeCloseTo((20 * 14_000 + 25 * 17_000) / 45, 6);
      expect(r.thrustMax).toBe(17_000);
      expect(r.torqueAvg).toBeCloseTo((20 * 2_000 + 25 * 3_000) / 45, 6);
      expect(r.torqueMax).toBe(3_000);
      expect(r.penetrationAvg).toBeCloseTo((20 * 18.75 + 25 * 22.5) / 45, 9);
      expect(r.facePressureAvg).toBeCloseTo(1.8, 9);
      expect(r.groutPressureAvg).toBeCloseTo(3, 9);
      expect(r.groutVolume).toBeCloseTo(5, 6);
      expect(r.foamVolume).toBeCloseTo(2, 6);
      expect(r.bentoniteVolume).toBe(0);
    }
  });

  it('records chainage at ring start and end (1.5 m per ring) and guidance at ring end', () => {
    rings.forEach((r, i) => {
      expect(r.startChainage).toBeCloseTo(4219.833 + 1.5 * i, 6);
      expect(r.endChainage).toBeCloseTo(4219.833 + 1.5 * (i + 1), 6);
      expect(r.tailGapTop).toBe(30 + i);
      expect(r.headHorizontal).toBe(12);
      expect(r.tailGapLeft).toBeNull();
    });
  });

  it('emits advance, building and waiting intervals inside each ring', () => {
    expect(intervals).toHaveLength(30);
    expect(intervals.slice(0, 3).map(brief)).toEqual([
      ['advance', 0, 45, 101],
      ['ringBuild', 45, 85, 101],
      ['waiting', 85, 95, 101],
    ]);
  });
});

describe('CycleEngine: standby and shifts', () => {
  it('counts a 6 h cutter change inside a ring as that ring’s waiting time', () => {
    const s = new CycleScenario(testLayout(), { start: T0, ringNo: 40 })
      .ring(30 * 60, 40 * 60, 10 * 60)
      .nextRing()
      .advance(20 * 60)
      .wait(6 * 60 * 60)
      .advance(25 * 60)
      .build(40 * 60)
      .wait(10 * 60)
      .ring(30 * 60, 40 * 60, 10 * 60);
    const { rings, intervals } = runEngine(s);
    const ring42 = rings.find((r) => r.ringNo === 42);
    expect(minutes(ring42?.waitingMs ?? 0)).toBe(370);
    expect(minutes(ring42?.advanceMs ?? 0)).toBe(45);
    expect(intervals.filter((i) => i.ringNo === 42).map((i) => i.state)).toEqual([
      'advance',
      'waiting',
      'advance',
      'ringBuild',
      'waiting',
    ]);
  });

  it('cuts a ring that spans the 07:00 shift change and credits it to the shift it ended in', () => {
    const s = new CycleScenario(testLayout(), { start: T0, ringNo: 9 }).ring(45 * 60, 40 * 60, 5 * 60);
    s.nextRing().advance(60);
    const { rings, intervals } = runEngine(s);
    const shifts = [
      { id: 'day', name: 'Day', start: '07:00', end: '19:00' },
      { id: 'night', name: 'Night', start: '19:00', end: '07:00' },
    ];
    const occ = shiftOccurrences(shifts, T0 - 24 * 60 * MIN, T0 + 24 * 60 * MIN, ROME);
    const pieces = cutIntervals(intervals, occ).map((p) => [p.shiftId, p.date, p.state, minutes(p.durationMs)]);
    expect(pieces).toEqual([
      ['night', '2026-03-09', 'advance', 40],
      ['day', '2026-03-10', 'advance', 5],
      ['day', '2026-03-10', 'ringBuild', 40],
      ['day', '2026-03-10', 'waiting', 5],
    ]);
    const ring = rings[0];
    expect(ring?.ringNo).toBe(10);
    expect(ring && attributeRing(ring, occ)).toMatchObject({ shiftId: 'day', date: '2026-03-10' });
  });
});

describe('CycleEngine: debounce, gaps and order', () => {
  it('ignores state flicker shorter than 20 s and commits longer changes from their first frame', () => {
    const s = new CycleScenario(testLayout(), { start: T0 })
      .wait(10 * 60)
      .build(15)
      .wait(10 * 60)
      .advance(10 * 60)
      .wait(19)
      .advance(10 * 60)
      .wait(25)
      .advance(10 * 60);
    const { intervals } = runEngine(s, { flushAt: s.ts });
    const t = (sec: number): number => minutes(sec * 1000);
    expect(intervals.map(brief)).toEqual([
      ['waiting', 0, t(1215), null],
      ['advance', t(1215), t(2434), 1],
      ['waiting', t(2434), t(2459), 1],
      ['advance', t(2459), t(3059), 1],
    ]);
  });

  it('leaves a data gap out of every interval: a gap is not waiting', () => {
    const s = new CycleScenario(testLayout(), { start: T0, ringNo: 4 })
      .nextRing()
      .advance(10 * 60)
      .gap(300)
      .advance(10 * 60)
      .build(30 * 60)
      .wait(30 * 60)
      .gap(2 * 60 * 60)
      .wait(30 * 60)
      .ring(60, 0, 0);
    const { rings, intervals } = runEngine(s);
    expect(intervals.map(brief)).toEqual([
      ['advance', 0, 599 / 60, 5],
      ['advance', 15, 25, 5],
      ['ringBuild', 25, 55, 5],
      ['waiting', 55, 5099 / 60, 5],
      ['waiting', 205, 235, 5],
    ]);
    const ring = rings[0];
    expect(minutes(ring?.waitingMs ?? 0)).toBe(3599 / 60);
    expect(minutes((ring?.end ?? 0) - (ring?.start ?? 0))).toBe(235);
  });

  it("keeps the cutterhead's mean rotation over the advance only (its revolutions are that times the advance time)", () => {
    const s = new CycleScenario(testLayout(), { start: T0 }).nextRing();
    for (let i = 0; i < 30; i++) s.advance(30, { speed: 40, tags: { [K.cutterSpeed]: i % 2 === 0 ? 1.6 : 2 } });
    s.ring(60, 0, 0);
    const { rings } = runEngine(s);
    expect(rings[0]?.cutterSpeedAvg).toBeCloseTo(1.8, 9);
  });

  it('never reads a missing value as zero', () => {
    const s = new CycleScenario(testLayout(), { start: T0 }).nextRing();
    for (let i = 0; i < 30; i++) s.advance(30, { speed: 40 }).advance(30, { tags: { [K.advanceSpeed]: NaN } });
    s.ring(60, 0, 0);
    const { rings, intervals } = runEngine(s);
    expect(intervals.map(brief)).toEqual([['advance', 0, 30, 2]]);
    expect(rings[0]?.speedAvg).toBe(40);
  });

  it('ignores frames older than the last one, whatever they say', () => {
    const s = new CycleScenario(testLayout(), { start: T0 }).ring(45 * 60, 40 * 60, 10 * 60).ring(60, 0, 0);
    const baseline = runEngine(s).events;
    const stale = new CycleScenario(testLayout(), { start: T0 - 5_000 }).build(40 * 60).frames;
    const engine = new CycleEngine({ runId: s.runId, layout: s.layout, ringWidthMm: 1500 });
    const events: CycleEvent[] = [];
    s.frames.forEach((frame, i) => {
      events.push(...engine.push(frame));
      const old = stale[i];
      if (i > 0 && i % 97 === 0 && old) expect(engine.push(old)).toEqual([]);
      expect(engine.push(frame)).toEqual([]);
    });
    expect(events).toEqual(baseline);
  });
});

describe('CycleEngine: snapshot and resume', () => {
  const s = new CycleScenario(testLayout(), { start: T0, ringNo: 7 })
    .ring(12 * 60, 10 * 60, 3 * 60, { grout: 4 })
    .nextRing()
    .advance(5 * 60)
    .wait(12)
    .advance(5 * 60)
    .gap(600)
    .build(8 * 60)
    .build(1, { tags: { [K.erectMode]: NaN } })
    .wait(30)
    .ring(10 * 60, 9 * 60, 2 * 60)
    .ring(60, 0, 0);
  const { events: uninterrupted } = runEngine(s, { endChainage: null, flushAt: s.ts + 5_000 });

  it('continues from a JSON snapshot exactly as an uninterrupted run, wherever the stream is cut', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: s.frames.length }), (cut) => {
        const options = { runId: s.runId, layout: s.layout, ringWidthMm: 1500 };
        const first = new CycleEngine(options);
        const events: CycleEvent[] = [];
        for (const frame of s.frames.slice(0, cut)) events.push(...first.push(frame));
        // What a store keeps: the snapshot as JSON text.
        const saved = parseCycleSnapshot(JSON.stringify(first.snapshot()));
        expect(saved).toEqual(first.snapshot());
        const second = new CycleEngine(saved ? { ...options, state: saved } : options);
        for (const frame of s.frames.slice(cut)) events.push(...second.push(frame));
        events.push(...second.flush(s.ts + 5_000));
        expect(events).toEqual(uninterrupted);
      }),
      { numRuns: 60 },
    );
  });
});

describe('parseCycleSnapshot', () => {
  it('rejects text that is not a snapshot of this version, so the engine starts afresh', () => {
    const engine = new CycleEngine({ runId: 1, layout: testLayout(), ringWidthMm: 1500 });
    const good = engine.snapshot();
    expect(parseCycleSnapshot(JSON.stringify(good))).toEqual(good);
    expect(parseCycleSnapshot('{"version":2}')).toBeUndefined();
    expect(parseCycleSnapshot(JSON.stringify({ ...good, held: {} }))).toBeUndefined();
    expect(parseCycleSnapshot('not json')).toBeUndefined();
  });
});

describe('CycleEngine: finish and ring counter oddities', () => {
  it.each([1, -1] as const)('finishes once the end chainage is reached (direction %i)', (direction) => {
    const s = new CycleScenario(testLayout(), { start: T0, chainage: 500, direction, ringNo: 0 });
    for (let i = 0; i < 3; i++) s.ring(45 * 60, 40 * 60, 10 * 60, { speed: 1500 / 45 });
    const end = 500 + direction * 4.5;
    s.wait(2 * 60 * 60);
    const { rings, intervals, engine } = runEngine(s, { endChainage: end, flushAt: s.ts });
    expect(rings.map((r) => [r.ringNo, minutes(r.end - r.start)])).toEqual([
      [1, 95],
      [2, 95],
      [3, 85],
    ]);
    expect(intervals.at(-1)).toMatchObject({ state: 'finish', ringNo: null, start: T0 + 275 * MIN, end: s.ts });
    expect(engine.current().state).toBeNull();
  });

  it('reports the finish state as current while it lasts', () => {
    const s = new CycleScenario(testLayout(), { start: T0, chainage: 10 }).ring(45 * 60, 40 * 60, 5 * 60);
    const { engine } = runEngine(s, { endChainage: 11.5 });
    expect(engine.current()).toEqual({ state: 'finish', since: T0 + 85 * MIN, ringNo: null });
  });

  it('starts a new ring when the PLC counter jumps ahead or resets', () => {
    const s = new CycleScenario(testLayout(), { start: T0, ringNo: 100 })
      .ring(30 * 60, 30 * 60, 5 * 60)
      .ring(30 * 60, 30 * 60, 5 * 60)
      .nextRing(105)
      .advance(30 * 60)
      .build(30 * 60)
      .nextRing(1)
      .advance(30 * 60)
      .build(30 * 60)
      .ring(60, 0, 0);
    const { rings } = runEngine(s);
    expect(rings.map((r) => [r.ringNo, minutes(r.end - r.start)])).toEqual([
      [101, 65],
      [102, 65],
      [105, 60],
      [1, 60],
    ]);
  });

  it('numbers rings itself when the machine has no ring counter', () => {
    const s = new CycleScenario(testLayout('epb', [K.ringNo]), { start: T0 })
      .ring(30 * 60, 30 * 60, 5 * 60)
      .nextRing()
      .advance(10 * 60)
      .wait(30 * 60)
      .advance(20 * 60)
      .build(30 * 60)
      .ring(60, 0, 0);
    const { rings } = runEngine(s);
    expect(rings.map((r) => [r.ringNo, minutes(r.advanceMs), minutes(r.waitingMs)])).toEqual([
      [1, 30, 5],
      [2, 30, 30],
    ]);
  });

  it('detects the advance from speeds when the machine has no advance-mode flag', () => {
    const s = new CycleScenario(testLayout('epb', [K.advanceMode]), { start: T0 })
      .ring(30 * 60, 30 * 60, 5 * 60)
      .nextRing()
      .advance(60 * 60, { cutter: 0 })
      .ring(60, 0, 0);
    const { rings } = runEngine(s);
    // Thrusting with a stopped cutterhead is not an advance without the flag: the ring waits.
    expect(rings.map((r) => [r.ringNo, minutes(r.advanceMs), minutes(r.waitingMs)])).toEqual([[2, 30, 65]]);
  });

  it('takes the face pressure of a slurry machine from the bubble chamber', () => {
    const s = new CycleScenario(testLayout('slurry'), { start: T0 }).ring(30 * 60, 30 * 60, 0, { facePressure: 2.4 });
    s.ring(60, 0, 0);
    const { rings } = runEngine(s);
    expect(rings[0]?.facePressureAvg).toBeCloseTo(2.4, 9);
  });
});

describe('splitEvents', () => {
  it('keeps the event order', () => {
    const s = new CycleScenario(testLayout(), { start: T0 }).ring(60, 60, 60).ring(60, 0, 0);
    const { events } = runEngine(s);
    expect(splitEvents(events).events.map((e) => e.type)).toEqual(['interval', 'interval', 'interval', 'ring']);
  });
});
