import { segmentContract as s } from '@boreline/contracts';
import type { Advice, SegmentPose, SegmentStatistics, TailClearance, TailGap } from './api.js';

export const T0 = Date.UTC(2026, 10, 24, 8, 0, 0);

/** A ring's attitude of the Milan run as the server answers it; overrides set what a test is about. */
export function pose(id: number, ringNo: number, overrides: Partial<SegmentPose> = {}): SegmentPose {
  return {
    id,
    runId: 1,
    ringNo,
    state: 'confirmed',
    source: 'import',
    band: 'ok',
    updatedAt: T0,
    updatedBy: { id: 5, name: 'Giulia Rossi' },
    chainage: 4219.833 + 1.5 * ringNo,
    horizontalDeviation: 12,
    elevationDeviation: -8,
    remark: null,
    segmentType: 'Universal',
    ringWidth: 1500,
    kPosition: 'K3',
    ...overrides,
  };
}

/** Ring 461 within tolerance, 462 a warning (+64 mm right), 463 a machine draft in alarm (−112 mm below). */
export const POSES: SegmentPose[] = [
  pose(3, 463, { state: 'draft', source: 'machine', band: 'alarm', horizontalDeviation: 30, elevationDeviation: -112, updatedBy: null, kPosition: 'K14' }),
  pose(2, 462, { band: 'warning', horizontalDeviation: 64, kPosition: 'K5' }),
  pose(1, 461),
];

export function gap(id: number, ringNo: number, overrides: Partial<TailGap> = {}): TailGap {
  return { id, runId: 1, ringNo, state: 'confirmed', source: 'import', band: 'ok', updatedAt: T0, updatedBy: null, up: 34, down: 28, left: 31, right: 30, remark: null, ...overrides };
}

export function clearance(id: number, ringNo: number, overrides: Partial<TailClearance> = {}): TailClearance {
  return {
    id,
    runId: 1,
    ringNo,
    state: 'confirmed',
    source: 'manual',
    band: 'ok',
    updatedAt: T0,
    updatedBy: null,
    upBefore: 34,
    downBefore: 28,
    leftBefore: 31,
    rightBefore: 30,
    upAfter: 33,
    downAfter: 29,
    leftAfter: 32,
    rightAfter: 29,
    remark: null,
    ...overrides,
  };
}

export const TOLERANCE = s.DEFAULT_TOLERANCE;

/** After ring 463, tight on the left (14 mm): K5 (right of the top) opens the left side best. */
export const ADVICE: Advice = {
  ringNo: 464,
  basis: { ringNo: 463, clearance: { up: 30, down: 32, left: 14, right: 46 }, strokes: { a: 1210, b: 1185, c: 1200, d: 1236 }, source: 'tailGap' },
  geometry: { outerDiameterMm: 6300, ringWidthMm: 1500, taperMm: 40, kPositions: ['K1', 'K3', 'K5', 'K7', 'K9', 'K11', 'K13', 'K15'], assumed: false },
  options: [
    { kPosition: 'K5', kAngleDeg: 90, expected: { up: 30, down: 32, left: 22, right: 38 }, expectedStrokeSpread: 24, score: 1.2, reasons: ['Opens the tight left side by 8 mm'] },
    { kPosition: 'K3', kAngleDeg: 45, expected: { up: 27, down: 35, left: 20, right: 40 }, expectedStrokeSpread: 30, score: 2.4, reasons: ['Opens the left side by 6 mm'] },
    { kPosition: 'K13', kAngleDeg: 270, expected: { up: 30, down: 32, left: 6, right: 54 }, expectedStrokeSpread: 70, score: 9.8, reasons: ['Closes the tight left side'] },
  ],
  disclaimer: 'Advice only: the guidance system and the ring builder decide.',
};

/** Rings 412–421: 417 missing, 420 a warning, 421 an alarm. */
export function segmentStatistics(overrides: Partial<SegmentStatistics> = {}): SegmentStatistics {
  const rings = [412, 413, 414, 415, 416, 418, 419, 420, 421].map((ringNo) => ({
    ringNo,
    chainage: 4219.833 + 1.5 * ringNo,
    horizontalDeviation: ringNo === 420 ? 62 : ringNo === 421 ? 108 : 10,
    elevationDeviation: -5,
    kPosition: 'K3',
    segmentType: 'Universal',
    band: ringNo === 420 ? ('warning' as const) : ringNo === 421 ? ('alarm' as const) : ('ok' as const),
    state: 'confirmed' as const,
  }));
  return {
    tolerance: TOLERANCE,
    rings,
    missingRings: [417],
    withinTolerance: { last10: 7 / 9, last50: 7 / 9, all: 7 / 9 },
    bands: { ok: 7, warning: 1, alarm: 1 },
    horizontal: { mean: 26, min: 10, max: 108, sd: 33 },
    elevation: { mean: -5, min: -5, max: -5, sd: 0 },
    ...overrides,
  };
}
