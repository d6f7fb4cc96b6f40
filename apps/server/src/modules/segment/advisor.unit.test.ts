import { describe, expect, it } from 'vitest';
import { type Geometry, rankKeyPositions, ringGeometry } from './advisor.js';

/** D 6,000 mm, W 1,500 mm, T 40 mm: k = 2W/D = 0.5, so the wide side opens by k·T/2 = 10 mm. */
const RING: Geometry = ringGeometry({ taperMm: 40, outerDiameterMm: 6000, kPositionCount: 16, tbmDiameterM: null, ringWidthMm: 1500 });
const WARN = 20;

describe('next-ring advisor (universal tapered ring)', () => {
  it('takes the run geometry, or assumes it from the TBM diameter and says so', () => {
    expect(RING).toMatchObject({ outerDiameterMm: 6000, ringWidthMm: 1500, taperMm: 40, assumed: false });
    expect(RING.kPositions).toHaveLength(16);
    expect(RING.kPositions[0]).toBe('K1');
    // 6.28 m cutterhead − 2 × 150 mm = 5,980 mm: below 7 m, a 40 mm taper.
    expect(ringGeometry({ taperMm: null, outerDiameterMm: null, kPositionCount: null, tbmDiameterM: 6.28, ringWidthMm: 1500 })).toMatchObject({
      outerDiameterMm: 5980,
      taperMm: 40,
      assumed: true,
    });
    expect(ringGeometry({ taperMm: null, outerDiameterMm: null, kPositionCount: 10, tbmDiameterM: 8.0, ringWidthMm: 1800 })).toMatchObject({ outerDiameterMm: 7700, taperMm: 50 });
    expect(ringGeometry({ taperMm: null, outerDiameterMm: null, kPositionCount: 10, tbmDiameterM: null, ringWidthMm: 1800 }).kPositions).toHaveLength(10);
  });

  it('a left-tight clearance (left 10, right 60) ranks first the K position whose wide side opens the left', () => {
    const options = rankKeyPositions({ up: 35, right: 60, down: 35, left: 10 }, null, RING, WARN);
    expect(options).toHaveLength(16);
    // K5 sits at 90° (right): the wide side at 270° (left) opens it by 10 mm and closes the right by 10 mm.
    expect(options[0]).toMatchObject({ kPosition: 'K5', kAngleDeg: 90, wideAngleDeg: 270, expected: { up: 35, right: 50, down: 35, left: 20 }, score: 30, expectedStrokeSpread: null });
    expect(options[0]?.reasons).toEqual([
      { key: 'opens', side: 'left', by: 10 },
      { key: 'imbalance', before: 50, after: 30 },
    ]);
    // K4 at 67.5°: left 10 + 10·cos 22.5° = 19.2 (below the warning line), right 50.8, up 31.2, down 38.8:
    // imbalance 31.6 + 7.6, plus 3 × 0.8 for the tight left side.
    expect(options.find((o) => o.kPosition === 'K4')).toMatchObject({ expected: { up: 31.2, right: 50.8, down: 38.8, left: 19.2 }, score: 41.6 });
    // The key on the left puts the wide side on the right: the left closes to 0 (imbalance 70, 3 × 20 below the line).
    expect(options.find((o) => o.kPosition === 'K13')).toMatchObject({ expected: { left: 0, right: 70 }, score: 130 });
    // Its neighbours K12 and K14 also tilt up or down: they come last, equal.
    expect(options.slice(-2).map((o) => [o.kPosition, o.score])).toEqual([
      ['K12', 133.6],
      ['K14', 133.6],
    ]);
  });

  it('symmetric clearances rank the K at the top and at the bottom equally, and the diagonals behind them', () => {
    const options = rankKeyPositions({ up: 40, right: 40, down: 40, left: 40 }, null, RING, WARN);
    const score = (k: string) => options.find((o) => o.kPosition === k)?.score;
    expect(options).toHaveLength(16);
    expect(score('K1')).toBe(20);
    expect(score('K9')).toBe(score('K1'));
    expect(options.find((o) => o.kPosition === 'K1')?.expected).toEqual({ up: 30, right: 40, down: 50, left: 40 });
    expect(options.find((o) => o.kPosition === 'K9')?.expected).toEqual({ up: 50, right: 40, down: 30, left: 40 });
    // K3 at 45°: 10·cos 45° = 7.1 on both axes (47.1 against 32.9), imbalance 2 × 14.2.
    expect(score('K3')).toBe(28.4);
    expect(options.slice(0, 4).map((o) => o.kPosition)).toEqual(['K1', 'K5', 'K9', 'K13']);
  });

  it('weighs the stroke spread: a long left stroke favours the wide side on the left', () => {
    const options = rankKeyPositions({ up: 40, right: 40, down: 40, left: 40 }, { a: 1000, b: 1000, c: 1000, d: 1040 }, RING, WARN);
    // K5: group D (left) shortens by 20, B (right) lengthens by 20: spread 20, score 20 + 0.5 × 20.
    expect(options[0]).toMatchObject({ kPosition: 'K5', expectedStrokeSpread: 20, score: 30 });
    expect(options[0]?.reasons).toContainEqual({ key: 'strokes', before: 40, after: 20 });
    // K1: A +20, C −20, D stays 1040: spread 60.
    expect(options.find((o) => o.kPosition === 'K1')).toMatchObject({ expectedStrokeSpread: 60, score: 50 });
    expect(options.find((o) => o.kPosition === 'K13')).toMatchObject({ expectedStrokeSpread: 80, score: 60 });
  });
});
