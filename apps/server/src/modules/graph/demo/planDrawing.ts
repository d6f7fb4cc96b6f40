import { chainageAtDistance, cumulativeLengths, distanceAtChainage, type DriveStationing, formatChainage, type Point, pointAlong } from '@boreline/contracts';
import type { DemoCity, DrawingWords } from './demoCities.js';
import { type Box, FONT_FAMILY, Placer, pointsAttr, r1, readable, rotatedBox, seeded, svgText, textBox, textWidth } from './svgKit.js';

/** The drawn alignment: a straight, a circular curve, a straight (pixels; headings in degrees, y down). */
interface AlignmentShape {
  start: Point;
  heading: number;
  l1: number;
  radius: number;
  turn: number;
  l2: number;
}

export interface PlanLayout {
  width: number;
  height: number;
  shape: AlignmentShape;
  title: Box;
  legend: Box;
  scale: Box;
  north: Point;
}

export const LANDSCAPE: PlanLayout = {
  width: 2400,
  height: 1400,
  shape: { start: { x: 230, y: 560 }, heading: 10, l1: 650, radius: 900, turn: -35, l2: 700 },
  title: { x0: 1620, y0: 1160, x1: 2360, y1: 1360 },
  legend: { x0: 60, y0: 1060, x1: 450, y1: 1280 },
  scale: { x0: 60, y0: 1290, x1: 450, y1: 1350 },
  north: { x: 2270, y: 140 },
};

/** The H5 view's picture: narrow and tall. */
export const PORTRAIT: PlanLayout = {
  width: 1000,
  height: 1600,
  shape: { start: { x: 560, y: 130 }, heading: 100, l1: 420, radius: 700, turn: -30, l2: 380 },
  title: { x0: 60, y0: 1370, x1: 940, y1: 1560 },
  legend: { x0: 60, y0: 60, x1: 450, y1: 280 },
  scale: { x0: 60, y0: 290, x1: 450, y1: 350 },
  north: { x: 900, y: 130 },
};

export interface PlanInput {
  city: DemoCity;
  words: DrawingWords;
  project: { name: string; code: string; line: string };
  drive: DriveStationing;
  layout: PlanLayout;
}

export interface PlanDrawing {
  svg: string;
  width: number;
  height: number;
  /** The drawn alignment's vertices with their chainages, in driving order. */
  marks: { x: number; y: number; chainage: number }[];
}

const rad = (deg: number) => (deg * Math.PI) / 180;
const dirOf = (deg: number): Point => ({ x: Math.cos(rad(deg)), y: Math.sin(rad(deg)) });
const add = (p: Point, v: Point, k: number): Point => ({ x: p.x + v.x * k, y: p.y + v.y * k });

/** The alignment's vertices: start, the curve's start, points every ≤ 5° of the curve, its end, the end. */
function alignmentVertices(shape: AlignmentShape): Point[] {
  const tc = add(shape.start, dirOf(shape.heading), shape.l1);
  const side = Math.sign(shape.turn) || 1;
  const centre = add(tc, dirOf(shape.heading + side * 90), shape.radius);
  const steps = Math.max(2, Math.ceil(Math.abs(shape.turn) / 5));
  const arc: Point[] = [];
  for (let i = 0; i <= steps; i += 1) {
    const h = shape.heading + (shape.turn * i) / steps;
    arc.push(add(centre, dirOf(h - side * 90), shape.radius));
  }
  const ct = arc[arc.length - 1] as Point;
  return [shape.start, ...arc, add(ct, dirOf(shape.heading + shape.turn), shape.l2)];
}

/** The line extended straight by `by` pixels at both ends (the street goes on beyond the drive). */
function extended(line: readonly Point[], by: number): Point[] {
  const [a, b] = [line[0] as Point, line[1] as Point];
  const [y, z] = [line[line.length - 2] as Point, line[line.length - 1] as Point];
  const la = Math.hypot(b.x - a.x, b.y - a.y);
  const lz = Math.hypot(z.x - y.x, z.y - y.y);
  return [{ x: a.x - ((b.x - a.x) / la) * by, y: a.y - ((b.y - a.y) / la) * by }, ...line, { x: z.x + ((z.x - y.x) / lz) * by, y: z.y + ((z.y - y.y) / lz) * by }];
}

/** A place along a line at `s` pixels with its heading (degrees). */
function at(line: readonly Point[], s: number): Point & { heading: number } {
  const p = pointAlong(line, s) ?? { x: 0, y: 0, angle: 0 };
  return { x: p.x, y: p.y, heading: (p.angle * 180) / Math.PI };
}

/** A line parallel to `line` at `offset` pixels on its left (negative: right), sampled every 20 px. */
function offsetLine(line: readonly Point[], offset: number): Point[] {
  const total = cumulativeLengths(line).at(-1) ?? 0;
  const out: Point[] = [];
  for (let s = 0; s <= total; s += 20) {
    const p = at(line, s);
    out.push(add(p, dirOf(p.heading - 90), offset));
  }
  return out;
}

const NICE_SCALES = [20, 25, 50, 100, 200, 250, 500, 1000, 2000];

/** The floor plan of a drive: a site plan with streets, blocks, stations and the stationed alignment. */
export function planDrawing(input: PlanInput): PlanDrawing {
  const { city, words, layout, drive } = input;
  const { width: W, height: H } = layout;
  const rnd = seeded(city.seed * 7919 + W);
  const frame: Box = { x0: 40, y0: 40, x1: W - 40, y1: H - 40 };
  const placer = new Placer({ x0: frame.x0 + 6, y0: frame.y0 + 6, x1: frame.x1 - 6, y1: frame.y1 - 6 });
  const vertices = alignmentVertices(layout.shape);
  const lengths = cumulativeLengths(vertices);
  const total = lengths.at(-1) ?? 1;
  const driveLength = distanceAtChainage(drive, drive.endChainage);
  const metresPerPixel = driveLength / total;
  const sOf = (distance: number) => distance / metresPerPixel;
  const marks = vertices.map((v, i) => ({ x: r1(v.x), y: r1(v.y), chainage: Math.round(chainageAtDistance(drive, (lengths[i] as number) * metresPerPixel) * 1000) / 1000 }));
  const street = extended(vertices, 700);
  const onStreet = (s: number) => at(street, s + 700);
  const left = (heading: number) => dirOf(heading - 90);

  const under: string[] = [];
  const over: string[] = [];
  const labels: string[] = [];

  // Blocks: the whole map is built up; streets are cut through it; courtyards and small squares inside.
  under.push(`<rect x="${frame.x0}" y="${frame.y0}" width="${frame.x1 - frame.x0}" height="${frame.y1 - frame.y0}" fill="#ddd4c4"/><g shape-rendering="crispEdges">`);
  for (let i = 0; i < Math.round((W * H) / 9000); i += 1) {
    const w = 14 + rnd() * 46;
    const h = 14 + rnd() * 40;
    const x = frame.x0 + rnd() * (frame.x1 - frame.x0);
    const y = frame.y0 + rnd() * (frame.y1 - frame.y0);
    const tone = rnd() < 0.12 ? '#c9bca4' : '#efe9dd';
    under.push(`<rect x="${Math.round(x)}" y="${Math.round(y)}" width="${Math.round(w)}" height="${Math.round(h)}" fill="${tone}"/>`);
  }

  under.push('</g>');
  // Streets: cased white bands. The main street over the alignment, two parallel ones, cross streets.
  const streetPath = (points: readonly Point[], width: number) =>
    `<polyline points="${pointsAttr(points)}" fill="none" stroke="#a89f90" stroke-width="${width + 5}" stroke-linejoin="round"/>` +
    `<polyline points="${pointsAttr(points)}" fill="none" stroke="#ffffff" stroke-width="${width}" stroke-linejoin="round"/>`;
  const parallelOffset = layout.width > 1500 ? 290 : 250;
  const parallels = [offsetLine(street, parallelOffset), offsetLine(street, -parallelOffset)];
  const crossings: { s: number; u: Point; p: Point }[] = [];
  for (let s = -520 + rnd() * 80; s < total + 520; s += 215 + rnd() * 90) {
    const p = onStreet(s);
    const skew = (rnd() - 0.5) * 26;
    crossings.push({ s, p, u: dirOf(p.heading + 90 + skew) });
  }
  const river = city.river ? { from: sOf(city.river.from * driveLength), to: sOf(city.river.to * driveLength) } : null;
  const keptCrossings = crossings.filter((c) => !river || c.s < river.from - 50 || c.s > river.to + 50);
  const streetsSvg: string[] = [];
  for (const c of keptCrossings) streetsSvg.push(streetPath([add(c.p, c.u, -3000), add(c.p, c.u, 3000)], 30));
  for (const line of parallels) streetsSvg.push(streetPath(line, 34));
  streetsSvg.push(streetPath(street, 46));
  under.push(...streetsSvg);

  // Park: a green square beside the line, away from the labels' boxes.
  const taken: Box[] = [layout.title, layout.legend, layout.scale, { x0: layout.north.x - 60, y0: layout.north.y - 90, x1: layout.north.x + 60, y1: layout.north.y + 70 }];
  for (const box of taken) placer.take(box);
  // The alignment itself: no label crosses it.
  for (let s = 0; s <= total; s += 10) {
    const p = at(vertices, s);
    placer.take({ x0: p.x - 8, y0: p.y - 8, x1: p.x + 8, y1: p.y + 8 });
  }
  if (river) {
    const mid = at(vertices, (river.from + river.to) / 2);
    const u = dirOf(mid.heading + 90);
    const a = at(vertices, river.from);
    const b = at(vertices, river.to);
    const side = (edge: Point, q: Point) => u.x * (q.y - edge.y) - u.y * (q.x - edge.x);
    placer.forbidden.push((q) => side(a, q) * side(b, q) < 0);
  }
  const parkSize = layout.width > 1500 ? { w: 380, h: 230 } : { w: 300, h: 200 };
  let parkSvg = '';
  const parkPlaces = [city.park.side, -city.park.side].flatMap((side) => [0, 0.08, -0.08, 0.16, -0.16, 0.24].map((shift) => [shift, side] as const));
  for (const [shift, side] of parkPlaces) {
    const p = at(vertices, (city.park.at + shift) * total);
    const distance = parallelOffset + 30 + parkSize.h / 2;
    const centre = add(p, left(p.heading), side * distance);
    const box = rotatedBox(centre.x, centre.y, -parkSize.w / 2, -parkSize.h / 2, parkSize.w / 2, parkSize.h / 2, p.heading);
    if (!placer.fits(box)) continue;
    placer.take(box);
    const trees: string[] = [];
    for (let i = 0; i < 26; i += 1) {
      const tx = -parkSize.w / 2 + 18 + rnd() * (parkSize.w - 36);
      const ty = -parkSize.h / 2 + 18 + rnd() * (parkSize.h - 36);
      if (Math.abs(ty) < 26 && Math.abs(tx) < parkSize.w * 0.42) continue; // the name's place
      trees.push(`<circle cx="${r1(tx)}" cy="${r1(ty)}" r="${r1(8 + rnd() * 7)}" fill="#9cc47f" stroke="#6f9a55" stroke-width="1.5"/>`);
    }
    const path = `M ${-parkSize.w / 2 + 30} ${-parkSize.h / 2 + 30} Q 0 ${parkSize.h / 4} ${parkSize.w / 2 - 30} ${parkSize.h / 2 - 40}`;
    const angle = readable(p.heading).angle;
    parkSvg =
      `<g transform="translate(${r1(centre.x)} ${r1(centre.y)}) rotate(${r1(p.heading)})">` +
      `<rect x="${-parkSize.w / 2}" y="${-parkSize.h / 2}" width="${parkSize.w}" height="${parkSize.h}" rx="14" fill="#cfe5bd" stroke="#7fa862" stroke-width="3"/>` +
      `<path d="${path}" fill="none" stroke="#f5f0e1" stroke-width="7"/>${trees.join('')}</g>` +
      svgText(centre.x, centre.y + 7, city.park.name, { size: layout.width > 1500 ? 20 : 17, angle, anchor: 'middle', italic: true, fill: '#2f5d1e', halo: true });
    break;
  }
  under.push(parkSvg);

  // River across the line, its banks and its name.
  if (river && city.river) {
    const mid = at(vertices, (river.from + river.to) / 2);
    const u = dirOf(mid.heading + 90);
    const a = at(vertices, river.from);
    const b = at(vertices, river.to);
    const band = [add(a, u, -3000), add(a, u, 3000), add(b, u, 3000), add(b, u, -3000)];
    under.push(`<polygon points="${pointsAttr(band)}" fill="#a9cbe8"/>`);
    for (const edge of [a, b]) under.push(`<line x1="${r1(add(edge, u, -3000).x)}" y1="${r1(add(edge, u, -3000).y)}" x2="${r1(add(edge, u, 3000).x)}" y2="${r1(add(edge, u, 3000).y)}" stroke="#5d8fbf" stroke-width="4"/>`);
    const { angle } = readable(mid.heading + 90);
    for (const k of [330, -330, 480, -480]) {
      const c = add(mid, u, k);
      const size = 40;
      const box = textBox(c.x, c.y + size * 0.3, city.river.name, size, angle, 'middle', false, 6);
      if (!placer.fitsOnForbidden(box)) continue;
      placer.take(box);
      labels.push(svgText(c.x, c.y + size * 0.3, city.river.name, { size, angle, anchor: 'middle', italic: true, fill: '#2f6690' }));
      break;
    }
  }

  // The tunnel: a red line over the main street, with chainage ticks every 100 m on its left.
  over.push(`<polyline points="${pointsAttr(vertices)}" fill="none" stroke="#ffffff" stroke-width="12" stroke-linejoin="round" stroke-linecap="round"/>`);
  over.push(`<polyline points="${pointsAttr(vertices)}" fill="none" stroke="#d62828" stroke-width="6" stroke-linejoin="round" stroke-linecap="round"/>`);
  const stationLength = Math.min(150, Math.max(60, 140 / metresPerPixel));
  const stationBoxes = city.stations.map(([, f, kind]) => ({ s: f * total, half: kind === 'station' ? stationLength / 2 : 18, depth: kind === 'station' ? 17 : 18 }));
  const dir = drive.endChainage >= drive.startChainage ? 1 : -1;
  const lo = Math.min(drive.startChainage, drive.endChainage);
  const hi = Math.max(drive.startChainage, drive.endChainage) + drive.equations.reduce((sum, e) => sum + Math.max(0, (e.ahead - e.back) * dir), 0);
  for (let c = Math.ceil(lo / 100) * 100; c <= hi; c += 100) {
    const d = distanceAtChainage(drive, c);
    if (d < 0 || d > driveLength + 1e-6 || Math.abs(chainageAtDistance(drive, d) - c) > 1e-6) continue;
    const p = at(vertices, sOf(d));
    const n = left(p.heading);
    const major = c % 500 === 0;
    // Over a station's box the tick reaches beyond it and its label stands clear of it.
    const station = stationBoxes.find((b) => Math.abs(sOf(d) - b.s) <= b.half + 6);
    const half = station ? station.depth + 8 : major ? 16 : 10;
    over.push(`<line x1="${r1(p.x + n.x * half)}" y1="${r1(p.y + n.y * half)}" x2="${r1(p.x - n.x * half)}" y2="${r1(p.y - n.y * half)}" stroke="#7a1010" stroke-width="${major ? 3 : 2}"/>`);
    const { angle, flipped } = readable(p.heading - 90);
    const size = major ? 16 : 15;
    const q = add(p, n, station ? station.depth + 14 : 24);
    // The baseline sits a third of the glyphs' height beside the tick, so the text is centred on it.
    const side = dirOf(angle + 90);
    const base = add(q, side, size * 0.33);
    const anchor = flipped ? 'end' : 'start';
    const text = formatChainage(c, 0);
    placer.take(textBox(base.x, base.y, text, size, angle, anchor, major, 1));
    labels.push(svgText(base.x, base.y, text, { size, angle, anchor, bold: major, fill: '#7a1010', halo: true }));
  }

  // Stations and shafts: boxes on the line, their names in framed labels beside it.
  const stationLabel = (p: Point & { heading: number }, text: string, size: number, bold: boolean, from: number) => {
    const w = textWidth(text, size, bold) + 20;
    const h = size + 14;
    const candidates: { c: Point; box: Box }[] = [];
    for (const side of [-1, 1]) {
      for (const distance of [from, from + 45, from + 95, from + 150]) {
        for (const along of [0, -70, 70, -140, 140]) {
          const c = add(add(p, left(p.heading), side * (side === 1 ? distance + 70 : distance)), dirOf(p.heading), along);
          candidates.push({ c, box: { x0: c.x - w / 2, y0: c.y - h / 2, x1: c.x + w / 2, y1: c.y + h / 2 } });
        }
      }
    }
    const index = placer.first(candidates.map((k) => k.box));
    const chosen = candidates[index];
    if (!chosen) return;
    const { c } = chosen;
    labels.push(`<line x1="${r1(p.x)}" y1="${r1(p.y)}" x2="${r1(c.x)}" y2="${r1(c.y)}" stroke="#1d3557" stroke-width="1.5"/>`);
    labels.push(`<rect x="${r1(c.x - w / 2)}" y="${r1(c.y - h / 2)}" width="${r1(w)}" height="${r1(h)}" rx="4" fill="#ffffff" stroke="#1d3557" stroke-width="2"/>`);
    labels.push(svgText(c.x, c.y + size * 0.36, text, { size, anchor: 'middle', bold, fill: '#1d3557' }));
  };
  for (const [, f, kind] of city.stations) {
    const p = at(vertices, f * total);
    const [bw, bh] = kind === 'station' ? [stationLength, 34] : [36, 36];
    over.push(
      `<g transform="translate(${r1(p.x)} ${r1(p.y)}) rotate(${r1(p.heading)})"><rect x="${r1(-bw / 2)}" y="${-bh / 2}" width="${r1(bw)}" height="${bh}" fill="#ffffff" fill-opacity="0.85" stroke="#1d3557" stroke-width="3"/>` +
        `<line x1="${r1(-bw / 2)}" y1="0" x2="${r1(bw / 2)}" y2="0" stroke="#d62828" stroke-width="4"/></g>`,
    );
    placer.take(rotatedBox(p.x, p.y, -bw / 2 - 4, -bh / 2 - 4, bw / 2 + 4, bh / 2 + 4, p.heading));
  }
  for (const [name, f] of city.stations) stationLabel(at(vertices, f * total), name, layout.width > 1500 ? 20 : 18, true, 62);

  // A station equation: a double bar across the line and its two chainages.
  for (const eq of drive.equations) {
    const d = distanceAtChainage(drive, eq.ahead);
    if (d <= 0 || d >= driveLength) continue;
    const p = at(vertices, sOf(d));
    const n = left(p.heading);
    const t = dirOf(p.heading);
    for (const k of [-4, 4]) {
      const q = add(p, t, k);
      over.push(`<line x1="${r1(q.x + n.x * 20)}" y1="${r1(q.y + n.y * 20)}" x2="${r1(q.x - n.x * 20)}" y2="${r1(q.y - n.y * 20)}" stroke="#1d3557" stroke-width="3"/>`);
    }
    stationLabel(p, `${words.equation} ${formatChainage(eq.back, 3)} = ${formatChainage(eq.ahead, 3)}`, 15, false, 80);
  }

  // Street names: the main street beside the line, the others along their centre.
  const streetName = (line: readonly Point[], s: number, offset: number, text: string, size: number) => {
    const p = at(line, s);
    const q = add(p, left(p.heading), offset);
    const { angle } = readable(p.heading);
    const base = add(q, dirOf(angle + 90), size * 0.33);
    const box = textBox(base.x, base.y, text, size, angle, 'middle', false, 3);
    if (!placer.fits(box)) return false;
    placer.take(box);
    labels.push(svgText(base.x, base.y, text, { size, angle, anchor: 'middle', fill: '#4a4a4a', halo: true }));
    return true;
  };
  const shifts = [0, -90, 90, -180, 180, -270, 270];
  const mainSize = layout.width > 1500 ? 17 : 15;
  const besideLine = (s: number, name: string) => [-44, -58].some((offset) => shifts.some((k) => streetName(vertices, s + k * 0.6, offset, name, mainSize)));
  besideLine(layout.shape.l1 * 0.45, city.mainStreets[0]);
  besideLine(total - layout.shape.l2 * 0.4, city.mainStreets[1]);
  parallels.forEach((line, i) => {
    const length = cumulativeLengths(line).at(-1) ?? 0;
    const name = city.parallelStreets[i] ?? '';
    shifts.some((k) => streetName(line, length * (i === 0 ? 0.42 : 0.58) + k, 0, name, 15));
  });
  let nameIndex = 0;
  for (const c of keptCrossings) {
    const name = city.crossStreets[nameIndex % city.crossStreets.length] ?? '';
    const line = [add(c.p, c.u, -3000), add(c.p, c.u, 3000)];
    const placed = [150, -150, 230, -230, 330, -330, 430, -430].some((k) => streetName(line, 3000 + k, 0, name, 15));
    if (placed) nameIndex += 1;
  }

  // The drive's direction: an arrow beside the line near its start.
  const arrowPlaces = [0.16, 0.22, 0.1, 0.28, 0.34].flatMap((f) => [0.5, 0.35, 0.65].map((k) => [f, k] as const));
  for (const [f, k] of arrowPlaces) {
    const p = at(vertices, f * total);
    const { angle, flipped } = readable(p.heading);
    const text = flipped ? `← ${words.direction}` : `${words.direction} →`;
    const q = add(p, left(p.heading), -(parallelOffset * k));
    const base = add(q, dirOf(angle + 90), 6);
    const box = textBox(base.x, base.y, text, 17, angle, 'middle', true, 4);
    if (!placer.fits(box)) continue;
    placer.take(box);
    labels.push(svgText(base.x, base.y, text, { size: 17, angle, anchor: 'middle', bold: true, fill: '#d62828', halo: true }));
    break;
  }

  // Legend, scale bar, north arrow, title block.
  const furniture: string[] = [];
  const panel = (b: Box) => `<rect x="${b.x0}" y="${b.y0}" width="${b.x1 - b.x0}" height="${b.y1 - b.y0}" fill="#ffffff" stroke="#1f2933" stroke-width="2"/>`;
  const lg = layout.legend;
  furniture.push(panel(lg), svgText(lg.x0 + 16, lg.y0 + 30, words.legend, { size: 19, bold: true }));
  const rows: [string, string][] = [
    [`<line x1="0" y1="0" x2="44" y2="0" stroke="#d62828" stroke-width="6"/>`, words.alignment],
    [`<rect x="4" y="-11" width="36" height="22" fill="#ffffff" stroke="#1d3557" stroke-width="3"/>`, words.station],
    [`<line x1="0" y1="0" x2="44" y2="0" stroke="#d62828" stroke-width="4"/><line x1="22" y1="-10" x2="22" y2="10" stroke="#7a1010" stroke-width="2"/>`, words.ticks],
    [`<line x1="0" y1="0" x2="44" y2="0" stroke="#a89f90" stroke-width="19"/><line x1="0" y1="0" x2="44" y2="0" stroke="#ffffff" stroke-width="14"/>`, words.streets],
    [`<rect x="4" y="-10" width="36" height="20" fill="#ddd4c4" stroke="#a89f90"/>`, words.buildings],
    [`<rect x="4" y="-10" width="36" height="20" rx="4" fill="#cfe5bd" stroke="#7fa862" stroke-width="2"/>`, words.park],
  ];
  rows.forEach(([symbol, text], i) => {
    const y = lg.y0 + 62 + i * 27;
    furniture.push(`<g transform="translate(${lg.x0 + 18} ${y})">${symbol}</g>`, svgText(lg.x0 + 78, y + 6, text, { size: 16 }));
  });
  const sb = layout.scale;
  const barMetres = NICE_SCALES.filter((m) => m / metresPerPixel <= sb.x1 - sb.x0 - 120).at(-1) ?? 100;
  const barPx = barMetres / metresPerPixel;
  furniture.push(panel(sb), svgText(sb.x0 + 14, sb.y0 + 22, words.scale, { size: 14 }));
  for (let i = 0; i < 4; i += 1) {
    furniture.push(`<rect x="${r1(sb.x0 + 20 + (i * barPx) / 4)}" y="${sb.y0 + 32}" width="${r1(barPx / 4)}" height="10" fill="${i % 2 === 0 ? '#1f2933' : '#ffffff'}" stroke="#1f2933" stroke-width="1.5"/>`);
  }
  furniture.push(svgText(sb.x0 + 20, sb.y0 + 56, '0', { size: 12, anchor: 'middle' }), svgText(sb.x0 + 20 + barPx, sb.y0 + 56, `${barMetres} m`, { size: 12, anchor: 'middle' }));
  const nx = layout.north.x;
  const ny = layout.north.y;
  furniture.push(
    `<circle cx="${nx}" cy="${ny}" r="42" fill="#ffffff" stroke="#1f2933" stroke-width="2"/>`,
    `<polygon points="${nx},${ny - 52} ${nx + 15},${ny + 22} ${nx},${ny + 10} ${nx - 15},${ny + 22}" fill="#1f2933"/>`,
    `<polygon points="${nx},${ny - 52} ${nx - 15},${ny + 22} ${nx},${ny + 10}" fill="#ffffff" stroke="#1f2933" stroke-width="1.5"/>`,
    svgText(nx, ny + 62, 'N', { size: 24, anchor: 'middle', bold: true }),
  );
  const tb = layout.title;
  const tw = tb.x1 - tb.x0;
  const th = tb.y1 - tb.y0;
  const row1 = tb.y0 + th * 0.3;
  const row2 = tb.y0 + th * 0.62;
  const row3 = tb.y0 + th * 0.81;
  const col = tb.x0 + tw * 0.5;
  furniture.push(
    panel(tb),
    `<line x1="${tb.x0}" y1="${r1(row1)}" x2="${tb.x1}" y2="${r1(row1)}" stroke="#1f2933" stroke-width="1.5"/>`,
    `<line x1="${tb.x0}" y1="${r1(row2)}" x2="${tb.x1}" y2="${r1(row2)}" stroke="#1f2933" stroke-width="1.5"/>`,
    `<line x1="${tb.x0}" y1="${r1(row3)}" x2="${tb.x1}" y2="${r1(row3)}" stroke="#1f2933" stroke-width="1"/>`,
    `<line x1="${r1(col)}" y1="${r1(row2)}" x2="${r1(col)}" y2="${tb.y1}" stroke="#1f2933" stroke-width="1"/>`,
    svgText(tb.x0 + 16, tb.y0 + 22, 'Demo Tunnelling Contractor', { size: 14, fill: '#52606d' }),
    svgText(tb.x0 + 16, row1 - 12, input.project.name, { size: 22, bold: true }),
    svgText(tb.x0 + 16, row2 - 18, words.plan, { size: 34, bold: true }),
    svgText(tb.x1 - 16, row2 - 18, formatChainage(drive.startChainage, 3) + ' – ' + formatChainage(drive.endChainage, 3), { size: 17, anchor: 'end' }),
    svgText(tb.x0 + 16, row3 - 10, `${words.line}: ${input.project.line}`, { size: 15 }),
    svgText(col + 16, row3 - 10, `${words.drawingNo} ${input.project.code}-GR-PL-001`, { size: 15, bold: true }),
    svgText(tb.x0 + 16, tb.y1 - 11, 'Rev. A', { size: 14 }),
    svgText(col + 16, tb.y1 - 11, words.sheet, { size: 14 }),
  );

  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
<defs><clipPath id="map"><rect x="${frame.x0}" y="${frame.y0}" width="${frame.x1 - frame.x0}" height="${frame.y1 - frame.y0}"/></clipPath></defs>
<rect width="${W}" height="${H}" fill="#ffffff"/>
<g font-family="${FONT_FAMILY}">
<g clip-path="url(#map)">${under.join('')}${over.join('')}${labels.join('')}</g>
${furniture.join('')}
<rect x="20" y="20" width="${W - 40}" height="${H - 40}" fill="none" stroke="#1f2933" stroke-width="4"/>
<rect x="${frame.x0}" y="${frame.y0}" width="${frame.x1 - frame.x0}" height="${frame.y1 - frame.y0}" fill="none" stroke="#1f2933" stroke-width="1.5"/>
</g></svg>`;
  return { svg, width: W, height: H, marks };
}
