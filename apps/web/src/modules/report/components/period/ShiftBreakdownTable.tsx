import { DATE_FORMATS } from '@boreline/contracts';
import { Table, type TableColumnsType } from 'antd';
import { formatHm, formatLocalDate, useFormat } from '../../../../core/format.js';
import type { PeriodReport } from '../../periodApi.js';
import { useT } from '../../../../core/i18n.js';

type Shift = PeriodReport['shifts'][number];

/**
 * The shifts of a week or month added up per shift of the day (all day shifts, all night shifts):
 * sixty rows of single shifts would bury what a monthly report is read for.
 */
export function totalsByShift(shifts: PeriodReport['shifts']): Shift[] {
  const totals = new Map<number, Shift>();
  for (const s of shifts) {
    const sum = totals.get(s.shiftNo);
    if (!sum) {
      totals.set(s.shiftNo, { ...s, shiftRecId: null, leader: null, headcount: null });
      continue;
    }
    sum.rings += s.rings;
    sum.metres += s.metres;
    sum.advanceMs += s.advanceMs;
    sum.ringBuildMs += s.ringBuildMs;
    sum.waitingMs += s.waitingMs;
  }
  return [...totals.values()].sort((a, b) => a.shiftNo - b.shiftNo);
}

/**
 * Per shift: who led it, how many worked, what was built and how the time went. `totals`: one
 * row per shift of the day over the whole period, without date, leader and headcount.
 */
export function ShiftBreakdownTable({ shifts, compact = false, totals = false }: { shifts: PeriodReport['shifts']; compact?: boolean; totals?: boolean }) {
  const t = useT();
  const f = useFormat();
  const hm = ' (h:mm)';
  const columns: TableColumnsType<Shift> = [
    { key: 'date', title: t('report.periodPage.date'), render: (_, s) => formatLocalDate(s.date, DATE_FORMATS.dayMonth), width: 64 },
    { key: 'shift', title: t('field.shiftNo'), dataIndex: 'shiftName' },
    { key: 'leader', title: t('field.leader'), render: (_, s) => s.leader ?? '—' },
    { key: 'headcount', title: t('field.headcount'), align: 'right', render: (_, s) => (s.headcount === null ? '—' : f.number(s.headcount, 0)) },
    { key: 'rings', title: t('report.periodPage.rings'), align: 'right', render: (_, s) => f.number(s.rings, 0) },
    { key: 'metres', title: t('report.periodPage.metres'), align: 'right', render: (_, s) => f.number(s.metres, 2) },
    { key: 'advance', title: t('report.column.advance') + hm, align: 'right', render: (_, s) => formatHm(s.advanceMs) },
    { key: 'ringBuild', title: t('report.column.ringBuild') + hm, align: 'right', render: (_, s) => formatHm(s.ringBuildMs) },
    { key: 'waiting', title: t('report.column.waiting') + hm, align: 'right', render: (_, s) => formatHm(s.waitingMs) },
  ];
  return (
    <Table<Shift>
      className="report-table"
      size="small"
      rowKey={(s) => `${s.date}-${s.shiftNo}`}
      columns={totals ? columns.filter((c) => !['date', 'leader', 'headcount'].includes(String(c.key))) : compact ? columns.filter((c) => c.key !== 'date') : columns}
      dataSource={totals ? totalsByShift(shifts) : shifts}
      pagination={false}
      data-testid="shift-table"
    />
  );
}
