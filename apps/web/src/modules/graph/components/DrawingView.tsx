import { MinusOutlined, PlusOutlined, ExpandOutlined } from '@ant-design/icons';
import { formatChainage, type Point } from '@boreline/contracts';
import { Alert, Button, Space, Tooltip } from 'antd';
import { type KeyboardEvent, type MouseEvent, type PointerEvent, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { type Translate, useT } from '../../../core/i18n.js';
import type { Drawing, GraphSetting, Overlay, OverlayRing, OverlayRisk } from '../api.js';
import { usePictureUrl } from '../api.js';
import { type Projection, projectionOf } from '../geometry.js';
import { alternatingOffsets, placeLabels, textBox } from '../labelLayout.js';
import { BAND_LABELS, RING_STATE_LABELS, RISK_STATE_LABELS } from '../labels.js';
import { BAND_COLOURS, RISK_COLOURS, STATE_COLOURS } from '../overlayGeometry.js';
import '../graph.css';


/** A mark being placed (calibration): where it is on the picture and what it says. */
export interface PendingMark {
  x: number;
  y: number;
  label: string;
  /** A section's axis mark spans the picture's height (chainage) or width (level). */
  axis?: 'x' | 'y';
}

export interface DrawingViewProps {
  drawing: Drawing;
  setting: GraphSetting;
  overlay: Overlay | undefined;
  /** The machine's live chainage and ring; null when unknown. */
  machine: { chainage: number; ring: number | null } | null;
  /** Calibration: a click on the picture answers its pixel; marks already placed are drawn. */
  onPick?: (point: Point) => void;
  marks?: readonly PendingMark[];
  /** The zoom buttons; off for a picture (the tool pages). */
  tools?: boolean;
  /** Told once the picture is drawn, or could not be read (the tool pages wait for it). */
  onPicture?: (outcome: 'loaded' | 'failed') => void;
}

interface View {
  x: number;
  y: number;
  w: number;
  h: number;
}

const ZOOM_STEP = 1.25;
const MAX_ZOOM = 20;
/** Movement (screen pixels) after which a press is a drag rather than a click. */
const DRAG_SLOP = 4;

/** The picture's pixel under a screen point (the SVG keeps the picture's proportions, centred). */
function toPictureOf(element: Element, from: View, clientX: number, clientY: number): Point | null {
  const rect = element.getBoundingClientRect();
  if (rect.width === 0 || rect.height === 0) return null;
  const scale = Math.min(rect.width / from.w, rect.height / from.h);
  const offsetX = (rect.width - from.w * scale) / 2;
  const offsetY = (rect.height - from.h * scale) / 2;
  return { x: from.x + (clientX - rect.left - offsetX) / scale, y: from.y + (clientY - rect.top - offsetY) / scale };
}

const round1 = (v: number) => Math.round(v * 10) / 10;
const pointsAttr = (points: readonly Point[]) => points.map((p) => `${round1(p.x)},${round1(p.y)}`).join(' ');
const mm = (t: Translate, value: number | null) => (value === null ? '—' : t('graphWeb.deviation', { value: Math.round(value * 10) / 10 }));

export function ringColour(ring: OverlayRing, colouring: GraphSetting['display']['ringColouring']): string {
  if (ring.state === 'planned') return STATE_COLOURS.planned;
  return colouring === 'quality' ? BAND_COLOURS[ring.band ?? 'none'] : STATE_COLOURS[ring.state];
}

export function ringTitle(t: Translate, ring: OverlayRing): string {
  return t('graphWeb.ring.title', {
    ring: ring.ring,
    state: t(RING_STATE_LABELS[ring.state]),
    band: t(BAND_LABELS[ring.band ?? 'none']),
    horizontal: mm(t, ring.horizontalDev),
    vertical: mm(t, ring.elevationDev),
    chainage: formatChainage(ring.startChainage, 3),
  });
}

/**
 * A drawing with what happens along its alignment in the picture's own pixels: the calibrated
 * alignment, built rings (by state or quality band; a click opens the ring's report), the next
 * rings as planned (dashed), risk zones with their state, and the machine's icon at its live
 * chainage, turned along the alignment. Drag to pan; wheel or buttons to zoom.
 */
export function DrawingView({ drawing, setting, overlay, machine, onPick, marks = [], tools = true, onPicture }: DrawingViewProps) {
  const t = useT();
  const navigate = useNavigate();
  const picture = usePictureUrl(drawing.file.url);
  const told = useRef(onPicture);
  told.current = onPicture;
  useEffect(() => {
    if (picture.failed) told.current?.('failed');
  }, [picture.failed]);
  const full: View = useMemo(() => ({ x: 0, y: 0, w: drawing.width, h: drawing.height }), [drawing.width, drawing.height]);
  const [view, setView] = useState<View>(full);
  const [viewOf, setViewOf] = useState(drawing.id);
  if (viewOf !== drawing.id) {
    setViewOf(drawing.id);
    setView(full);
  }
  const svg = useRef<SVGSVGElement>(null);
  const press = useRef<{ x: number; y: number; view: View; moved: boolean } | null>(null);
  const projection = useMemo(() => projectionOf(drawing, setting), [drawing, setting]);
  const display = setting.display;
  const unit = Math.max(drawing.width, drawing.height) / 60;

  const toPicture = (clientX: number, clientY: number): Point | null => (svg.current ? toPictureOf(svg.current, view, clientX, clientY) : null);

  const zoom = (factor: number, around?: Point) => {
    setView((v) => {
      const w = Math.min(full.w, Math.max(full.w / MAX_ZOOM, v.w / factor));
      const h = (w / v.w) * v.h;
      const c = around ?? { x: v.x + v.w / 2, y: v.y + v.h / 2 };
      // The point under the cursor stays where it is.
      return { x: c.x - ((c.x - v.x) * w) / v.w, y: c.y - ((c.y - v.y) * h) / v.h, w, h };
    });
  };

  // The wheel zooms the drawing, not the page: a listener that may cancel the scroll (React's is passive).
  const viewRef = useRef(view);
  viewRef.current = view;
  const zoomRef = useRef(zoom);
  zoomRef.current = zoom;
  useEffect(() => {
    const element = svg.current;
    if (!element) return undefined;
    const onWheel = (event: globalThis.WheelEvent) => {
      event.preventDefault();
      const at = toPictureOf(element, viewRef.current, event.clientX, event.clientY) ?? undefined;
      zoomRef.current(event.deltaY < 0 ? ZOOM_STEP : 1 / ZOOM_STEP, at);
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, []);
  const onPointerDown = (event: PointerEvent<SVGSVGElement>) => {
    press.current = { x: event.clientX, y: event.clientY, view, moved: false };
  };
  const onPointerMove = (event: PointerEvent<SVGSVGElement>) => {
    const p = press.current;
    if (!p) return;
    const dx = event.clientX - p.x;
    const dy = event.clientY - p.y;
    if (!p.moved && Math.hypot(dx, dy) < DRAG_SLOP) return;
    p.moved = true;
    const rect = svg.current?.getBoundingClientRect();
    if (!rect || rect.width === 0) return;
    const scale = Math.min(rect.width / p.view.w, rect.height / p.view.h);
    setView({ ...p.view, x: p.view.x - dx / scale, y: p.view.y - dy / scale });
  };
  const onPointerUp = () => {
    // The click that follows a drag is not a pick.
    setTimeout(() => (press.current = null), 0);
  };
  const onClick = (event: MouseEvent<SVGSVGElement>) => {
    if (press.current?.moved) return;
    if (!onPick) return;
    const at = toPicture(event.clientX, event.clientY);
    if (!at || at.x < 0 || at.y < 0 || at.x > drawing.width || at.y > drawing.height) return;
    onPick({ x: round1(at.x), y: round1(at.y) });
  };

  /** Arrow keys move the drawing by a tenth of the view, + and - zoom, 0 shows it whole. */
  const onKeyDown = (event: KeyboardEvent<SVGSVGElement>) => {
    const step = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[event.key];
    if (step) setView((v) => ({ ...v, x: v.x + ((step[0] ?? 0) * v.w) / 10, y: v.y + ((step[1] ?? 0) * v.h) / 10 }));
    else if (event.key === '+' || event.key === '=') zoom(ZOOM_STEP);
    else if (event.key === '-') zoom(1 / ZOOM_STEP);
    else if (event.key === '0') setView(full);
    else return;
    event.preventDefault();
  };

  const rings = overlay && display.showRings ? overlay.rings.filter((r) => r.state !== 'planned' || display.nextRings > 0) : [];
  const risks = overlay && display.showRisks ? overlay.risks : [];
  const place = machine && projection ? projection.place(machine.chainage) : null;
  const openRing = (ring: number) => void navigate(`/fw1/report/ring?ringStart=${ring}&ringEnd=${ring}`);
  const riskLabelDy = useMemo(() => {
    if (!projection) return [];
    // Each zone's name below or above its stretch, moved a line further out while it would cover
    // another zone's name or the machine's label.
    const size = unit * 0.8;
    const boxes = risks.map((risk) => {
      const line = projection.between(risk.fromDistance, risk.toDistance);
      const middle = line[Math.floor(line.length / 2)] ?? { x: -1e9, y: -1e9 };
      return textBox(middle.x, middle.y, riskLabel(t, risk), size, 'middle');
    });
    const iconSize = unit * display.iconScale;
    const avoid = place && machine ? [textBox(place.x + iconSize, place.y - iconSize * 1.2, machineLabel(t, machine), iconSize * 0.9, 'start')] : [];
    return placeLabels(boxes, alternatingOffsets(unit * 1.8, -unit * 1.2, size * 1.4, 5), avoid);
  }, [projection, risks, unit, display.iconScale, place, machine, t]);

  return (
    <div className="graph-view" data-testid="drawing-view">
      {tools && (
      <Space className="graph-view-tools" size={4}>
        <Tooltip title={t('graphWeb.view.zoomIn')}>
          <Button icon={<PlusOutlined />} aria-label={t('graphWeb.view.zoomIn')} onClick={() => zoom(ZOOM_STEP)} data-testid="zoom-in" />
        </Tooltip>
        <Tooltip title={t('graphWeb.view.zoomOut')}>
          <Button icon={<MinusOutlined />} aria-label={t('graphWeb.view.zoomOut')} onClick={() => zoom(1 / ZOOM_STEP)} data-testid="zoom-out" />
        </Tooltip>
        <Tooltip title={t('graphWeb.view.reset')}>
          <Button icon={<ExpandOutlined />} aria-label={t('graphWeb.view.reset')} onClick={() => setView(full)} data-testid="zoom-reset" />
        </Tooltip>
      </Space>
      )}
      {picture.failed && <Alert type="error" showIcon title={t('graphWeb.view.pictureFailed')} />}
      <svg
        ref={svg}
        className={onPick ? 'graph-svg graph-svg-pick' : 'graph-svg'}
        viewBox={`${round1(view.x)} ${round1(view.y)} ${round1(view.w)} ${round1(view.h)}`}
        preserveAspectRatio="xMidYMid meet"
        role="img"
        aria-label={t('graphWeb.view.picture', { name: drawing.file.name })}
        data-testid="drawing-svg"
        tabIndex={0}
        onKeyDown={onKeyDown}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerLeave={onPointerUp}
        onClick={onClick}
      >
        {picture.url && (
          <image
            href={picture.url}
            x={0}
            y={0}
            width={drawing.width}
            height={drawing.height}
            data-testid="drawing-picture"
            onLoad={() => told.current?.('loaded')}
            onError={() => told.current?.('failed')}
          />
        )}
        {projection && projection.alignment.length > 1 && (
          <polyline points={pointsAttr(projection.alignment)} fill="none" stroke="#13c2c2" strokeWidth={unit / 6} strokeOpacity={0.8} data-testid="alignment" />
        )}
        {projection && risks.map((risk, i) => <RiskZone key={risk.id} risk={risk} projection={projection} unit={unit} t={t} labelDy={riskLabelDy[i] ?? unit * 1.8} />)}
        {projection &&
          rings.map((ring) => {
            const line = projection.between(ring.fromDistance, ring.toDistance);
            if (line.length < 2) return null;
            const planned = ring.state === 'planned';
            return (
              <polyline
                key={ring.ring}
                className={planned ? 'graph-ring graph-ring-planned' : 'graph-ring'}
                points={pointsAttr(line)}
                fill="none"
                stroke={ringColour(ring, display.ringColouring)}
                strokeWidth={unit / 2}
                strokeDasharray={planned ? `${unit / 4} ${unit / 6}` : undefined}
                strokeOpacity={planned ? 0.7 : 0.95}
                data-testid="overlay-ring"
                data-ring={ring.ring}
                data-band={ring.band ?? 'none'}
                onClick={planned ? undefined : (event) => {
                  event.stopPropagation();
                  if (!press.current?.moved && !onPick) openRing(ring.ring);
                }}
              >
                <title>{ringTitle(t, ring)}</title>
              </polyline>
            );
          })}
        {place && machine && (
          <MachineIcon x={place.x} y={place.y} angle={place.angle} size={unit * display.iconScale} label={machineLabel(t, machine)} />
        )}
        {marks.map((mark, i) => (
          <g key={`${i}-${mark.x}-${mark.y}`} data-testid="calibration-mark">
            {mark.axis === 'x' && <line x1={mark.x} x2={mark.x} y1={0} y2={drawing.height} stroke="#eb2f96" strokeWidth={unit / 10} strokeDasharray={`${unit / 3} ${unit / 5}`} />}
            {mark.axis === 'y' && <line x1={0} x2={drawing.width} y1={mark.y} y2={mark.y} stroke="#eb2f96" strokeWidth={unit / 10} strokeDasharray={`${unit / 3} ${unit / 5}`} />}
            <circle cx={mark.x} cy={mark.y} r={unit / 3} fill="#eb2f96" stroke="#fff" strokeWidth={unit / 12} />
            <text x={mark.x + unit / 2} y={mark.y - unit / 2} className="graph-label" fontSize={unit * 0.8}>
              {mark.label}
            </text>
          </g>
        ))}
      </svg>
      <Legend t={t} colouring={display.ringColouring} showRisks={display.showRisks && risks.length > 0} />
    </div>
  );
}

export function machineLabel(t: Translate, machine: { chainage: number; ring: number | null }): string {
  const chainage = formatChainage(machine.chainage, 3);
  return machine.ring === null ? t('graphWeb.machine.labelNoRing', { chainage }) : t('graphWeb.machine.label', { ring: machine.ring, chainage });
}

/** The TBM: a shield with its cutterhead at the front, pointing the way it bores. */
function MachineIcon({ x, y, angle, size, label }: { x: number; y: number; angle: number; size: number; label: string }) {
  const degrees = Math.round(((angle * 180) / Math.PI) * 10) / 10;
  const length = size * 2.4;
  const half = size * 0.55;
  return (
    <g data-testid="machine" data-x={round1(x)} data-y={round1(y)} data-angle={degrees} aria-label={label} role="img">
      <title>{label}</title>
      <g transform={`translate(${round1(x)} ${round1(y)}) rotate(${degrees})`} data-testid="machine-icon">
        <rect x={-length} y={-half} width={length - size * 0.3} height={half * 2} rx={size * 0.15} fill="#faad14" stroke="#262626" strokeWidth={size / 10} />
        <rect x={-size * 0.3} y={-half * 1.15} width={size * 0.3} height={half * 2.3} fill="#595959" stroke="#262626" strokeWidth={size / 10} />
        <line x1={-size * 0.15} y1={-half * 1.15} x2={-size * 0.15} y2={half * 1.15} stroke="#d9d9d9" strokeWidth={size / 12} />
        <path d={`M ${-length * 0.7} 0 L ${-length * 0.3} 0`} stroke="#262626" strokeWidth={size / 8} markerEnd="" />
      </g>
      <text x={round1(x + size)} y={round1(y - size * 1.2)} className="graph-label graph-machine-label" fontSize={size * 0.9} data-testid="machine-label">
        {label}
      </text>
    </g>
  );
}

const riskLabel = (t: Translate, risk: OverlayRisk): string => t('graphWeb.risk.label', { name: risk.name, state: t(RISK_STATE_LABELS[risk.state]) });

/** A risk zone along the alignment with its name and state, the name `labelDy` below (or above, negative) the stretch's middle. */
function RiskZone({ risk, projection, unit, t, labelDy }: { risk: OverlayRisk; projection: Projection; unit: number; t: Translate; labelDy: number }) {
  const line = projection.between(risk.fromDistance, risk.toDistance);
  if (line.length < 2) return null;
  const colour = RISK_COLOURS[risk.state];
  const label = riskLabel(t, risk);
  const middle = line[Math.floor(line.length / 2)] as Point;
  return (
    <g data-testid="risk-zone" data-state={risk.state}>
      <title>{`${label} · ${formatChainage(risk.startChainage, 1)} – ${formatChainage(risk.endChainage, 1)}`}</title>
      <polyline points={pointsAttr(line)} fill="none" stroke={colour} strokeWidth={unit * 1.4} strokeOpacity={risk.state === 'inside' ? 0.45 : 0.28} strokeLinecap="butt" />
      <text x={middle.x} y={middle.y + labelDy} textAnchor="middle" className="graph-label" fontSize={unit * 0.8} fill={colour}>
        {label}
      </text>
    </g>
  );
}

function Swatch({ colour, dashed, children }: { colour: string; dashed?: boolean; children: ReactNode }) {
  return (
    <li>
      <svg width="22" height="10" aria-hidden="true">
        <line x1="1" y1="5" x2="21" y2="5" stroke={colour} strokeWidth="5" strokeDasharray={dashed ? '4 3' : undefined} />
      </svg>
      <span>{children}</span>
    </li>
  );
}

function Legend({ t, colouring, showRisks }: { t: Translate; colouring: GraphSetting['display']['ringColouring']; showRisks: boolean }) {
  return (
    <ul className="graph-legend" aria-label={t('graphWeb.legend.title')} data-testid="graph-legend">
      <Swatch colour="#13c2c2">{t('graphWeb.legend.alignment')}</Swatch>
      {colouring === 'state' ? (
        <>
          <Swatch colour={STATE_COLOURS.built}>{t('graphWeb.ring.state.built')}</Swatch>
          <Swatch colour={STATE_COLOURS.building}>{t('graphWeb.ring.state.building')}</Swatch>
        </>
      ) : (
        <>
          <Swatch colour={BAND_COLOURS.ok}>{t('graphWeb.band.ok')}</Swatch>
          <Swatch colour={BAND_COLOURS.warning}>{t('graphWeb.band.warning')}</Swatch>
          <Swatch colour={BAND_COLOURS.alarm}>{t('graphWeb.band.alarm')}</Swatch>
          <Swatch colour={BAND_COLOURS.none}>{t('graphWeb.band.none')}</Swatch>
        </>
      )}
      <Swatch colour={STATE_COLOURS.planned} dashed>
        {t('graphWeb.legend.planned')}
      </Swatch>
      {showRisks && <Swatch colour={RISK_COLOURS.approaching}>{t('graphWeb.legend.risk')}</Swatch>}
      <Swatch colour="#faad14">{t('graphWeb.legend.machine')}</Swatch>
    </ul>
  );
}
