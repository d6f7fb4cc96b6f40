import type { MachineType } from '@boreline/contracts';
import {
  el,
  guidancePanel,
  has,
  headerStrip,
  label,
  liveValue,
  PALETTE,
  readoutStrip,
  thrustSection,
} from './machineDiagramParts.js';

/**
 * Side view of the machine on the real-time monitoring page, one drawing per TBM type. The page
 * fills every `data-tag` text with the live value and moves the guidance markers; this module only
 * draws, so the markup is built once per type and shared by every request.
 */

const AXIS = 250;
const SHIELD = { top: 120, bottom: 380, skin: 8 } as const;
const INNER_TOP = SHIELD.top + SHIELD.skin;
const INNER_BOTTOM = SHIELD.bottom - SHIELD.skin;
const FACE_X = 52;
const CHAMBER_X = 68;
const BULKHEAD_X = 206;
const FRONT_JOINT = 340;
const ARTICULATION = 570;
const TAIL_END = 792;
const RING = { x: 704, width: 84, thickness: 24 } as const;
/** Sensor rows on the bulkhead; the bottom one sits above the EPB screw inlet so the two do not meet. */
const SENSOR_ROWS = [160, 250, 322] as const;
/** The EPB screw rises from the chamber invert at this slope until it discharges inside the last ring. */
const SCREW = { x: 184, y: 356, length: 578, half: 13, slope: 0.3 } as const;

function shieldBody(): string {
  const tailTop = SHIELD.top + 2;
  const tailBottom = SHIELD.bottom - 2;
  const skin = { fill: PALETTE.steelMid, stroke: PALETTE.steel, 'stroke-width': 1 };
  return [
    el('rect', { x: 60, y: INNER_TOP, width: TAIL_END - 60, height: INNER_BOTTOM - INNER_TOP, fill: PALETTE.interior }),
    // The tail is a little smaller than the front: the shield is slightly conical so it does not jam.
    el('rect', { x: 60, y: SHIELD.top, width: ARTICULATION - 2 - 60, height: SHIELD.skin, ...skin }),
    el('rect', { x: 60, y: INNER_BOTTOM, width: ARTICULATION - 2 - 60, height: SHIELD.skin, ...skin }),
    el('rect', { x: ARTICULATION + 2, y: tailTop, width: TAIL_END - ARTICULATION - 2, height: INNER_TOP - tailTop, ...skin }),
    el('rect', { x: ARTICULATION + 2, y: INNER_BOTTOM, width: TAIL_END - ARTICULATION - 2, height: tailBottom - INNER_BOTTOM, ...skin }),
    el('path', {
      d: `M${FRONT_JOINT} ${SHIELD.top} V${INNER_TOP + 6} M${FRONT_JOINT} ${SHIELD.bottom} V${INNER_BOTTOM - 6}`,
      stroke: PALETTE.steel,
      'stroke-width': 2,
    }),
    el('line', {
      x1: 40,
      y1: AXIS,
      x2: 812,
      y2: AXIS,
      stroke: PALETTE.steelMid,
      'stroke-width': 1,
      'stroke-dasharray': '14 4 3 4',
    }),
  ].join('');
}

function cutterhead(): string {
  const parts = [
    el('rect', { x: FACE_X, y: SHIELD.top - 8, width: CHAMBER_X - FACE_X, height: SHIELD.bottom - SHIELD.top + 16, rx: 2, fill: PALETTE.steel, stroke: PALETTE.steelDark }),
    el('polygon', { points: `${FACE_X},${AXIS - 14} ${FACE_X - 14},${AXIS} ${FACE_X},${AXIS + 14}`, fill: PALETTE.steelDark }),
  ];
  for (let y = SHIELD.top + 4; y <= SHIELD.bottom - 4; y += 31) {
    if (Math.abs(y - AXIS) < 20) continue;
    parts.push(el('rect', { x: FACE_X - 7, y: y - 4, width: 7, height: 8, fill: PALETTE.steelDark }));
  }
  // Rotation is drawn as an arc around the axis in front of the face; `n` is the symbol of its speed.
  parts.push(
    el('path', { d: `M34 186 A14 64 0 0 0 34 314`, fill: 'none', stroke: PALETTE.value, 'stroke-width': 2 }),
    el('polygon', { points: '40,316 29,320 31,309', fill: PALETTE.value }),
    label(14, 184, 'n', { size: 14, fill: PALETTE.value }),
  );
  return parts.join('');
}

interface SensorBox {
  code: string;
  symbol: string;
}

/** Values in boxes inside the chamber, each tied to its marker on the bulkhead. */
function chamberSensors(type: MachineType, sensors: readonly SensorBox[]): string {
  return sensors
    .map((sensor, index) => {
      const y = SENSOR_ROWS[index] ?? AXIS;
      if (!has(type, sensor.code)) return '';
      return [
        el('rect', { x: 110, y: y - 12, width: 88, height: 24, rx: 3, fill: '#ffffff', stroke: PALETTE.panelStroke }),
        el('circle', { cx: BULKHEAD_X, cy: y, r: 5, fill: '#ffffff', stroke: PALETTE.value, 'stroke-width': 2 }),
        liveValue(type, sensor.code, { x: 166, y: y + 5, symbol: sensor.symbol, symbolX: 116 }),
      ].join('');
    })
    .join('');
}

function epbChamber(type: MachineType): string {
  return (
    el('rect', { x: CHAMBER_X, y: INNER_TOP, width: BULKHEAD_X - CHAMBER_X, height: INNER_BOTTOM - INNER_TOP, fill: PALETTE.soil }) +
    chamberSensors(type, [
      { code: 'earthPressure.chamberTop', symbol: 'P' },
      { code: 'earthPressure.chamberMiddle', symbol: 'P' },
      { code: 'earthPressure.chamberBottom', symbol: 'P' },
    ])
  );
}

/** Excavation chamber in front of the submerged wall, bubble chamber with its air cushion behind it. */
function slurryChamber(type: MachineType): string {
  const wallX = 100;
  const levelY = 228;
  return [
    el('rect', { x: CHAMBER_X, y: INNER_TOP, width: BULKHEAD_X - CHAMBER_X, height: INNER_BOTTOM - INNER_TOP, fill: PALETTE.slurry }),
    el('rect', { x: wallX + 6, y: INNER_TOP, width: BULKHEAD_X - wallX - 6, height: levelY - INNER_TOP, fill: PALETTE.air }),
    el('line', { x1: wallX + 6, y1: levelY, x2: BULKHEAD_X, y2: levelY, stroke: '#6d9cc4', 'stroke-width': 1.5 }),
    el('polygon', { points: `${wallX + 14},${levelY - 9} ${wallX + 26},${levelY - 9} ${wallX + 20},${levelY}`, fill: '#6d9cc4' }),
    el('rect', { x: wallX, y: INNER_TOP, width: 6, height: 206, fill: PALETTE.steelMid, stroke: PALETTE.steel }),
    chamberSensors(type, [
      { code: 'slurryCircuit.bubblePressure', symbol: 'P' },
      { code: 'slurryCircuit.bubbleLevel', symbol: '▽' },
      { code: 'slurryCircuit.workingChamberBottom', symbol: 'P' },
    ]),
  ].join('');
}

function bulkheadAndDrive(): string {
  return [
    el('rect', { x: BULKHEAD_X, y: INNER_TOP, width: 12, height: INNER_BOTTOM - INNER_TOP, fill: PALETTE.steelMid, stroke: PALETTE.steel }),
    el('rect', { x: BULKHEAD_X + 12, y: AXIS - 28, width: 54, height: 56, rx: 3, fill: PALETTE.steelLight, stroke: PALETTE.steel }),
    el('rect', { x: BULKHEAD_X + 66, y: AXIS - 22, width: 26, height: 16, rx: 2, fill: PALETTE.steelMid, stroke: PALETTE.steel }),
    el('rect', { x: BULKHEAD_X + 66, y: AXIS + 6, width: 26, height: 16, rx: 2, fill: PALETTE.steelMid, stroke: PALETTE.steel }),
  ].join('');
}

/** Groups A (top) and C (bottom) lie in the plane of the section; B and D are shown in the section view. */
function thrustCylinders(): string {
  const barrelX = 360;
  const rodX = 566;
  const shoeX = RING.x - 6;
  return [
    { id: 'A', y: INNER_TOP + 3 + RING.thickness / 2 },
    { id: 'C', y: INNER_BOTTOM - 3 - RING.thickness / 2 },
  ]
    .map(({ id, y }) =>
      [
        el('rect', { x: barrelX, y: y - 8, width: rodX - barrelX, height: 16, rx: 2, fill: PALETTE.steelMid, stroke: PALETTE.steel }),
        el('rect', { x: rodX, y: y - 4, width: shoeX - rodX, height: 8, fill: PALETTE.steelLight, stroke: PALETTE.steel }),
        el('rect', { x: shoeX, y: y - 12, width: 6, height: 24, fill: PALETTE.steel }),
        label(barrelX - 8, y + 5, id, { size: 13, bold: true, anchor: 'end' }),
      ].join(''),
    )
    .join('');
}

function segmentRing(type: MachineType): string {
  const ring = (y: number): string =>
    el('rect', { x: RING.x, y, width: RING.width, height: RING.thickness, fill: PALETTE.concrete, stroke: PALETTE.concreteStroke });
  return (
    ring(INNER_TOP + 3) +
    ring(INNER_BOTTOM - 3 - RING.thickness) +
    liveValue(type, 'state.ringNo', { x: RING.x + RING.width - 6, y: 406, symbol: '#', symbolX: RING.x + 2, symbolSize: 15 })
  );
}

function screwConveyor(type: MachineType): string {
  if (!has(type, 'screwConveyor.speed')) return '';
  const angle = (Math.atan(SCREW.slope) * 180) / Math.PI;
  const flights: string[] = [];
  for (let x = 10; x < SCREW.length - 10; x += 16) {
    flights.push(`M${x} ${-SCREW.half} L${x + 8} ${SCREW.half}`);
  }
  const endX = SCREW.x + SCREW.length * Math.cos(Math.atan(SCREW.slope));
  const endY = SCREW.y - SCREW.length * Math.sin(Math.atan(SCREW.slope));
  const tube = el(
    'g',
    { transform: `translate(${SCREW.x} ${SCREW.y}) rotate(${-angle.toFixed(2)})` },
    [
      el('rect', { x: 0, y: -SCREW.half, width: SCREW.length, height: SCREW.half * 2, rx: 3, fill: PALETTE.steelLight, stroke: PALETTE.steel, 'stroke-width': 1.5 }),
      el('path', { d: flights.join(' '), stroke: PALETTE.steelMid, 'stroke-width': 1.5 }),
      el('rect', { x: SCREW.length, y: -10, width: 22, height: 20, rx: 2, fill: PALETTE.steel }),
    ].join(''),
  );
  const chute = el('rect', { x: endX - 22, y: endY + 8, width: 16, height: 22, fill: PALETTE.steelMid, stroke: PALETTE.steel });
  const stack = { symbolX: 612, x: 692 };
  return [
    tube,
    chute,
    liveValue(type, 'screwConveyor.speed', { x: stack.x, y: 270, symbol: 'n', symbolX: stack.symbolX }),
    liveValue(type, 'screwConveyor.torque', { x: stack.x, y: 292, symbol: 'M', symbolX: stack.symbolX }),
    liveValue(type, 'screwConveyor.sensor1Pressure', { x: stack.x, y: 314, symbol: 'P1', symbolX: stack.symbolX }),
  ].join('');
}

const arrowHead = (x: number, y: number, dir: 1 | -1, fill: string): string =>
  el('polygon', { points: `${x + dir * 7},${y} ${x - dir * 5},${y - 6} ${x - dir * 5},${y + 6}`, fill });

function pipe(d: string, fill: string): string {
  const common = { d, fill: 'none', 'stroke-linejoin': 'round' };
  return el('path', { ...common, stroke: PALETTE.steel, 'stroke-width': 12 }) + el('path', { ...common, stroke: fill, 'stroke-width': 8 });
}

/** Feed enters the excavation chamber from behind; the discharge leaves the chamber invert. */
function slurryLines(type: MachineType): string {
  const feedY = 196;
  const dischargeY = 302;
  const parts: string[] = [];
  if (has(type, 'slurryCircuit.feedFlow')) {
    parts.push(
      pipe(`M812 ${feedY} H76`, PALETTE.slurry),
      arrowHead(300, feedY, -1, PALETTE.steelDark),
      arrowHead(760, feedY, -1, PALETTE.steelDark),
      liveValue(type, 'slurryCircuit.feedFlow', { x: 500, y: feedY - 12, symbol: 'Q', symbolX: 430 }),
      liveValue(type, 'slurryCircuit.feedDensity', { x: 630, y: feedY - 12, symbol: 'ρ', symbolX: 560 }),
    );
  }
  if (has(type, 'slurryCircuit.dischargeFlow')) {
    parts.push(
      pipe(`M196 362 H250 L290 ${dischargeY} H812`, '#cbbf9f'),
      arrowHead(340, dischargeY, 1, PALETTE.steelDark),
      arrowHead(760, dischargeY, 1, PALETTE.steelDark),
      liveValue(type, 'slurryCircuit.dischargeFlow', { x: 500, y: dischargeY + 30, symbol: 'Q', symbolX: 430 }),
      liveValue(type, 'slurryCircuit.dischargeDensity', { x: 630, y: dischargeY + 30, symbol: 'ρ', symbolX: 560 }),
    );
  }
  return parts.join('');
}

function sideView(type: MachineType): string {
  return [
    // Direction of advance, above the front shield.
    el('line', { x1: 330, y1: 92, x2: 240, y2: 92, stroke: PALETTE.steelMid, 'stroke-width': 2 }),
    arrowHead(236, 92, -1, PALETTE.steelMid),
    shieldBody(),
    type === 'slurry' ? slurryChamber(type) : epbChamber(type),
    bulkheadAndDrive(),
    thrustCylinders(),
    segmentRing(type),
    screwConveyor(type),
    slurryLines(type),
    cutterhead(),
  ].join('');
}

function build(type: MachineType): string {
  return el(
    'svg',
    {
      xmlns: 'http://www.w3.org/2000/svg',
      viewBox: '0 0 1200 520',
      width: '100%',
      preserveAspectRatio: 'xMidYMid meet',
      'font-family': 'sans-serif',
      'data-machine-type': type,
    },
    [headerStrip(), sideView(type), readoutStrip(type), thrustSection(type), guidancePanel(type)].join(''),
  );
}

const cache = new Map<MachineType, string>();

/** The diagram of one machine type; built on first use and the same string afterwards. */
export function machineDiagramSvg(machineType: MachineType): string {
  const cached = cache.get(machineType);
  if (cached !== undefined) return cached;
  const svg = build(machineType);
  cache.set(machineType, svg);
  return svg;
}
