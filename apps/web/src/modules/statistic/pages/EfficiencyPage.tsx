import { Card } from 'antd';
import { useSearchParams } from 'react-router';
import { type CurrentRun, useFramework } from '../../../core/session.js';
import { ChooseProject } from '../../../ui/ChooseProject.js';
import { type RingRangeQuery, SLOW_RING_COUNT, useEfficiency, useRingList, useSlowRings } from '../api.js';
import { RingsPerDayChart, RingTimeChart } from '../components/EfficiencyCharts.js';
import { EfficiencyFigures } from '../components/EfficiencyFigures.js';
import { RingRangeForm } from '../components/RingRangeForm.js';
import { intParam, newestRings, type RingRange } from '../components/ringRange.js';
import { SlowRingTable } from '../components/SlowRingTable.js';
import { StatisticNav } from '../components/StatisticNav.js';
import { PageState, Unavailable } from '../components/PageState.js';
import '../statistic.css';
import { useT } from '../../../core/i18n.js';

/** The range shown when none is asked for: the newest completed rings. */
export const DEFAULT_EFFICIENCY_RINGS = 50;

/** Efficiency by ring of the current run (spec §2 statistic/process/efficiency). */
export function EfficiencyPage() {
  const run = useFramework((st) => st.run);
  return run ? <EfficiencyView run={run} /> : <ChooseProject />;
}

function EfficiencyView({ run }: { run: CurrentRun }) {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const ringList = useRingList(run.runId);
  const askedStart = intParam(params, 'ringStart');
  const askedEnd = intParam(params, 'ringEnd');
  const range: RingRange | null =
    askedStart !== null && askedEnd !== null ? { ringStart: askedStart, ringEnd: askedEnd } : newestRings(ringList.data, DEFAULT_EFFICIENCY_RINGS);
  const query: RingRangeQuery | null = range ? { runId: run.runId, ...range } : null;
  const efficiency = useEfficiency(query);
  const slow = useSlowRings(query);
  const data = efficiency.data;
  const waitingForDefault = !range && ringList.isLoading;
  return (
    <div className="stat-page" data-testid="stat-efficiency">
      <StatisticNav />
      <Card size="small" className="stat-toolbar">
        <RingRangeForm
          key={range ? `${range.ringStart}-${range.ringEnd}` : 'none'}
          runId={run.runId}
          range={range}
          error={efficiency.error}
          onApply={(next) => setParams({ ringStart: String(next.ringStart), ringEnd: String(next.ringEnd) })}
          data-testid="efficiency-form"
        />
      </Card>
      <PageState
        setupError={range ? null : ringList.error}
        loading={waitingForDefault || efficiency.isLoading}
        skeletonRows={12}
        noRings={!range}
        failure={{ error: efficiency.error, answered: data !== undefined }}
        empty={data?.rings.length === 0 ? { testId: 'efficiency-empty', text: t('statistic.page.emptyRange') } : null}
      >
        {data && (
          <div className={efficiency.isPlaceholderData ? 'stat-page stat-stale' : 'stat-page'}>
            <EfficiencyFigures summary={data.summary} />
            <Card size="small" title={t('statistic.efficiency.timeChart')}>
              <RingTimeChart data={data} />
            </Card>
            <Card size="small" title={t('statistic.efficiency.ringsPerDay')}>
              <RingsPerDayChart data={data} />
            </Card>
            <Card size="small" title={t('statistic.efficiency.slowest', { limit: SLOW_RING_COUNT })}>
              {slow.error && !slow.data ? (
                <Unavailable error={slow.error} />
              ) : (
                <SlowRingTable rows={slow.data ?? []} timeZone={data.timeZone} loading={slow.isFetching} />
              )}
            </Card>
          </div>
        )}
      </PageState>
    </div>
  );
}
