import { DATE_FORMATS, formatChainage } from '@boreline/contracts';
import type { MessageKey } from '@boreline/i18n';
import { Table, type TableColumnsType } from 'antd';
import { formatHm, formatInstant, useFormat } from '../../../../core/format.js';
import type { RingReportRow } from '../../periodApi.js';
import { usePrinting } from './usePrinting.js';
import { useT } from '../../../../core/i18n.js';

type NumberField = {
  [K in keyof RingReportRow]: RingReportRow[K] extends number | null ? (null extends RingReportRow[K] ? K : never) : never;
}[keyof RingReportRow];

/** The measured columns with their decimals: whole kN and mm, tenths of mm/min, hundredths of bar and m³. */
const MEASURES: readonly { field: NumberField; title: MessageKey; decimals: number }[] = [
  { field: 'thrustAvg', title: 'report.column.thrustAvg', decimals: 0 },
  { field: 'thrustMax', title: 'report.column.thrustMax', decimals: 0 },
  { field: 'torqueAvg', title: 'report.column.torqueAvg', decimals: 0 },
  { field: 'torqueMax', title: 'report.column.torqueMax', decimals: 0 },
  { field: 'speedAvg', title: 'report.column.speedAvg', decimals: 1 },
  { field: 'speedMax', title: 'report.column.speedMax', decimals: 1 },
  { field: 'penetrationAvg', title: 'report.column.penetrationAvg', decimals: 1 },
  { field: 'facePressureAvg', title: 'report.column.facePressureAvg', decimals: 2 },
  { field: 'groutVolume', title: 'report.column.groutVolume', decimals: 2 },
  { field: 'groutPressureAvg', title: 'report.column.groutPressureAvg', decimals: 2 },
  { field: 'foamVolume', title: 'report.column.foamVolume', decimals: 2 },
  { field: 'bentoniteVolume', title: 'report.column.bentoniteVolume', decimals: 2 },
  { field: 'headHorizontal', title: 'report.column.headHorizontal', decimals: 0 },
  { field: 'headVertical', title: 'report.column.headVertical', decimals: 0 },
  { field: 'tailHorizontal', title: 'report.column.tailHorizontal', decimals: 0 },
  { field: 'tailVertical', title: 'report.column.tailVertical', decimals: 0 },
];
const TAIL_GAPS: readonly { field: NumberField; title: MessageKey }[] = [
  { field: 'tailGapTop', title: 'report.column.tailGapTop' },
  { field: 'tailGapBottom', title: 'report.column.tailGapBottom' },
  { field: 'tailGapLeft', title: 'report.column.tailGapLeft' },
  { field: 'tailGapRight', title: 'report.column.tailGapRight' },
];
/** What the period reports list per ring: the whole ring report would not fit a portrait A4 page. */
const COMPACT_MEASURES = new Set<NumberField>(['thrustAvg', 'torqueAvg', 'speedAvg', 'groutVolume']);

export interface RingTableProps {
  rows: RingReportRow[];
  timeZone: string;
  /** `full`: every column of the ring report; `compact`: times, chainage and the main parameters. */
  variant?: 'full' | 'compact';
  loading?: boolean;
}

/** Rings with their times, state durations (h:mm), chainage, key parameters, guidance and tail gap. */
export function RingTable({ rows, timeZone, variant = 'full', loading = false }: RingTableProps) {
  const t = useT();
  const f = useFormat();
  const printing = usePrinting();
  const full = variant === 'full';
  const timeFormat = full ? DATE_FORMATS.dateTime : DATE_FORMATS.dayMonthTime;
  const hm = ' (h:mm)';
  const num = (value: number | null, decimals: number) => (value === null ? '—' : f.number(value, decimals));
  const columns: TableColumnsType<RingReportRow> = [
    { key: 'ringNo', title: t('report.column.ringNo'), dataIndex: 'ringNo', fixed: 'left', align: 'right', width: 64 },
    { key: 'start', title: t('report.column.start'), render: (_, r) => formatInstant(r.start, timeZone, timeFormat) },
    { key: 'end', title: t('report.column.end'), render: (_, r) => formatInstant(r.end, timeZone, timeFormat) },
    { key: 'duration', title: t('report.column.duration') + hm, align: 'right', render: (_, r) => formatHm(r.durationMs) },
    { key: 'advance', title: t('report.column.advance') + hm, align: 'right', render: (_, r) => formatHm(r.advanceMs) },
    { key: 'ringBuild', title: t('report.column.ringBuild') + hm, align: 'right', render: (_, r) => formatHm(r.ringBuildMs) },
    { key: 'waiting', title: t('report.column.waiting') + hm, align: 'right', render: (_, r) => formatHm(r.waitingMs) },
    ...(full ? [{ key: 'startChainage', title: t('report.column.startChainage'), render: (_: unknown, r: RingReportRow) => (r.startChainage === null ? '—' : formatChainage(r.startChainage)) }] : []),
    { key: 'endChainage', title: t('report.column.endChainage'), render: (_, r) => (r.endChainage === null ? '—' : formatChainage(r.endChainage)) },
    ...MEASURES.filter((m) => full || COMPACT_MEASURES.has(m.field)).map((m) => ({
      key: m.field,
      title: t(m.title),
      align: 'right' as const,
      render: (_: unknown, r: RingReportRow) => num(r[m.field], m.decimals),
    })),
    ...(full
      ? [
          { key: 'segmentType', title: t('report.column.segmentType'), render: (_: unknown, r: RingReportRow) => r.segmentType ?? '—' },
          { key: 'keyPosition', title: t('report.column.keyPosition'), render: (_: unknown, r: RingReportRow) => r.keyPosition ?? '—' },
          ...TAIL_GAPS.map((g) => ({ key: g.field, title: t(g.title), align: 'right' as const, render: (_: unknown, r: RingReportRow) => num(r[g.field], 0) })),
        ]
      : []),
  ];
  return (
    <Table<RingReportRow>
      className={full ? 'report-table report-ring-table' : 'report-table'}
      size="small"
      rowKey="ringNo"
      columns={columns}
      dataSource={rows}
      loading={loading}
      scroll={{ x: 'max-content' }}
      // Printing shows every ring; on screen long ranges are paged.
      pagination={printing || rows.length <= 50 ? false : { defaultPageSize: 50, showSizeChanger: true, pageSizeOptions: [50, 100, 200] }}
      data-testid="ring-table"
    />
  );
}
