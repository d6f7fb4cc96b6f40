import type { TooltipComponentFormatterCallbackParams } from 'echarts';
import dayjs from 'dayjs';
import type { ChartOption } from '../../../ui/chart/Chart.js';
// Extends dayjs with time zones before any `.tz()` below runs.
import '../../../core/format.js';

/** Colours of the trend's lines, in the order the tags were chosen (also the legend's swatches). */
export const TREND_COLORS = ['#1677ff', '#fa541c', '#52c41a', '#722ed1', '#faad14', '#13c2c2'] as const;

export type Point = [number, number];

export interface TrendLine {
  code: string;
  name: string;
  unit: string;
  /** Decimals of the tag's sensor, for the tooltip. */
  decimals: number;
  color: string;
  points: Point[];
}

export interface TrendOptionInput {
  lines: TrendLine[];
  /** The window shown: [from, to] in epoch ms. */
  window: [number, number];
  timeZone: string;
  formatValue(value: number, decimals: number): string;
  /** Axis ticks in the reader's locale (decimal comma where it is usual). */
  formatTick(value: number): string;
}

const escapeHtml = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const clock = (ms: number, timeZone: string, format: string): string => dayjs(ms).tz(timeZone).format(format);

/**
 * Lines on a time axis read on the project's clock. Each unit gets its own y axis so a pressure in
 * bar and a torque in kN·m both use the height; the first two units are labelled left and right.
 */
export function trendOption({ lines, window, timeZone, formatValue, formatTick }: TrendOptionInput): ChartOption {
  const units = [...new Set(lines.map((line) => line.unit))];
  const byName = new Map(lines.map((line) => [line.name, line]));
  return {
    animation: false,
    grid: { left: 56, right: units.length > 1 ? 56 : 16, top: 24, bottom: 28 },
    tooltip: {
      trigger: 'axis',
      formatter: (params: TooltipComponentFormatterCallbackParams) => {
        const list = Array.isArray(params) ? params : [params];
        const first = list[0]?.value;
        const ts = Array.isArray(first) && typeof first[0] === 'number' ? first[0] : null;
        const rows = list.map((p) => {
          const value = Array.isArray(p.value) ? p.value[1] : p.value;
          const name = p.seriesName ?? '';
          const line = byName.get(name);
          const text = typeof value === 'number' ? formatValue(value, line?.decimals ?? 2) : '--';
          return `${typeof p.marker === 'string' ? p.marker : ''}${escapeHtml(name)}: <b>${text}</b> ${escapeHtml(line?.unit ?? '')}`;
        });
        return [ts === null ? '' : clock(ts, timeZone, 'HH:mm:ss'), ...rows].join('<br/>');
      },
    },
    xAxis: {
      type: 'time',
      min: window[0],
      max: window[1],
      axisLabel: { formatter: (value: number) => clock(value, timeZone, 'HH:mm'), hideOverlap: true },
      splitLine: { show: false },
    },
    yAxis: units.map((unit, index) => ({
      type: 'value',
      name: unit,
      scale: true,
      show: index < 2,
      position: index === 0 ? 'left' : 'right',
      splitLine: { show: index === 0 },
      axisLabel: { formatter: (value: number) => formatTick(value) },
      nameTextStyle: { align: index === 0 ? 'right' : 'left' },
    })),
    series: lines.map((line) => ({
      type: 'line',
      name: line.name,
      yAxisIndex: Math.max(0, units.indexOf(line.unit)),
      data: line.points,
      showSymbol: false,
      connectNulls: false,
      lineStyle: { width: 1.5 },
      itemStyle: { color: line.color },
    })),
  };
}
