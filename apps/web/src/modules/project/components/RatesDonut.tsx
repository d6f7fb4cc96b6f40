import type { IndexPageData } from '@boreline/contracts';
import { Card, Empty } from 'antd';
import { useFormat } from '../../../core/format.js';
import { Chart, type ChartOption } from '../../../ui/chart/Chart.js';
import { STATUS_COLORS, useStatusLabel } from '../../../core/runStatus.js';
import { useT } from '../../../core/i18n.js';

/** Today's time split between advance, ring building and waiting, as a donut. */
export function RatesDonut({ rates }: { rates: IndexPageData['rates'] }) {
  const t = useT();
  const f = useFormat();
  const label = useStatusLabel();
  const slices = [
    { name: label('advance'), value: rates.advance, itemStyle: { color: STATUS_COLORS.advance } },
    { name: label('ringBuild'), value: rates.ringBuild, itemStyle: { color: STATUS_COLORS.ringBuild } },
    { name: label('waiting'), value: rates.waiting, itemStyle: { color: STATUS_COLORS.waiting } },
  ];
  const option: ChartOption = {
    tooltip: { trigger: 'item', valueFormatter: (value) => (typeof value === 'number' ? f.percent(value) : '') },
    legend: { bottom: 0, icon: 'circle', itemWidth: 10, itemHeight: 10 },
    series: [
      {
        type: 'pie',
        radius: ['48%', '72%'],
        center: ['50%', '44%'],
        avoidLabelOverlap: true,
        itemStyle: { borderColor: '#fff', borderWidth: 2 },
        label: { formatter: (p) => f.percent(typeof p.value === 'number' ? p.value : 0) },
        data: slices.filter((s) => s.value > 0),
      },
    ],
  };
  const nothing = rates.advance + rates.ringBuild + rates.waiting === 0;
  return (
    <Card size="small" title={t('project.home.ratesToday')} style={{ height: '100%' }}>
      {nothing ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('project.home.nothingToday')} />
      ) : (
        <Chart option={option} height={260} label={t('project.home.ratesToday')} data-testid="rates-chart" />
      )}
    </Card>
  );
}
