import type { LineSeriesOption } from 'echarts/charts';
import { Chart, type ChartOption } from '../../../ui/chart/Chart.js';
import type { Band, Tolerance } from '../api.js';
import { BAND_COLOURS } from '../labels.js';

export interface SidesRow {
  ringNo: number;
  up: number;
  down: number;
  left: number;
  right: number;
  band: Band;
}

const SIDE_COLOURS = { up: '#1677ff', down: '#13c2c2', left: '#722ed1', right: '#fa8c16' } as const;

/** A constant line across the rings: a tolerance limit. */
export const limitLine = (name: string, value: number, rings: number, colour: string): LineSeriesOption => ({
  type: 'line',
  name,
  data: Array.from({ length: rings }, () => value),
  symbol: 'none',
  lineStyle: { type: 'dashed', width: 1, color: colour },
  itemStyle: { color: colour },
  tooltip: { show: false },
  z: 1,
});

/**
 * Clearance per ring on four sides with the warning and alarm limits as dashed lines; a ring out of
 * band has its points drawn in its band's colour (its band is also named in the table beside).
 */
export function ClearanceChart({ rows, tolerance, labels, label, testId }: { rows: readonly SidesRow[]; tolerance: Tolerance; labels: { up: string; down: string; left: string; right: string; warn: string; alarm: string }; label: string; testId: string }) {
  const sorted = [...rows].sort((a, b) => a.ringNo - b.ringNo);
  const side = (key: 'up' | 'down' | 'left' | 'right'): LineSeriesOption => ({
    type: 'line',
    name: labels[key],
    data: sorted.map((r) => ({ value: r[key], itemStyle: { color: r.band === 'ok' ? SIDE_COLOURS[key] : BAND_COLOURS[r.band] } })),
    lineStyle: { color: SIDE_COLOURS[key] },
    itemStyle: { color: SIDE_COLOURS[key] },
    symbolSize: 5,
  });
  const option: ChartOption = {
    animation: false,
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 48, right: 16, top: 36, bottom: 32 },
    xAxis: { type: 'category', data: sorted.map((r) => String(r.ringNo)) },
    yAxis: { type: 'value', name: 'mm', min: 0 },
    series: [
      side('up'),
      side('down'),
      side('left'),
      side('right'),
      limitLine(labels.warn, tolerance.clearanceWarnMm, sorted.length, BAND_COLOURS.warning),
      limitLine(labels.alarm, tolerance.clearanceAlarmMm, sorted.length, BAND_COLOURS.alarm),
    ],
  };
  return <Chart option={option} height={300} label={label} data-testid={testId} />;
}
