import { epsgDefinition } from '@boreline/contracts';
import proj4 from 'proj4';
import { describe, expect, it } from 'vitest';
import { gridToLatLng, machineLatLng, overlayPolylines } from './mapGeometry.js';
import { BAND_COLOURS, type Drive, gridLine, plannedRings, RISK_COLOURS, ringColour, STATE_COLOURS } from './overlayGeometry.js';

const UTM32 = epsgDefinition(32632) ?? '';
const toWgs = (e: number, n: number): [number, number] => {
  const [lng, lat] = proj4(UTM32, 'WGS84', [e, n]) as [number, number];
  return [lat, lng];
};
/** Near Milan: east 1 km, then north 1 km (a right angle at chainage 1+000). */
const E0 = 514_000;
const N0 = 5_035_000;
const vertex = (chainage: number, easting: number, northing: number) => ({ chainage, easting, northing, ...{ lat: 0, lng: 0 } });
const L_SHAPE = [vertex(0, E0, N0), vertex(1000, E0 + 1000, N0), vertex(2000, E0 + 1000, N0 + 1000)];
const DRIVE: Drive = { startChainage: 0, endChainage: 2000, equations: [], startRing: 1, ringWidthM: 1.5 };
const ring = (no: number, from: number, state: 'built' | 'building' | 'planned', band: 'ok' | 'warning' | 'alarm' | null = null) => ({
  ring: no,
  fromDistance: from,
  toDistance: from + 1.5,
  startChainage: from,
  endChainage: from + 1.5,
  state,
  band,
  horizontalDev: null,
  elevationDev: null,
});
const OPTIONS = { colouring: 'quality' as const, showRings: true, showRisks: true, ringLabel: () => 'ring', riskLabel: () => 'risk' };

const close = (a: [number, number] | undefined, b: [number, number]) => {
  expect(a?.[0]).toBeCloseTo(b[0], 9);
  expect(a?.[1]).toBeCloseTo(b[1], 9);
};

describe('map overlay geometry (cut in the projected grid, then converted to WGS84)', () => {
  const toLatLng = gridToLatLng(UTM32);
  const line = gridLine(L_SHAPE);

  it('places a ring between its distances on the grid line and converts each end', () => {
    const { rings } = overlayPolylines(line, DRIVE, { rings: [ring(68, 100, 'built', 'alarm')], risks: [] }, toLatLng, OPTIONS);
    expect(rings).toHaveLength(1);
    close(rings[0]?.latLngs[0], toWgs(E0 + 100, N0));
    close(rings[0]?.latLngs[1], toWgs(E0 + 101.5, N0));
    expect(rings[0]?.colour).toBe(BAND_COLOURS.alarm);
    expect(rings[0]?.dashed).toBe(false);
  });

  it('keeps the corner of a risk zone across the bend, never a straight cut in latitude and longitude', () => {
    const risk = { id: 3, name: 'Via Larga', level: 'high', startChainage: 900, endChainage: 1100, fromDistance: 900, toDistance: 1100, state: 'approaching' as const };
    const { risks } = overlayPolylines(line, DRIVE, { rings: [], risks: [risk] }, toLatLng, OPTIONS);
    expect(risks[0]?.latLngs).toHaveLength(3);
    close(risks[0]?.latLngs[0], toWgs(E0 + 900, N0));
    close(risks[0]?.latLngs[1], toWgs(E0 + 1000, N0));
    close(risks[0]?.latLngs[2], toWgs(E0 + 1000, N0 + 100));
    expect(risks[0]?.colour).toBe(RISK_COLOURS.approaching);
  });

  it('follows a station equation: the machine at chainage 1+600 after a jump from 1+000 to 1+500 is 1100 m along', () => {
    const jumped: Drive = { ...DRIVE, endChainage: 2500, equations: [{ back: 1000, ahead: 1500 }] };
    const restationed = gridLine([vertex(0, E0, N0), vertex(1000, E0 + 1000, N0), vertex(2500, E0 + 1000, N0 + 1000)]);
    close(machineLatLng(restationed, jumped, 1600, toLatLng) ?? undefined, toWgs(E0 + 1000, N0 + 100));
  });

  it('leaves out rings or risk zones when the display options hide them, and colours by state when asked', () => {
    const overlay = { rings: [ring(2, 1.5, 'building', 'ok'), ring(3, 3, 'planned')], risks: [{ id: 1, name: 'x', level: 'low', startChainage: 0, endChainage: 10, fromDistance: 0, toDistance: 10, state: 'passed' as const }] };
    expect(overlayPolylines(line, DRIVE, overlay, toLatLng, { ...OPTIONS, showRisks: false }).risks).toEqual([]);
    expect(overlayPolylines(line, DRIVE, overlay, toLatLng, { ...OPTIONS, showRings: false }).rings).toEqual([]);
    const byState = overlayPolylines(line, DRIVE, overlay, toLatLng, { ...OPTIONS, colouring: 'state' }).rings;
    expect(byState.map((r) => [r.colour, r.dashed])).toEqual([
      [STATE_COLOURS.building, false],
      [STATE_COLOURS.planned, true],
    ]);
    expect(ringColour({ state: 'built', band: null }, 'quality')).toBe(BAND_COLOURS.none);
  });

  it('draws consecutive rings of one colour as one line from the first ring\'s start to the last one\'s end', () => {
    const overlay = { rings: [ring(3, 3, 'built', 'ok'), ring(1, 0, 'built', 'ok'), ring(2, 1.5, 'built', 'ok'), ring(4, 4.5, 'built', 'alarm'), ring(6, 7.5, 'built', 'alarm')], risks: [] };
    const labels: string[] = [];
    const { rings } = overlayPolylines(line, DRIVE, overlay, toLatLng, { ...OPTIONS, ringLabel: (first, last) => (labels.push(`${first.ring}-${last.ring}`), 'x') });
    // Rings 1–3 ok in one line; 4 and 6 both alarm but ring 5 is missing between them.
    expect(labels).toEqual(['1-3', '4-4', '6-6']);
    expect(rings[0]?.latLngs).toHaveLength(2);
    close(rings[0]?.latLngs[0], toWgs(E0, N0));
    close(rings[0]?.latLngs[1], toWgs(E0 + 4.5, N0));
  });

  it('draws nothing on an alignment of one point', () => {
    expect(overlayPolylines(gridLine(L_SHAPE.slice(0, 1)), DRIVE, { rings: [ring(1, 0, 'built')], risks: [] }, toLatLng, OPTIONS)).toEqual({ rings: [], risks: [] });
  });
});

describe('planned rings', () => {
  it('takes the overlay planned rings, or the rings after the machine from the ring width', () => {
    const position = { ring: 10, chainage: 14, distance: 14, at: null, state: null };
    expect(plannedRings({ rings: [ring(11, 15, 'planned'), ring(12, 16.5, 'planned')], position }, DRIVE, 1).map((r) => r.ring)).toEqual([11]);
    const computed = plannedRings({ rings: [], position }, DRIVE, 2);
    expect(computed.map((r) => [r.ring, r.fromDistance, r.toDistance])).toEqual([
      [11, 15, 16.5],
      [12, 16.5, 18],
    ]);
    expect(plannedRings({ rings: [], position: null }, DRIVE, 5)).toEqual([]);
  });
});
