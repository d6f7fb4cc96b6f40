import { describe, expect, it } from 'vitest';
import {
  chainageAtDistance,
  distanceAtChainage,
  distancesAlong,
  type DriveStationing,
  lineBetween,
  pixelOf,
  placeAtChainage,
  placeAtDistance,
  ringAtDistance,
  ringDistances,
  type StationedPoint,
  valueOf,
} from './alignment.js';

const MM = 0.001;

describe('stationing with station equations', () => {
  // Rising drive from 1+000; at 1+500 the line goes on as 1+520 (a gap of 20 m of chainage).
  const gap: DriveStationing = { startChainage: 1000, endChainage: 2500, equations: [{ back: 1500, ahead: 1520 }] };
  // At 1+500 the line goes on as 1+480 (20 m of chainage exist twice).
  const overlap: DriveStationing = { startChainage: 1000, endChainage: 2500, equations: [{ back: 1500, ahead: 1480 }] };
  const rings = { startRing: 1, ringWidthM: 1.5 };

  it('a gap: the chainage jumps ahead at the break while the distance bored goes on', () => {
    expect(chainageAtDistance(gap, 499)).toBeCloseTo(1499, 9);
    expect(chainageAtDistance(gap, 500)).toBeCloseTo(1520, 9);
    expect(chainageAtDistance(gap, 501)).toBeCloseTo(1521, 9);
    expect(distanceAtChainage(gap, 1521)).toBeCloseTo(501, 9);
    // A chainage inside the gap lies on no stretch: the break's distance.
    expect(distanceAtChainage(gap, 1510)).toBeCloseTo(500, 9);
    // Ring 334 spans distance 499.5 to 501: it starts at 1+499.5 and ends at 1+521, 1.5 m of tunnel.
    const { from, to } = ringDistances(rings, 334);
    expect([from, to]).toEqual([499.5, 501]);
    expect(chainageAtDistance(gap, from)).toBeCloseTo(1499.5, 9);
    expect(chainageAtDistance(gap, to)).toBeCloseTo(1521, 9);
    expect(ringAtDistance(rings, distanceAtChainage(gap, 1521))).toBe(335);
    expect(ringAtDistance(rings, distanceAtChainage(gap, 1520.9))).toBe(334);
  });

  it('an overlap: a chainage met twice is read where the machine meets it first; beyond the break it counts on', () => {
    expect(chainageAtDistance(overlap, 500)).toBeCloseTo(1480, 9);
    expect(chainageAtDistance(overlap, 520)).toBeCloseTo(1500, 9);
    expect(distanceAtChainage(overlap, 1490)).toBeCloseTo(490, 9);
    // 1+501 exists only after the break: 20 m beyond it plus 1 m.
    expect(distanceAtChainage(overlap, 1501)).toBeCloseTo(521, 9);
    expect(ringAtDistance(rings, distanceAtChainage(overlap, 1501))).toBe(348);
    // Rings across the break: ring 334 ends at 1+481 after starting at 1+499.5.
    const { from, to } = ringDistances(rings, 334);
    expect(chainageAtDistance(overlap, from)).toBeCloseTo(1499.5, 9);
    expect(chainageAtDistance(overlap, to)).toBeCloseTo(1481, 9);
  });

  it('a falling drive with an equation counts the distance the other way', () => {
    const falling: DriveStationing = { startChainage: 3000, endChainage: 1000, equations: [{ back: 2500, ahead: 2510 }] };
    expect(chainageAtDistance(falling, 500)).toBeCloseTo(2510, 9);
    expect(chainageAtDistance(falling, 510)).toBeCloseTo(2500, 9);
    expect(distanceAtChainage(falling, 2400)).toBeCloseTo(610, 9);
    expect(distanceAtChainage(falling, 3010)).toBeCloseTo(-10, 9);
  });
});

describe('a stationed line', () => {
  const straight: DriveStationing = { startChainage: 0, endChainage: 10_000, equations: [] };

  it('places a chainage on a curve at its arc length along the arc, within a millimetre', () => {
    // A 90° arc of radius 300 m drawn with vertices every 1 m of arc, each stationed with its arc length.
    const radius = 300;
    const arcLength = (Math.PI / 2) * radius;
    const vertices: StationedPoint[] = [];
    for (let s = 0; s <= arcLength; s += 1) vertices.push({ x: radius * Math.sin(s / radius), y: radius - radius * Math.cos(s / radius), chainage: s });
    const onArc = (s: number) => ({ x: radius * Math.sin(s / radius), y: radius - radius * Math.cos(s / radius) });
    for (const s of [0, 0.4, 57.25, 123.75, 200.5, 400.1, arcLength - 1]) {
      const place = placeAtChainage(vertices, straight, s);
      const expected = onArc(s);
      expect(place).not.toBeNull();
      expect(Math.hypot((place?.x ?? 0) - expected.x, (place?.y ?? 0) - expected.y)).toBeLessThan(MM);
    }
    // The direction of travel turns with the arc: 45° half way.
    expect(placeAtChainage(vertices, straight, arcLength / 2)?.angle).toBeCloseTo(Math.PI / 4, 2);
  });

  it('spreads the chainage over the drawn length between two marks (a drawing whose scale changes)', () => {
    // Pixels: the first 100 m drawn 200 px long, the next 100 m drawn 50 px long.
    const marks: StationedPoint[] = [
      { x: 0, y: 0, chainage: 1000 },
      { x: 200, y: 0, chainage: 1100 },
      { x: 200, y: 50, chainage: 1200 },
    ];
    const drive: DriveStationing = { startChainage: 1000, endChainage: 2000, equations: [] };
    expect(placeAtChainage(marks, drive, 1050)).toMatchObject({ x: 100, y: 0 });
    expect(placeAtChainage(marks, drive, 1150)).toMatchObject({ x: 200, y: 25 });
  });

  it('extends straight beyond either end at the nearest stretch scale', () => {
    const marks: StationedPoint[] = [
      { x: 10, y: 10, chainage: 100 },
      { x: 30, y: 10, chainage: 110 },
      { x: 30, y: 50, chainage: 130 },
    ];
    const drive: DriveStationing = { startChainage: 100, endChainage: 500, equations: [] };
    // 2 px per metre on the first stretch: 5 m before the start is 10 px before it.
    const before = placeAtChainage(marks, drive, 95);
    expect(before?.x).toBeCloseTo(0, 9);
    expect(before?.y).toBeCloseTo(10, 9);
    // 2 px per metre on the last stretch, heading +y: 10 m beyond is 20 px beyond.
    const beyond = placeAtChainage(marks, drive, 140);
    expect(beyond?.x).toBeCloseTo(30, 9);
    expect(beyond?.y).toBeCloseTo(70, 9);
    expect(beyond?.angle).toBeCloseTo(Math.PI / 2, 9);
  });

  it('reads a vertex stationed in an overlap after its break as after the break', () => {
    // At 1+500 the line goes on as 1+480: 1+490 exists twice, 10 m before and 10 m after the break.
    const drive: DriveStationing = { startChainage: 1000, endChainage: 2000, equations: [{ back: 1500, ahead: 1480 }] };
    const line: StationedPoint[] = [
      { x: 0, y: 0, chainage: 1000 },
      { x: 490, y: 0, chainage: 1490 },
      { x: 510, y: 0, chainage: 1490 },
      { x: 600, y: 0, chainage: 1580 },
    ];
    expect(distancesAlong(drive, line.map((p) => p.chainage))).toEqual([0, 490, 510, 600]);
    expect(placeAtDistance(line, drive, 505)?.x).toBeCloseTo(505, 9);
    expect(placeAtDistance(line, drive, 550)?.x).toBeCloseTo(550, 9);
    expect(lineBetween(line, drive, 480, 520).map((p) => p.x)).toEqual([480, 490, 510, 520]);
  });

  it('does not bend at a station equation: the place follows the distance bored', () => {
    const drive: DriveStationing = { startChainage: 0, endChainage: 1000, equations: [{ back: 100, ahead: 150 }] };
    // A straight line in the grid, 1 unit per metre bored; the vertex beyond the break is stationed 1+160 (110 m bored).
    const line: StationedPoint[] = [
      { x: 0, y: 0, chainage: 0 },
      { x: 110, y: 0, chainage: 160 },
    ];
    expect(placeAtChainage(line, drive, 99)?.x).toBeCloseTo(99, 9);
    expect(placeAtChainage(line, drive, 151)?.x).toBeCloseTo(101, 9);
    expect(placeAtDistance(line, drive, 105)?.x).toBeCloseTo(105, 9);
    // The part of the line of a ring across the break is one piece.
    expect(lineBetween(line, drive, 99, 102).map((p) => Math.round(p.x))).toEqual([99, 102]);
  });
});

describe('section axes', () => {
  const chainageAxis = { a: { pixel: 100, value: 1000 }, b: { pixel: 900, value: 1400 } };
  // Levels grow upwards while pixels grow downwards.
  const levelAxis = { a: { pixel: 50, value: 20 }, b: { pixel: 450, value: -20 } };

  it('maps values to pixels and back, either way up', () => {
    expect(pixelOf(chainageAxis, 1200)).toBe(500);
    expect(valueOf(chainageAxis, 500)).toBe(1200);
    expect(pixelOf(levelAxis, 0)).toBe(250);
    expect(pixelOf(levelAxis, -10)).toBe(350);
    expect(valueOf(levelAxis, 150)).toBe(10);
    // Outside the marks the axis goes on.
    expect(pixelOf(chainageAxis, 1500)).toBe(1100);
  });

  it('answers null for marks that cannot make an axis', () => {
    expect(pixelOf({ a: { pixel: 1, value: 5 }, b: { pixel: 9, value: 5 } }, 5)).toBeNull();
    expect(valueOf({ a: { pixel: 4, value: 1 }, b: { pixel: 4, value: 9 } }, 4)).toBeNull();
  });
});
