import { DATE_FORMATS } from '@boreline/contracts';
import { STOP_REASON_KEYS } from '@boreline/i18n/dictionaryKeys';
import { Table, type TableColumnsType } from 'antd';
import { formatHm, formatInstant, useFormat } from '../../../core/format.js';
import type { SlowRing } from '../api.js';
import { useT } from '../../../core/i18n.js';

/** The slowest rings, slowest first, with their standby split by the reasons the shift reports give. */
export function SlowRingTable({ rows, timeZone, loading }: { rows: SlowRing[]; timeZone: string; loading: boolean }) {
  const t = useT();
  const f = useFormat();
  const hm = ' (h:mm)';
  const columns: TableColumnsType<SlowRing> = [
    { key: 'ringNo', title: t('statistic.column.ringNo'), dataIndex: 'ringNo', align: 'right', width: 72 },
    { key: 'start', title: t('statistic.column.start'), render: (_, r) => formatInstant(r.start, timeZone, DATE_FORMATS.dateTime) },
    { key: 'duration', title: t('statistic.column.duration') + hm, align: 'right', render: (_, r) => formatHm(r.durationMs) },
    { key: 'advance', title: t('statistic.column.advance') + hm, align: 'right', render: (_, r) => formatHm(r.advanceMs) },
    { key: 'ringBuild', title: t('statistic.column.ringBuild') + hm, align: 'right', render: (_, r) => formatHm(r.ringBuildMs) },
    { key: 'waiting', title: t('statistic.column.waiting') + hm, align: 'right', render: (_, r) => formatHm(r.waitingMs) },
    { key: 'speed', title: t('statistic.column.speed'), align: 'right', render: (_, r) => (r.speedAvg === null ? '—' : f.number(r.speedAvg, 1)) },
    {
      key: 'reasons',
      title: t('statistic.efficiency.stopReasons'),
      // The one column that wraps: reasons in long languages would push the table past its card.
      className: 'stat-wrap',
      render: (_, r) =>
        r.stopReasons.length === 0 ? (
          '—'
        ) : (
          <ul className="stat-reasons" data-testid="slow-ring-reasons">
            {r.stopReasons.map((line) => (
              <li key={line.reason ?? 'unexplained'}>
                {line.reason === null ? t('statistic.efficiency.notExplained') : t(STOP_REASON_KEYS[line.reason])} <b>{formatHm(line.durationMs)}</b>
              </li>
            ))}
          </ul>
        ),
    },
  ];
  return (
    <Table<SlowRing>
      className="stat-table"
      size="small"
      rowKey="ringNo"
      columns={columns}
      dataSource={rows}
      loading={loading}
      pagination={false}
      locale={{ emptyText: t('statistic.page.emptyRange') }}
      data-testid="slow-ring-table"
    />
  );
}
