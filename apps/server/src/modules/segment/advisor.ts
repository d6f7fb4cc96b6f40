/**
 * The next-ring advisor: a pure geometric model of the universal tapered ring (issue 23). It ranks
 * the key-block positions of the next ring by the tail clearance and the stroke balance each is
 * expected to give. It is advice beside the guidance system, never a replacement for it.
 *
 * Angles are degrees clockwise from the top, looking in the drive's direction: up 0°, right 90°,
 * down 180°, left 270°. Cylinder groups A–D sit at the top, right, bottom and left (KEY_TAGS).
 *
 * Geometry (what the run's settings say, otherwise assumed, and then said so):
 * - T, the taper (mm): the widest side of the ring is T longer than the narrowest. Assumed 40 mm for
 *   an outer diameter below 7 m, 50 mm above (usual universal rings of metro and larger tunnels).
 * - D, the lining's outer diameter (mm): the settings, else the excavation (or cutterhead) diameter
 *   of the run's TBM minus 2 × 150 mm (tail skin and nominal clearance on each side), else 6,000 mm.
 * - W, the ring width (mm): the run's design ring width.
 * - N key positions, K1 at the top, then clockwise 360/N degrees apart: Kk at θk = (k − 1)·360/N.
 *
 * Model. Placing K at θ puts the ring's widest side opposite the key, at w = θ + 180°. The ring's
 * front face then tilts by α = T/D radians towards the narrow side: the lining turns away from the
 * wide side. Over the next ring (length W) the lining's end moves sideways by α·W relative to a
 * straight continuation, while the tail skin keeps its line (the shield is steered separately).
 * The clearance on the wide side opens by α·W, the opposite side closes by as much, and the side at
 * angle φ changes by its radial share:
 *
 *     expected(φ) = last(φ) + k·(T/2)·cos(φ − w),   with k = 2W/D   (so k·T/2 = α·W)
 *
 * A 40 mm taper on a 6 m ring of 1.5 m moves the clearance by at most 10 mm per ring: the honest
 * order of magnitude of one ring's correction. Expected clearances are not cut at zero: a negative
 * value says the lining would touch the skin.
 *
 * Strokes. The cylinders push on the ring's front face: where the ring is longer the face is nearer
 * and the stroke shorter by the extra length, (T/2)·cos(φg − w) for group g at angle φg:
 *
 *     expectedStroke(g) = lastStroke(g) − (T/2)·cos(φg − w);   spread = max − min over A–D
 *
 * Score (lower is better), in mm so the terms compare:
 *     |left − right| + |up − down|                      (clearance imbalance)
 *   + 3 · Σ max(0, warn − expected side)               (each side below the warning line, tripled)
 *   + 0.5 · expected stroke spread                      (when the strokes are known)
 * Options with equal scores keep the order of K1…KN.
 */

export type Side = 'up' | 'right' | 'down' | 'left';
export const SIDE_ANGLES: Readonly<Record<Side, number>> = { up: 0, right: 90, down: 180, left: 270 };
const SIDES: readonly Side[] = ['up', 'right', 'down', 'left'];
/** Cylinder groups A–D: top, right, bottom, left. */
const STROKE_ANGLES = { a: 0, b: 90, c: 180, d: 270 } as const;

export const TIGHT_WEIGHT = 3;
export const STROKE_WEIGHT = 0.5;
/** Nominal annulus on each side between the TBM's excavation and the lining's outer face (tail skin and clearance), mm. */
export const ANNULUS_MM = 150;
export const DEFAULT_K_POSITIONS = 16;
export const FALLBACK_DIAMETER_MM = 6000;

export type Clearances = Record<Side, number>;
export interface Strokes {
  a: number;
  b: number;
  c: number;
  d: number;
}

export interface Geometry {
  outerDiameterMm: number;
  ringWidthMm: number;
  taperMm: number;
  kPositions: string[];
  assumed: boolean;
}

/** A reason for an option, as a text key with its parameters (the caller words it in the reader's language). */
export type Reason =
  | { key: 'opens'; side: Side; by: number }
  | { key: 'imbalance'; before: number; after: number }
  | { key: 'tight'; side: Side; value: number; warn: number }
  | { key: 'strokes'; before: number; after: number };

export interface Option {
  kPosition: string;
  kAngleDeg: number;
  wideAngleDeg: number;
  expected: Clearances;
  expectedStrokeSpread: number | null;
  score: number;
  reasons: Reason[];
}

/** What the run's settings and basic info give; null where they say nothing. */
export interface GeometryInput {
  taperMm: number | null;
  outerDiameterMm: number | null;
  kPositionCount: number | null;
  /** The TBM's excavation (or else cutterhead) diameter, metres. */
  tbmDiameterM: number | null;
  ringWidthMm: number;
}

const round1 = (v: number) => Math.round(v * 10) / 10;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** The ring geometry the advisor uses, with `assumed` when any value did not come from the run's settings. */
export function ringGeometry(input: GeometryInput): Geometry {
  const fromTbm = input.tbmDiameterM !== null && input.tbmDiameterM > 0 ? Math.round(input.tbmDiameterM * 1000 - 2 * ANNULUS_MM) : null;
  const outerDiameterMm = input.outerDiameterMm ?? fromTbm ?? FALLBACK_DIAMETER_MM;
  const taperMm = input.taperMm ?? (outerDiameterMm < 7000 ? 40 : 50);
  const count = input.kPositionCount ?? DEFAULT_K_POSITIONS;
  return {
    outerDiameterMm,
    ringWidthMm: input.ringWidthMm,
    taperMm,
    kPositions: Array.from({ length: count }, (_, i) => `K${i + 1}`),
    assumed: input.taperMm === null || input.outerDiameterMm === null || input.kPositionCount === null,
  };
}

const spreadOf = (s: Strokes) => Math.max(s.a, s.b, s.c, s.d) - Math.min(s.a, s.b, s.c, s.d);
const imbalanceOf = (c: Clearances) => Math.abs(c.left - c.right) + Math.abs(c.up - c.down);

/** Every key position of the geometry, best first, from the last ring's clearances (and strokes, when known). */
export function rankKeyPositions(last: Clearances, strokes: Strokes | null, geometry: Geometry, warnMm: number): Option[] {
  const n = geometry.kPositions.length;
  const half = geometry.taperMm / 2;
  const k = (2 * geometry.ringWidthMm) / geometry.outerDiameterMm;
  const tightest = SIDES.reduce((a, b) => (last[b] < last[a] ? b : a), 'up' as Side);
  const options = geometry.kPositions.map((kPosition, i): Option & { order: number } => {
    const kAngle = (i * 360) / n;
    const wide = (kAngle + 180) % 360;
    const expected = Object.fromEntries(SIDES.map((side) => [side, round1(last[side] + k * half * Math.cos(rad(SIDE_ANGLES[side] - wide)))])) as Clearances;
    const expectedStrokes: Strokes | null = strokes
      ? {
          a: strokes.a - half * Math.cos(rad(STROKE_ANGLES.a - wide)),
          b: strokes.b - half * Math.cos(rad(STROKE_ANGLES.b - wide)),
          c: strokes.c - half * Math.cos(rad(STROKE_ANGLES.c - wide)),
          d: strokes.d - half * Math.cos(rad(STROKE_ANGLES.d - wide)),
        }
      : null;
    const spread = expectedStrokes ? round1(spreadOf(expectedStrokes)) : null;
    const tight = SIDES.filter((side) => expected[side] < warnMm);
    const imbalance = imbalanceOf(expected);
    const score = round1(imbalance + TIGHT_WEIGHT * tight.reduce((sum, side) => sum + (warnMm - expected[side]), 0) + (spread === null ? 0 : STROKE_WEIGHT * spread));
    const reasons: Reason[] = [];
    const opened = round1(expected[tightest] - last[tightest]);
    if (opened > 0) reasons.push({ key: 'opens', side: tightest, by: opened });
    reasons.push({ key: 'imbalance', before: round1(imbalanceOf(last)), after: round1(imbalance) });
    for (const side of tight) reasons.push({ key: 'tight', side, value: expected[side], warn: warnMm });
    if (strokes && spread !== null) reasons.push({ key: 'strokes', before: round1(spreadOf(strokes)), after: spread });
    return { kPosition, kAngleDeg: round1(kAngle), wideAngleDeg: round1(wide), expected, expectedStrokeSpread: spread, score, reasons, order: i };
  });
  return options.sort((a, b) => a.score - b.score || a.order - b.order).map(({ order: _order, ...option }) => option);
}
