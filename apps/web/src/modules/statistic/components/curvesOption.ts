import type { MachineState } from '@boreline/contracts';
import type { ChartOption } from '../../../ui/chart/Chart.js';
import { sameZonedDay, zonedClock, zonedTimeAxis } from '../../../ui/chart/zonedTime.js';
import type { RingAxis, RingCurves } from '../api.js';
import { colorAt, insideZoom, markerOf, tooltipList, tooltipRow, valueOf, xOf } from './chartParts.js';

type CurveRing = RingCurves['rings'][number];

/** How the curves' numbers and names are written, in the reader's language. */
export interface CurveText {
  /** A value with the tag's decimals, in the reader's locale. */
  value(value: number, decimals: number): string;
  /** Axis ticks (locale-aware, no fixed decimals). */
  tick(value: number): string;
  /** `Ring 412`. */
  ring(ringNo: number): string;
  /** Names of the machine states, and the words of the axes. */
  state(state: MachineState): string;
  stateLabel: string;
  minutes: string;
  stroke: string;
}

export interface CurveTag {
  code: string;
  label: string;
  unit: string;
  decimals: number;
}

/** Shades of the machine states behind the curves: light enough to read the lines through. */
export const STATE_COLORS: Record<MachineState, string> = {
  advance: 'rgba(82, 196, 26, 0.12)',
  ringBuild: 'rgba(22, 119, 255, 0.12)',
  waiting: 'rgba(250, 173, 20, 0.16)',
  finish: 'rgba(140, 140, 140, 0.14)',
};

/** Pixels between stacked y axes on one side: room for their tick labels. */
const AXIS_STEP = 56;

/**
 * One y axis per unit, alternating left and right and pushed outwards, named with its unit and drawn
 * in the colour of its first curve, so a reader finds the scale of a line by its colour.
 */
function unitAxes(tags: readonly CurveTag[], text: CurveText) {
  const units = [...new Set(tags.map((tag) => tag.unit))];
  const axes = units.map((unit, index) => {
    const left = index % 2 === 0;
    const color = colorAt(tags.findIndex((tag) => tag.unit === unit));
    return {
      type: 'value' as const,
      name: unit || '—',
      nameTextStyle: { color },
      position: left ? ('left' as const) : ('right' as const),
      offset: Math.floor(index / 2) * AXIS_STEP,
      scale: true,
      splitLine: { show: index === 0 },
      axisLine: { show: true, lineStyle: { color } },
      axisLabel: { formatter: (value: number) => text.tick(value) },
    };
  });
  const onSide = (side: 0 | 1) => Math.ceil((units.length - side) / 2);
  return { units, axes, left: 16 + AXIS_STEP * Math.max(1, onSide(0)), right: 16 + AXIS_STEP * Math.max(0.5, onSide(1)) };
}

/**
 * One ring's curves. On the time axis the x is the ring's start plus the offset, read on the
 * project's clock, with the machine states shaded behind the curves; on the stroke axis the x is
 * the mean cylinder stroke in mm (advance only, so no states).
 */
export function singleRingOption(ring: CurveRing, tags: readonly CurveTag[], axis: RingAxis, timeZone: string, text: CurveText): ChartOption {
  const { units, axes, left, right } = unitAxes(tags, text);
  const onTime = axis === 'time';
  const toX = (x: number) => (onTime ? ring.start + x : x);
  const withDate = onTime && !sameZonedDay(ring.start, ring.end, timeZone);
  const stateAt = (x: number) => ring.bands.find((band) => ring.start + band.from <= x && x <= ring.start + band.to)?.state;
  const byIndex = tags;
  return {
    animation: false,
    // The legend (tags with units) sits under the chart: the axes' unit names need the top.
    grid: { left, right, top: 32, bottom: 64 },
    tooltip: {
      trigger: 'axis',
      formatter: (params) => {
        const list = tooltipList(params);
        const x = xOf(list[0]);
        const head =
          x === null ? '' : onTime ? zonedClock(x, timeZone, withDate ? 'DD/MM/YYYY HH:mm:ss' : 'HH:mm:ss') : `${text.stroke}: ${text.value(x, 0)} mm`;
        const state = x !== null && onTime ? stateAt(x) : undefined;
        const rows = list.map((p) => {
          const tag = byIndex[p.seriesIndex ?? -1];
          const value = valueOf(p);
          return tooltipRow(markerOf(p), tag?.label ?? '', value === null ? '—' : text.value(value, tag?.decimals ?? 2), tag?.unit);
        });
        return [head, ...(state ? [`${text.stateLabel}: ${text.state(state)}`] : []), ...rows].join('<br/>');
      },
    },
    legend: { bottom: 0, type: 'plain' },
    xAxis: onTime
      ? { ...zonedTimeAxis(timeZone, { min: ring.start, max: ring.end, withDate }) }
      : { type: 'value', name: `${text.stroke} (mm)`, nameLocation: 'middle', nameGap: 24, scale: true, axisLabel: { formatter: (value: number) => text.tick(value) } },
    yAxis: axes,
    dataZoom: [insideZoom(0)],
    series: tags.map((tag, index) => ({
      type: 'line' as const,
      name: tag.unit ? `${tag.label} (${tag.unit})` : tag.label,
      yAxisIndex: Math.max(0, units.indexOf(tag.unit)),
      data: (ring.series.find((s) => s.code === tag.code)?.points ?? []).map(([x, y]) => [toX(x), y]),
      showSymbol: false,
      lineStyle: { width: 1.5 },
      itemStyle: { color: colorAt(index) },
      // The states are drawn once, behind the first curve.
      ...(index === 0 && onTime && ring.bands.length > 0
        ? {
            markArea: {
              silent: true,
              data: ring.bands.map((band) => [
                { xAxis: ring.start + band.from, itemStyle: { color: STATE_COLORS[band.state] } },
                { xAxis: ring.start + band.to },
              ]),
            },
          }
        : {}),
    })),
  };
}

/** Pixels of one tag's panel when several rings are overlaid, and of the legend above them. */
export const PANEL_HEIGHT = 170;
const PANEL_GAP = 36;
const LEGEND_HEIGHT = 36;

export const multiRingHeight = (tagCount: number): number => LEGEND_HEIGHT + tagCount * (PANEL_HEIGHT + PANEL_GAP) + 16;

/**
 * Several rings overlaid, one panel per tag (each in its own unit), every panel on the common x
 * axis — minutes since the ring's start, or the cylinder stroke in mm. A ring keeps its colour in
 * every panel and the legend lists rings: clicking one hides it everywhere.
 */
export function multiRingOption(rings: readonly CurveRing[], tags: readonly CurveTag[], axis: RingAxis, text: CurveText): ChartOption {
  const onTime = axis === 'time';
  const toX = (x: number) => (onTime ? x / 60_000 : x);
  const shown = rings.filter((ring) => ring.frames > 0);
  const meta: { tag: CurveTag; ringNo: number }[] = [];
  const series = tags.flatMap((tag, panel) =>
    shown.map((ring) => {
      const index = rings.indexOf(ring);
      meta.push({ tag, ringNo: ring.ringNo });
      return {
        type: 'line' as const,
        name: text.ring(ring.ringNo),
        xAxisIndex: panel,
        yAxisIndex: panel,
        data: (ring.series.find((s) => s.code === tag.code)?.points ?? []).map(([x, y]) => [toX(x), y]),
        showSymbol: false,
        lineStyle: { width: 1.25 },
        itemStyle: { color: colorAt(index) },
      };
    }),
  );
  const top = (panel: number) => LEGEND_HEIGHT + panel * (PANEL_HEIGHT + PANEL_GAP);
  const xName = onTime ? `${text.minutes}` : `${text.stroke} (mm)`;
  return {
    animation: false,
    legend: { top: 0, type: 'plain', data: shown.map((ring) => text.ring(ring.ringNo)) },
    grid: tags.map((_, panel) => ({ left: 72, right: 24, top: top(panel) + 18, height: PANEL_HEIGHT - 18 })),
    tooltip: {
      trigger: 'axis',
      formatter: (params) => {
        const list = tooltipList(params);
        const x = xOf(list[0]);
        const first = meta[list[0]?.seriesIndex ?? -1];
        const head = x === null ? '' : onTime ? `${text.value(x, 1)} ${text.minutes}` : `${text.stroke}: ${text.value(x, 0)} mm`;
        const rows = list.map((p) => {
          const m = meta[p.seriesIndex ?? -1];
          const value = valueOf(p);
          return tooltipRow(markerOf(p), text.ring(m?.ringNo ?? 0), value === null ? '—' : text.value(value, m?.tag.decimals ?? 2), m?.tag.unit);
        });
        return [head, first ? `<b>${first.tag.label}</b>` : '', ...rows].join('<br/>');
      },
    },
    // The common axis is named once, under the last panel.
    xAxis: tags.map((_, panel) => ({
      type: 'value' as const,
      gridIndex: panel,
      min: onTime ? 0 : undefined,
      scale: !onTime,
      ...(panel === tags.length - 1 ? { name: xName, nameLocation: 'middle' as const, nameGap: 26 } : {}),
      axisLabel: { formatter: (value: number) => text.tick(value) },
    })),
    yAxis: tags.map((tag, panel) => ({
      type: 'value' as const,
      gridIndex: panel,
      scale: true,
      name: tag.unit ? `${tag.label} (${tag.unit})` : tag.label,
      nameLocation: 'end' as const,
      nameTextStyle: { align: 'left' as const },
      axisLabel: { formatter: (value: number) => text.tick(value) },
    })),
    // One zoom for every panel: the rings stay aligned on x while zooming.
    dataZoom: [insideZoom(tags.map((_, panel) => panel))],
    series,
  };
}
