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

export type Anchor = 'start' | 'middle' | 'end';

/** The axis-aligned box around a text drawn at (x, y) rotated by `angle` degrees about that point. */
export function textBox(x: number, y: number, text: string, size: number, angle: number, anchor: Anchor, bold = false, pad = 3): Box {
  const w = textWidth(text, size, bold);
  const left = anchor === 'start' ? 0 : anchor === 'middle' ? -w / 2 : -w;
  return rotatedBox(x, y, left - pad, -0.82 * size - pad, left + w + pad, 0.26 * size + pad, angle);
}

/** The axis-aligned box of a local rectangle (x0..x1, y0..y1 around the origin) rotated and moved to (x, y). */
export function rotatedBox(x: number, y: number, lx0: number, ly0: number, lx1: number, ly1: number, angle: number): Box {
  const a = (angle * Math.PI) / 180;
  const c = Math.cos(a);
  const s = Math.sin(a);
  const xs: number[] = [];
  const ys: number[] = [];
  for (const [px, py] of [
    [lx0, ly0],
    [lx1, ly0],
    [lx1, ly1],
    [lx0, ly1],
  ] as const) {
    xs.push(x + px * c - py * s);
    ys.push(y + px * s + py * c);
  }
  return { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) };
}

const overlaps = (a: Box, b: Box) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;

/** Keeps the boxes taken on a drawing: a label goes only where it overlaps nothing and stays inside. */
export class Placer {
  private readonly boxes: Box[] = [];
  /** Places no label may touch besides the boxes taken (a river, say): true when the box is in one. */
  readonly forbidden: ((box: Box) => boolean)[] = [];
  constructor(private readonly bounds: Box) {}

  fits(box: Box): boolean {
    if (box.x0 < this.bounds.x0 || box.y0 < this.bounds.y0 || box.x1 > this.bounds.x1 || box.y1 > this.bounds.y1) return false;
    if (this.forbidden.some((inside) => inside(box))) return false;
    return !this.boxes.some((b) => overlaps(b, box));
  }

  /** Whether a box fits when the forbidden places are not looked at (a river's own name goes on the river). */
  fitsOnForbidden(box: Box): boolean {
    const saved = this.forbidden.splice(0);
    try {
      return this.fits(box);
    } finally {
      this.forbidden.push(...saved);
    }
  }

  take(box: Box): void {
    this.boxes.push(box);
  }

  /** Takes the first box that fits; answers its index or -1. */
  first(boxes: readonly Box[]): number {
    const index = boxes.findIndex((b) => this.fits(b));
    const box = boxes[index];
    if (box) this.take(box);
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
