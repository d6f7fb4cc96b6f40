import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Result, Space, Table, type TableColumnType, type TableProps } from 'antd';
import type { Key, ReactNode } from 'react';
import type { z } from 'zod';
import { useT } from '../core/i18n.js';
import type { SortState, TableState } from '../core/queryParams.js';
import { ExportButton, type ExportButtonProps } from './ExportButton.js';

export interface DataTableColumn<T> extends Omit<TableColumnType<T>, 'key' | 'sorter' | 'sortOrder'> {
  /** Names the column; for a sortable column it is the field the server sorts by. */
  key: string;
  /** The server sorts the list by this column. */
  sortable?: boolean;
}

/**
 * Where the rows come from: a query's answer (TanStack Query's result fits as it is) — a page of a
 * server-paged list, or a whole list.
 */
export interface TableSource<T> {
  data: { records: readonly T[]; total: number } | readonly T[] | undefined;
  isPending: boolean;
  isFetching?: boolean;
  error: unknown;
  refetch: () => unknown;
}

export interface DataTableProps<T, I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  source: TableSource<T>;
  columns: DataTableColumn<T>[];
  rowKey: Extract<keyof T, string> | ((row: T) => Key);
  /** Server paging and sorting: what is shown, and where changes go (usually the address). */
  state?: TableState;
  onStateChange?: (next: TableState) => void;
  /** Rows can be chosen (for a batch action in the toolbar). */
  selection?: { keys: readonly Key[]; onChange: (keys: Key[]) => void };
  /** Actions above the table (add, batch delete). */
  toolbar?: ReactNode;
  /** The list's Excel export, beside the toolbar. */
  exportButton?: ExportButtonProps<I, O>;
  /** A class per row, to set some rows apart (unread messages). */
  rowClassName?: (row: T) => string;
  /** What an empty list says; "No data" by default. */
  emptyText?: string;
  size?: TableProps<T>['size'];
  'data-testid'?: string;
}

const PAGE_SIZES = [10, 20, 50, 100];

const toAntdOrder = (sort: SortState | null, key: string) => (sort?.field === key ? (sort.order === 'asc' ? 'ascend' : 'descend') : null);

const messageOf = (error: unknown): string | null => (error instanceof Error && error.message ? error.message : null);

/**
 * The list of a screen: server-paged and sorted through `state`, or a whole list paged in the
 * browser; it says when it is empty, shows progress while loading and offers to try again when
 * loading failed.
 */
export function DataTable<T extends object, I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType>(props: DataTableProps<T, I, O>) {
  const t = useT();
  const { source, state, onStateChange } = props;
  const paged = source.data !== undefined && 'records' in source.data ? source.data : null;
  const rows = paged ? paged.records : Array.isArray(source.data) ? source.data : [];
  const failed = source.error !== null && source.error !== undefined;
  // Fetching covers the first load and every later one; a query waiting for its input (not
  // enabled yet) is pending without fetching and must not spin for ever.
  const busy = source.isFetching ?? source.isPending;
  const firstLoad = source.isPending && busy && !failed;
  const retry = (
    <Button icon={<ReloadOutlined />} onClick={() => void source.refetch()}>
      {t('ui.table.retry')}
    </Button>
  );

  const columns: TableColumnType<T>[] = props.columns.map(({ sortable, ...column }) =>
    sortable && state ? { ...column, sorter: true, sortOrder: toAntdOrder(state.sort, column.key), showSorterTooltip: false } : column,
  );

  const handleChange: TableProps<T>['onChange'] = (pagination, _filters, sorter) => {
    if (!state || !onStateChange) return;
    const single = Array.isArray(sorter) ? sorter[0] : sorter;
    const sort: SortState | null = single?.order && single.columnKey !== undefined ? { field: String(single.columnKey), order: single.order === 'ascend' ? 'asc' : 'desc' } : null;
    const sortChanged = sort?.field !== state.sort?.field || sort?.order !== state.sort?.order;
    const pageSize = pagination.pageSize ?? state.pageSize;
    // A new sort or page size starts again at the first page: page 7 of another order means nothing.
    const page = sortChanged || pageSize !== state.pageSize ? 1 : (pagination.current ?? state.page);
    onStateChange({ page, pageSize, sort });
  };

  const empty = failed ? (
    <Result status="warning" title={t('ui.table.loadFailed')} subTitle={messageOf(source.error)} extra={retry} />
  ) : (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={props.emptyText ?? t('ui.table.empty')} />
  );

  return (
    <div className="bl-data-table">
      {props.toolbar || props.exportButton ? (
        <Space wrap style={{ display: 'flex', justifyContent: 'space-between', marginBottom: 12 }}>
          <Space wrap>{props.toolbar}</Space>
          {props.exportButton ? <ExportButton {...props.exportButton} /> : null}
        </Space>
      ) : null}
      {failed && rows.length > 0 ? (
        <Alert type="error" showIcon style={{ marginBottom: 12 }} title={t('ui.table.loadFailed')} description={messageOf(source.error)} action={retry} />
      ) : null}
      <Table<T>
        rowKey={props.rowKey}
        columns={columns}
        dataSource={[...rows]}
        size={props.size}
        rowClassName={props.rowClassName}
        loading={busy}
        locale={{ emptyText: firstLoad ? ' ' : empty }}
        data-testid={props['data-testid']}
        onChange={handleChange}
        rowSelection={
          props.selection
            ? { selectedRowKeys: [...props.selection.keys], onChange: (keys) => props.selection?.onChange(keys), preserveSelectedRowKeys: true }
            : undefined
        }
        pagination={
          state
            ? {
                current: state.page,
                pageSize: state.pageSize,
                total: paged?.total ?? rows.length,
                showSizeChanger: true,
                pageSizeOptions: PAGE_SIZES,
                showTotal: (total) => t('ui.table.total', { total }),
              }
            : undefined
        }
      />
    </div>
  );
}
