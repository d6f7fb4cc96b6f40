import { randomBytes, randomInt } from 'node:crypto';
import sharp from 'sharp';

/**
 * Pictures of the slide puzzle. The background holds the piece's gap and decoy gaps of other
 * outlines, all on the piece's row and drawn alike; it reaches the client as a JPEG and the piece
 * as a PNG, so nothing but pixels tells the gap from the decoys. Outlines, their rotation, the
 * shapes behind them, the lines over them and the noise are drawn anew for every puzzle.
 */
export const SLIDE = {
  width: 300,
  height: 150,
  /** Side of the square piece image; every outline fits in it whatever its rotation. */
  box: 60,
  /** Side of an outline's square body; knobs and holes sit on its sides. */
  square: 36,
  /** Leftmost place of a gap, well clear of the piece's starting place at 0. */
  minX: 66,
  gaps: 3,
} as const;

/** Each side of an outline: a hole, flat, or a knob. */
type Edge = -1 | 0 | 1;
export interface Outline {
  /** Top, right, bottom, left. */
  edges: readonly [Edge, Edge, Edge, Edge];
  /** Where each side's knob or hole sits, off the side's middle. */
  offsets: readonly [number, number, number, number];
}
export interface SlideLayout {
  /** The piece image's left edge in the gap: the answer. */
  answer: number;
  pieceY: number;
  /** Rotation of every outline of the puzzle, in degrees. */
  angle: number;
  knob: number;
  hue: number;
  piece: Outline;
  /** Every gap, the piece's among them, in drawing order: left edge of its box and outline. */
  gaps: readonly { x: number; outline: Outline }[];
}

const EDGES: readonly Edge[] = [-1, 0, 1];
const pick = <T>(items: readonly T[]): T => items[randomInt(items.length)] as T;
const differences = (a: Outline, b: Outline) => a.edges.filter((edge, i) => edge !== b.edges[i]).length;

function randomOutline(): Outline {
  for (;;) {
    const edges = [pick(EDGES), pick(EDGES), pick(EDGES), pick(EDGES)] as const;
    // At least two sides with a knob or a hole, so every outline has something to recognise.
    if (edges.filter((e) => e !== 0).length < 2) continue;
    return { edges, offsets: [randomInt(-4, 5), randomInt(-4, 5), randomInt(-4, 5), randomInt(-4, 5)] };
  }
}

/** A shuffled copy (Fisher–Yates with a CSPRNG). */
function shuffle<T>(items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/**
 * Places of the gaps along the row, boxes apart. With `answer` the piece's gap is there and the
 * decoys go where they fit; otherwise all places are random and any one of them is the answer.
 */
function places(answer: number | undefined): { answer: number; decoys: number[] } {
  const { width, box, minX, gaps } = SLIDE;
  const spacing = box + 2;
  const maxX = width - box - 2;
  if (answer !== undefined) {
    const free: number[] = [];
    for (let x = minX; x <= maxX; x += 1) free.push(x);
    const decoys: number[] = [];
    for (const x of shuffle(free)) {
      if (decoys.length === gaps - 1) break;
      if ([answer, ...decoys].every((taken) => Math.abs(taken - x) >= spacing)) decoys.push(x);
    }
    return { answer, decoys };
  }
  // Spread the room left over by `gaps` boxes randomly before, between and after them.
  const slack = maxX - minX - (gaps - 1) * spacing;
  const offsets = Array.from({ length: gaps }, () => randomInt(slack + 1)).sort((a, b) => a - b);
  const xs = shuffle(offsets.map((offset, i) => minX + i * spacing + offset));
  return { answer: xs[0] as number, decoys: xs.slice(1) };
}

/** A new puzzle's layout; `answer` fixes the gap's place (the test answer). */
export function slideLayout(answer?: number): SlideLayout {
  const piece = randomOutline();
  const decoyOutlines: Outline[] = [];
  while (decoyOutlines.length < SLIDE.gaps - 1) {
    const outline = randomOutline();
    // Two sides at least differ from the piece and from the other decoys: a person tells them apart.
    if ([piece, ...decoyOutlines].every((other) => differences(outline, other) >= 2)) decoyOutlines.push(outline);
  }
  const at = places(answer);
  return {
    answer: at.answer,
    pieceY: randomInt(2, SLIDE.height - SLIDE.box - 1),
    angle: randomInt(-40, 41),
    knob: 5 + randomInt(3) / 2,
    hue: randomInt(360),
    piece,
    gaps: shuffle([{ x: at.answer, outline: piece }, ...at.decoys.map((x, i) => ({ x, outline: decoyOutlines[i] as Outline }))]),
  };
}

const n = (value: number) => Number(value.toFixed(2));

/**
 * The outline's path around (0, 0), clockwise: a square whose sides are flat or carry a round knob
 * (outwards) or hole (inwards) of radius `knob`.
 */
export function outlinePath(outline: Outline, knob: number): string {
  const h = SLIDE.square / 2;
  const half = knob * 0.7; // half the knob's neck: the knob is wider than its neck
  // The point `u` along each side from its middle, the sides taken clockwise from the top.
  const along = [(u: number) => [u, -h], (u: number) => [h, u], (u: number) => [-u, h], (u: number) => [-h, -u]] as const;
  let d = `M${-h} ${-h}`;
  outline.edges.forEach((edge, side) => {
    const at = along[side] as (u: number) => number[];
    const c = outline.offsets[side] as number;
    if (edge !== 0) {
      const [x1, y1] = at(c - half) as [number, number];
      const [x2, y2] = at(c + half) as [number, number];
      // sweep 1 bulges out of a clockwise outline, sweep 0 into it
      d += ` L${n(x1)} ${n(y1)} A${knob} ${knob} 0 1 ${edge === 1 ? 1 : 0} ${n(x2)} ${n(y2)}`;
    }
    const [x, y] = at(h) as [number, number];
    d += ` L${n(x)} ${n(y)}`;
  });
  return `${d} Z`;
}

/** How every gap is drawn, the piece's and the decoys' alike. */
export const GAP_STYLE = 'fill="#000" fill-opacity="0.42" stroke="#fff" stroke-opacity="0.75" stroke-width="1.5"';

const hsl = (hue: number, s: number, l: number) => `hsl(${Math.round(hue) % 360},${s}%,${l}%)`;

/** Random shapes behind the gaps: circles, ellipses, turned rectangles and triangles. */
function scenery(hue: number): string {
  const { width, height } = SLIDE;
  const shapes: string[] = [];
  const count = 12 + randomInt(8);
  for (let i = 0; i < count; i += 1) {
    const fill = `fill="${hsl(hue + randomInt(160) - 80 + 360, 35 + randomInt(35), 30 + randomInt(45))}" fill-opacity="${(0.45 + randomInt(45) / 100).toFixed(2)}"`;
    const x = randomInt(width);
    const y = randomInt(height);
    const turn = `transform="rotate(${randomInt(180)} ${x} ${y})"`;
    switch (randomInt(4)) {
      case 0:
        shapes.push(`<circle cx="${x}" cy="${y}" r="${6 + randomInt(40)}" ${fill}/>`);
        break;
      case 1:
        shapes.push(`<ellipse cx="${x}" cy="${y}" rx="${8 + randomInt(45)}" ry="${5 + randomInt(25)}" ${fill} ${turn}/>`);
        break;
      case 2: {
        const w = 10 + randomInt(60);
        const hgt = 8 + randomInt(40);
        shapes.push(`<rect x="${x - w / 2}" y="${y - hgt / 2}" width="${w}" height="${hgt}" rx="${randomInt(8)}" ${fill} ${turn}/>`);
        break;
      }
      default: {
        const points = Array.from({ length: 3 }, () => `${x + randomInt(-40, 41)},${y + randomInt(-40, 41)}`).join(' ');
        shapes.push(`<polygon points="${points}" ${fill}/>`);
      }
    }
  }
  return shapes.join('');
}

/** Thin lines drawn over everything, gaps included, so no outline is whole in the pixels. */
function scratches(hue: number): string {
  const { width, height } = SLIDE;
  const lines: string[] = [];
  const count = 4 + randomInt(4);
  for (let i = 0; i < count; i += 1) {
    const y0 = randomInt(height);
    const y1 = randomInt(height);
    lines.push(
      `<path d="M0 ${y0} Q${randomInt(width)} ${randomInt(-40, height + 40)} ${width} ${y1}" fill="none" stroke="${hsl(hue + randomInt(360), 40, 20 + randomInt(65))}" stroke-opacity="0.55" stroke-width="${1 + randomInt(3) / 2}"/>`,
    );
  }
  return lines.join('');
}

/** The two pictures as SVG: what gets rasterised, never what the client receives. */
export function slideSvgs(layout: SlideLayout): { background: string; piece: string } {
  const { width, height, box } = SLIDE;
  const { hue, angle, knob } = layout;
  const c = box / 2;
  const cy = layout.pieceY + c;
  const gaps = layout.gaps
    .map((gap) => `<path d="${outlinePath(gap.outline, knob)}" transform="translate(${gap.x + c} ${cy}) rotate(${angle})" ${GAP_STYLE}/>`)
    .join('');
  const background =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="${randomInt(2)}"><stop offset="0" stop-color="${hsl(hue, 40, 45 + randomInt(20))}"/><stop offset="1" stop-color="${hsl(hue + 40 + randomInt(80), 40, 45 + randomInt(20))}"/></linearGradient></defs>` +
    `<rect width="100%" height="100%" fill="url(#g)"/>${scenery(hue)}${gaps}${scratches(hue)}</svg>`;
  const piece =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${box}" height="${box}" viewBox="0 0 ${box} ${box}">` +
    `<defs><linearGradient id="p" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hsl(hue, 60, 88)}"/><stop offset="1" stop-color="${hsl(hue + 30, 55, 72)}"/></linearGradient></defs>` +
    `<path d="${outlinePath(layout.piece, knob)}" transform="translate(${c} ${c}) rotate(${angle})" fill="url(#p)" stroke="#fff" stroke-width="2"/></svg>`;
  return { background, piece };
}

/** Grey speckles at a low opacity over a whole picture. */
function noise(width: number, height: number, alpha: number): { input: Buffer; raw: { width: number; height: number; channels: 4 } } {
  const grey = randomBytes(width * height);
  const rgba = Buffer.alloc(width * height * 4);
  for (let i = 0; i < grey.length; i += 1) {
    const v = grey[i] as number;
    rgba[4 * i] = v;
    rgba[4 * i + 1] = v;
    rgba[4 * i + 2] = v;
    rgba[4 * i + 3] = alpha;
  }
  return { input: rgba, raw: { width, height, channels: 4 } };
}

/** The puzzle's pictures as data URLs: the background a JPEG, the piece a PNG with transparency. */
export async function renderSlide(layout: SlideLayout): Promise<{ background: string; piece: string }> {
  const svgs = slideSvgs(layout);
  const [background, piece] = await Promise.all([
    sharp(Buffer.from(svgs.background))
      .composite([noise(SLIDE.width, SLIDE.height, 34)])
      .jpeg({ quality: 80, chromaSubsampling: '4:2:0' })
      .toBuffer(),
    sharp(Buffer.from(svgs.piece))
      .composite([{ ...noise(SLIDE.box, SLIDE.box, 24), blend: 'atop' }])
      .png({ compressionLevel: 6 })
      .toBuffer(),
  ]);
  return {
    background: `data:image/jpeg;base64,${background.toString('base64')}`,
    piece: `data:image/png;base64,${piece.toString('base64')}`,
  };
}
