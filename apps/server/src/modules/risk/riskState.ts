import { distanceAtChainage, ringAtDistance, type riskContract, stationingDirection } from '@boreline/contracts';

type RiskState = riskContract.RiskState;

/** What the state of a zone is told from: the drive's geometry and where the machine is. */
export interface DriveGeometry {
  /** The run's start and end chainage (metres): their order tells the drive's direction. */
  startChainage: number;
  endChainage: number;
  /** The drive's first ring, bored from the start chainage. */
  startRing: number;
  ringWidthM: number;
}

export interface ZoneSpan {
  startChainage: number;
  endChainage: number;
}

export interface ZoneState {
  state: RiskState;
  /** Rings to bore before the cutterhead enters the zone: 0 inside, null once passed. */
  ringsToGo: number | null;
}

/** +1 when the chainage rises as the machine advances, -1 when it falls. */
export const directionOf = (drive: Pick<DriveGeometry, 'startChainage' | 'endChainage'>): 1 | -1 => stationingDirection(drive);

/** Metres bored from the drive's start to `chainage` (negative behind the start): the contracts' alignment geometry, one continuous stationing. */
const along = (drive: DriveGeometry, chainage: number): number => distanceAtChainage({ startChainage: drive.startChainage, endChainage: drive.endChainage, equations: [] }, chainage);

/** Millimetre slack: a chainage a float's width beyond a boundary is on it. */
const EPSILON = 1e-6;

/** The ring bored at a chainage: the drive's first ring from its start chainage, one ring width each. */
export function ringAt(drive: DriveGeometry, chainage: number): number {
  return ringAtDistance(drive, along(drive, chainage));
}

/** The rings a zone spans, in drive order (the edge the machine meets first gives the first ring). */
export function ringRange(drive: DriveGeometry, zone: ZoneSpan): { startRing: number; endRing: number } {
  const [a, b] = [ringAt(drive, zone.startChainage), ringAt(drive, zone.endChainage)];
  return { startRing: Math.min(a, b), endRing: Math.max(a, b) };
}

/**
 * The state of a zone with the cutterhead at `current` (metres): `inside` while it is between the
 * zone's edges, `passed` beyond the far edge, `approaching` when the near edge is at most
 * `warnRings` rings ahead, `ahead` further away. The drive's direction decides which edge is near.
 */
export function zoneState(drive: DriveGeometry, zone: ZoneSpan, current: number, warnRings: number): ZoneState {
  const edges = [along(drive, zone.startChainage), along(drive, zone.endChainage)];
  const entry = Math.min(...edges);
  const exit = Math.max(...edges);
  const here = along(drive, current);
  if (here > exit + EPSILON) return { state: 'passed', ringsToGo: null };
  if (here >= entry - EPSILON) return { state: 'inside', ringsToGo: 0 };
  const ringsToGo = Math.ceil((entry - here) / drive.ringWidthM - EPSILON);
  return { state: ringsToGo <= warnRings ? 'approaching' : 'ahead', ringsToGo };
}

/** The message to send when a zone's state moves on from what was last announced, if any. */
export function announcementOf(state: RiskState, notified: string | null): 'approaching' | 'inside' | null {
  if (state === 'inside' && notified !== 'inside') return 'inside';
  if (state === 'approaching' && notified !== 'approaching' && notified !== 'inside') return 'approaching';
  return null;
}
