import type { segmentContract } from '@boreline/contracts';

type Band = segmentContract.Band;
type Tolerance = segmentContract.Tolerance;

const RANK: Record<Band, number> = { ok: 0, warning: 1, alarm: 2 };

/** The worse of bands. */
export const worst = (...bands: Band[]): Band => bands.reduce<Band>((a, b) => (RANK[b] > RANK[a] ? b : a), 'ok');

/** A signed deviation against the run's bands: |value| above the alarm (or warning) limit. */
export function deviationBand(value: number, t: Tolerance): Band {
  const size = Math.abs(value);
  if (size > t.deviationAlarmMm) return 'alarm';
  if (size > t.deviationWarnMm) return 'warning';
  return 'ok';
}

/** A clearance (mm) against the bands: below the alarm (or warning) limit. */
export function clearanceBand(value: number, t: Tolerance): Band {
  if (value < t.clearanceAlarmMm) return 'alarm';
  if (value < t.clearanceWarnMm) return 'warning';
  return 'ok';
}

/** The difference between opposite sides (left − right, up − down) against the imbalance bands. */
export function imbalanceBand(difference: number, t: Tolerance): Band {
  const size = Math.abs(difference);
  if (size > t.imbalanceAlarmMm) return 'alarm';
  if (size > t.imbalanceWarnMm) return 'warning';
  return 'ok';
}

/** A ring's attitude: the worse of its two deviations. */
export const poseBand = (pose: { horizontalDeviation: number; elevationDeviation: number }, t: Tolerance): Band =>
  worst(deviationBand(pose.horizontalDeviation, t), deviationBand(pose.elevationDeviation, t));

/** Four clearances: each side's band and both imbalances. */
export const gapBand = (gap: { up: number; down: number; left: number; right: number }, t: Tolerance): Band =>
  worst(
    clearanceBand(gap.up, t),
    clearanceBand(gap.down, t),
    clearanceBand(gap.left, t),
    clearanceBand(gap.right, t),
    imbalanceBand(gap.left - gap.right, t),
    imbalanceBand(gap.up - gap.down, t),
  );

/** Tail clearance before and (when given) after the build: the worse of both sets. */
export const clearanceRecordBand = (
  c: { upBefore: number; downBefore: number; leftBefore: number; rightBefore: number; upAfter: number | null; downAfter: number | null; leftAfter: number | null; rightAfter: number | null },
  t: Tolerance,
): Band => {
  const before = gapBand({ up: c.upBefore, down: c.downBefore, left: c.leftBefore, right: c.rightBefore }, t);
  if (c.upAfter === null || c.downAfter === null || c.leftAfter === null || c.rightAfter === null) return before;
  return worst(before, gapBand({ up: c.upAfter, down: c.downAfter, left: c.leftAfter, right: c.rightAfter }, t));
};

/** The share (0–1) of rings in band `ok` among the last `count` rings (all when undefined); null without rings. */
export function shareWithin(bandsByRingAscending: readonly Band[], count?: number): number | null {
  const slice = count === undefined ? bandsByRingAscending : bandsByRingAscending.slice(-count);
  if (slice.length === 0) return null;
  return slice.filter((b) => b === 'ok').length / slice.length;
}
