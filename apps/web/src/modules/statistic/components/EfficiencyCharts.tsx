import { DATE_FORMATS } from '@boreline/contracts';
import { formatHm, formatLocalDate, useFormat } from '../../../core/format.js';
import { Chart, type ChartOption } from '../../../ui/chart/Chart.js';
import type { Efficiency } from '../api.js';
import { escapeHtml, insideZoom, markerOf, tooltipList } from './chartParts.js';
import { useT } from '../../../core/i18n.js';

const MINUTE = 60_000;

/** The colours the reports use for the three states, so a ring reads the same everywhere. */
const STATE_BAR_COLORS = { advance: '#389e0d', ringBuild: '#1d5fa8', waiting: '#d4880f' } as const;

/** Each ring's time as stacked bars of advance, ring building and standby minutes; the tooltip adds h:mm and the speed. */
export function RingTimeChart({ data }: { data: Efficiency }) {
  const t = useT();
  const f = useFormat();
  const rings = data.rings;
  const names = {
    advance: t('statistic.column.advance'),
    ringBuild: t('statistic.column.ringBuild'),
    waiting: t('statistic.column.waiting'),
  };
  const bar = (key: keyof typeof names, values: number[]) => ({
    type: 'bar' as const,
    name: names[key],
    stack: 'time',
    data: values.map((ms) => Math.round((ms / MINUTE) * 10) / 10),
    barMaxWidth: 24,
    itemStyle: { color: STATE_BAR_COLORS[key] },
  });
  const option: ChartOption = {
    animation: false,
    grid: { left: 56, right: 16, top: 40, bottom: 28 },
    legend: { top: 0 },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      formatter: (params) => {
        const list = tooltipList(params);
        const ring = rings[list[0]?.dataIndex ?? -1];
        if (!ring) return '';
        const times = [ring.advanceMs, ring.ringBuildMs, ring.waitingMs];
        return [
          `<b>${escapeHtml(t('statistic.page.ring', { ringNo: ring.ringNo }))}</b> · ${formatHm(ring.durationMs)}`,
          ...list.map((p, i) => `${markerOf(p)}${escapeHtml(p.seriesName ?? '')}: <b>${formatHm(times[i] ?? 0)}</b>`),
          ring.speedAvg === null ? '' : escapeHtml(t('statistic.efficiency.speedTip', { speed: f.number(ring.speedAvg, 1) })),
        ].join('<br/>');
      },
    },
    xAxis: { type: 'category', data: rings.map((r) => String(r.ringNo)), name: t('statistic.column.ringNo'), nameLocation: 'middle', nameGap: 24 },
    yAxis: { type: 'value', name: t('statistic.efficiency.minutesAxis') },
    dataZoom: [insideZoom()],
    series: [bar('advance', rings.map((r) => r.advanceMs)), bar('ringBuild', rings.map((r) => r.ringBuildMs)), bar('waiting', rings.map((r) => r.waitingMs))],
  };
  return <Chart option={option} height={300} label={t('statistic.efficiency.timeChart')} data-testid="efficiency-chart" />;
}

/** Rings completed per local date of the range. */
export function RingsPerDayChart({ data }: { data: Efficiency }) {
  const t = useT();
  const option: ChartOption = {
    animation: false,
    grid: { left: 40, right: 16, top: 24, bottom: 28 },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    xAxis: { type: 'category', data: data.days.map((d) => formatLocalDate(d.date, DATE_FORMATS.dayMonth)) },
    yAxis: { type: 'value', minInterval: 1, name: t('statistic.efficiency.ringsAxis') },
    series: [{ type: 'bar', name: t('statistic.efficiency.ringsPerDay'), data: data.days.map((d) => d.rings), barMaxWidth: 28, itemStyle: { color: '#1d5fa8' } }],
  };
  return <Chart option={option} height={200} label={t('statistic.efficiency.ringsPerDay')} data-testid="efficiency-days-chart" />;
}
