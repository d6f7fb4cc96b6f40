import { Table, type TableColumnsType } from 'antd';
import { useFormat } from '../../../core/format.js';
import type { ProgressList } from '../api.js';
import { periodLabel } from './periods.js';
import { useT } from '../../../core/i18n.js';

type Row = ProgressList['rows'][number];

/** One row per period: built against planned, in rings and metres, and the drive's totals so far. */
export function ProgressTable({ data, loading }: { data: ProgressList; loading: boolean }) {
  const t = useT();
  const f = useFormat();
  const columns: TableColumnsType<Row> = [
    { key: 'period', title: t('statistic.progress.column.period'), render: (_, r) => periodLabel(data.unit, r.period) },
    { key: 'rings', title: t('statistic.progress.column.rings'), align: 'right', render: (_, r) => f.number(r.rings, 0) },
    { key: 'metres', title: t('statistic.progress.column.metres'), align: 'right', render: (_, r) => f.number(r.metres, 2) },
    { key: 'plannedRings', title: t('statistic.progress.column.plannedRings'), align: 'right', render: (_, r) => (r.plannedRings === null ? '—' : f.number(r.plannedRings, 1)) },
    { key: 'plannedMetres', title: t('statistic.progress.column.plannedMetres'), align: 'right', render: (_, r) => (r.plannedMetres === null ? '—' : f.number(r.plannedMetres, 2)) },
    { key: 'ofPlan', title: t('statistic.progress.column.ofPlan'), align: 'right', render: (_, r) => (r.plannedRings !== null && r.plannedRings > 0 ? f.percent(r.rings / r.plannedRings) : '—') },
    { key: 'cumulativeRings', title: t('statistic.progress.column.cumulativeRings'), align: 'right', render: (_, r) => f.number(r.cumulativeRings, 0) },
    { key: 'cumulativeMetres', title: t('statistic.progress.column.cumulativeMetres'), align: 'right', render: (_, r) => f.number(r.cumulativeMetres, 2) },
    { key: 'cumulativePlanned', title: t('statistic.progress.column.cumulativePlanned'), align: 'right', render: (_, r) => (r.cumulativePlannedRings === null ? '—' : f.number(r.cumulativePlannedRings, 0)) },
  ];
  return (
    <Table<Row>
      className="stat-table"
      size="small"
      rowKey="period"
      columns={columns}
      dataSource={data.rows}
      loading={loading}
      scroll={{ x: 'max-content' }}
      pagination={data.rows.length <= 31 ? false : { defaultPageSize: 31, showSizeChanger: false }}
      data-testid="progress-table"
    />
  );
}
