import { useQueryClient } from '@tanstack/react-query';
import { Card, Col, Row, Tabs } from 'antd';
import { useState } from 'react';
import { useT } from '../../../core/i18n.js';
import { useQueryParams } from '../../../core/queryParams.js';
import { canUse, type CurrentRun, useFramework } from '../../../core/session.js';
import { ChooseProject } from '../../../ui/ChooseProject.js';
import { SEG_KEYS, type TailClearance, type TailGap, useAdvisor, useClearances, useTailGaps, useTolerance } from '../api.js';
import { AdvisorPanel } from '../components/AdvisorPanel.js';
import { ClearanceChart, type SidesRow } from '../components/ClearanceChart.js';
import { DatasetTable } from '../components/DatasetTable.js';
import { listInput, RecordFilterSchema } from '../components/RecordFilters.js';
import { SegmentNav } from '../components/SegmentNav.js';
import { ClearanceDialog, TailGapDialog } from '../components/TailDialogs.js';
import { BandTag } from '../components/Tags.js';
import '../segment.css';

const NONE = '—';

type Dialog = { kind: 'gap'; record: TailGap | null } | { kind: 'clearance'; record: TailClearance | null } | null;

/** Tail gap and tail clearance of the current run (spec §2 segment/tailSpace), with the clearance chart and the next-ring advisor. */
export function TailSpacePage() {
  const run = useFramework((st) => st.run);
  return run ? <Tail key={run.runId} run={run} /> : <ChooseProject />;
}

function Tail({ run }: { run: CurrentRun }) {
  const t = useT();
  const client = useQueryClient();
  const canWrite = useFramework((st) => canUse(st, 'segment.data.write'));
  const params = useQueryParams(RecordFilterSchema);
  const tab = params.values.tab ?? 'gap';
  const { page, pageSize } = params.values;
  const input = { ...listInput(run.runId, params.values), page, pageSize };
  const gaps = useTailGaps(input, tab === 'gap');
  const clearances = useClearances(input, tab === 'clearance');
  const tolerance = useTolerance(run.runId);
  const advisor = useAdvisor(run.runId);
  const [dialog, setDialog] = useState<Dialog>(null);
  const refresh = () => client.invalidateQueries({ queryKey: SEG_KEYS.run(run.runId) });
  const sides = { up: t('segmentWeb.side.up'), down: t('segmentWeb.side.down'), left: t('segmentWeb.side.left'), right: t('segmentWeb.side.right') };
  const chartRows: SidesRow[] =
    tab === 'gap'
      ? (gaps.data?.records ?? []).map((g) => ({ ringNo: g.ringNo, up: g.up, down: g.down, left: g.left, right: g.right, band: g.band }))
      : (clearances.data?.records ?? []).map((c) => ({ ringNo: c.ringNo, up: c.upBefore, down: c.downBefore, left: c.leftBefore, right: c.rightBefore, band: c.band }));
  const after = (v: number | null) => (v === null ? NONE : v);

  const gapTable = (
    <DatasetTable<TailGap>
      kind="tail"
      run={run}
      canWrite={canWrite}
      params={params}
      source={gaps}
      emptyText={t('segmentWeb.gap.empty')}
      onAdd={() => setDialog({ kind: 'gap', record: null })}
      onEdit={(record) => setDialog({ kind: 'gap', record })}
      importTitle={t('segmentWeb.gap.importTitle')}
      exportLabel={t('segmentWeb.record.export')}
      data-testid="gap-table"
      columns={[
        { key: 'ringNo', title: t('segmentWeb.field.ringNo'), dataIndex: 'ringNo', width: 90 },
        { key: 'up', title: sides.up, dataIndex: 'up', width: 90 },
        { key: 'down', title: sides.down, dataIndex: 'down', width: 90 },
        { key: 'left', title: sides.left, dataIndex: 'left', width: 90 },
        { key: 'right', title: sides.right, dataIndex: 'right', width: 90 },
        { key: 'band', title: t('segmentWeb.field.band'), width: 150, render: (_: unknown, g) => <BandTag band={g.band} /> },
        { key: 'remark', title: t('segmentWeb.field.remark'), render: (_: unknown, g) => g.remark ?? NONE },
      ]}
    />
  );
  const clearanceTable = (
    <DatasetTable<TailClearance>
      kind="clearance"
      run={run}
      canWrite={canWrite}
      params={params}
      source={clearances}
      emptyText={t('segmentWeb.clearance.empty')}
      onAdd={() => setDialog({ kind: 'clearance', record: null })}
      onEdit={(record) => setDialog({ kind: 'clearance', record })}
      importTitle={t('segmentWeb.clearance.importTitle')}
      exportLabel={t('segmentWeb.record.export')}
      data-testid="clearance-table"
      columns={[
        { key: 'ringNo', title: t('segmentWeb.field.ringNo'), dataIndex: 'ringNo', width: 90 },
        { key: 'upBefore', title: t('segmentWeb.clearance.sideBefore', { side: sides.up }), dataIndex: 'upBefore', width: 80 },
        { key: 'downBefore', title: t('segmentWeb.clearance.sideBefore', { side: sides.down }), dataIndex: 'downBefore', width: 80 },
        { key: 'leftBefore', title: t('segmentWeb.clearance.sideBefore', { side: sides.left }), dataIndex: 'leftBefore', width: 80 },
        { key: 'rightBefore', title: t('segmentWeb.clearance.sideBefore', { side: sides.right }), dataIndex: 'rightBefore', width: 80 },
        { key: 'upAfter', title: t('segmentWeb.clearance.sideAfter', { side: sides.up }), width: 80, render: (_: unknown, c) => after(c.upAfter) },
        { key: 'downAfter', title: t('segmentWeb.clearance.sideAfter', { side: sides.down }), width: 80, render: (_: unknown, c) => after(c.downAfter) },
        { key: 'leftAfter', title: t('segmentWeb.clearance.sideAfter', { side: sides.left }), width: 80, render: (_: unknown, c) => after(c.leftAfter) },
        { key: 'rightAfter', title: t('segmentWeb.clearance.sideAfter', { side: sides.right }), width: 80, render: (_: unknown, c) => after(c.rightAfter) },
        { key: 'band', title: t('segmentWeb.field.band'), width: 150, render: (_: unknown, c) => <BandTag band={c.band} /> },
        { key: 'remark', title: t('segmentWeb.field.remark'), render: (_: unknown, c) => c.remark ?? NONE },
      ]}
    />
  );

  return (
    <div className="seg-page" data-testid="seg-tail">
      <SegmentNav />
      <Row gutter={12}>
        <Col xs={24} xl={16}>
          <Card size="small" title={t('segmentWeb.chart.clearanceTitle')}>
            {tolerance.data && chartRows.length > 0 ? (
              <ClearanceChart rows={chartRows} tolerance={tolerance.data} labels={{ ...sides, warn: t('segmentWeb.chart.warnLimit'), alarm: t('segmentWeb.chart.alarmLimit') }} label={t('segmentWeb.chart.clearanceTitle')} testId="clearance-chart" />
            ) : (
              <div className="seg-sign-note">{t('segmentWeb.chart.noRings')}</div>
            )}
          </Card>
        </Col>
        <Col xs={24} xl={8}>
          <AdvisorPanel advice={advisor.data} loading={advisor.isPending && advisor.isFetching} error={advisor.error} />
        </Col>
      </Row>
      <Card size="small">
        <Tabs
          activeKey={tab}
          onChange={(key) => params.set({ tab: key === 'clearance' ? 'clearance' : undefined, page: 1 })}
          data-testid="tail-tabs"
          items={[
            { key: 'gap', label: <span data-testid="tail-tab-gap">{t('segmentWeb.gap.tab')}</span>, children: tab === 'gap' ? gapTable : null },
            { key: 'clearance', label: <span data-testid="tail-tab-clearance">{t('segmentWeb.clearance.tab')}</span>, children: tab === 'clearance' ? clearanceTable : null },
          ]}
        />
      </Card>
      <TailGapDialog run={run} open={dialog?.kind === 'gap'} record={dialog?.kind === 'gap' ? dialog.record : null} onSaved={refresh} onClose={() => setDialog(null)} />
      <ClearanceDialog run={run} open={dialog?.kind === 'clearance'} record={dialog?.kind === 'clearance' ? dialog.record : null} onSaved={refresh} onClose={() => setDialog(null)} />
    </div>
  );
}
