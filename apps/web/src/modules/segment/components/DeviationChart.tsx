import type { LineSeriesOption } from 'echarts/charts';
import { Chart, type ChartOption } from '../../../ui/chart/Chart.js';
import type { SegmentStatistics } from '../api.js';
import { BAND_COLOURS } from '../labels.js';
import { limitLine } from './ClearanceChart.js';

export interface DeviationChartLabels {
  horizontal: string;
  elevation: string;
  warn: string;
  alarm: string;
}

/** Horizontal and elevation deviation per ring (signed, mm) with the ±warning and ±alarm limits; a value out of band in its band's colour. */
export function DeviationChart({ stats, labels, label }: { stats: SegmentStatistics; labels: DeviationChartLabels; label: string }) {
  const rings = [...stats.rings].sort((a, b) => a.ringNo - b.ringNo);
  const n = rings.length;
  const { deviationWarnMm: warn, deviationAlarmMm: alarm } = stats.tolerance;
  const series = (name: string, colour: string, value: (r: SegmentStatistics['rings'][number]) => number): LineSeriesOption => ({
    type: 'line',
    name,
    // Each point in the band of its own value: a ring in alarm by its elevation keeps a plain horizontal point.
    data: rings.map((r) => {
      const size = Math.abs(value(r));
      return { value: value(r), itemStyle: { color: size > alarm ? BAND_COLOURS.alarm : size > warn ? BAND_COLOURS.warning : colour } };
    }),
    lineStyle: { color: colour },
    itemStyle: { color: colour },
    symbolSize: 5,
  });
  const option: ChartOption = {
    animation: false,
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 48, right: 16, top: 36, bottom: 32 },
    xAxis: { type: 'category', data: rings.map((r) => String(r.ringNo)) },
    yAxis: { type: 'value', name: 'mm' },
    series: [
      series(labels.horizontal, '#1677ff', (r) => r.horizontalDeviation),
      series(labels.elevation, '#722ed1', (r) => r.elevationDeviation),
      limitLine(labels.warn, warn, n, BAND_COLOURS.warning),
      { ...limitLine(labels.warn, -warn, n, BAND_COLOURS.warning) },
      limitLine(labels.alarm, alarm, n, BAND_COLOURS.alarm),
      { ...limitLine(labels.alarm, -alarm, n, BAND_COLOURS.alarm) },
    ],
  };
  return <Chart option={option} height={320} label={label} data-testid="deviation-chart" />;
}
