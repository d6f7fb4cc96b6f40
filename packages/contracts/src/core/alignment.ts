/**
 * The chainage service's pure part, shared by the server and the web (issue 24): one way from a
 * ring to a chainage, from a chainage to a place on a drawing, and from a chainage to a point of the
 * projected grid. Projection to and from WGS84 is done beside it with proj4 (server and map page);
 * interpolation is always done here, in the drawing's pixels or the projected grid's metres, never
 * on latitude and longitude.
 *
 * Terms:
 * - *chainage*: the stationing written on the drawings (`12+345.678`, metres). It may jump where a
 *   project has a station equation (the line was re-stationed: at back chainage B the line goes on
 *   as ahead chainage A).
 * - *distance*: metres bored from the drive's start chainage, continuous and growing as the machine
 *   advances, whatever the chainage's direction and jumps.
 */

/** At back chainage `back` the line continues as chainage `ahead` (a break in the stationing). */
export interface StationEquation {
  back: number;
  ahead: number;
}

export interface DriveStationing {
  /** The chainage where the drive starts (the start ring's start). */
  startChainage: number;
  /** The chainage where the drive ends: its order against the start tells the direction. */
  endChainage: number;
  /** Breaks in the stationing, in the order the machine meets them. */
  equations: readonly StationEquation[];
}

/** +1 when the chainage rises as the machine advances, -1 when it falls. */
export const stationingDirection = (drive: Pick<DriveStationing, 'startChainage' | 'endChainage'>): 1 | -1 =>
  drive.endChainage >= drive.startChainage ? 1 : -1;

/** A stretch of the drive with one continuous stationing. */
interface Stretch {
  /** Distance from the drive's start where the stretch begins. */
  fromDistance: number;
  /** Chainage at the stretch's start. */
  fromChainage: number;
  /** Chainage where the stretch ends (the next equation's back), or null for the last. */
  toChainage: number | null;
}

/** The stretches between the drive's station equations, in driving order. */
function stretchesOf(drive: DriveStationing): Stretch[] {
  const dir = stationingDirection(drive);
  const stretches: Stretch[] = [];
  let fromDistance = 0;
  let fromChainage = drive.startChainage;
  for (const eq of drive.equations) {
    const length = (eq.back - fromChainage) * dir;
    if (length < 0) continue; // an equation behind the stretch's start is ignored, never followed backwards
    stretches.push({ fromDistance, fromChainage, toChainage: eq.back });
    fromDistance += length;
    fromChainage = eq.ahead;
  }
  stretches.push({ fromDistance, fromChainage, toChainage: null });
  return stretches;
}

/** The chainage at `distance` metres bored from the drive's start (negative: behind the start). */
export function chainageAtDistance(drive: DriveStationing, distance: number): number {
  const dir = stationingDirection(drive);
  const stretches = stretchesOf(drive);
  let stretch = stretches[0] as Stretch;
  for (const s of stretches) if (distance >= s.fromDistance) stretch = s;
  return stretch.fromChainage + (distance - stretch.fromDistance) * dir;
}

/**
 * The distance from the drive's start of a chainage. A chainage that exists twice (an overlapping
 * equation: ahead behind back) is read on the stretch met first; one that falls in a gap of the
 * stationing (ahead beyond back) lies on no stretch and answers the distance of the gap's edge.
 */
export function distanceAtChainage(drive: DriveStationing, chainage: number): number {
  const dir = stationingDirection(drive);
  const stretches = stretchesOf(drive);
  for (const s of stretches) {
    const offset = (chainage - s.fromChainage) * dir;
    const length = s.toChainage === null ? Number.POSITIVE_INFINITY : (s.toChainage - s.fromChainage) * dir;
    if (offset >= -1e-9 && offset <= length + 1e-9) return s.fromDistance + offset;
  }
  const first = stretches[0] as Stretch;
  const offset = (chainage - first.fromChainage) * dir;
  if (offset < 0) return offset; // behind the drive's start
  // In a gap: the end of the last stretch that ends before it.
  let best = 0;
  for (const s of stretches) {
    if (s.toChainage === null) continue;
    if ((chainage - s.toChainage) * dir >= 0) best = s.fromDistance + (s.toChainage - s.fromChainage) * dir;
  }
  return best;
}

/**
 * The distances of chainages met one after another along the drive (a stationed line's vertices):
 * each is read on the first stretch that puts it beyond the one before (vertices advance), so a
 * chainage that exists twice (an overlapping equation) met after the break is read after the break.
 * One that no stretch puts beyond is read as `distanceAtChainage` reads it.
 */
export function distancesAlong(drive: DriveStationing, chainages: readonly number[]): number[] {
  const dir = stationingDirection(drive);
  const stretches = stretchesOf(drive);
  let previous = Number.NEGATIVE_INFINITY;
  return chainages.map((chainage) => {
    let found: number | null = null;
    for (const s of stretches) {
      const offset = (chainage - s.fromChainage) * dir;
      const length = s.toChainage === null ? Number.POSITIVE_INFINITY : (s.toChainage - s.fromChainage) * dir;
      const d = s.fromDistance + offset;
      if (offset >= -1e-9 && offset <= length + 1e-9 && d > previous + 1e-9) {
        found = d;
        break;
      }
    }
    const d = found ?? distanceAtChainage(drive, chainage);
    previous = Math.max(previous, d);
    return d;
  });
}

export interface RingGeometry {
  /** The drive's first ring, bored from the start chainage. */
  startRing: number;
  /** Ring width in metres. */
  ringWidthM: number;
}

/** Millimetre slack: a distance a float's width short of a ring's end is on it. */
const EPSILON = 1e-6;

/** The ring being bored at `distance` from the start. */
export const ringAtDistance = (ring: RingGeometry, distance: number): number => ring.startRing + Math.floor(distance / ring.ringWidthM + EPSILON);

/** Distance from the start of a ring's start and end. */
export function ringDistances(ring: RingGeometry, ringNo: number): { from: number; to: number } {
  const from = (ringNo - ring.startRing) * ring.ringWidthM;
  return { from, to: from + ring.ringWidthM };
}

export interface Point {
  x: number;
  y: number;
}

/** A vertex of a calibrated line: a place (drawing pixels or projected metres) and its chainage. */
export interface StationedPoint extends Point {
  chainage: number;
}

/** Cumulative lengths of a polyline's vertices from its first. */
export function cumulativeLengths(points: readonly Point[]): number[] {
  const out: number[] = [];
  let total = 0;
  points.forEach((p, i) => {
    const prev = points[i - 1];
    if (prev) total += Math.hypot(p.x - prev.x, p.y - prev.y);
    out.push(total);
  });
  return out;
}

/** The place at `length` along a polyline (clamped to its ends) and the direction of travel there (radians). */
export function pointAlong(points: readonly Point[], length: number): (Point & { angle: number }) | null {
  if (points.length === 0) return null;
  const first = points[0] as Point;
  if (points.length === 1) return { ...first, angle: 0 };
  const lengths = cumulativeLengths(points);
  const total = lengths[lengths.length - 1] as number;
  const at = Math.min(Math.max(length, 0), total);
  let i = 1;
  while (i < points.length - 1 && (lengths[i] as number) < at) i += 1;
  const a = points[i - 1] as Point;
  const b = points[i] as Point;
  const segment = (lengths[i] as number) - (lengths[i - 1] as number);
  const t = segment > 0 ? (at - (lengths[i - 1] as number)) / segment : 0;
  return { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t, angle: Math.atan2(b.y - a.y, b.x - a.x) };
}

/**
 * The place of a distance on a stationed line (drawing calibration points or a projected
 * alignment). Between two stationed vertices the distance is spread over the drawn length between
 * them, so a curve drawn with several vertices carries its chainage along the curve, and a drawing
 * whose scale differs from place to place still puts each calibrated chainage where it was clicked.
 * Beyond the first or last vertex the line is extended straight at the nearest stretch's scale.
 * `drive` converts chainages to distances (station equations), so jumps in the stationing do not
 * bend the mapping.
 */
export function placeAtDistance(line: readonly StationedPoint[], drive: DriveStationing, distance: number): (Point & { angle: number }) | null {
  if (line.length === 0) return null;
  const first = line[0] as StationedPoint;
  if (line.length === 1) return { x: first.x, y: first.y, angle: 0 };
  const distances = distancesAlong(
    drive,
    line.map((p) => p.chainage),
  );
  const lengths = cumulativeLengths(line);
  // The stretch between two vertices that holds the distance (or the first/last one to extend).
  let i = 1;
  while (i < line.length - 1 && (distances[i] as number) < distance) i += 1;
  const d0 = distances[i - 1] as number;
  const d1 = distances[i] as number;
  const l0 = lengths[i - 1] as number;
  const l1 = lengths[i] as number;
  const scale = d1 !== d0 ? (l1 - l0) / (d1 - d0) : 0;
  const length = l0 + (distance - d0) * scale;
  const total = lengths[lengths.length - 1] as number;
  if (length >= 0 && length <= total) return pointAlong(line, length);
  // Extension beyond an end, straight along the end segment.
  const [a, b] = length < 0 ? [line[0] as StationedPoint, line[1] as StationedPoint] : [line[line.length - 2] as StationedPoint, line[line.length - 1] as StationedPoint];
  const seg = Math.hypot(b.x - a.x, b.y - a.y) || 1;
  const over = length < 0 ? length : length - total;
  const origin = length < 0 ? a : b;
  return { x: origin.x + ((b.x - a.x) / seg) * over, y: origin.y + ((b.y - a.y) / seg) * over, angle: Math.atan2(b.y - a.y, b.x - a.x) };
}

/** The place of a chainage on a stationed line; see `placeAtDistance`. */
export const placeAtChainage = (line: readonly StationedPoint[], drive: DriveStationing, chainage: number) =>
  placeAtDistance(line, drive, distanceAtChainage(drive, chainage));

/** The part of a stationed line between two distances, as a polyline (for a ring or a risk zone). */
export function lineBetween(line: readonly StationedPoint[], drive: DriveStationing, fromDistance: number, toDistance: number): Point[] {
  const [lo, hi] = fromDistance <= toDistance ? [fromDistance, toDistance] : [toDistance, fromDistance];
  const start = placeAtDistance(line, drive, lo);
  const end = placeAtDistance(line, drive, hi);
  if (!start || !end) return [];
  const distances = distancesAlong(
    drive,
    line.map((p) => p.chainage),
  );
  const inner = line.filter((_, i) => {
    const d = distances[i] as number;
    return d > lo && d < hi;
  });
  return [start, ...inner.map(({ x, y }) => ({ x, y })), end].map(({ x, y }) => ({ x, y }));
}

/** One axis of a section drawing: two pixel positions and the values there (chainage or level). */
export interface AxisCalibration {
  a: { pixel: number; value: number };
  b: { pixel: number; value: number };
}

/** Pixel of a value on a calibrated axis (linear); null when the two marks coincide. */
export function pixelOf(axis: AxisCalibration, value: number): number | null {
  if (axis.a.value === axis.b.value) return null;
  return axis.a.pixel + ((value - axis.a.value) * (axis.b.pixel - axis.a.pixel)) / (axis.b.value - axis.a.value);
}

/** Value of a pixel on a calibrated axis; null when the two marks coincide. */
export function valueOf(axis: AxisCalibration, pixel: number): number | null {
  if (axis.a.pixel === axis.b.pixel) return null;
  return axis.a.value + ((pixel - axis.a.pixel) * (axis.b.value - axis.a.value)) / (axis.b.pixel - axis.a.pixel);
}

/** Linear interpolation of a profile (chainage -> level, sorted or not) at a chainage; null outside it. */
export function profileAt(profile: readonly { chainage: number; level: number }[], chainage: number): number | null {
  const sorted = [...profile].sort((p, q) => p.chainage - q.chainage);
  for (let i = 1; i < sorted.length; i += 1) {
    const a = sorted[i - 1] as { chainage: number; level: number };
    const b = sorted[i] as { chainage: number; level: number };
    if (chainage >= a.chainage && chainage <= b.chainage) {
      const span = b.chainage - a.chainage;
      return span === 0 ? a.level : a.level + ((chainage - a.chainage) * (b.level - a.level)) / span;
    }
  }
  const only = sorted.length === 1 ? sorted[0] : undefined;
  return only && only.chainage === chainage ? only.level : null;
}
