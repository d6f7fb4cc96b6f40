import type { ChartOption } from '../../../ui/chart/Chart.js';
import type { RingStatsRow } from '../api.js';
import { colorAt, escapeHtml, insideZoom, tooltipList } from './chartParts.js';
import type { CurveTag } from './curvesOption.js';

export interface HistoryText {
  value(value: number, decimals: number): string;
  tick(value: number): string;
  ring(ringNo: number): string;
  min: string;
  mean: string;
  max: string;
  band: string;
}

export const HISTORY_PANEL_HEIGHT = 180;
const PANEL_GAP = 40;
const TOP = 36;

export const historyHeight = (tagCount: number): number => TOP + tagCount * (HISTORY_PANEL_HEIGHT + PANEL_GAP);

/**
 * Per tag (a panel each, in its own unit) the mean over each ring's advance as a line, inside a band
 * from the ring's minimum to its maximum. The band is two stacked series: the minimum (invisible)
 * and the span above it, so it needs no extra chart type.
 */
export function historyOption(rows: readonly RingStatsRow[], tags: readonly CurveTag[], text: HistoryText): ChartOption {
  const rings = rows.map((row) => String(row.ringNo));
  const top = (panel: number) => TOP + panel * (HISTORY_PANEL_HEIGHT + PANEL_GAP);
  const panelOf: number[] = [];
  const series = tags.flatMap((tag, panel) => {
    const stat = (row: RingStatsRow) => row.stats[panel] ?? null;
    const color = colorAt(panel);
    panelOf.push(panel, panel, panel);
    return [
      {
        type: 'line' as const,
        name: text.min,
        xAxisIndex: panel,
        yAxisIndex: panel,
        stack: `band-${panel}`,
        data: rows.map((row) => stat(row)?.[0] ?? null),
        symbol: 'none',
        lineStyle: { opacity: 0 },
        itemStyle: { color },
        silent: true,
      },
      {
        type: 'line' as const,
        name: text.band,
        xAxisIndex: panel,
        yAxisIndex: panel,
        stack: `band-${panel}`,
        data: rows.map((row) => {
          const v = stat(row);
          return v ? v[2] - v[0] : null;
        }),
        symbol: 'none',
        lineStyle: { opacity: 0 },
        areaStyle: { color, opacity: 0.18 },
        itemStyle: { color },
        silent: true,
      },
      {
        type: 'line' as const,
        name: text.mean,
        xAxisIndex: panel,
        yAxisIndex: panel,
        data: rows.map((row) => stat(row)?.[1] ?? null),
        symbol: rows.length > 60 ? 'none' : 'circle',
        symbolSize: 4,
        lineStyle: { width: 1.5 },
        itemStyle: { color },
      },
    ];
  });
  return {
    animation: false,
    // What the band and the line are, once for every panel.
    legend: { top: 0, right: 24, data: [text.mean, text.band] },
    grid: tags.map((_, panel) => ({ left: 72, right: 32, top: top(panel) + 20, height: HISTORY_PANEL_HEIGHT - 20 })),
    tooltip: {
      trigger: 'axis',
      formatter: (params) => {
        const first = tooltipList(params)[0];
        const index = first?.dataIndex ?? -1;
        const tag = tags[panelOf[first?.seriesIndex ?? -1] ?? -1];
        const panel = tag ? tags.indexOf(tag) : -1;
        const row = rows[index];
        if (!row || !tag) return '';
        const v = row.stats[panel] ?? null;
        const write = (value: number | undefined) => (value === undefined ? '—' : `${text.value(value, tag.decimals)} ${tag.unit}`.trim());
        return [
          `<b>${escapeHtml(text.ring(row.ringNo))}</b> · ${escapeHtml(tag.label)}`,
          `${escapeHtml(text.max)}: ${escapeHtml(write(v?.[2]))}`,
          `${escapeHtml(text.mean)}: <b>${escapeHtml(write(v?.[1]))}</b>`,
          `${escapeHtml(text.min)}: ${escapeHtml(write(v?.[0]))}`,
        ].join('<br/>');
      },
    },
    xAxis: tags.map((_, panel) => ({ type: 'category' as const, gridIndex: panel, data: rings, boundaryGap: false })),
    yAxis: tags.map((tag, panel) => ({
      type: 'value' as const,
      gridIndex: panel,
      scale: true,
      name: tag.unit ? `${tag.label} (${tag.unit})` : tag.label,
      nameTextStyle: { align: 'left' as const },
      axisLabel: { formatter: (value: number) => text.tick(value) },
    })),
    dataZoom: [insideZoom(tags.map((_, panel) => panel))],
    series,
  };
}
