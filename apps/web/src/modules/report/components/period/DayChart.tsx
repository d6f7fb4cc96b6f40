import { DATE_FORMATS } from '@boreline/contracts';
import { formatLocalDate } from '../../../../core/format.js';
import { Chart, type ChartOption } from '../../../../ui/chart/Chart.js';
import type { PeriodReport } from '../../periodApi.js';
import { useT } from '../../../../core/i18n.js';

/** Rings built per day against the plan; ECharts arrives in its own chunk on first use. */
export function DayChart({ days }: { days: PeriodReport['days'] }) {
  const t = useT();
  const names = { rings: t('report.periodPage.rings'), planned: t('report.periodPage.plannedRings') };
  const option: ChartOption = {
    // Printed and compared day by day: a chart caught mid-animation would print half-drawn bars.
    animation: false,
    grid: { left: 40, right: 16, top: 32, bottom: 28 },
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    xAxis: { type: 'category', data: days.map((d) => formatLocalDate(d.date, DATE_FORMATS.dayMonth)) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      { type: 'bar', name: names.rings, data: days.map((d) => d.rings), barMaxWidth: 24, itemStyle: { color: '#1d5fa8' } },
      {
        type: 'line',
        name: names.planned,
        data: days.map((d) => d.plannedRings),
        step: 'middle',
        symbol: 'none',
        lineStyle: { type: 'dashed' },
        itemStyle: { color: '#d4880f' },
      },
    ],
  };
  return <Chart option={option} height={220} label={t('report.periodPage.chart')} data-testid="day-chart" />;
}
