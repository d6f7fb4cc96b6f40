import { Table, type TableColumnsType } from 'antd';
import { useMemo } from 'react';
import { formatNumber, useFormat } from '../../../core/format.js';
import { Chart } from '../../../ui/chart/Chart.js';
import type { RingStats, RingStatsRow } from '../api.js';
import { curveTags } from './curveText.js';
import { historyHeight, historyOption, type HistoryText } from './historyOption.js';
import type { NamedTag } from './tags.js';
import { useLocale, useT } from '../../../core/i18n.js';

export interface HistoryViewProps {
  data: RingStats;
  /** The tags of the query the answer is for, in order (its `stats` follow them). */
  tags: readonly string[];
  index: Map<string, NamedTag>;
}

/** Per tag a panel of each ring's mean inside its min–max band. */
export function HistoryChart({ data, tags, index }: HistoryViewProps) {
  const t = useT();
  const locale = useLocale();
  const text: HistoryText = useMemo(() => {
    const ticks = new Intl.NumberFormat(locale, { maximumFractionDigits: 3 });
    return {
      value: (value, decimals) => formatNumber(value, locale, decimals),
      tick: (value) => ticks.format(value),
      ring: (ringNo) => t('statistic.page.ring', { ringNo }),
      min: t('statistic.stat.min'),
      mean: t('statistic.stat.avg'),
      max: t('statistic.stat.max'),
      band: t('statistic.history.band'),
    };
  }, [t, locale]);
  const chosen = curveTags(tags, index);
  return (
    <Chart
      option={historyOption(data.rows, chosen, text)}
      height={historyHeight(chosen.length)}
      label={t('statistic.history.chart', { rings: data.rows.length })}
      data-testid="history-chart"
    />
  );
}

/** Per ring and tag the minimum, mean and maximum over the ring's advance, with the range's overall row. */
export function HistoryTable({ data, tags, index, loading }: HistoryViewProps & { loading: boolean }) {
  const t = useT();
  const f = useFormat();
  const chosen = curveTags(tags, index);
  const cell = (value: number | undefined, decimals: number) => (value === undefined ? '—' : f.number(value, decimals));
  const columns: TableColumnsType<RingStatsRow> = [
    { key: 'ringNo', title: t('statistic.column.ringNo'), dataIndex: 'ringNo', fixed: 'left', align: 'right', width: 72 },
    { key: 'startChainage', title: t('statistic.column.startChainage'), render: (_, r) => f.chainage(r.startChainage) },
    { key: 'endChainage', title: t('statistic.column.endChainage'), render: (_, r) => f.chainage(r.endChainage) },
    ...chosen.map((tag, i) => ({
      key: tag.code,
      title: tag.unit ? `${tag.label} (${tag.unit})` : tag.label,
      children: (['min', 'avg', 'max'] as const).map((stat, k) => ({
        key: `${tag.code}-${stat}`,
        title: t(stat === 'min' ? 'statistic.stat.min' : stat === 'avg' ? 'statistic.stat.avg' : 'statistic.stat.max'),
        align: 'right' as const,
        render: (_: unknown, r: RingStatsRow) => cell(r.stats[i]?.[k], tag.decimals),
      })),
    })),
  ];
  return (
    <Table<RingStatsRow>
      className="stat-table"
      size="small"
      bordered
      rowKey="ringNo"
      columns={columns}
      dataSource={data.rows}
      loading={loading}
      scroll={{ x: 'max-content' }}
      pagination={false}
      data-testid="history-table"
      summary={() => (
        <Table.Summary fixed="bottom">
          <Table.Summary.Row data-testid="history-overall">
            <Table.Summary.Cell index={0} colSpan={3}>
              {t('statistic.page.overall')}
            </Table.Summary.Cell>
            {chosen.flatMap((tag, i) =>
              [0, 1, 2].map((k) => (
                <Table.Summary.Cell key={`${tag.code}-${k}`} index={3 + i * 3 + k} align="right">
                  {cell(data.overall[i]?.[k], tag.decimals)}
                </Table.Summary.Cell>
              )),
            )}
          </Table.Summary.Row>
        </Table.Summary>
      )}
    />
  );
}
