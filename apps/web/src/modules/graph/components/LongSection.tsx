import { chainageAtDistance, distanceAtChainage, formatChainage, profileAt } from '@boreline/contracts';
import { Alert, Skeleton, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useT } from '../../../core/i18n.js';
import { type GraphSetting, type Overlay, useGraphSetting, useMachineChainage, useOverlay } from '../mapApi.js';
import { placeLabels, textBox } from '../labelLayout.js';
import { BAND_COLOURS, type Drive, driveOf, MACHINE_COLOUR, plannedRings, type QualityBand, RISK_COLOURS, type RiskState, ringRuns, STATE_COLOURS } from '../overlayGeometry.js';

/** Width before the container is measured (and in a test page, where nothing is laid out). */
export const DEFAULT_WIDTH = 800;
const MARGIN = { left: 56, right: 16, bottom: 28 };
const GEOLOGY_STRIP = 18;

/** The drawing's frame: the plot's corners in pixels. */
export interface SectionFrame {
  width: number;
  height: number;
  compact: boolean;
}

const topOf = (frame: SectionFrame) => (frame.compact ? 18 : 30);
const plotBottom = (frame: SectionFrame) => frame.height - MARGIN.bottom - GEOLOGY_STRIP;

/**
 * The horizontal scale: distance bored from the drive's start (continuous through station
 * equations, growing in the driving direction) to pixels; `d0`–`d1` is the distance shown.
 */
export function xScale(frame: SectionFrame, d0: number, d1: number): (distance: number) => number {
  const span = d1 - d0 || 1;
  const plot = frame.width - MARGIN.left - MARGIN.right;
  return (distance) => MARGIN.left + ((distance - d0) / span) * plot;
}

/** The distances the section shows: the drive, widened to the profile and the machine. */
export function distanceRange(drive: Drive, profileChainages: readonly number[], machine: number | null): [number, number] {
  const dists = [0, distanceAtChainage(drive, drive.endChainage), ...profileChainages.map((c) => distanceAtChainage(drive, c))];
  if (machine !== null) dists.push(machine);
  return [Math.min(...dists), Math.max(...dists)];
}

const STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000, 20000, 50000];

/** Ticks at round chainages, about one per 110 px, as distances with their chainage. */
export function chainageTicks(drive: Drive, d0: number, d1: number, plotWidth: number): { distance: number; chainage: number }[] {
  const wanted = Math.max(2, Math.floor(plotWidth / 110));
  const step = STEPS.find((s) => (d1 - d0) / s <= wanted) ?? 50000;
  const dir = drive.endChainage >= drive.startChainage ? 1 : -1;
  const first = chainageAtDistance(drive, d0);
  const start = dir > 0 ? Math.ceil(first / step) * step : Math.floor(first / step) * step;
  const ticks: { distance: number; chainage: number }[] = [];
  for (let k = 0; k < 200; k += 1) {
    const chainage = start + dir * k * step;
    const distance = distanceAtChainage(drive, chainage);
    if (distance > d1 + 1e-6) break;
    if (distance >= d0 - 1e-6) ticks.push({ distance, chainage });
  }
  return ticks;
}

/** Watches an element's width; `DEFAULT_WIDTH` until measured. */
function useWidth(): [React.RefObject<HTMLDivElement | null>, number] {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(DEFAULT_WIDTH);
  useEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const measure = () => {
      const measured = Math.floor(element.getBoundingClientRect().width);
      if (measured > 0) setWidth(Math.max(320, measured));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

const BAND_KEY = {
  ok: 'graphMap.band.ok',
  warning: 'graphMap.band.warning',
  alarm: 'graphMap.band.alarm',
  none: 'graphMap.band.none',
} as const;
const RISK_STATE_KEY = {
  ahead: 'graphMap.riskState.ahead',
  approaching: 'graphMap.riskState.approaching',
  inside: 'graphMap.riskState.inside',
  passed: 'graphMap.riskState.passed',
} as const;

/** The words of a quality band and of a risk zone's state, shared with the map's legend. */
export function useOverlayWords() {
  const t = useT();
  return useMemo(
    () => ({
      band: (band: QualityBand | 'none') => t(BAND_KEY[band]),
      riskState: (state: RiskState) => t(RISK_STATE_KEY[state]),
    }),
    [t],
  );
}

export interface LongSectionProps {
  runId: number;
  /** The home board's card: lower, without legend and risk zone names. */
  compact?: boolean;
}

/**
 * The long section of a run: one view along the chainage with ground levels, the geology band, the
 * tunnel axis, the machine, built rings coloured by deviation, risk zones and the next rings.
 * Shared by the section page and the home board.
 */
export function LongSection({ runId, compact = false }: LongSectionProps) {
  const t = useT();
  const setting = useGraphSetting(runId);
  const overlay = useOverlay(runId);
  const chainage = useMachineChainage(runId, overlay.data?.position?.chainage ?? null);
  const [ref, width] = useWidth();
  // The frame is always there, so its width is measured before the data arrives.
  return (
    <div ref={ref} data-testid="long-section" style={{ width: '100%' }}>
      {setting.isLoading || overlay.isLoading ? (
        <Skeleton active paragraph={{ rows: compact ? 3 : 6 }} />
      ) : !setting.data || !overlay.data ? (
        <Alert type="warning" showIcon title={t('graphMap.section.unavailable')} />
      ) : (
        <SectionDrawing setting={setting.data} overlay={overlay.data} machineChainage={chainage} frame={{ width, height: compact ? 200 : 400, compact }} />
      )}
    </div>
  );
}

interface DrawingProps {
  setting: GraphSetting;
  overlay: Overlay;
  machineChainage: number | null;
  frame: SectionFrame;
}

/** The SVG of the long section for a measured width. */
export function SectionDrawing({ setting, overlay, machineChainage, frame }: DrawingProps) {
  const t = useT();
  const words = useOverlayWords();
  const drive = useMemo(() => driveOf(setting), [setting]);
  const { profile, display } = setting;
  const hasProfile = profile.ground.length > 0 || profile.axis.length > 0 || profile.geology.length > 0;
  const machineDistance = machineChainage === null ? null : distanceAtChainage(drive, machineChainage);
  const profileChainages = [...profile.ground, ...profile.axis].map((p) => p.chainage).concat(profile.geology.flatMap((b) => [b.from, b.to]));
  const [d0, d1] = distanceRange(drive, profileChainages, machineDistance);
  const x = xScale(frame, d0, d1);
  const top = topOf(frame);
  const bottom = plotBottom(frame);

  // Levels: ground and axis with a tenth of their span around; without any, a plain axis in the middle.
  const levels = [...profile.ground, ...profile.axis].map((p) => p.level);
  const lo = levels.length > 0 ? Math.min(...levels) : -1;
  const hi = levels.length > 0 ? Math.max(...levels) : 1;
  const pad = (hi - lo) * 0.1 || 5;
  const y = (level: number) => bottom - ((level - (lo - pad)) / (hi + pad - (lo - pad))) * (bottom - top);
  const byDistance = (points: readonly { chainage: number; level: number }[]) =>
    points.map((p) => ({ d: distanceAtChainage(drive, p.chainage), level: p.level })).sort((a, b) => a.d - b.d);
  const ground = byDistance(profile.ground);
  const axis = byDistance(profile.axis);
  const axisY = (chainage: number): number => {
    const level = profileAt(profile.axis, chainage) ?? profileAt(profile.ground, chainage);
    return level === null ? (axis.length > 0 || ground.length > 0 ? (top + bottom) / 2 : y(0)) : y(level);
  };
  const path = (points: { d: number; level: number }[]) => points.map((p, i) => `${i === 0 ? 'M' : 'L'}${x(p.d).toFixed(1)},${y(p.level).toFixed(1)}`).join(' ');

  const built = display.showRings ? overlay.rings.filter((r) => r.state !== 'planned') : [];
  const next = display.showRings ? plannedRings(overlay, drive, display.nextRings) : [];
  const risks = display.showRisks ? overlay.risks : [];
  const plotWidth = frame.width - MARGIN.left - MARGIN.right;
  const ticks = chainageTicks(drive, d0, d1, plotWidth);
  const ringHeight = frame.compact ? 8 : 12;
  const dev = (value: number | null) => (value === null ? '—' : String(value));
  const mid = (a: number, b: number) => (a + b) / 2;
  // Zones close together: a name that would cover another goes a line lower, into the plot.
  const riskLabels = risks.map((risk) => `${risk.name} · ${words.riskState(risk.state)}`);
  const riskLabelDy = placeLabels(
    risks.map((risk, i) => textBox(x(Math.min(risk.fromDistance, risk.toDistance)) + 2, top - 6, riskLabels[i] ?? '', 11, 'start')),
    [0, 15, 30, 45, 60, 75, 90],
  );

  return (
    <>
      {!hasProfile ? (
        <Typography.Text type="secondary" data-testid="ls-no-profile">
          {t('graphMap.section.noProfile')}
        </Typography.Text>
      ) : null}
      <svg width={frame.width} height={frame.height} role="img" aria-label={t('graphMap.section.label')} style={{ display: 'block', fontSize: 11 }}>
        {/* Risk zones, shaded over the whole height, with their names and states on top. */}
        {risks.map((risk, i) => {
          const x0 = x(Math.min(risk.fromDistance, risk.toDistance));
          const x1 = x(Math.max(risk.fromDistance, risk.toDistance));
          const label = riskLabels[i] ?? '';
          return (
            <g key={risk.id} data-testid="ls-risk" data-state={risk.state}>
              <title>{`${risk.name} (${risk.level}) · ${words.riskState(risk.state)} · ${formatChainage(risk.startChainage)} – ${formatChainage(risk.endChainage)}`}</title>
              <rect x={x0} y={top} width={Math.max(1, x1 - x0)} height={bottom - top} fill={RISK_COLOURS[risk.state]} fillOpacity={0.12} stroke={RISK_COLOURS[risk.state]} strokeOpacity={0.5} strokeDasharray="3 3" />
              {!frame.compact ? (
                <text x={x0 + 2} y={top - 6 + (riskLabelDy[i] ?? 0)} fill={RISK_COLOURS[risk.state]}>
                  {label}
                </text>
              ) : null}
            </g>
          );
        })}
        {/* Ground: the line and the soil under it. */}
        {ground.length > 1 ? (
          <g data-testid="ls-ground">
            <title>{t('graphMap.section.ground')}</title>
            <path d={`${path(ground)} L${x(ground[ground.length - 1]?.d ?? d1).toFixed(1)},${bottom} L${x(ground[0]?.d ?? d0).toFixed(1)},${bottom} Z`} fill="#f3ece1" fillOpacity={0.6} stroke="none" />
            <path d={path(ground)} fill="none" stroke="#8b5a2b" strokeWidth={1.5} />
          </g>
        ) : null}
        {/* The tunnel axis, or a plain line to carry the rings and the machine. */}
        {axis.length > 1 ? (
          <path d={path(axis)} fill="none" stroke="#595959" strokeWidth={1} strokeDasharray="8 4" data-testid="ls-axis">
            <title>{t('graphMap.section.axis')}</title>
          </path>
        ) : (
          <line x1={x(d0)} x2={x(d1)} y1={axisY(drive.startChainage)} y2={axisY(drive.startChainage)} stroke="#bfbfbf" strokeWidth={1} />
        )}
        {/* Built rings coloured by their deviation band; where they are narrower than 2 px, runs of one band as one bar. */}
        {(built.length > plotWidth / 2 ? ringRuns(built, (r) => r.band ?? 'none') : built.map((r) => ({ first: r, last: r }))).map(({ first, last }) => {
          const x0 = x(Math.min(first.fromDistance, last.toDistance));
          const x1 = x(Math.max(first.fromDistance, last.toDistance));
          const band = first.band ?? 'none';
          const name = first.ring === last.ring ? t('graphMap.section.ring', { ring: first.ring }) : t('graphMap.section.rings', { first: first.ring, last: last.ring });
          const detail = first.ring === last.ring ? ` · ${t('graphMap.section.deviation', { horizontal: dev(first.horizontalDev), vertical: dev(first.elevationDev) })}` : '';
          return (
            <rect
              key={first.ring}
              data-testid="ls-ring"
              data-ring={first.ring === last.ring ? first.ring : `${first.ring}-${last.ring}`}
              data-band={band}
              x={x0}
              width={Math.max(0.5, x1 - x0)}
              y={axisY(mid(first.startChainage, last.endChainage)) - ringHeight / 2}
              height={ringHeight}
              fill={BAND_COLOURS[band]}
            >
              <title>{`${name} · ${words.band(band)}${detail}`}</title>
            </rect>
          );
        })}
        {/* The next rings as planned: dashed outlines ahead of the machine. */}
        {next.map((ring) => {
          const x0 = x(Math.min(ring.fromDistance, ring.toDistance));
          const x1 = x(Math.max(ring.fromDistance, ring.toDistance));
          return (
            <rect key={`p${ring.ring}`} data-testid="ls-planned" data-ring={ring.ring} x={x0} width={Math.max(0.5, x1 - x0)} y={axisY(mid(ring.startChainage, ring.endChainage)) - ringHeight / 2} height={ringHeight} fill="none" stroke={STATE_COLOURS.planned} strokeDasharray="3 2">
              <title>{`${t('graphMap.section.ring', { ring: ring.ring })} · ${t('graphMap.section.planned')}`}</title>
            </rect>
          );
        })}
        {/* The machine at its live chainage. */}
        {machineDistance !== null && machineChainage !== null ? (
          <g data-testid="ls-machine" data-x={x(machineDistance).toFixed(1)} transform={`translate(${x(machineDistance).toFixed(1)},${axisY(machineChainage).toFixed(1)})`}>
            <title>{t('graphMap.section.machineAt', { chainage: formatChainage(machineChainage) })}</title>
            <line y1={-(axisY(machineChainage) - top)} y2={bottom - axisY(machineChainage)} stroke={MACHINE_COLOUR} strokeOpacity={0.4} />
            <path d={`M0,${-ringHeight} L${-ringHeight * 1.6},${-ringHeight} L${-ringHeight * 1.6},${ringHeight} L0,${ringHeight} L${ringHeight * 0.8},0 Z`} fill={MACHINE_COLOUR} />
          </g>
        ) : null}
        {/* Geology band strip with the labels. */}
        {profile.geology.map((band, i) => {
          const a = distanceAtChainage(drive, band.from);
          const b = distanceAtChainage(drive, band.to);
          const x0 = x(Math.min(a, b));
          const w = Math.max(1, Math.abs(x(b) - x(a)));
          return (
            <g key={`${band.from}-${i}`} data-testid="ls-geology">
              <title>{`${band.label} · ${formatChainage(band.from)} – ${formatChainage(band.to)}`}</title>
              <rect x={x0} y={bottom} width={w} height={GEOLOGY_STRIP} fill={band.colour} fillOpacity={0.75} stroke="#fff" />
              <text x={x0 + w / 2} y={bottom + GEOLOGY_STRIP / 2 + 4} textAnchor="middle" fill="#262626" style={{ pointerEvents: 'none' }}>
                {band.label}
              </text>
            </g>
          );
        })}
        {/* Levels on the left (with a profile), chainages under the plot. */}
        {levels.length > 0
          ? [lo, hi].map((level) => (
              <text key={level} x={MARGIN.left - 6} y={y(level) + 4} textAnchor="end" fill="#8c8c8c">
                {level.toFixed(1)}
              </text>
            ))
          : null}
        <line x1={MARGIN.left} x2={frame.width - MARGIN.right} y1={bottom + GEOLOGY_STRIP} y2={bottom + GEOLOGY_STRIP} stroke="#d9d9d9" />
        {ticks.map((tick) => (
          <g key={tick.distance} data-testid="ls-tick" data-x={x(tick.distance).toFixed(1)}>
            <line x1={x(tick.distance)} x2={x(tick.distance)} y1={bottom + GEOLOGY_STRIP} y2={bottom + GEOLOGY_STRIP + 4} stroke="#8c8c8c" />
            <text x={x(tick.distance)} y={frame.height - 8} textAnchor="middle" fill="#595959">
              {formatChainage(tick.chainage, 0)}
            </text>
          </g>
        ))}
        <text x={4} y={frame.height - 8} fill="#8c8c8c">
          {t('graphMap.chainage')}
        </text>
      </svg>
      {!frame.compact ? <SectionLegend /> : null}
    </>
  );
}

function Swatch({ colour, dashed = false }: { colour: string; dashed?: boolean }) {
  return <span style={{ display: 'inline-block', width: 14, height: 10, marginRight: 4, verticalAlign: 'middle', background: dashed ? 'transparent' : colour, border: dashed ? `1px dashed ${colour}` : 'none' }} />;
}

function SectionLegend() {
  const t = useT();
  const words = useOverlayWords();
  const items: [string, string, boolean][] = [
    ...(['ok', 'warning', 'alarm', 'none'] as const).map((b): [string, string, boolean] => [words.band(b), BAND_COLOURS[b], false]),
    [t('graphMap.section.planned'), STATE_COLOURS.planned, true],
    [t('graphMap.legend.machine'), MACHINE_COLOUR, false],
  ];
  return (
    <div data-testid="ls-legend" style={{ display: 'flex', flexWrap: 'wrap', gap: 12, marginTop: 8, fontSize: 12 }}>
      {items.map(([label, colour, dashed]) => (
        <span key={label}>
          <Swatch colour={colour} dashed={dashed} />
          {label}
        </span>
      ))}
    </div>
  );
}

export { Swatch };
