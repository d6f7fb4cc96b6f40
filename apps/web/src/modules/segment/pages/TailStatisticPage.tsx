import { segmentContract as s } from '@boreline/contracts';
import { Card, Space, Table } from 'antd';
import { useT } from '../../../core/i18n.js';
import { type CurrentRun, useFramework } from '../../../core/session.js';
import { ChooseProject } from '../../../ui/ChooseProject.js';
import { ExportButton } from '../../../ui/ExportButton.js';
import { StatisticNav } from '../../statistic/index.js';
import { type TailStatistics, useClearanceStatistics, useTailGaps, useTailStatistics } from '../api.js';
import { ClearanceChart } from '../components/ClearanceChart.js';
import { signed } from '../components/Deviation.js';
import { StatsRangeForm } from '../components/StatsRangeForm.js';
import { MissingRings, StatsBody, ToleranceFigures, useStatRange } from '../components/StatsParts.js';
import { BandTag } from '../components/Tags.js';
import '../segment.css';

type Row = TailStatistics['rings'][number];

/** Tail clearance statistics of a ring range (spec §2 statistic/tail): tail gaps per ring, and the change of the clearance through the build. */
export function TailStatisticPage() {
  const run = useFramework((st) => st.run);
  return run ? <TailStats key={run.runId} run={run} /> : <ChooseProject />;
}

function TailStats({ run }: { run: CurrentRun }) {
  const t = useT();
  const newest = useTailGaps({ runId: run.runId, page: 1, pageSize: 1 });
  const [range, setRange] = useStatRange(newest.data?.records[0]?.ringNo ?? null);
  const query = range ? { runId: run.runId, ...range } : null;
  const valid = query !== null && s.tailStatistics.input.safeParse(query).success;
  const stats = useTailStatistics(valid ? query : null);
  const clearance = useClearanceStatistics(valid ? query : null);
  const data = stats.data;
  const sides = { up: t('segmentWeb.side.up'), down: t('segmentWeb.side.down'), left: t('segmentWeb.side.left'), right: t('segmentWeb.side.right') };
  const mm = (v: number | null) => (v === null ? '—' : `${signed(Math.round(v))} mm`);
  const exports = (
    <Space>
      <ExportButton
        endpoint={s.statisticsExport}
        input={valid && query ? { ...query, view: 'tail' } : null}
        empty={data?.rings.length === 0}
        fallbackName="tail-gap-statistics.xlsx"
        label={t('segmentWeb.stat.exportGap')}
        data-testid="tail-stat-export"
      />
      <ExportButton
        endpoint={s.statisticsExport}
        input={valid && query ? { ...query, view: 'clearance' } : null}
        empty={clearance.data?.rings.length === 0}
        fallbackName="tail-clearance-statistics.xlsx"
        label={t('segmentWeb.stat.exportClearance')}
        data-testid="clearance-stat-export"
      />
    </Space>
  );
  return (
    <div className="seg-page" data-testid="seg-stat-tail">
      <StatisticNav extra={exports} />
      <Card size="small">
        <StatsRangeForm key={range ? `${range.ringStart}-${range.ringEnd}` : 'none'} runId={run.runId} range={range} error={stats.error} onApply={setRange} />
      </Card>
      <StatsBody loading={(range === null && newest.isPending) || (valid && stats.isPending)} noRange={range === null} error={stats.error} data={data}>
        {(d) => (
          <>
            <ToleranceFigures within={d.withinTolerance} bands={d.bands} />
            <MissingRings rings={d.missingRings} />
            <Card size="small" title={t('segmentWeb.chart.clearanceTitle')}>
              <ClearanceChart rows={d.rings} tolerance={d.tolerance} labels={{ ...sides, warn: t('segmentWeb.chart.warnLimit'), alarm: t('segmentWeb.chart.alarmLimit') }} label={t('segmentWeb.chart.clearanceTitle')} testId="tail-stat-chart" />
            </Card>
            {clearance.data ? (
              <Card size="small" title={t('segmentWeb.stat.meanChange')} data-testid="clearance-change">
                <div className="seg-figures">
                  {(['up', 'down', 'left', 'right'] as const).map((side) => (
                    <div key={side} data-testid={`change-${side}`}>
                      <div className="seg-figure-label">{sides[side]}</div>
                      <div className="seg-figure-value">{mm(clearance.data.meanChange[side])}</div>
                    </div>
                  ))}
                </div>
              </Card>
            ) : null}
            <Card size="small" title={t('segmentWeb.stat.rings')}>
              <Table
                size="small"
                rowKey="ringNo"
                dataSource={[...d.rings].sort((a, b) => b.ringNo - a.ringNo)}
                pagination={{ pageSize: 20, showSizeChanger: false }}
                data-testid="tail-stat-rings"
                columns={[
                  { key: 'ringNo', title: t('segmentWeb.field.ringNo'), dataIndex: 'ringNo', width: 90 },
                  { key: 'up', title: sides.up, dataIndex: 'up' },
                  { key: 'down', title: sides.down, dataIndex: 'down' },
                  { key: 'left', title: sides.left, dataIndex: 'left' },
                  { key: 'right', title: sides.right, dataIndex: 'right' },
                  { key: 'h', title: t('segmentWeb.stat.horizontalImbalance'), render: (_: unknown, r: Row) => signed(r.horizontalImbalance) },
                  { key: 'v', title: t('segmentWeb.stat.verticalImbalance'), render: (_: unknown, r: Row) => signed(r.verticalImbalance) },
                  { key: 'band', title: t('segmentWeb.field.band'), render: (_: unknown, r: Row) => <BandTag band={r.band} /> },
                ]}
              />
            </Card>
          </>
        )}
      </StatsBody>
    </div>
  );
}
