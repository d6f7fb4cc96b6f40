import { CheckOutlined, DeleteOutlined, EditOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Space, Tooltip } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { type Key, type ReactNode, useState } from 'react';
import { useT } from '../../../core/i18n.js';
import { listParamsOf, type QueryParams, tableStateOf } from '../../../core/queryParams.js';
import type { CurrentRun } from '../../../core/session.js';
import { useMutationWithNotice } from '../../../core/useMutationWithNotice.js';
import { ConfirmDelete, DeleteButton } from '../../../ui/ConfirmDelete.js';
import { DataTable, type DataTableColumn, type TableSource } from '../../../ui/DataTable.js';
import { QueryForm } from '../../../ui/QueryForm.js';
import { confirmRecords, DATASETS, type DatasetKind, deleteRecord, deleteRecords, type RecordState, SEG_KEYS, type SegmentImportReport } from '../api.js';
import { listInput, RecordFilterFields, type RecordFilters } from './RecordFilters.js';
import { ImportOutcome, SegmentImport } from './SegmentImport.js';
import { StateTag } from './Tags.js';

interface RecordRow {
  id: number;
  ringNo: number;
  state: RecordState;
}

export interface DatasetTableProps<T extends RecordRow> {
  kind: DatasetKind;
  run: CurrentRun;
  canWrite: boolean;
  params: QueryParams<RecordFilters>;
  source: TableSource<T> & { data: { records: readonly T[]; total: number } | undefined };
  /** The dataset's own columns (ring first); state and actions are added here. */
  columns: DataTableColumn<T>[];
  emptyText: string;
  onAdd: () => void;
  onEdit: (row: T) => void;
  /** More buttons of the toolbar (tolerances). */
  extraTools?: ReactNode;
  importTitle: string;
  exportLabel: string;
  'data-testid': string;
}

/**
 * The list of one dataset (attitude, tail gap or tail clearance) with what every dataset offers:
 * filters in the address, add, import with the duplicates decision, export of every filtered ring,
 * a draft's confirmation (one or the selected), delete with a confirmation (one or the selected).
 * Writers only see the write actions.
 */
export function DatasetTable<T extends RecordRow>({ kind, run, canWrite, params, source, columns, emptyText, onAdd, onEdit, extraTools, importTitle, exportLabel, 'data-testid': testId }: DatasetTableProps<T>) {
  const t = useT();
  const client = useQueryClient();
  const [selected, setSelected] = useState<Key[]>([]);
  const [importing, setImporting] = useState(false);
  const [batchDeleting, setBatchDeleting] = useState(false);
  const [outcome, setOutcome] = useState<SegmentImportReport | null>(null);
  const invalidate = [SEG_KEYS.run(run.runId)];
  const ids = selected.map(Number);
  const records = source.data?.records ?? [];
  const selectedDrafts = records.filter((r) => ids.includes(r.id) && r.state === 'draft').map((r) => r.id);
  const remove = useMutationWithNotice({ mutationFn: (id: number) => deleteRecord(kind, run.runId, id), success: t('segmentWeb.record.deleted'), invalidate });
  const removeMany = useMutationWithNotice({
    mutationFn: (list: number[]) => deleteRecords(kind, run.runId, list),
    success: (r) => t('segmentWeb.record.deletedMany', { count: r.deleted }),
    invalidate,
    onSuccess: () => setSelected([]),
  });
  const confirm = useMutationWithNotice({
    mutationFn: (list: number[]) => confirmRecords(kind, run.runId, list),
    success: (r) => t('segmentWeb.record.confirmed', { count: r.confirmed }),
    invalidate,
    onSuccess: () => setSelected([]),
  });
  const filters = listInput(run.runId, params.values);

  const toolbar = canWrite ? (
    <>
      <Button type="primary" icon={<PlusOutlined />} onClick={onAdd} data-testid={`${testId}-add`}>
        {t('segmentWeb.record.add')}
      </Button>
      <Button icon={<UploadOutlined />} onClick={() => setImporting(true)} data-testid={`${testId}-import`}>
        {t('segmentWeb.record.import')}
      </Button>
      <Button icon={<CheckOutlined />} disabled={selectedDrafts.length === 0} loading={confirm.isPending} onClick={() => confirm.mutate(selectedDrafts)} data-testid={`${testId}-confirm-selected`}>
        {t('segmentWeb.record.confirmSelected', { count: selectedDrafts.length })}
      </Button>
      <Button danger icon={<DeleteOutlined />} disabled={ids.length === 0} onClick={() => setBatchDeleting(true)} data-testid={`${testId}-delete-selected`}>
        {t('segmentWeb.record.deleteSelected', { count: ids.length })}
      </Button>
      {extraTools}
    </>
  ) : (
    extraTools
  );

  const allColumns: DataTableColumn<T>[] = [
    ...columns,
    { key: 'state', title: t('segmentWeb.field.state'), width: 120, render: (_: unknown, row) => <StateTag state={row.state} /> },
    {
      key: 'actions',
      title: '',
      width: 150,
      render: (_: unknown, row) =>
        canWrite ? (
          <Space size={4}>
            {row.state === 'draft' ? (
              <Tooltip title={t('segmentWeb.record.confirm')}>
                <Button size="small" type="primary" ghost icon={<CheckOutlined />} aria-label={t('segmentWeb.record.confirm')} onClick={() => confirm.mutate([row.id])} data-testid="record-confirm" />
              </Tooltip>
            ) : null}
            <Tooltip title={t('segmentWeb.record.edit')}>
              <Button size="small" icon={<EditOutlined />} aria-label={t('segmentWeb.record.edit')} onClick={() => onEdit(row)} data-testid="record-edit" />
            </Tooltip>
            <DeleteButton size="small" title={t('segmentWeb.record.deleteConfirm', { ring: row.ringNo })} onConfirm={() => remove.mutateAsync(row.id)} data-testid="record-delete" />
          </Space>
        ) : null,
    },
  ];

  return (
    <>
      <QueryForm params={params} searchOnChange={['state', 'band']} data-testid={`${testId}-filters`}>
        <RecordFilterFields />
      </QueryForm>
      <ImportOutcome report={outcome} onClose={() => setOutcome(null)} />
      <DataTable<T>
        source={source}
        rowKey={(row) => row.id}
        size="middle"
        state={tableStateOf(params.values)}
        onStateChange={(next) => params.set(listParamsOf({ ...next, sort: null }))}
        selection={canWrite ? { keys: selected, onChange: setSelected } : undefined}
        emptyText={emptyText}
        toolbar={toolbar}
        exportButton={{
          endpoint: DATASETS[kind].exporter,
          input: filters,
          empty: source.data?.total === 0,
          fallbackName: DATASETS[kind].fileName,
          label: exportLabel,
          'data-testid': `${testId}-export`,
        }}
        data-testid={testId}
        columns={allColumns}
      />
      <ConfirmDelete
        open={batchDeleting}
        title={t('segmentWeb.record.deleteSelectedConfirm', { count: ids.length })}
        onConfirm={() => removeMany.mutateAsync(ids)}
        onClose={() => setBatchDeleting(false)}
      />
      <SegmentImport
        kind={kind}
        runId={run.runId}
        open={importing}
        title={importTitle}
        onClose={() => setImporting(false)}
        onImported={(report) => {
          setOutcome(report);
          void client.invalidateQueries({ queryKey: SEG_KEYS.run(run.runId) });
        }}
      />
    </>
  );
}
