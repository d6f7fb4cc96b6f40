import { useFormat } from '../../../core/format.js';
import { Chart, type ChartOption } from '../../../ui/chart/Chart.js';
import type { ProgressList } from '../api.js';
import { escapeHtml, insideZoom, tooltipList } from './chartParts.js';
import { periodLabel, periodTick, type ProgressUnit } from './periods.js';
import { useT } from '../../../core/i18n.js';

/**
 * Rings per period as bars against the plan (a dashed step), with the cumulative rings built and
 * planned on the right axis; the tooltip adds the metres, which the bars leave out.
 */
export function ProgressChart({ data }: { data: ProgressList }) {
  const t = useT();
  const f = useFormat();
  const unit: ProgressUnit = data.unit;
  const rows = data.rows;
  const names = {
    rings: t('statistic.progress.column.rings'),
    planned: t('statistic.progress.column.plannedRings'),
    cumulative: t('statistic.progress.column.cumulativeRings'),
    cumulativePlanned: t('statistic.progress.column.cumulativePlanned'),
  };
  const option: ChartOption = {
    animation: false,
    grid: { left: 48, right: 56, top: 40, bottom: 28 },
    legend: { top: 0 },
    tooltip: {
      trigger: 'axis',
      formatter: (params) => {
        const index = tooltipList(params)[0]?.dataIndex ?? -1;
        const row = rows[index];
        if (!row) return '';
        const amount = (rings: number, metres: number) => t('statistic.progress.amount', { rings: f.number(rings, 0), metres: f.number(metres, 2) });
        return [
          `<b>${escapeHtml(periodLabel(unit, row.period))}</b>`,
          `${escapeHtml(names.rings)}: <b>${escapeHtml(amount(row.rings, row.metres))}</b>`,
          `${escapeHtml(names.planned)}: ${escapeHtml(row.plannedRings === null || row.plannedMetres === null ? t('statistic.progress.noPlannedRate') : amount(row.plannedRings, row.plannedMetres))}`,
          `${escapeHtml(names.cumulative)}: ${escapeHtml(amount(row.cumulativeRings, row.cumulativeMetres))}`,
          ...(row.cumulativePlannedRings === null ? [] : [`${escapeHtml(names.cumulativePlanned)}: ${escapeHtml(f.number(row.cumulativePlannedRings, 0))}`]),
        ].join('<br/>');
      },
    },
    xAxis: { type: 'category', data: rows.map((row) => periodTick(unit, row.period)) },
    yAxis: [
      { type: 'value', name: names.rings, minInterval: 1 },
      { type: 'value', name: t('statistic.progress.cumulativeAxis'), position: 'right', minInterval: 1, splitLine: { show: false } },
    ],
    dataZoom: [insideZoom()],
    series: [
      { type: 'bar', name: names.rings, data: rows.map((row) => row.rings), barMaxWidth: 28, itemStyle: { color: '#1d5fa8' } },
      {
        type: 'line',
        name: names.planned,
        data: rows.map((row) => row.plannedRings),
        step: 'middle',
        symbol: 'none',
        lineStyle: { type: 'dashed', width: 1.5 },
        itemStyle: { color: '#d4880f' },
      },
      { type: 'line', name: names.cumulative, yAxisIndex: 1, data: rows.map((row) => row.cumulativeRings), symbol: 'none', lineStyle: { width: 2 }, itemStyle: { color: '#389e0d' } },
      {
        type: 'line',
        name: names.cumulativePlanned,
        yAxisIndex: 1,
        data: rows.map((row) => row.cumulativePlannedRings),
        symbol: 'none',
        lineStyle: { type: 'dotted', width: 1.5 },
        itemStyle: { color: '#8c8c8c' },
      },
    ],
  };
  return <Chart option={option} height={320} label={t('statistic.progress.chart')} data-testid="progress-chart" />;
}
