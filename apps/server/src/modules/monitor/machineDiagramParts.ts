import { findTag, KEY_TAGS, type MachineType } from '@boreline/contracts';

/** Steel greys for the machine, one blue for live values: the page recolours values in alarm. */
export const PALETTE = {
  ink: '#2f3840',
  steel: '#5b6670',
  steelDark: '#46515b',
  steelMid: '#a9b3bc',
  steelLight: '#dde2e7',
  interior: '#f7f8fa',
  panel: '#f4f6f8',
  panelStroke: '#d3d9df',
  value: '#1d5fa8',
  unit: '#6f7b86',
  symbol: '#4a5560',
  soil: '#e6dcc6',
  slurry: '#d3e2ec',
  air: '#f1f6fa',
  concrete: '#cfcabe',
  concreteStroke: '#8c877c',
} as const;

type AttrValue = string | number | undefined;

export function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Coordinates rounded to 0.1 so the markup stays short and identical across platforms. */
const fmt = (value: AttrValue): string => (typeof value === 'number' ? String(Math.round(value * 10) / 10) : String(value));

/** One element; undefined attributes are left out, so callers can pass optional ones inline. */
export function el(name: string, attrs: Record<string, AttrValue>, children?: string): string {
  const list = Object.entries(attrs)
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
    .map(([key, value]) => ` ${key}="${esc(fmt(value))}"`)
    .join('');
  return children === undefined ? `<${name}${list}/>` : `<${name}${list}>${children}</${name}>`;
}

export interface TextOptions {
  size?: number;
  anchor?: 'start' | 'middle' | 'end';
  fill?: string;
  bold?: boolean;
}

/** Static text: symbols and units only, never words (the page is shown in six languages). */
export function label(x: number, y: number, content: string, options: TextOptions = {}): string {
  return el(
    'text',
    {
      x,
      y,
      'font-size': options.size ?? 12,
      'text-anchor': options.anchor,
      'font-weight': options.bold ? 'bold' : undefined,
      fill: options.fill ?? PALETTE.symbol,
    },
    esc(content),
  );
}

export interface ValueSlot {
  /** The right edge of the value: numbers grow to the left, so the unit never moves. */
  x: number;
  y: number;
  size?: number;
  symbol?: string;
  /** Left edge of the symbol; it must lie left of the widest value the tag can show. */
  symbolX?: number;
  symbolSize?: number;
  unitSize?: number;
}

/** A live value with its symbol and unit, or nothing when the machine type lacks the tag. */
export function liveValue(type: MachineType, code: string, slot: ValueSlot): string {
  const def = findTag(type, code);
  if (!def) return '';
  const size = slot.size ?? 15;
  const parts: string[] = [];
  if (slot.symbol !== undefined && slot.symbolX !== undefined) {
    parts.push(label(slot.symbolX, slot.y, slot.symbol, { size: slot.symbolSize ?? 13 }));
  }
  parts.push(
    el(
      'text',
      { class: 'rt-value', 'data-tag': code, x: slot.x, y: slot.y, 'font-size': size, 'text-anchor': 'end', fill: PALETTE.value },
      '--',
    ),
  );
  if (def.unit !== '') parts.push(label(slot.x + 4, slot.y, def.unit, { size: slot.unitSize ?? 11, fill: PALETTE.unit }));
  return parts.join('');
}

export const has = (type: MachineType, code: string): boolean => findTag(type, code) !== undefined;

/** Text the page fills from the run's status (not a tag), e.g. `data-state`. */
function statusText(attribute: string, x: number, y: number, options: TextOptions): string {
  return el(
    'text',
    {
      [attribute]: '',
      x,
      y,
      'font-size': options.size ?? 16,
      'text-anchor': options.anchor,
      'font-weight': options.bold ? 'bold' : undefined,
      fill: options.fill ?? PALETTE.value,
    },
    '--',
  );
}

const panel = (x: number, y: number, width: number, height: number): string =>
  el('rect', { x, y, width, height, rx: 6, fill: PALETTE.panel, stroke: PALETTE.panelStroke, 'stroke-width': 1 });

/** A double-headed arrow: the neutral sign for "horizontal"/"vertical" and for chainage. */
export function doubleArrow(x1: number, y1: number, x2: number, y2: number, color: string = PALETTE.symbol): string {
  const angle = Math.atan2(y2 - y1, x2 - x1);
  const head = (x: number, y: number, dir: number): string => {
    const a = angle + dir;
    const p1 = `${fmt(x - 6 * Math.cos(a - 0.45))},${fmt(y - 6 * Math.sin(a - 0.45))}`;
    const p2 = `${fmt(x - 6 * Math.cos(a + 0.45))},${fmt(y - 6 * Math.sin(a + 0.45))}`;
    return el('polygon', { points: `${fmt(x)},${fmt(y)} ${p1} ${p2}`, fill: color });
  };
  return (
    el('line', { x1, y1, x2, y2, stroke: color, 'stroke-width': 1.5 }) + head(x2, y2, 0) + head(x1, y1, Math.PI)
  );
}

/** State, its duration, ring, chainage and connection: the page fills them from the run's status. */
export function headerStrip(): string {
  const y = 36;
  const clock =
    el('circle', { cx: 290, cy: 30, r: 8, fill: 'none', stroke: PALETTE.symbol, 'stroke-width': 1.5 }) +
    el('path', { d: 'M290 25 V30 H294', fill: 'none', stroke: PALETTE.symbol, 'stroke-width': 1.5 });
  const signal =
    el('circle', { cx: 946, cy: 36, r: 2.5, fill: PALETTE.symbol }) +
    el('path', { d: 'M940 30 A8 8 0 0 1 952 30 M936 26 A13 13 0 0 1 956 26', fill: 'none', stroke: PALETTE.symbol, 'stroke-width': 1.5 });
  return [
    panel(8, 8, 1184, 44),
    el('circle', { cx: 26, cy: 30, r: 6, fill: PALETTE.steelMid, stroke: PALETTE.steel, 'stroke-width': 1 }),
    statusText('data-state', 40, y, { size: 17, bold: true }),
    clock,
    statusText('data-state-since', 306, y, {}),
    label(470, y, '#', { size: 17, bold: true }),
    statusText('data-ring', 486, y, { bold: true }),
    doubleArrow(628, 30, 652, 30),
    statusText('data-chainage', 752, y, { anchor: 'end' }),
    label(756, y, 'm', { size: 12, fill: PALETTE.unit }),
    signal,
    statusText('data-connection', 966, y, {}),
  ].join('');
}

interface Readout {
  code: string;
  symbol: string;
}

/** The four figures an operator reads first, in large type below the side view. */
export function readoutStrip(type: MachineType): string {
  const readouts: Readout[] = [
    { code: KEY_TAGS.cutterSpeed, symbol: 'n' },
    { code: KEY_TAGS.cutterTorque, symbol: 'M' },
    { code: KEY_TAGS.advanceSpeed, symbol: 'v' },
    { code: KEY_TAGS.totalThrust, symbol: 'F' },
  ];
  const width = 196;
  return readouts
    .filter((readout) => has(type, readout.code))
    .map((readout, index) => {
      const x = 8 + index * (width + 9);
      return (
        panel(x, 448, width, 64) +
        liveValue(type, readout.code, { x: x + 128, y: 491, size: 28, symbol: readout.symbol, symbolX: x + 16, symbolSize: 20, unitSize: 13 })
      );
    })
    .join('');
}

/** Section through the thrust cylinders, seen from the tail: groups A–D at top, right, bottom, left. */
export function thrustSection(type: MachineType): string {
  const cx = 1014;
  const cy = 178;
  const r = 54;
  const groups = [
    { id: 'A', dx: 0, dy: -1, valueX: cx + 22, symbolX: cx - 46, rowY: cy - r - 40 },
    { id: 'B', dx: 1, dy: 0, valueX: cx + 130, symbolX: cx + r + 10, rowY: cy - 8 },
    { id: 'C', dx: 0, dy: 1, valueX: cx + 22, symbolX: cx - 46, rowY: cy + r + 22 },
    { id: 'D', dx: -1, dy: 0, valueX: cx - r - 36, symbolX: cx - 170, rowY: cy - 8 },
  ];
  const parts = [
    panel(836, 60, 356, 232),
    el('circle', { cx, cy, r, fill: PALETTE.steelLight, stroke: PALETTE.steel, 'stroke-width': 2 }),
    el('circle', { cx, cy, r: r - 26, fill: PALETTE.interior, stroke: PALETTE.steelMid, 'stroke-width': 1 }),
  ];
  for (const group of groups) {
    const gx = cx + group.dx * (r - 13);
    const gy = cy + group.dy * (r - 13);
    parts.push(
      el('circle', { cx: gx, cy: gy, r: 10, fill: PALETTE.steel }),
      label(gx, gy + 4.5, group.id, { size: 12, bold: true, anchor: 'middle', fill: '#ffffff' }),
      liveValue(type, `thrust.pressure${group.id}`, { x: group.valueX, y: group.rowY, symbol: 'p', symbolX: group.symbolX }),
      liveValue(type, `thrust.stroke${group.id}`, { x: group.valueX, y: group.rowY + 22, symbol: 's', symbolX: group.symbolX }),
    );
  }
  return parts.join('');
}

/** Target radius in SVG units; the page maps ±100 mm onto it (`data-target-scale-mm`). */
const TARGET = { cx: 926, cy: 406, r: 76, scaleMm: 100 } as const;

/** Laser-target view of the deviations: the page moves the markers and fills the numbers. */
export function guidancePanel(type: MachineType): string {
  const { cx, cy, r } = TARGET;
  const reach = r + 8;
  const target = el(
    'g',
    { 'data-target-scale-mm': TARGET.scaleMm, 'data-target-radius': r, 'data-target-cx': cx, 'data-target-cy': cy },
    [
      el('circle', { cx, cy, r, fill: '#ffffff', stroke: PALETTE.steel, 'stroke-width': 1.5 }),
      el('circle', { cx, cy, r: r / 2, fill: 'none', stroke: PALETTE.steelMid, 'stroke-width': 1, 'stroke-dasharray': '3 3' }),
      el('path', { d: `M${cx - reach} ${cy} H${cx + reach} M${cx} ${cy - reach} V${cy + reach}`, stroke: PALETTE.steelMid, 'stroke-width': 1 }),
      label(cx + r - 2, cy - 4, '+100', { size: 10, anchor: 'end', fill: PALETTE.unit }),
      el('circle', { 'data-marker': 'tail', cx, cy, r: 7, fill: '#ffffff', stroke: PALETTE.ink, 'stroke-width': 2 }),
      el('circle', { 'data-marker': 'head', cx, cy, r: 6, fill: PALETTE.value, stroke: '#ffffff', 'stroke-width': 1.5 }),
    ].join(''),
  );
  const col = { h: 1080, v: 1160 };
  const headY = 358;
  const tailY = 386;
  const headMark = el('circle', { cx: 1022, cy: headY - 5, r: 6, fill: PALETTE.value });
  const tailMark = el('circle', { cx: 1022, cy: tailY - 5, r: 6, fill: '#ffffff', stroke: PALETTE.ink, 'stroke-width': 2 });
  return [
    panel(836, 300, 356, 212),
    target,
    doubleArrow(col.h - 30, 326, col.h - 6, 326),
    doubleArrow(col.v - 18, 316, col.v - 18, 336),
    headMark,
    liveValue(type, KEY_TAGS.headHorizontal, { x: col.h, y: headY }),
    liveValue(type, KEY_TAGS.headVertical, { x: col.v, y: headY }),
    tailMark,
    liveValue(type, KEY_TAGS.tailHorizontal, { x: col.h, y: tailY }),
    liveValue(type, KEY_TAGS.tailVertical, { x: col.v, y: tailY }),
    el('line', { x1: 1014, y1: 402, x2: 1182, y2: 402, stroke: PALETTE.panelStroke, 'stroke-width': 1 }),
    liveValue(type, KEY_TAGS.pitch, { x: 1110, y: 426, symbol: 'θ', symbolX: 1016 }),
    liveValue(type, KEY_TAGS.roll, { x: 1110, y: 452, symbol: 'φ', symbolX: 1016 }),
    doubleArrow(1016, 483, 1040, 483),
    liveValue(type, KEY_TAGS.chainage, { x: 1150, y: 488 }),
  ].join('');
}
