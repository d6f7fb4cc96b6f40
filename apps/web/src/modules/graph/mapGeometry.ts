import { distanceAtChainage, type graphContract, lineBetween, placeAtDistance, type Point, type StationedPoint } from '@boreline/contracts';
import proj4 from 'proj4';
import { type Drive, type RiskZone, RISK_COLOURS, ringColour, ringRuns } from './overlayGeometry.js';

type OverlayRing = graphContract.OverlayRing;
type Overlay = graphContract.Overlay;

/** Grid -> WGS84 [lat, lng] with the run's proj4 definition. */
export type ToLatLng = (p: Point) => [number, number];

export function gridToLatLng(definition: string): ToLatLng {
  const converter = proj4(definition, 'WGS84');
  return (p) => {
    const [lng, lat] = converter.forward([p.x, p.y]) as [number, number];
    return [lat, lng];
  };
}

export interface MapPolyline {
  key: string;
  latLngs: [number, number][];
  colour: string;
  /** Dashed: planned, not built. */
  dashed: boolean;
  /** The tooltip: ring number or risk zone name with its chainages. */
  label: string;
}

export interface OverlayOptions {
  colouring: graphContract.RingColouring;
  showRings: boolean;
  showRisks: boolean;
  /** The tooltip of a run of rings of one colour (`first` and `last` the same ring for one). */
  ringLabel: (first: OverlayRing, last: OverlayRing) => string;
  riskLabel: (risk: RiskZone) => string;
}

/**
 * The rings' and risk zones' polylines on the map: each cut out of the alignment in the projected
 * grid between its distances from the drive's start (station equations included), then converted to
 * WGS84 vertex by vertex. Never interpolated on latitude and longitude. Consecutive rings of one
 * colour are drawn as one line.
 */
export function overlayPolylines(line: readonly StationedPoint[], drive: Drive, overlay: Pick<Overlay, 'rings' | 'risks'>, toLatLng: ToLatLng, options: OverlayOptions): { rings: MapPolyline[]; risks: MapPolyline[] } {
  if (line.length < 2) return { rings: [], risks: [] };
  const cut = (from: number, to: number) => lineBetween(line, drive, from, to).map(toLatLng);
  const style = (ring: OverlayRing) => `${ringColour(ring, options.colouring)}|${ring.state === 'planned' ? 'dashed' : 'solid'}`;
  const rings = options.showRings
    ? ringRuns(overlay.rings, style).map(({ first, last }) => ({
        key: `ring-${first.ring}`,
        latLngs: cut(Math.min(first.fromDistance, last.toDistance), Math.max(first.fromDistance, last.toDistance)),
        colour: ringColour(first, options.colouring),
        dashed: first.state === 'planned',
        label: options.ringLabel(first, last),
      }))
    : [];
  const risks = options.showRisks
    ? overlay.risks.map((risk) => ({ key: `risk-${risk.id}`, latLngs: cut(risk.fromDistance, risk.toDistance), colour: RISK_COLOURS[risk.state], dashed: false, label: options.riskLabel(risk) }))
    : [];
  return { rings, risks };
}

/** The place of a chainage on the alignment in the grid, as [lat, lng]; null without a line. */
export function machineLatLng(line: readonly StationedPoint[], drive: Drive, chainage: number, toLatLng: ToLatLng): [number, number] | null {
  const place = placeAtDistance(line, drive, distanceAtChainage(drive, chainage));
  return place ? toLatLng(place) : null;
}

