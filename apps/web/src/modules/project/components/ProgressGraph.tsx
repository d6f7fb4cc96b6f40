import { DATE_FORMATS, type IndexPageData } from '@boreline/contracts';
import { Card, Empty, Segmented, Skeleton } from 'antd';
import { useState } from 'react';
import { formatLocalDate, localToday, shiftLocalDate, useFormat } from '../../../core/format.js';
import { Chart, type ChartOption } from '../../../ui/chart/Chart.js';
import { type ProgressUnit, useProgress } from '../api.js';
import { STATUS_COLORS } from '../../../core/runStatus.js';
import { useT } from '../../../core/i18n.js';

/** How far back each view reaches: 30 days, 12 weeks, 12 months (the server cuts weeks at Monday, months at the 1st). */
const SPAN = { day: [29, 'day'], week: [11, 'week'], month: [11, 'month'] } as const satisfies Record<ProgressUnit, readonly [number, 'day' | 'week' | 'month']>;
const LABEL_FORMAT = { day: DATE_FORMATS.dayMonth, week: DATE_FORMATS.dayMonth, month: DATE_FORMATS.monthYear } as const;

export interface ProgressGraphProps {
  runId: number;
  timeZone: string;
  /** The drive's figures: the cumulative line ends at the rings built so far. */
  totals: IndexPageData | undefined;
}

/** Rings per day, week or month against plan, with the drive's cumulative rings. */
export function ProgressGraph({ runId, timeZone, totals }: ProgressGraphProps) {
  const t = useT();
  const f = useFormat();
  const [unit, setUnit] = useState<ProgressUnit>('day');
  const to = localToday(timeZone);
  const [amount, step] = SPAN[unit];
  const progress = useProgress(runId, unit, { from: shiftLocalDate(to, -amount, step), to });
  const points = progress.data ?? [];
  // The server counts from the start of the range; rings built before it lift the whole line.
  const before = totals ? Math.max(0, totals.total.rings - (points.at(-1)?.cumulativeRings ?? 0)) : 0;
  const names = { rings: t('project.home.seriesRings'), planned: t('project.home.seriesPlanned'), cumulative: t('project.home.seriesCumulative') };
  const option: ChartOption = {
    grid: { left: 48, right: 56, top: 36, bottom: 56 },
    tooltip: { trigger: 'axis', valueFormatter: (value) => (typeof value === 'number' ? f.number(value, Number.isInteger(value) ? 0 : 2) : '') },
    legend: { top: 0 },
    xAxis: { type: 'category', data: points.map((p) => formatLocalDate(p.period, LABEL_FORMAT[unit])) },
    yAxis: [
      { type: 'value', name: names.rings, minInterval: 1 },
      { type: 'value', name: names.cumulative, minInterval: 1, splitLine: { show: false } },
    ],
    dataZoom: unit === 'day' ? [{ type: 'inside' }] : [],
    series: [
      { type: 'bar', name: names.rings, data: points.map((p) => p.rings), itemStyle: { color: STATUS_COLORS.ringBuild }, barMaxWidth: 28 },
      { type: 'line', name: names.planned, data: points.map((p) => p.plannedRings), lineStyle: { type: 'dashed' }, itemStyle: { color: STATUS_COLORS.waiting }, symbol: 'none', step: 'middle' },
      { type: 'line', name: names.cumulative, yAxisIndex: 1, data: points.map((p) => p.cumulativeRings + before), itemStyle: { color: STATUS_COLORS.advance }, symbolSize: 4 },
    ],
  };
  return (
    <Card
      size="small"
      title={t('project.home.progressGraph')}
      extra={
        <Segmented<ProgressUnit>
          aria-label={t('project.home.progressGraph')}
          size="small"
          value={unit}
          onChange={setUnit}
          options={[
            { value: 'day', label: t('project.home.perDay') },
            { value: 'week', label: t('project.home.perWeek') },
            { value: 'month', label: t('project.home.perMonth') },
          ]}
        />
      }
    >
      {progress.isLoading ? (
        <Skeleton active paragraph={{ rows: 5 }} title={false} />
      ) : points.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <Chart option={option} height={300} label={t('project.home.progressGraph')} data-testid="progress-chart" />
      )}
    </Card>
  );
}
