import { Alert, Table } from 'antd';
import { useFormat } from '../../../../core/format.js';
import { useRingSegments } from '../../shiftApi.js';
import { dayMonthTime } from './shiftTime.js';
import { useT } from '../../../../core/i18n.js';

const dash = (value: string | null) => value ?? '—';

/** The segment-erection view of a shift: the rings built in it, their times and how the tail sat. */
export function RingSegmentTable({ runId, shiftRecId, timeZone }: { runId: number; shiftRecId: number; timeZone: string }) {
  const t = useT();
  const f = useFormat();
  const rings = useRingSegments(runId, shiftRecId);
  const mm = (value: number | null) => (value === null ? '—' : f.number(value, 0));
  if (rings.isError) return <Alert type="error" showIcon title={rings.error.message} />;
  return (
    <Table
      size="small"
      bordered
      loading={rings.isPending}
      pagination={false}
      rowKey="ringNo"
      dataSource={rings.data ?? []}
      scroll={{ x: 1200 }}
      locale={{ emptyText: t('report.shiftPage.sg.empty') }}
      data-testid="shift-rings"
      columns={[
        { key: 'ring', title: t('report.column.ringNo'), dataIndex: 'ringNo', width: 70, fixed: 'left' },
        { key: 'start', title: t('report.shiftPage.sg.buildStart'), width: 110, render: (_v, r) => dayMonthTime(r.start, timeZone) },
        { key: 'end', title: t('report.shiftPage.sg.buildEnd'), width: 110, render: (_v, r) => dayMonthTime(r.end, timeZone) },
        { key: 'build', title: t('report.column.ringBuild'), width: 110, render: (_v, r) => f.duration(r.ringBuildMs) },
        { key: 'advance', title: t('report.column.advance'), width: 110, render: (_v, r) => f.duration(r.advanceMs) },
        { key: 'type', title: t('report.column.segmentType'), width: 110, render: (_v, r) => dash(r.segmentType) },
        { key: 'k', title: t('report.column.keyPosition'), width: 90, render: (_v, r) => dash(r.keyPosition) },
        { key: 'top', title: t('report.column.tailGapTop'), width: 100, align: 'right', render: (_v, r) => mm(r.tailGap.top) },
        { key: 'bottom', title: t('report.column.tailGapBottom'), width: 100, align: 'right', render: (_v, r) => mm(r.tailGap.bottom) },
        { key: 'left', title: t('report.column.tailGapLeft'), width: 100, align: 'right', render: (_v, r) => mm(r.tailGap.left) },
        { key: 'right', title: t('report.column.tailGapRight'), width: 100, align: 'right', render: (_v, r) => mm(r.tailGap.right) },
        { key: 'h', title: t('report.column.tailHorizontal'), width: 110, align: 'right', render: (_v, r) => mm(r.tailHorizontal) },
        { key: 'v', title: t('report.column.tailVertical'), width: 110, align: 'right', render: (_v, r) => mm(r.tailVertical) },
      ]}
    />
  );
}
