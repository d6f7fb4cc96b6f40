import { SettingOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card } from 'antd';
import { useState } from 'react';
import { useT } from '../../../core/i18n.js';
import { useQueryParams } from '../../../core/queryParams.js';
import { canUse, type CurrentRun, useFramework } from '../../../core/session.js';
import { ChooseProject } from '../../../ui/ChooseProject.js';
import { SEG_KEYS, type SegmentPose, usePoses, useTolerance } from '../api.js';
import { DatasetTable } from '../components/DatasetTable.js';
import { SignConvention, SignedTitle, signed } from '../components/Deviation.js';
import { PoseDialog } from '../components/PoseDialog.js';
import { listInput, RecordFilterSchema } from '../components/RecordFilters.js';
import { SegmentNav } from '../components/SegmentNav.js';
import { BandTag } from '../components/Tags.js';
import { ToleranceDialog } from '../components/ToleranceDialog.js';
import '../segment.css';

const NONE = '—';

type Dialog = { kind: 'add' } | { kind: 'edit'; pose: SegmentPose } | null;

/** The segment attitude of the current run, ring by ring (spec §2 segment/segmentPose). */
export function SegmentPosePage() {
  const run = useFramework((st) => st.run);
  return run ? <Poses key={run.runId} run={run} /> : <ChooseProject />;
}

function Poses({ run }: { run: CurrentRun }) {
  const t = useT();
  const client = useQueryClient();
  const canWrite = useFramework((st) => canUse(st, 'segment.data.write'));
  const params = useQueryParams(RecordFilterSchema);
  const { page, pageSize } = params.values;
  const poses = usePoses({ ...listInput(run.runId, params.values), page, pageSize });
  const tolerance = useTolerance(run.runId);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [settings, setSettings] = useState(false);
  const refresh = () => client.invalidateQueries({ queryKey: SEG_KEYS.run(run.runId) });

  return (
    <div className="seg-page" data-testid="seg-pose">
      <SegmentNav />
      <Card size="small">
        <DatasetTable<SegmentPose>
          kind="pose"
          run={run}
          canWrite={canWrite}
          params={params}
          source={poses}
          emptyText={t('segmentWeb.pose.empty')}
          onAdd={() => setDialog({ kind: 'add' })}
          onEdit={(pose) => setDialog({ kind: 'edit', pose })}
          importTitle={t('segmentWeb.pose.importTitle')}
          exportLabel={t('segmentWeb.record.export')}
          extraTools={
            <Button icon={<SettingOutlined />} onClick={() => setSettings(true)} data-testid="tolerance-open">
              {t('segmentWeb.tolerance.title')}
            </Button>
          }
          data-testid="pose-table"
          columns={[
            { key: 'ringNo', title: t('segmentWeb.field.ringNo'), dataIndex: 'ringNo', width: 90 },
            { key: 'chainage', title: t('segmentWeb.field.chainage'), width: 110, render: (_: unknown, p) => (p.chainage === null ? NONE : p.chainage.toFixed(3)) },
            {
              key: 'horizontal',
              title: <SignedTitle title={t('segmentWeb.field.horizontalDeviation')} hint={t('segmentWeb.sign.horizontal')} />,
              width: 150,
              render: (_: unknown, p) => <span className="seg-num">{signed(p.horizontalDeviation)}</span>,
            },
            {
              key: 'elevation',
              title: <SignedTitle title={t('segmentWeb.field.elevationDeviation')} hint={t('segmentWeb.sign.elevation')} />,
              width: 150,
              render: (_: unknown, p) => <span className="seg-num">{signed(p.elevationDeviation)}</span>,
            },
            { key: 'band', title: t('segmentWeb.field.band'), width: 150, render: (_: unknown, p) => <BandTag band={p.band} /> },
            { key: 'segmentType', title: t('segmentWeb.field.segmentType'), render: (_: unknown, p) => p.segmentType ?? NONE },
            { key: 'ringWidth', title: t('segmentWeb.field.ringWidth'), width: 100, render: (_: unknown, p) => (p.ringWidth === null ? NONE : p.ringWidth) },
            { key: 'kPosition', title: t('segmentWeb.field.kPosition'), width: 90, render: (_: unknown, p) => p.kPosition ?? NONE },
            { key: 'remark', title: t('segmentWeb.field.remark'), render: (_: unknown, p) => p.remark ?? NONE },
          ]}
        />
        <SignConvention />
      </Card>
      <PoseDialog run={run} open={dialog !== null} pose={dialog?.kind === 'edit' ? dialog.pose : null} onSaved={refresh} onClose={() => setDialog(null)} />
      <ToleranceDialog key={settings ? 'open' : 'closed'} run={run} open={settings && !tolerance.isPending} tolerance={tolerance.data} onSaved={refresh} onClose={() => setSettings(false)} />
    </div>
  );
}
