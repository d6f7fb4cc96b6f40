import { chainageAtDistance, distanceAtChainage, type DriveStationing, formatChainage, type graphContract } from '@boreline/contracts';

type SectionProfile = graphContract.SectionProfile;
import type { DemoCity, DrawingWords } from './demoCities.js';
import { type Box, boxOf, FONT_FAMILY, Placer, pointsAttr, r1, svgText, textBox, textWidth } from './svgKit.js';

export interface SectionInput {
  city: DemoCity;
  words: DrawingWords;
  project: { name: string; code: string };
  drive: DriveStationing;
  /** The bore's diameter (m): the tunnel's band around its axis. */
  diameter: number;
}

export interface SectionDrawing {
  svg: string;
  width: number;
  height: number;
  /** Two marks on the chainage axis and two on the level axis, where they were drawn. */
  axes: { chainage: { a: { pixel: number; value: number }; b: { pixel: number; value: number } }; level: { a: { pixel: number; value: number }; b: { pixel: number; value: number } } };
  profile: SectionProfile;
}

const W = 2400;
const H = 900;
const PLOT = { x0: 190, x1: 2330, y0: 110, y1: 600 };
const STRIP = { y0: 672, y1: 712 };
const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * The long section of a drive: ground surface, the ground layers as coloured bands, the tunnel
 * along its axis, stations, a level axis in metres and a chainage axis; under it the geology the
 * face meets, which is also the profile's geology bands.
 */
export function sectionDrawing(input: SectionInput): SectionDrawing {
  const { city, words, drive } = input;
  const driveLength = distanceAtChainage(drive, drive.endChainage);
  const chainages = [drive.startChainage, drive.endChainage, ...drive.equations.flatMap((e) => [e.back, e.ahead])];
  const cMin = Math.floor(Math.min(...chainages) / 100) * 100;
  const cMax = Math.ceil(Math.max(...chainages) / 100) * 100;
  const [lMin, lMax] = city.levels;
  const x = (c: number) => PLOT.x0 + ((c - cMin) / (cMax - cMin)) * (PLOT.x1 - PLOT.x0);
  const y = (l: number) => PLOT.y1 - ((l - lMin) / (lMax - lMin)) * (PLOT.y1 - PLOT.y0);
  /** The drive's fraction at a chainage, clamped to the drive: the city's profiles are given along it. */
  const fractionOf = (c: number) => Math.min(1, Math.max(0, distanceAtChainage(drive, c) / driveLength));
  const ground = (c: number) => city.ground(fractionOf(c));
  const axisAt = (c: number) => {
    const f = fractionOf(c);
    const points = city.axis;
    for (let i = 1; i < points.length; i += 1) {
      const [fa, la] = points[i - 1] as readonly [number, number];
      const [fb, lb] = points[i] as readonly [number, number];
      if (f <= fb) return la + ((f - fa) / (fb - fa || 1)) * (lb - la);
    }
    return (points[points.length - 1] as readonly [number, number])[1];
  };
  const step = 10;
  const samples: number[] = [];
  for (let c = cMin; c <= cMax + 1e-9; c += step) samples.push(c);
  const clampLevel = (l: number) => Math.min(lMax, Math.max(lMin, l));

  const parts: string[] = [];
  // Grid: levels every 10 m, chainages every 100 m.
  for (let l = lMin; l <= lMax; l += 10) parts.push(`<line x1="${PLOT.x0}" y1="${r1(y(l))}" x2="${PLOT.x1}" y2="${r1(y(l))}" stroke="#d5dbe1" stroke-width="1"/>`);
  for (let c = cMin; c <= cMax; c += 100) parts.push(`<line x1="${r1(x(c))}" y1="${PLOT.y0}" x2="${r1(x(c))}" y2="${PLOT.y1}" stroke="#e4e8ec" stroke-width="1"/>`);

  // Layers, top to bottom: each between its top (the ground or the layer above's base) and its base.
  const bases = city.layers.map((layer) => samples.map((c) => Math.min(ground(c), Math.max(lMin, layer.base(fractionOf(c), ground(c))))));
  const tops = samples.map((c) => ground(c));
  const layerPolygons: string[] = [];
  city.layers.forEach((layer, i) => {
    const top = i === 0 ? tops : (bases[i - 1] as number[]);
    const base = bases[i] as number[];
    const upper = samples.map((c, k) => ({ x: x(c), y: y(clampLevel(top[k] as number)) }));
    const lower = samples.map((c, k) => ({ x: x(c), y: y(clampLevel(Math.min(top[k] as number, base[k] as number))) })).reverse();
    layerPolygons.push(`<polygon points="${pointsAttr([...upper, ...lower])}" fill="${layer.colour}" stroke="#6b5b45" stroke-width="1"/>`);
  });
  parts.push(...layerPolygons);

  // River: water from the bed to its level.
  if (city.river) {
    const from = chainageAtDistance(drive, city.river.from * driveLength);
    const to = chainageAtDistance(drive, city.river.to * driveLength);
    const [a, b] = from < to ? [from, to] : [to, from];
    const inside = samples.filter((c) => c >= a && c <= b);
    const bed = inside.map((c) => ({ x: x(c), y: y(Math.min(ground(c), city.river?.water ?? 0)) }));
    const surface = [{ x: x(b), y: y(city.river.water) }, { x: x(a), y: y(city.river.water) }];
    parts.push(`<polygon points="${pointsAttr([...bed, ...surface])}" fill="#9cc3e6" stroke="#5d8fbf" stroke-width="2"/>`);
    parts.push(`<line x1="${r1(x(a))}" y1="${r1(y(city.river.water))}" x2="${r1(x(b))}" y2="${r1(y(city.river.water))}" stroke="#2f6690" stroke-width="3"/>`);
  }

  // Ground surface.
  parts.push(`<polyline points="${pointsAttr(samples.map((c) => ({ x: x(c), y: y(clampLevel(ground(c))) })))}" fill="none" stroke="#3b2f1e" stroke-width="4"/>`);

  // Tunnel: a band of the bore's diameter around the axis, within the drive.
  const driveSamples = samples.filter((c) => c >= Math.min(drive.startChainage, drive.endChainage) && c <= Math.max(drive.startChainage, drive.endChainage));
  const ends = [Math.min(drive.startChainage, drive.endChainage), ...driveSamples, Math.max(drive.startChainage, drive.endChainage)];
  const crown = ends.map((c) => ({ x: x(c), y: y(axisAt(c) + input.diameter / 2) }));
  const invert = ends.map((c) => ({ x: x(c), y: y(axisAt(c) - input.diameter / 2) })).reverse();
  parts.push(`<polygon points="${pointsAttr([...crown, ...invert])}" fill="#5f6b76" fill-opacity="0.85" stroke="#2b333b" stroke-width="2"/>`);
  parts.push(`<polyline points="${pointsAttr(ends.map((c) => ({ x: x(c), y: y(axisAt(c)) })))}" fill="none" stroke="#d62828" stroke-width="3" stroke-dasharray="18 8"/>`);

  const placer = new Placer({ x0: PLOT.x0 + 4, y0: 60, x1: PLOT.x1 - 4, y1: PLOT.y1 - 4 });
  // The tunnel is no place for a label.
  for (const c of ends) placer.take({ x0: x(c) - 6, y0: y(axisAt(c) + input.diameter / 2) - 4, x1: x(c) + 6, y1: y(axisAt(c) - input.diameter / 2) + 4 });
  const labels: string[] = [];

  const stationBoxes: Box[] = [];
  // Stations: a box from the ground to below the tunnel, the name above the ground.
  for (const [name, f, kind] of city.stations) {
    const c = chainageAtDistance(drive, f * driveLength);
    const half = kind === 'station' ? 70 : 15;
    const top = y(clampLevel(ground(c)));
    const bottom = y(axisAt(c) - input.diameter / 2 - 3);
    const [xa, xb] = [Math.max(PLOT.x0, x(c - half)), Math.min(PLOT.x1, x(c + half))].sort((p, q) => p - q) as [number, number];
    parts.push(`<rect x="${r1(xa)}" y="${r1(top)}" width="${r1(xb - xa)}" height="${r1(bottom - top)}" fill="#ffffff" fill-opacity="0.55" stroke="#1d3557" stroke-width="3"/>`);
    stationBoxes.push({ x0: xa - 4, y0: top, x1: xb + 4, y1: bottom });
    const w = textWidth(name, 18, true);
    const lx = Math.min(PLOT.x1 - w / 2 - 8, Math.max(PLOT.x0 + w / 2 + 8, x(c)));
    const box = boxOf(textBox(lx, top - 16, name, 18, 0, 'middle', true, 4));
    for (const lift of [0, 26, 52]) {
      const b = { ...box, y0: box.y0 - lift, y1: box.y1 - lift };
      if (!placer.fits(b)) continue;
      placer.take(b);
      labels.push(svgText(lx, top - 16 - lift, name, { size: 18, anchor: 'middle', bold: true, fill: '#1d3557', halo: true }));
      break;
    }
  }
  for (const box of stationBoxes) placer.take(box);
  // Layer names inside their band, where it is thick enough, twice at most.
  city.layers.forEach((layer, i) => {
    const top = i === 0 ? tops : (bases[i - 1] as number[]);
    const base = bases[i] as number[];
    let placed = 0;
    const order = samples.map((_, k) => k).filter((k) => k % 12 === 6);
    for (const k of [...order.filter((_, n) => n % 2 === 0), ...order.filter((_, n) => n % 2 === 1)]) {
      if (placed >= 2) break;
      const yt = y(clampLevel(top[k] as number));
      const yb = y(clampLevel(Math.min(top[k] as number, base[k] as number)));
      if (yb - yt < 30) continue;
      const cx = x(samples[k] as number);
      const cy = (yt + yb) / 2 + 6;
      const box = boxOf(textBox(cx, cy, layer.label, 17, 0, 'middle', false, 4));
      if (box.y0 < yt + 2 || box.y1 > yb - 2 || !placer.fits(box)) continue;
      placer.take({ ...box, x0: box.x0 - 260, x1: box.x1 + 260 });
      labels.push(svgText(cx, cy, layer.label, { size: 17, anchor: 'middle', fill: '#2b2118', halo: true }));
      placed += 1;
    }
  });
  if (city.river) {
    const c = chainageAtDistance(drive, ((city.river.from + city.river.to) / 2) * driveLength);
    labels.push(svgText(x(c), y(city.river.water) + 32, city.river.name, { size: 24, anchor: 'middle', italic: true, fill: '#2f6690' }));
  }
  parts.push(...labels);

  // Axes: levels on the left, chainages under the plot.
  const axes: string[] = [];
  axes.push(`<rect x="${PLOT.x0}" y="${PLOT.y0}" width="${PLOT.x1 - PLOT.x0}" height="${PLOT.y1 - PLOT.y0}" fill="none" stroke="#1f2933" stroke-width="2"/>`);
  for (let l = lMin; l <= lMax; l += 10) {
    axes.push(`<line x1="${PLOT.x0 - 10}" y1="${r1(y(l))}" x2="${PLOT.x0}" y2="${r1(y(l))}" stroke="#1f2933" stroke-width="2"/>`);
    axes.push(svgText(PLOT.x0 - 14, y(l) + 6, `${l > 0 ? '+' : ''}${l}`, { size: 16, anchor: 'end' }));
  }
  axes.push(svgText(PLOT.x0 - 14, PLOT.y0 - 18, words.level, { size: 15, anchor: 'start', bold: true }));
  const labelEvery = (x(cMin + 100) - x(cMin)) >= 80 ? 100 : 200;
  for (let c = cMin; c <= cMax; c += 100) {
    const major = c % labelEvery === 0;
    axes.push(`<line x1="${r1(x(c))}" y1="${PLOT.y1}" x2="${r1(x(c))}" y2="${PLOT.y1 + (major ? 12 : 7)}" stroke="#1f2933" stroke-width="2"/>`);
    if (major) axes.push(svgText(x(c), PLOT.y1 + 32, formatChainage(c, 0), { size: 16, anchor: 'middle' }));
  }
  axes.push(svgText(PLOT.x0 - 40, PLOT.y1 + 32, words.chainage, { size: 15, anchor: 'end', bold: true }));

  // The geology the face meets: the layer around the axis, every 10 m, merged into bands.
  const geology: SectionProfile['geology'] = [];
  const layerAt = (c: number) => {
    const level = axisAt(c);
    const g = ground(c);
    const index = city.layers.findIndex((layer) => level >= Math.min(g, layer.base(fractionOf(c), g)));
    return city.layers[index < 0 ? city.layers.length - 1 : index];
  };
  const lo = Math.min(drive.startChainage, drive.endChainage);
  const hi = Math.max(drive.startChainage, drive.endChainage);
  const cuts = [lo, ...samples.filter((c) => c > lo && c < hi), hi];
  for (let i = 1; i < cuts.length; i += 1) {
    const from = cuts[i - 1] as number;
    const to = cuts[i] as number;
    const layer = layerAt((from + to) / 2);
    if (!layer) continue;
    const last = geology[geology.length - 1];
    if (last && last.label === layer.label && last.to === round2(from)) last.to = round2(to);
    else geology.push({ from: round2(from), to: round2(to), label: layer.label, colour: layer.colour });
  }
  axes.push(svgText(PLOT.x0, STRIP.y0 - 10, words.geologyAtFace, { size: 15, bold: true }));
  for (const band of geology) {
    const xa = x(band.from);
    const xb = x(band.to);
    axes.push(`<rect x="${r1(xa)}" y="${STRIP.y0}" width="${r1(xb - xa)}" height="${STRIP.y1 - STRIP.y0}" fill="${band.colour}" stroke="#6b5b45" stroke-width="1"/>`);
    if (textWidth(band.label, 14) + 12 < xb - xa) axes.push(svgText((xa + xb) / 2, STRIP.y1 - 14, band.label, { size: 14, anchor: 'middle', fill: '#2b2118' }));
  }

  // Legend of the layers and the title line.
  let lx = PLOT.x0;
  const ly = 780;
  const legend: string[] = [];
  for (const layer of city.layers) {
    legend.push(`<rect x="${r1(lx)}" y="${ly - 16}" width="34" height="20" fill="${layer.colour}" stroke="#6b5b45"/>`, svgText(lx + 44, ly, layer.label, { size: 16 }));
    lx += 44 + textWidth(layer.label, 16) + 36;
  }
  legend.push(`<rect x="${r1(lx)}" y="${ly - 16}" width="34" height="20" fill="#5f6b76" stroke="#2b333b"/>`, svgText(lx + 44, ly, `${words.tunnel} Ø ${input.diameter.toFixed(2)} m`, { size: 16 }));
  lx += 44 + textWidth(`${words.tunnel} Ø ${input.diameter.toFixed(2)} m`, 16) + 36;
  legend.push(`<line x1="${r1(lx)}" y1="${ly - 6}" x2="${r1(lx + 34)}" y2="${ly - 6}" stroke="#3b2f1e" stroke-width="4"/>`, svgText(lx + 44, ly, words.ground, { size: 16 }));
  const title = [
    svgText(PLOT.x0, 56, `${words.section} – ${input.project.name}`, { size: 28, bold: true }),
    svgText(PLOT.x1, 56, `${words.drawingNo} ${input.project.code}-GR-LS-001 · Rev. A`, { size: 17, anchor: 'end' }),
    svgText(PLOT.x0, 846, `${formatChainage(drive.startChainage, 3)} → ${formatChainage(drive.endChainage, 3)} · ${words.sheet} · Demo Tunnelling Contractor`, { size: 15, fill: '#52606d' }),
  ];

  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
<rect width="${W}" height="${H}" fill="#ffffff"/>
<g font-family="${FONT_FAMILY}">${parts.join('')}${axes.join('')}${legend.join('')}${title.join('')}
<rect x="20" y="20" width="${W - 40}" height="${H - 40}" fill="none" stroke="#1f2933" stroke-width="4"/></g></svg>`;

  const groundProfile = samples.filter((c) => c % 50 === 0 || c === cMin || c === cMax).map((c) => ({ chainage: round2(c), level: round2(ground(c)) }));
  const axisProfile = city.axis.map(([f]) => {
    const c = chainageAtDistance(drive, f * driveLength);
    return { chainage: round2(c), level: round2(axisAt(c)) };
  });
  return {
    svg,
    width: W,
    height: H,
    axes: {
      chainage: { a: { pixel: r1(x(cMin)), value: cMin }, b: { pixel: r1(x(cMax)), value: cMax } },
      level: { a: { pixel: r1(y(lMax)), value: lMax }, b: { pixel: r1(y(lMin)), value: lMin } },
    },
    profile: { ground: groundProfile, axis: axisProfile, geology },
  };
}
