import { DATE_FORMATS } from '@boreline/contracts';
import { Table, type TableColumnsType } from 'antd';
import { formatHm, formatLocalDate, useFormat } from '../../../../core/format.js';
import type { PeriodReport } from '../../periodApi.js';
import { useT } from '../../../../core/i18n.js';

type Day = PeriodReport['days'][number];

/** Per day of a week or month: planned and actual rings, metres and the time per machine state. */
export function DayTable({ days }: { days: PeriodReport['days'] }) {
  const t = useT();
  const f = useFormat();
  const hm = ' (h:mm)';
  const columns: TableColumnsType<Day> = [
    { key: 'date', title: t('report.periodPage.date'), render: (_, d) => formatLocalDate(d.date, DATE_FORMATS.date) },
    {
      key: 'planned',
      title: t('report.periodPage.plannedRings'),
      align: 'right',
      render: (_, d) => (d.plannedRings === null ? '—' : f.number(d.plannedRings, Number.isInteger(d.plannedRings) ? 0 : 1)),
    },
    { key: 'rings', title: t('report.periodPage.rings'), align: 'right', render: (_, d) => f.number(d.rings, 0) },
    { key: 'metres', title: t('report.periodPage.metres'), align: 'right', render: (_, d) => f.number(d.metres, 2) },
    { key: 'advance', title: t('report.column.advance') + hm, align: 'right', render: (_, d) => formatHm(d.advanceMs) },
    { key: 'ringBuild', title: t('report.column.ringBuild') + hm, align: 'right', render: (_, d) => formatHm(d.ringBuildMs) },
    { key: 'waiting', title: t('report.column.waiting') + hm, align: 'right', render: (_, d) => formatHm(d.waitingMs) },
  ];
  return (
    <Table<Day> className="report-table" size="small" rowKey="date" columns={columns} dataSource={days} pagination={false} data-testid="day-table" />
  );
}
