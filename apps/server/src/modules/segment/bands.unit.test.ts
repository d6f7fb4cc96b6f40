import { segmentContract } from '@boreline/contracts';
import { describe, expect, it } from 'vitest';
import { clearanceBand, clearanceRecordBand, deviationBand, gapBand, imbalanceBand, poseBand, shareWithin, worst } from './bands.js';

const T = segmentContract.DEFAULT_TOLERANCE; // deviation 50/100, clearance 20/15, imbalance 20/30

describe('segment tolerance bands', () => {
  it('rates a signed deviation by its size: the limits themselves are still inside their band', () => {
    expect([0, 50, -50, 51, -51, 100, -100, 101, -101].map((v) => deviationBand(v, T))).toEqual(['ok', 'ok', 'ok', 'warning', 'warning', 'warning', 'warning', 'alarm', 'alarm']);
  });

  it('rates a clearance by how tight it is: below 20 mm a warning, below 15 mm an alarm', () => {
    expect([40, 20, 19, 15, 14, 0].map((v) => clearanceBand(v, T))).toEqual(['ok', 'ok', 'warning', 'warning', 'alarm', 'alarm']);
  });

  it('rates the difference of opposite sides either way round', () => {
    expect([0, 20, -20, 21, -25, 30, 31, -31].map((v) => imbalanceBand(v, T))).toEqual(['ok', 'ok', 'ok', 'warning', 'warning', 'warning', 'alarm', 'alarm']);
  });

  it('takes the worse band of several', () => {
    expect(worst()).toBe('ok');
    expect(worst('ok', 'warning', 'ok')).toBe('warning');
    expect(worst('warning', 'alarm', 'ok')).toBe('alarm');
  });

  it('rates a ring attitude by the worse of its two deviations', () => {
    expect(poseBand({ horizontalDeviation: -12, elevationDeviation: 8 }, T)).toBe('ok');
    expect(poseBand({ horizontalDeviation: 12, elevationDeviation: -75 }, T)).toBe('warning');
    expect(poseBand({ horizontalDeviation: -120, elevationDeviation: 60 }, T)).toBe('alarm');
  });

  it('rates a tail gap by each side and both imbalances', () => {
    expect(gapBand({ up: 45, down: 38, left: 41, right: 43 }, T)).toBe('ok');
    // Every side is wide enough, but left and right differ by 25 mm.
    expect(gapBand({ up: 40, down: 40, left: 55, right: 30 }, T)).toBe('warning');
    // Up and down differ by 35 mm.
    expect(gapBand({ up: 60, down: 25, left: 40, right: 40 }, T)).toBe('alarm');
    // One side tight: 12 mm is below the alarm limit.
    expect(gapBand({ up: 30, down: 30, left: 12, right: 30 }, T)).toBe('alarm');
  });

  it('rates a tail clearance by before and, when given, after the build', () => {
    const before = { upBefore: 45, downBefore: 40, leftBefore: 42, rightBefore: 41 };
    expect(clearanceRecordBand({ ...before, upAfter: null, downAfter: null, leftAfter: null, rightAfter: null }, T)).toBe('ok');
    expect(clearanceRecordBand({ ...before, upAfter: 45, downAfter: 40, leftAfter: 18, rightAfter: 36 }, T)).toBe('warning');
    // An incomplete after set is not judged.
    expect(clearanceRecordBand({ ...before, upAfter: 5, downAfter: null, leftAfter: null, rightAfter: null }, T)).toBe('ok');
  });

  it('follows the run tolerance: a tighter tolerance recolours the same ring', () => {
    const strict = { ...T, deviationWarnMm: 10, deviationAlarmMm: 20 };
    expect(poseBand({ horizontalDeviation: -12, elevationDeviation: 8 }, T)).toBe('ok');
    expect(poseBand({ horizontalDeviation: -12, elevationDeviation: 8 }, strict)).toBe('warning');
    expect(poseBand({ horizontalDeviation: -25, elevationDeviation: 8 }, strict)).toBe('alarm');
  });

  it('counts the share of rings within tolerance over the last rings', () => {
    const bands = ['alarm', 'ok', 'ok', 'warning', 'ok'] as const;
    expect(shareWithin(bands)).toBe(3 / 5);
    expect(shareWithin(bands, 2)).toBe(1 / 2);
    expect(shareWithin(bands, 10)).toBe(3 / 5);
    expect(shareWithin([], 10)).toBeNull();
  });
});
