/**
 * What the long section and the map share (no projection here, so the long section stays light):
 * the run's drive, the drawings' colours, the alignment as a stationed line, the planned rings.
 */
import {
  chainageAtDistance,
  type DriveStationing,
  type graphContract,
  ringDistances,
  type RingGeometry,
  type StationedPoint,
} from '@boreline/contracts';

type Setting = graphContract.GraphSetting;
type Overlay = graphContract.Overlay;
type OverlayRing = graphContract.OverlayRing;
type Vertex = graphContract.MapData['alignment'][number];
export type RiskZone = Overlay['risks'][number];
export type QualityBand = NonNullable<OverlayRing['band']>;
export type RingState = OverlayRing['state'];
export type RiskState = RiskZone['state'];

/** The run's drive as the chainage geometry needs it: stationing with its equations, first ring and ring width. */
export type Drive = DriveStationing & RingGeometry;

export const driveOf = (setting: Pick<Setting, 'drive' | 'stationEquations'>): Drive => ({
  startChainage: setting.drive.startChainage,
  endChainage: setting.drive.endChainage,
  equations: setting.stationEquations,
  startRing: setting.drive.startRing,
  ringWidthM: setting.drive.ringWidthM,
});

/**
 * The one palette of the drawings, the map and the long section: quality bands, ring states, risk
 * zone states. Dark enough to read on a drawing's light picture; a state has one colour everywhere.
 */
export const BAND_COLOURS: Record<QualityBand | 'none', string> = { ok: '#389e0d', warning: '#d48806', alarm: '#cf1322', none: '#8c8c8c' };
export const STATE_COLOURS: Record<RingState, string> = { built: '#1677ff', building: '#fa8c16', planned: '#8c8c8c' };
export const RISK_COLOURS: Record<RiskState, string> = { ahead: '#1677ff', approaching: '#d48806', inside: '#cf1322', passed: '#8c8c8c' };
export const ALIGNMENT_COLOUR = '#262626';
export const MACHINE_COLOUR = '#d4380d';

/** A ring's colour as the display options say: by its state, or by the worst band of its records (grey without any). */
export function ringColour(ring: Pick<OverlayRing, 'state' | 'band'>, colouring: graphContract.RingColouring): string {
  if (ring.state === 'planned') return STATE_COLOURS.planned;
  return colouring === 'quality' ? BAND_COLOURS[ring.band ?? 'none'] : STATE_COLOURS[ring.state];
}

/** The imported alignment as a stationed line in the projected grid (x: easting, y: northing). */
export const gridLine = (alignment: readonly Vertex[]): StationedPoint[] => alignment.map((v) => ({ x: v.easting, y: v.northing, chainage: v.chainage }));

/**
 * The next `count` rings ahead of the machine as planned: those the overlay answers as planned,
 * or, when it answers none, the rings after the machine's from the drive's ring width.
 */
export function plannedRings(overlay: Pick<Overlay, 'rings' | 'position'>, drive: Drive, count: number): OverlayRing[] {
  if (count <= 0) return [];
  const planned = overlay.rings.filter((r) => r.state === 'planned');
  if (planned.length > 0) return planned.slice(0, count);
  const machineRing = overlay.position?.ring;
  if (machineRing === null || machineRing === undefined) return [];
  return Array.from({ length: count }, (_, i) => {
    const ring = machineRing + 1 + i;
    const { from, to } = ringDistances(drive, ring);
    return {
      ring,
      fromDistance: from,
      toDistance: to,
      startChainage: chainageAtDistance(drive, from),
      endChainage: chainageAtDistance(drive, to),
      state: 'planned' as const,
      band: null,
      horizontalDev: null,
      elevationDev: null,
    };
  });
}

/**
 * Consecutive rings of one colour and line style as runs (a drive of thousands of rings draws a
 * few lines, not thousands), each run as its first and last ring.
 */
export function ringRuns<R extends Pick<OverlayRing, 'ring' | 'fromDistance' | 'toDistance'>>(rings: readonly R[], styleOf: (ring: R) => string): { first: R; last: R }[] {
  const sorted = [...rings].sort((a, b) => a.fromDistance - b.fromDistance);
  const runs: { first: R; last: R; style: string }[] = [];
  for (const ring of sorted) {
    const style = styleOf(ring);
    const open = runs[runs.length - 1];
    if (open && open.style === style && ring.ring === open.last.ring + 1 && Math.abs(ring.fromDistance - open.last.toDistance) < 1e-6) open.last = ring;
    else runs.push({ first: ring, last: ring, style });
  }
  return runs.map(({ first, last }) => ({ first, last }));
}
