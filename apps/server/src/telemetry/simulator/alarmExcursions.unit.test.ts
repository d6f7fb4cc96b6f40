import { type MachineType, tagCatalogue } from '@boreline/contracts';
import { describe, expect, it } from 'vitest';
import { TagLayout } from '../frame.js';
import { EXCURSION_POINTS, excursionLimits, hasStuckSensor, STUCK_SENSOR_AFTER_S } from './alarmExcursions.js';
import { MachineSimulator } from './machineSimulator.js';
import { defaultProfile } from './simProfile.js';

const START = Date.UTC(2026, 10, 1, 0, 0, 0);
const DAY_S = 86_400;

/** Seconds past a limit, and how often a point went past it (a rising edge each time). */
function crossings(values: readonly number[], past: (v: number) => boolean) {
  let edges = 0;
  let seconds = 0;
  let was = false;
  for (const v of values) {
    const now = !Number.isNaN(v) && past(v);
    if (now && !was) edges += 1;
    if (now) seconds += 1;
    was = now;
  }
  return { edges, seconds };
}

function simulate(machineType: MachineType, seed: number, days: number, alarmExcursions: boolean) {
  const layout = new TagLayout(tagCatalogue(machineType));
  const sim = new MachineSimulator({
    runId: 1,
    seed,
    layout,
    machineType,
    ringWidthMm: machineType === 'epb' ? 1500 : 2000,
    startChainage: 1000,
    direction: 1,
    startRing: 100,
    startTs: START,
    profile: { faults: false, alarmExcursions },
  });
  const codes: string[] = [EXCURSION_POINTS.barrelLevel, EXCURSION_POINTS.gearOilTemperature, EXCURSION_POINTS.tankTemperature, EXCURSION_POINTS.torque, EXCURSION_POINTS.thrust, EXCURSION_POINTS.filter, machineType === 'epb' ? EXCURSION_POINTS.earthPressure : EXCURSION_POINTS.bubblePressure];
  const series = new Map(codes.map((code) => [code, [] as number[]]));
  const buffer = layout.emptyValues();
  for (let i = 0; i < days * DAY_S; i += 1) {
    const frame = sim.next(buffer);
    for (const code of codes) series.get(code)?.push(frame.values[layout.indexOf(code)] ?? Number.NaN);
  }
  return (code: string) => series.get(code) ?? [];
}

describe('alarm excursions of the simulated machine', { timeout: 90_000 }, () => {
  it.each(['epb', 'slurry'] as const)('%s: the watched points cross the demo limits a few times a day, and only through the episodes', (machineType) => {
    const days = 3;
    const limits = excursionLimits(machineType, defaultProfile(machineType));
    const face = machineType === 'epb' ? EXCURSION_POINTS.earthPressure : EXCURSION_POINTS.bubblePressure;
    const count = (read: (code: string) => number[]) => ({
      gearOil: crossings(read(EXCURSION_POINTS.gearOilTemperature), (v) => v > limits.gearOilTemperature.highWarn),
      tank: crossings(read(EXCURSION_POINTS.tankTemperature), (v) => v > limits.tankTemperature.highWarn),
      torque: crossings(read(EXCURSION_POINTS.torque), (v) => v > limits.torque.highWarn),
      thrust: crossings(read(EXCURSION_POINTS.thrust), (v) => v > limits.thrust.highWarn),
      filter: crossings(read(EXCURSION_POINTS.filter), (v) => v > limits.filter.highWarn),
      face: crossings(read(face), (v) => v < limits.face.lowWarn),
    });
    const withEpisodes = count(simulate(machineType, 11, days, true));
    const without = count(simulate(machineType, 11, days, false));
    // Temperatures warm past their limit over minutes, not seconds.
    const warmups = withEpisodes.gearOil.edges + withEpisodes.tank.edges;
    expect(warmups).toBeGreaterThanOrEqual(1);
    expect(withEpisodes.gearOil.seconds + withEpisodes.tank.seconds).toBeGreaterThan(warmups * 300);
    // Hard ground: a few torque or thrust peaks.
    expect(withEpisodes.torque.edges + withEpisodes.thrust.edges).toBeGreaterThanOrEqual(2);
    // The episodes add alarms: without them the points stay (nearly) inside.
    const total = (c: ReturnType<typeof count>) => Object.values(c).reduce((sum, x) => sum + x.seconds, 0);
    expect(total(withEpisodes)).toBeGreaterThan(total(without) * 2);
    // Everything that crosses, warm-ups to face dips, stays within what a shift can handle per day.
    const edges = Object.values(withEpisodes).reduce((sum, x) => sum + x.edges, 0);
    expect(edges / days).toBeLessThan(400);
  });

  it('a face that sags onto its low limit chatters: it crosses it again and again within minutes', () => {
    // Many days: a chatter episode happens about once a day.
    const read = simulate('epb', 23, 4, true);
    const limits = excursionLimits('epb', defaultProfile('epb'));
    const face = read(EXCURSION_POINTS.earthPressure);
    const below = face.map((v) => v < limits.face.lowWarn);
    let best = 0;
    for (let i = 0; i + 60 < below.length; i += 30) {
      let edges = 0;
      for (let j = i + 1; j < i + 60; j += 1) if (below[j] && !below[j - 1]) edges += 1;
      best = Math.max(best, edges);
    }
    expect(best).toBeGreaterThanOrEqual(3);
    expect(face.reduce((min, v) => (Number.isNaN(v) ? min : Math.min(min, v)), Infinity)).toBeGreaterThan(limits.face.lowAlarm);
  });

  it('a machine with a stuck barrel-level sensor reads low from then on (a stale alarm); the others read their working level', () => {
    const stuck = [1, 2, 3, 4, 5, 6, 7, 8].find((seed) => hasStuckSensor(seed));
    const healthy = [1, 2, 3, 4, 5, 6, 7, 8].find((seed) => !hasStuckSensor(seed));
    if (stuck === undefined || healthy === undefined) throw new Error('seeds 1–8 should include both');
    const limits = excursionLimits('epb', defaultProfile('epb'));
    const level = (seed: number) => simulate('epb', seed, 0.5, true)(EXCURSION_POINTS.barrelLevel);
    const stuckLevel = level(stuck);
    expect(stuckLevel.slice(0, STUCK_SENSOR_AFTER_S - 60).every((v) => v > limits.barrelLevel.lowWarn)).toBe(true);
    expect(stuckLevel.slice(STUCK_SENSOR_AFTER_S + 1).every((v) => v > limits.barrelLevel.lowAlarm && v < limits.barrelLevel.lowWarn)).toBe(true);
    expect(level(healthy).every((v) => v > limits.barrelLevel.lowWarn)).toBe(true);
  });
});
