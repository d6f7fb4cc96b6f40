import {
  chainageAtDistance,
  type DriveStationing,
  distanceAtChainage,
  lineBetween,
  type Point,
  pixelOf,
  placeAtChainage,
  profileAt,
  ringAtDistance,
  type StationedPoint,
  stationingDirection,
} from '@boreline/contracts';
import type { Drawing, GraphSetting } from './api.js';

/**
 * How a calibrated drawing places the drive: the alignment as drawn, a chainage's place and
 * direction, and the stretch between two distances (a ring, a risk zone), all in picture pixels.
 * A plan or map is calibrated by marks along the drawn alignment; a section by its two axes, the
 * machine at its chainage horizontally and at the tunnel axis' level (the profile's) vertically.
 */
export interface Projection {
  /** The drawn alignment (plan) or tunnel axis (section). */
  alignment: Point[];
  place(chainage: number): (Point & { angle: number }) | null;
  between(fromDistance: number, toDistance: number): Point[];
  /** The drive's distance of a chainage (station equations included). */
  distanceOf(chainage: number): number;
}

export const driveOf = (setting: Pick<GraphSetting, 'drive' | 'stationEquations'>): DriveStationing => ({
  startChainage: setting.drive.startChainage,
  endChainage: setting.drive.endChainage,
  equations: setting.stationEquations,
});

/** The ring the machine bores at a chainage (from the drive's start ring and ring width). */
export function ringAtChainage(setting: Pick<GraphSetting, 'drive' | 'stationEquations'>, chainage: number): number | null {
  if (!(setting.drive.ringWidthM > 0)) return null;
  return ringAtDistance({ startRing: setting.drive.startRing, ringWidthM: setting.drive.ringWidthM }, distanceAtChainage(driveOf(setting), chainage));
}

export function projectionOf(drawing: Pick<Drawing, 'calibration' | 'height'>, setting: Pick<GraphSetting, 'drive' | 'stationEquations' | 'profile'>): Projection | null {
  const calibration = drawing.calibration;
  if (!calibration) return null;
  const drive = driveOf(setting);
  const distanceOf = (chainage: number) => distanceAtChainage(drive, chainage);
  if (calibration.kind === 'alignment') {
    const line: StationedPoint[] = calibration.points;
    return {
      alignment: line.map(({ x, y }) => ({ x, y })),
      place: (chainage) => placeAtChainage(line, drive, chainage),
      between: (from, to) => lineBetween(line, drive, from, to),
      distanceOf,
    };
  }
  // A section: chainage along x, level along y; the chainage of a distance through the station equations.
  const middle = drawing.height / 2;
  const dir = stationingDirection(drive);
  const point = (chainage: number): Point | null => {
    const x = pixelOf(calibration.chainage, chainage);
    if (x === null) return null;
    const level = profileAt(setting.profile.axis, chainage);
    const y = level === null ? middle : pixelOf(calibration.level, level);
    return { x, y: y ?? middle };
  };
  const chainageAt = (distance: number): number => chainageAtDistance(drive, distance);
  const place = (chainage: number): (Point & { angle: number }) | null => {
    const here = point(chainage);
    const ahead = point(chainage + dir);
    if (!here) return null;
    return { ...here, angle: ahead ? Math.atan2(ahead.y - here.y, ahead.x - here.x) : 0 };
  };
  const axisVertices = [...setting.profile.axis].sort((a, b) => (a.chainage - b.chainage) * dir);
  const between = (from: number, to: number): Point[] => {
    const [lo, hi] = from <= to ? [from, to] : [to, from];
    const a = point(chainageAt(lo));
    const b = point(chainageAt(hi));
    if (!a || !b) return [];
    const inner = axisVertices.filter((v) => {
      const d = distanceOf(v.chainage);
      return d > lo && d < hi;
    });
    return [a, ...inner.flatMap((v) => point(v.chainage) ?? []), b];
  };
  const ends = [drive.startChainage, drive.endChainage];
  const alignment = between(distanceOf(ends[0] as number), distanceOf(ends[1] as number));
  return { alignment, place, between, distanceOf };
}
