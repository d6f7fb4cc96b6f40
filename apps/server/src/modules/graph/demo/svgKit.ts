/** Small helpers the demo drawings are drawn with: text, label boxes that never overlap, a seeded random. */

export const FONT_FAMILY = "'Noto Sans', 'Noto Sans CJK SC', 'DejaVu Sans', sans-serif";

export const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

export const r1 = (n: number) => Math.round(n * 10) / 10;

/** A generous estimate of a text's width (DejaVu Sans is wide; CJK glyphs are square). */
export function textWidth(text: string, size: number, bold = false): number {
  let w = 0;
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    if (code >= 0x2e80) w += 1.02;
    else if (ch === ' ') w += 0.34;
    else if (/[A-ZÀ-ÖØ-ÞĞİŞ]/.test(ch)) w += 0.74;
    else if (/[il.,;:'!|()-]/.test(ch)) w += 0.34;
    else w += 0.62;
  }
  return w * size * (bold ? 1.1 : 1);
}

export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface Corner {
  x: number;
  y: number;
}

/** A rectangle that may be turned: its four corners in order. */
export type Quad = readonly [Corner, Corner, Corner, Corner];

export type Anchor = 'start' | 'middle' | 'end';

const isQuad = (shape: Box | Quad): shape is Quad => Array.isArray(shape);

export const quadOf = (b: Box): Quad => [
  { x: b.x0, y: b.y0 },
  { x: b.x1, y: b.y0 },
  { x: b.x1, y: b.y1 },
  { x: b.x0, y: b.y1 },
];

/** The axis-aligned box around a quad. */
export function boxOf(q: Quad): Box {
  const xs = q.map((c) => c.x);
  const ys = q.map((c) => c.y);
  return { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) };
}

/** The rectangle of a text drawn at (x, y) rotated by `angle` degrees about that point. */
export function textBox(x: number, y: number, text: string, size: number, angle: number, anchor: Anchor, bold = false, pad = 3): Quad {
  const w = textWidth(text, size, bold);
  const left = anchor === 'start' ? 0 : anchor === 'middle' ? -w / 2 : -w;
  return rotatedBox(x, y, left - pad, -0.82 * size - pad, left + w + pad, 0.26 * size + pad, angle);
}

/** A local rectangle (x0..x1, y0..y1 around the origin) rotated by `angle` degrees and moved to (x, y). */
export function rotatedBox(x: number, y: number, lx0: number, ly0: number, lx1: number, ly1: number, angle: number): Quad {
  const a = (angle * Math.PI) / 180;
  const c = Math.cos(a);
  const s = Math.sin(a);
  const at = (px: number, py: number): Corner => ({ x: x + px * c - py * s, y: y + px * s + py * c });
  return [at(lx0, ly0), at(lx1, ly0), at(lx1, ly1), at(lx0, ly1)];
}

/** Whether two rectangles overlap (separating axes: the edges' normals of both). */
function overlaps(a: Quad, b: Quad): boolean {
  for (const q of [a, b]) {
    for (let i = 0; i < 2; i += 1) {
      const p = q[i] as Corner;
      const r = q[i + 1] as Corner;
      const nx = -(r.y - p.y);
      const ny = r.x - p.x;
      const project = (shape: Quad) => shape.map((c) => c.x * nx + c.y * ny);
      const pa = project(a);
      const pb = project(b);
      if (Math.max(...pa) <= Math.min(...pb) || Math.max(...pb) <= Math.min(...pa)) return false;
    }
  }
  return true;
}

/** Keeps the places taken on a drawing: a label goes only where it overlaps nothing and stays inside. */
export class Placer {
  private readonly taken: Quad[] = [];
  /** Places no label may touch besides the ones taken (a river, say): true when a corner is in one. */
  readonly forbidden: ((corner: Corner) => boolean)[] = [];
  constructor(private readonly bounds: Box) {}

  fits(shape: Box | Quad): boolean {
    const quad = isQuad(shape) ? shape : quadOf(shape);
    if (quad.some((c) => c.x < this.bounds.x0 || c.y < this.bounds.y0 || c.x > this.bounds.x1 || c.y > this.bounds.y1)) return false;
    if (this.forbidden.some((inside) => quad.some(inside))) return false;
    return !this.taken.some((t) => overlaps(t, quad));
  }

  /** Whether a shape fits when the forbidden places are not looked at (a river's own name goes on the river). */
  fitsOnForbidden(shape: Box | Quad): boolean {
    const saved = this.forbidden.splice(0);
    try {
      return this.fits(shape);
    } finally {
      this.forbidden.push(...saved);
    }
  }

  take(shape: Box | Quad): void {
    this.taken.push(isQuad(shape) ? shape : quadOf(shape));
  }

  /** Takes the first shape that fits; answers its index or -1. */
  first(shapes: readonly (Box | Quad)[]): number {
    const index = shapes.findIndex((b) => this.fits(b));
    const shape = shapes[index];
    if (shape) this.take(shape);
    return index;
  }
}

/** An angle (degrees) turned so text drawn along it reads left to right; `flipped` when turned by 180°. */
export function readable(angle: number): { angle: number; flipped: boolean } {
  let a = ((angle % 360) + 360) % 360;
  if (a > 180) a -= 360;
  if (a > 90) return { angle: a - 180, flipped: true };
  if (a <= -90) return { angle: a + 180, flipped: true };
  return { angle: a, flipped: false };
}

export interface TextOptions {
  size: number;
  angle?: number;
  anchor?: Anchor;
  bold?: boolean;
  italic?: boolean;
  fill?: string;
  /** A white outline behind the glyphs, so the text reads over lines and fills. */
  halo?: boolean;
}

export function svgText(x: number, y: number, text: string, o: TextOptions): string {
  const attrs = [`x="${r1(x)}"`, `y="${r1(y)}"`, `font-size="${o.size}"`];
  if (o.anchor && o.anchor !== 'start') attrs.push(`text-anchor="${o.anchor}"`);
  if (o.bold) attrs.push('font-weight="bold"');
  if (o.italic) attrs.push('font-style="italic"');
  attrs.push(`fill="${o.fill ?? '#1f2933'}"`);
  if (o.halo) attrs.push('stroke="#ffffff" stroke-width="4" stroke-linejoin="round" paint-order="stroke"');
  if (o.angle) attrs.push(`transform="rotate(${r1(o.angle)} ${r1(x)} ${r1(y)})"`);
  return `<text ${attrs.join(' ')}>${escapeXml(text)}</text>`;
}

/** A small deterministic random (mulberry32) so a run's drawing is the same every time. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pointsAttr = (points: readonly { x: number; y: number }[]) => points.map((p) => `${r1(p.x)},${r1(p.y)}`).join(' ');
