import { DATE_FORMATS } from '@boreline/contracts';
import { Alert, Descriptions, Drawer, Skeleton, Space, Table, Typography } from 'antd';
import { formatLocalDate, useFormat } from '../../../core/format.js';
import { useT } from '../../../core/i18n.js';
import { Chart, type ChartOption } from '../../../ui/chart/Chart.js';
import { type ConsumptionDetail, useConsumptionDetail } from '../api.js';
import { NONE, quantityText } from '../labels.js';

export interface ConsumptionDetailDrawerProps {
  runId: number;
  partId: number | null;
  from: string | undefined;
  to: string | undefined;
  onClose: () => void;
}

/** One part's consumption over the period: per month, per day against rings built, per risk zone, and its stock-out lines. */
export function ConsumptionDetailDrawer({ runId, partId, from, to, onClose }: ConsumptionDetailDrawerProps) {
  const t = useT();
  const detail = useConsumptionDetail(runId, partId, from, to);
  const data = detail.data;
  return (
    <Drawer
      open={partId !== null}
      onClose={onClose}
      size="large"
      title={data ? t('stockWeb.stats.detailTitle', { name: data.part.name, code: data.part.code }) : t('stockWeb.common.loading')}
      destroyOnHidden
      data-testid="consumption-detail"
    >
      {detail.isError ? (
        <Alert type="error" showIcon title={detail.error instanceof Error ? detail.error.message : t('stockWeb.common.loadFailed')} />
      ) : !data ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : (
        <DetailBody data={data} />
      )}
    </Drawer>
  );
}

function DetailBody({ data }: { data: ConsumptionDetail }) {
  const t = useT();
  const format = useFormat();
  const qty = (v: number | null) => (v === null ? NONE : quantityText(v, format.locale));
  const rate = (v: number | null) => (v === null ? NONE : format.number(v, 3));
  const unit = data.part.unit ?? '';
  const option: ChartOption = {
    animation: false,
    grid: { left: 48, right: 48, top: 32, bottom: 28 },
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    xAxis: { type: 'category', data: data.byDay.map((d) => formatLocalDate(d.date, DATE_FORMATS.dayMonth)) },
    yAxis: [
      { type: 'value', name: unit },
      { type: 'value', name: t('stockWeb.stats.rings'), minInterval: 1 },
    ],
    series: [
      { type: 'bar', name: t('stockWeb.stats.used'), data: data.byDay.map((d) => d.used), barMaxWidth: 20, itemStyle: { color: '#d4880f' } },
      { type: 'line', name: t('stockWeb.stats.rings'), yAxisIndex: 1, data: data.byDay.map((d) => d.rings), itemStyle: { color: '#1d5fa8' } },
    ],
  };
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Descriptions size="small" column={3} bordered>
        <Descriptions.Item label={t('stockWeb.stats.used')}>{`${qty(data.used)} ${unit}`}</Descriptions.Item>
        <Descriptions.Item label={t('stockWeb.field.perRing')}>{rate(data.perRing)}</Descriptions.Item>
        <Descriptions.Item label={t('stockWeb.field.perMetre')}>{rate(data.perMetre)}</Descriptions.Item>
        <Descriptions.Item label={t('stockWeb.field.per100m3')}>{rate(data.per100m3)}</Descriptions.Item>
        <Descriptions.Item label={t('stockWeb.field.stock')}>{`${qty(data.part.stock)} ${unit}`}</Descriptions.Item>
        <Descriptions.Item label={t('stockWeb.field.warningLine')}>{data.part.warningLine > 0 ? qty(data.part.warningLine) : NONE}</Descriptions.Item>
      </Descriptions>
      {data.byDay.length > 0 ? <Chart option={option} height={240} label={t('stockWeb.stats.dayChart')} data-testid="consumption-day-chart" /> : null}
      <Typography.Title level={5}>{t('stockWeb.stats.byMonth')}</Typography.Title>
      <Table
        size="small"
        rowKey="month"
        pagination={false}
        dataSource={data.byMonth}
        data-testid="consumption-months"
        columns={[
          { key: 'month', title: t('stockWeb.stats.month'), dataIndex: 'month' },
          { key: 'used', title: t('stockWeb.stats.used'), align: 'right', render: (_: unknown, row: ConsumptionDetail['byMonth'][number]) => qty(row.used) },
          { key: 'rings', title: t('stockWeb.stats.rings'), align: 'right', dataIndex: 'rings' },
          { key: 'metres', title: t('stockWeb.stats.metres'), align: 'right', render: (_: unknown, row: ConsumptionDetail['byMonth'][number]) => format.number(row.metres, 1) },
          { key: 'perRing', title: t('stockWeb.field.perRing'), align: 'right', render: (_: unknown, row: ConsumptionDetail['byMonth'][number]) => rate(row.perRing) },
        ]}
      />
      <Typography.Title level={5}>{t('stockWeb.stats.byZone')}</Typography.Title>
      <Table
        size="small"
        rowKey={(row) => row.zone ?? ''}
        pagination={false}
        dataSource={data.byZone}
        locale={{ emptyText: t('stockWeb.stats.noZones') }}
        data-testid="consumption-zones"
        columns={[
          { key: 'zone', title: t('stockWeb.stats.zone'), render: (_: unknown, row: ConsumptionDetail['byZone'][number]) => row.zone ?? t('stockWeb.stats.outsideZones') },
          { key: 'used', title: t('stockWeb.stats.used'), align: 'right', render: (_: unknown, row: ConsumptionDetail['byZone'][number]) => qty(row.used) },
          { key: 'rings', title: t('stockWeb.stats.rings'), align: 'right', dataIndex: 'rings' },
          { key: 'perRing', title: t('stockWeb.field.perRing'), align: 'right', render: (_: unknown, row: ConsumptionDetail['byZone'][number]) => rate(row.perRing) },
        ]}
      />
      <Typography.Title level={5}>{t('stockWeb.stats.lines')}</Typography.Title>
      <Table
        size="small"
        rowKey={(row) => `${row.sheetId}`}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        dataSource={data.lines}
        data-testid="consumption-lines"
        columns={[
          { key: 'number', title: t('stockWeb.field.outNumber'), dataIndex: 'number' },
          { key: 'date', title: t('stockWeb.field.outDate'), render: (_: unknown, row: ConsumptionDetail['lines'][number]) => formatLocalDate(row.date, DATE_FORMATS.date) },
          { key: 'recipient', title: t('stockWeb.field.recipient'), render: (_: unknown, row: ConsumptionDetail['lines'][number]) => row.recipient ?? NONE },
          { key: 'quantity', title: t('stockWeb.field.quantity'), align: 'right', render: (_: unknown, row: ConsumptionDetail['lines'][number]) => qty(row.quantity) },
        ]}
      />
    </Space>
  );
}
