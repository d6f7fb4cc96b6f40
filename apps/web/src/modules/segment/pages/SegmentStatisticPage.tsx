import { segmentContract as s } from '@boreline/contracts';
import { Card, Table } from 'antd';
import { useT } from '../../../core/i18n.js';
import { type CurrentRun, useFramework } from '../../../core/session.js';
import { ChooseProject } from '../../../ui/ChooseProject.js';
import { ExportButton } from '../../../ui/ExportButton.js';
import { StatisticNav } from '../../statistic/index.js';
import { type SegmentStatistics, usePoses, useSegmentStatistics } from '../api.js';
import { SignConvention, signed } from '../components/Deviation.js';
import { DeviationChart } from '../components/DeviationChart.js';
import { StatsRangeForm } from '../components/StatsRangeForm.js';
import { MissingRings, StatsBody, ToleranceFigures, useStatRange } from '../components/StatsParts.js';
import { BandTag } from '../components/Tags.js';
import '../segment.css';

const NONE = '—';

/** Segment attitude statistics of a ring range (spec §2 statistic/segment). */
export function SegmentStatisticPage() {
  const run = useFramework((st) => st.run);
  return run ? <SegmentStats key={run.runId} run={run} /> : <ChooseProject />;
}

function SegmentStats({ run }: { run: CurrentRun }) {
  const t = useT();
  const newest = usePoses({ runId: run.runId, page: 1, pageSize: 1 });
  const [range, setRange] = useStatRange(newest.data?.records[0]?.ringNo ?? null);
  const query = range ? { runId: run.runId, ...range } : null;
  const valid = query !== null && s.segStatistics.input.safeParse(query).success;
  const stats = useSegmentStatistics(valid ? query : null);
  const data = stats.data;
  const exportButton = (
    <ExportButton
      endpoint={s.statisticsExport}
      input={valid && query ? { ...query, view: 'segment' } : null}
      empty={data?.rings.length === 0}
      fallbackName="segment-statistics.xlsx"
      label={t('segmentWeb.record.export')}
      data-testid="seg-stat-export"
    />
  );
  return (
    <div className="seg-page" data-testid="seg-stat-segment">
      <StatisticNav extra={exportButton} />
      <Card size="small">
        <StatsRangeForm key={range ? `${range.ringStart}-${range.ringEnd}` : 'none'} runId={run.runId} range={range} error={stats.error} onApply={setRange} />
      </Card>
      <StatsBody loading={(range === null && newest.isPending) || (valid && stats.isPending)} noRange={range === null} error={stats.error} data={data}>
        {(d) => (
          <>
            <ToleranceFigures within={d.withinTolerance} bands={d.bands} />
            <MissingRings rings={d.missingRings} />
            <Card size="small" title={t('segmentWeb.stat.deviationChart')}>
              <DeviationChart
                stats={d}
                labels={{ horizontal: t('segmentWeb.field.horizontalDeviation'), elevation: t('segmentWeb.field.elevationDeviation'), warn: t('segmentWeb.chart.warnLimit'), alarm: t('segmentWeb.chart.alarmLimit') }}
                label={t('segmentWeb.stat.deviationChart')}
              />
              <SignConvention />
            </Card>
            <Card size="small" title={t('segmentWeb.stat.rings')}>
              <Table
                size="small"
                rowKey="ringNo"
                dataSource={[...d.rings].sort((a, b) => b.ringNo - a.ringNo)}
                pagination={{ pageSize: 20, showSizeChanger: false }}
                data-testid="seg-stat-rings"
                columns={[
                  { key: 'ringNo', title: t('segmentWeb.field.ringNo'), dataIndex: 'ringNo', width: 90 },
                  { key: 'h', title: t('segmentWeb.field.horizontalDeviation'), render: (_: unknown, r: SegmentStatistics['rings'][number]) => signed(r.horizontalDeviation) },
                  { key: 'v', title: t('segmentWeb.field.elevationDeviation'), render: (_: unknown, r: SegmentStatistics['rings'][number]) => signed(r.elevationDeviation) },
                  { key: 'k', title: t('segmentWeb.field.kPosition'), render: (_: unknown, r: SegmentStatistics['rings'][number]) => r.kPosition ?? NONE },
                  { key: 'type', title: t('segmentWeb.field.segmentType'), render: (_: unknown, r: SegmentStatistics['rings'][number]) => r.segmentType ?? NONE },
                  { key: 'band', title: t('segmentWeb.field.band'), render: (_: unknown, r: SegmentStatistics['rings'][number]) => <BandTag band={r.band} /> },
                ]}
              />
            </Card>
          </>
        )}
      </StatsBody>
    </div>
  );
}
