import { DATE_FORMATS, statisticContract as s } from '@boreline/contracts';
import { Table, type TableColumnsType, type TablePaginationConfig } from 'antd';
import type { SorterResult } from 'antd/es/table/interface.js';
import { formatHm, formatInstant, useFormat } from '../../../core/format.js';
import type { RingStats, RingStatsRow, TagStat } from '../api.js';
import { curveTags } from './curveText.js';
import type { NamedTag } from './tags.js';
import { useT } from '../../../core/i18n.js';

type SortKey = (typeof s.RING_STAT_SORTS)[number];

/** How the table is sorted and paged: the server's query fields. */
export interface RingStatsOrder {
  sort: SortKey;
  sortTag?: string | undefined;
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

export interface RingStatsTableProps {
  data: RingStats;
  /** The tags of the query answered, in order (`stats` follow them). */
  tags: readonly string[];
  index: Map<string, NamedTag>;
  /** Which of min / mean / max the tag columns show. */
  stat: TagStat;
  order: RingStatsOrder;
  loading: boolean;
  onOrder(order: RingStatsOrder): void;
}

const STAT_INDEX: Record<TagStat, 0 | 1 | 2> = { min: 0, avg: 1, max: 2 };
const TAG_KEY = 'tag:';
export const PAGE_SIZES = [20, 50, 100, 200];

/**
 * Rings with their times, speed, chainage and the chosen statistic of each tag. Sorting (a click on
 * a column header) and paging are the server's: it holds up to 2,000 rings of the range, the table a
 * page; the overall row covers every ring of the range, not only the page.
 */
export function RingStatsTable({ data, tags, index, stat, order, loading, onOrder }: RingStatsTableProps) {
  const t = useT();
  const f = useFormat();
  const chosen = curveTags(tags, index);
  const k = STAT_INDEX[stat];
  const hm = ' (h:mm)';
  const sortOrder = (key: string) => {
    const active = order.sort === 'tag' ? `${TAG_KEY}${order.sortTag ?? ''}` : order.sort;
    return active === key ? (order.order === 'asc' ? ('ascend' as const) : ('descend' as const)) : null;
  };
  const sortable = (key: string) => ({ key, sorter: true, sortOrder: sortOrder(key), sortDirections: ['ascend' as const, 'descend' as const] });
  const columns: TableColumnsType<RingStatsRow> = [
    { ...sortable('ringNo'), title: t('statistic.column.ringNo'), dataIndex: 'ringNo', fixed: 'left', align: 'right', width: 80 },
    { key: 'start', title: t('statistic.column.start'), render: (_, r) => formatInstant(r.start, data.timeZone, DATE_FORMATS.dateTime) },
    { ...sortable('durationMs'), title: t('statistic.column.duration') + hm, align: 'right', render: (_, r) => formatHm(r.durationMs) },
    { ...sortable('advanceMs'), title: t('statistic.column.advance') + hm, align: 'right', render: (_, r) => formatHm(r.advanceMs) },
    { ...sortable('ringBuildMs'), title: t('statistic.column.ringBuild') + hm, align: 'right', render: (_, r) => formatHm(r.ringBuildMs) },
    { ...sortable('waitingMs'), title: t('statistic.column.waiting') + hm, align: 'right', render: (_, r) => formatHm(r.waitingMs) },
    { ...sortable('speedAvg'), title: t('statistic.column.speed'), align: 'right', render: (_, r) => (r.speedAvg === null ? '—' : f.number(r.speedAvg, 1)) },
    { key: 'startChainage', title: t('statistic.column.startChainage'), render: (_, r) => f.chainage(r.startChainage) },
    { key: 'endChainage', title: t('statistic.column.endChainage'), render: (_, r) => f.chainage(r.endChainage) },
    ...chosen.map((tag, i) => ({
      ...sortable(`${TAG_KEY}${tag.code}`),
      title: tag.unit ? `${tag.label} (${tag.unit})` : tag.label,
      align: 'right' as const,
      render: (_: unknown, r: RingStatsRow) => {
        const value = r.stats[i]?.[k];
        return value === undefined ? '—' : f.number(value, tag.decimals);
      },
    })),
  ];
  const handleChange = (pagination: TablePaginationConfig, sorter: SorterResult<RingStatsRow> | SorterResult<RingStatsRow>[], action: string) => {
    if (action === 'paginate') {
      const pageSize = pagination.pageSize ?? order.pageSize;
      // A new page size starts again at the first page: the old page number may not exist any more.
      onOrder({ ...order, page: pageSize === order.pageSize ? (pagination.current ?? 1) : 1, pageSize });
      return;
    }
    if (action !== 'sort') return;
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    const key = typeof one?.columnKey === 'string' ? one.columnKey : 'ringNo';
    if (!one?.order) {
      onOrder({ ...order, sort: 'ringNo', sortTag: undefined, order: 'asc', page: 1 });
      return;
    }
    const direction = one.order === 'descend' ? 'desc' : 'asc';
    if (key.startsWith(TAG_KEY)) onOrder({ ...order, sort: 'tag', sortTag: key.slice(TAG_KEY.length), order: direction, page: 1 });
    else onOrder({ ...order, sort: s.RING_STAT_SORTS.find((known) => known === key) ?? 'ringNo', sortTag: undefined, order: direction, page: 1 });
  };
  return (
    <Table<RingStatsRow>
      className="stat-table"
      size="small"
      rowKey="ringNo"
      columns={columns}
      dataSource={data.rows}
      loading={loading}
      scroll={{ x: 'max-content' }}
      onChange={(pagination, _filters, sorter, extra) => handleChange(pagination, sorter, extra.action)}
      pagination={{
        current: order.page,
        pageSize: order.pageSize,
        total: data.total,
        showSizeChanger: true,
        pageSizeOptions: PAGE_SIZES,
        showTotal: (total) => t('statistic.ringTable.total', { total }),
      }}
      data-testid="ring-stats-table"
      summary={() => (
        <Table.Summary fixed="bottom">
          <Table.Summary.Row data-testid="ring-stats-overall">
            <Table.Summary.Cell index={0} colSpan={9}>
              {t('statistic.page.overall')}
            </Table.Summary.Cell>
            {chosen.map((tag, i) => {
              const value = data.overall[i]?.[k];
              return (
                <Table.Summary.Cell key={tag.code} index={9 + i} align="right">
                  {value === undefined ? '—' : f.number(value, tag.decimals)}
                </Table.Summary.Cell>
              );
            })}
          </Table.Summary.Row>
        </Table.Summary>
      )}
    />
  );
}
