import { UploadOutlined } from '@ant-design/icons';
import { DATE_FORMATS, LIMITS, type ringHistoryContract as c } from '@boreline/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Descriptions, Row, Skeleton, Space, Statistic, Typography } from 'antd';
import { useState } from 'react';
import { formatInstant, useFormat } from '../../../core/format.js';
import { useT } from '../../../core/i18n.js';
import type { TableState } from '../../../core/queryParams.js';
import { canUse, type CurrentRun, useFramework } from '../../../core/session.js';
import { useMutationWithNotice } from '../../../core/useMutationWithNotice.js';
import { ChooseProject } from '../../../ui/ChooseProject.js';
import { DeleteButton } from '../../../ui/ConfirmDelete.js';
import { DataTable, type DataTableColumn } from '../../../ui/DataTable.js';
import { ImportDialog } from '../../../ui/ImportDialog.js';
import { downloadTemplate, fetchImported, fetchSummary, importHistory, listKey, rebuildFrom, removeImported, summaryKey } from '../api.js';

/** The run's history (/fw1/ringHistory): without a current run the user picks a project first. */
export function RingHistoryPage() {
  const run = useFramework((s) => s.run);
  return run ? <RingHistory run={run} /> : <ChooseProject />;
}

/**
 * The rings built before the console: the template and the import of a sheet, what the run's
 * history holds (rings imported and rings from the machine's data, the backfill of late frames)
 * and the imported rings, with their removal.
 */
function RingHistory({ run }: { run: CurrentRun }) {
  const t = useT();
  const format = useFormat();
  const client = useQueryClient();
  const canWrite = useFramework((s) => canUse(s, 'project.ringHistory.write'));
  const canRebuild = useFramework((s) => canUse(s, 'telemetry.cycle.recompute'));
  const [importing, setImporting] = useState(false);
  const [table, setTable] = useState<TableState>({ page: 1, pageSize: 20, sort: null });
  const summary = useQuery({ queryKey: summaryKey(run.runId), queryFn: () => fetchSummary(run.runId) });
  const list = useQuery({ queryKey: listKey(run.runId, table.page, table.pageSize), queryFn: () => fetchImported(run.runId, table.page, table.pageSize) });
  // Imported or removed rings change every figure of the run: progress, reports, statistics.
  const refreshAll = () => client.invalidateQueries();
  const remove = useMutationWithNotice({
    mutationFn: () => removeImported(run.runId),
    success: (result) => t('ringHistory.page.removed', { count: result.deleted }),
    onSuccess: () => void refreshAll(),
  });
  const rebuild = useMutationWithNotice({
    mutationFn: (from: number) => rebuildFrom(run.runId, from),
    success: (result) => t('ringHistory.page.rebuilt', { rings: result.rings }),
    onSuccess: () => void refreshAll(),
  });

  const at = (ts: number | null) => (ts === null ? '—' : formatInstant(ts, run.timeZone, DATE_FORMATS.dateTime));
  const number = (value: number | null, decimals = 1) => (value === null ? '—' : format.number(value, decimals));
  const columns: DataTableColumn<c.ImportedRing>[] = [
    { key: 'ringNo', title: t('imports.column.ringNo'), dataIndex: 'ringNo', width: 90 },
    { key: 'start', title: t('ringHistory.template.column.start'), render: (_, r) => at(r.start) },
    { key: 'end', title: t('ringHistory.template.column.end'), render: (_, r) => at(r.end) },
    { key: 'startChainage', title: t('ringHistory.template.column.startChainage'), render: (_, r) => format.chainage(r.startChainage) },
    { key: 'endChainage', title: t('ringHistory.template.column.endChainage'), render: (_, r) => format.chainage(r.endChainage) },
    { key: 'advance', title: t('ringHistory.template.column.advanceMinutes'), render: (_, r) => number(r.advanceMinutes) },
    { key: 'ringBuild', title: t('ringHistory.template.column.ringBuildMinutes'), render: (_, r) => number(r.ringBuildMinutes) },
    { key: 'waiting', title: t('ringHistory.template.column.waitingMinutes'), render: (_, r) => number(r.waitingMinutes) },
    { key: 'thrust', title: t('ringHistory.template.column.thrustAvg'), render: (_, r) => number(r.thrustAvg, 0) },
    { key: 'torque', title: t('ringHistory.template.column.torqueAvg'), render: (_, r) => number(r.torqueAvg, 0) },
    { key: 'speed', title: t('ringHistory.template.column.speedAvg'), render: (_, r) => number(r.speedAvg) },
  ];

  const imported = summary.data?.imported.count ?? 0;
  const toolbar = canWrite ? (
    <Space wrap>
      <Button type="primary" icon={<UploadOutlined />} onClick={() => setImporting(true)}>
        {t('ringHistory.page.import')}
      </Button>
      {imported > 0 ? (
        <DeleteButton
          title={t('ringHistory.page.removeTitle')}
          description={t('ringHistory.page.removeConfirm', { count: imported })}
          onConfirm={() => remove.mutateAsync(undefined)}
          data-testid="remove-imported"
        >
          {t('ringHistory.page.remove')}
        </DeleteButton>
      ) : null}
    </Space>
  ) : null;

  return (
    <Card title={t('ringHistory.menu')} extra={toolbar} data-testid="ring-history">
      <Typography.Paragraph type="secondary">{t('ringHistory.page.intro')}</Typography.Paragraph>
      <HistorySummary
        summary={summary.data}
        loading={summary.isPending}
        error={summary.error}
        at={at}
        onRetry={() => void summary.refetch()}
        rebuild={canRebuild ? { pending: rebuild.isPending, run: (from) => rebuild.mutate(from) } : null}
      />
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {t('ringHistory.page.tableTitle')}
      </Typography.Title>
      <DataTable<c.ImportedRing>
        source={list}
        columns={columns}
        rowKey="ringNo"
        state={table}
        onStateChange={setTable}
        emptyText={t('ringHistory.page.empty')}
        size="small"
        data-testid="imported-rings"
      />
      <ImportDialog
        open={importing}
        title={t('ringHistory.page.importTitle')}
        onClose={() => setImporting(false)}
        onDownloadTemplate={downloadTemplate}
        maxBytes={LIMITS.ringHistoryImportMaxBytes}
        upload={(file, onProgress) => importHistory(run.runId, file, 'all', onProgress)}
        onImportValid={(file, onProgress) => importHistory(run.runId, file, 'validOnly', onProgress)}
        onImported={() => void refreshAll()}
      />
    </Card>
  );
}

interface SummaryProps {
  summary: c.RingHistorySummary | undefined;
  loading: boolean;
  error: unknown;
  at: (ts: number | null) => string;
  onRetry: () => void;
  /** Offered to callers who may recompute the cycles: derive rings again from the earliest late frame. */
  rebuild: { pending: boolean; run: (from: number) => void } | null;
}

/** Rings built in all, the rings of each origin, rings missing before the first one on record, and the backfill. */
function HistorySummary({ summary, loading, error, at, onRetry, rebuild }: SummaryProps) {
  const t = useT();
  if (loading) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (!summary) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('ringHistory.page.loadFailed')}
        description={error instanceof Error ? error.message : undefined}
        action={<Button onClick={onRetry}>{t('ui.table.retry')}</Button>}
      />
    );
  }
  const span = (s: c.RingSpan) =>
    s.count === 0 ? t('ringHistory.page.none') : `${t('ringHistory.page.rings', { first: s.firstRing ?? '', last: s.lastRing ?? '' })} · ${at(s.firstStart)} – ${at(s.lastEnd)}`;
  const first = Math.min(summary.imported.firstRing ?? Number.POSITIVE_INFINITY, summary.live.firstRing ?? Number.POSITIVE_INFINITY);
  const missing = Number.isFinite(first) && first > summary.startRing;
  const { backfill } = summary;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="history-summary">
      <Row gutter={16}>
        <Col xs={12} md={6}>
          <Statistic title={t('ringHistory.page.built')} value={summary.builtRings} data-testid="built-rings" />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title={t('ringHistory.page.imported')} value={summary.imported.count} data-testid="imported-count" />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title={t('ringHistory.page.live')} value={summary.live.count} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title={t('ringHistory.page.startRing')} value={summary.startRing} />
        </Col>
      </Row>
      {missing ? (
        <Alert type="info" showIcon title={t('ringHistory.page.missing', { first: summary.startRing, last: first - 1 })} data-testid="missing-rings" />
      ) : null}
      <Descriptions size="small" bordered column={1}>
        <Descriptions.Item label={t('ringHistory.page.imported')}>{span(summary.imported)}</Descriptions.Item>
        <Descriptions.Item label={t('ringHistory.page.live')}>{span(summary.live)}</Descriptions.Item>
      </Descriptions>
      <Descriptions size="small" bordered column={{ xs: 1, md: 3 }} title={t('ringHistory.page.backfill', { hours: backfill.hours })} data-testid="backfill">
        <Descriptions.Item label={t('ringHistory.page.lateFrames')}>
          {backfill.lateFrames}
          {backfill.lastLateAt === null ? null : <Typography.Text type="secondary">{` · ${t('ringHistory.page.last', { at: at(backfill.lastLateAt) })}`}</Typography.Text>}
          {backfill.earliestLateTs === null ? null : <Typography.Text type="secondary">{` · ${t('ringHistory.page.earliest', { at: at(backfill.earliestLateTs) })}`}</Typography.Text>}
        </Descriptions.Item>
        <Descriptions.Item label={t('ringHistory.page.recomputes')}>
          {backfill.recomputes}
          {backfill.lastRecomputeAt === null ? null : <Typography.Text type="secondary">{` · ${t('ringHistory.page.last', { at: at(backfill.lastRecomputeAt) })}`}</Typography.Text>}
        </Descriptions.Item>
        <Descriptions.Item label={t('ringHistory.page.ringsRebuilt')}>{backfill.ringsRebuilt}</Descriptions.Item>
      </Descriptions>
      <Space wrap>
        <Typography.Text type="secondary">{t('ringHistory.page.backfillHint')}</Typography.Text>
        {rebuild && backfill.earliestLateTs !== null ? (
          <Button loading={rebuild.pending} onClick={() => backfill.earliestLateTs !== null && rebuild.run(backfill.earliestLateTs)} data-testid="rebuild">
            {t('ringHistory.page.rebuild', { at: at(backfill.earliestLateTs) })}
          </Button>
        ) : null}
      </Space>
    </Space>
  );
}
