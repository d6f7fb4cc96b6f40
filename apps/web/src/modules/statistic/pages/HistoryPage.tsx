import { statisticContract as s } from '@boreline/contracts';
import { Card, Skeleton } from 'antd';
import { useSearchParams } from 'react-router';
import { type CurrentRun, useFramework } from '../../../core/session.js';
import { ExportButton } from '../../../ui/ExportButton.js';
import { ChooseProject } from '../../../ui/ChooseProject.js';
import { type RingStatsQuery, usePointGroups, useRingList, useRingStats } from '../api.js';
import { type HistoryChoice, HistoryForm, type HistoryView, STAT_VIEW } from '../components/HistoryForm.js';
import { historyHeight } from '../components/historyOption.js';
import { HistoryChart, HistoryTable } from '../components/HistoryViews.js';
import { intParam, newestRings, numberParam } from '../components/ringRange.js';
import { StatisticNav } from '../components/StatisticNav.js';
import { defaultTags, tagsFromParam, useTagIndex } from '../components/tags.js';
import { PageState } from '../components/PageState.js';
import '../statistic.css';
import { useT } from '../../../core/i18n.js';

/** The rings shown before anyone chooses: the newest 50, which both the chart and the table hold. */
export const DEFAULT_HISTORY_RINGS = 50;

/** Historical analysis of the current run (spec §2 statistic/staticAnalysis). */
export function HistoryPage() {
  const run = useFramework((st) => st.run);
  return run ? <History run={run} /> : <ChooseProject />;
}

/** The range of the address: `by=chainage&chainageStart=4219.8&chainageEnd=4229.8` (metres) or ring numbers. */
function rangeFromParams(params: URLSearchParams): s.StatRange | null {
  if (params.get('by') === 'chainage') {
    const chainageStart = numberParam(params, 'chainageStart');
    const chainageEnd = numberParam(params, 'chainageEnd');
    return chainageStart !== null && chainageEnd !== null ? { by: 'chainage', chainageStart, chainageEnd } : null;
  }
  const ringStart = intParam(params, 'ringStart');
  const ringEnd = intParam(params, 'ringEnd');
  return ringStart !== null && ringEnd !== null ? { by: 'ring', ringStart, ringEnd } : null;
}

function History({ run }: { run: CurrentRun }) {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const ringList = useRingList(run.runId);
  const groups = usePointGroups(run.runId);
  const index = useTagIndex(groups.data);
  const newest = newestRings(ringList.data, DEFAULT_HISTORY_RINGS);
  const range: s.StatRange | null = rangeFromParams(params) ?? (newest ? { by: 'ring', ...newest } : null);
  const tags = tagsFromParam(params.get('tags'), index) ?? defaultTags(index);
  const view: HistoryView = params.get('view') === 'table' ? 'table' : 'chart';
  const ready = ringList.isSuccess && groups.isSuccess;
  // One page of every ring the view holds: 200 for the chart, 50 for the table.
  const pageSize = view === 'table' ? s.RING_VIEW_MAX.historyTable : s.RING_VIEW_MAX.historyChart;
  const parsed = range ? s.RingStatsQuerySchema.safeParse({ runId: run.runId, view: STAT_VIEW[view], range, tags, page: 1, pageSize }) : null;
  const query: RingStatsQuery | null = ready && parsed?.success ? parsed.data : null;
  const stats = useRingStats(query);
  const answer = stats.data;
  const current = answer && !stats.isPlaceholderData ? answer.query : null;
  const choice: HistoryChoice = { range: range ?? { by: 'ring', ringStart: 0, ringEnd: 0 }, tags, view };
  const apply = (next: HistoryChoice) => {
    const where: Record<string, string> =
      next.range.by === 'ring'
        ? { by: 'ring', ringStart: String(next.range.ringStart), ringEnd: String(next.range.ringEnd) }
        : { by: 'chainage', chainageStart: String(next.range.chainageStart), chainageEnd: String(next.range.chainageEnd) };
    setParams({ ...where, tags: next.tags.join(','), view: next.view });
  };
  const rangeKey = range ? JSON.stringify(range) : 'none';
  const fallbackName =
    range?.by === 'chainage' ? `${run.tbmCode}-history-${range.chainageStart}-${range.chainageEnd}.xlsx` : `${run.tbmCode}-history-${range?.ringStart ?? ''}-${range?.ringEnd ?? ''}.xlsx`;
  return (
    <div className="stat-page" data-testid="stat-history">
      <StatisticNav
        extra={
          <ExportButton
            endpoint={s.exportRingStats}
            input={current && answer && answer.stats.total > 0 ? current : null}
            fallbackName={fallbackName}
            label={t('statistic.action.export')}
            data-testid="history-export"
          />
        }
      />
      <Card size="small" className="stat-toolbar">
        {ready ? (
          <HistoryForm
            key={`${rangeKey}|${tags.join(',')}|${view}`}
            runId={run.runId}
            choice={choice}
            groups={groups.data}
            index={index}
            error={stats.error}
            checkNow={parsed !== null && !parsed.success}
            onApply={apply}
          />
        ) : (
          <Skeleton.Input active style={{ width: 640 }} />
        )}
      </Card>
      <PageState
        setupError={ready ? null : (ringList.error ?? groups.error)}
        loading={!ready || stats.isLoading}
        skeletonRows={Math.round(historyHeight(Math.max(1, tags.length)) / 48)}
        noRings={!range}
        invalid={query ? null : 'history-fix'}
        failure={{ error: stats.error, answered: answer !== undefined }}
        empty={answer?.stats.total === 0 ? { testId: 'history-empty', text: t('statistic.page.emptyRange') } : null}
      >
        {answer && (
          <Card
            size="small"
            className={stats.isPlaceholderData ? 'stat-stale' : undefined}
            title={t('statistic.history.title', { rings: answer.stats.total })}
            extra={answer.query.view === 'historyChart' ? <span className="stat-hint">{t('statistic.curves.zoomHint')}</span> : null}
          >
            {answer.query.view === 'historyTable' ? (
              <HistoryTable data={answer.stats} tags={answer.query.tags} index={index} loading={stats.isFetching} />
            ) : (
              <HistoryChart data={answer.stats} tags={answer.query.tags} index={index} />
            )}
          </Card>
        )}
      </PageState>
    </div>
  );
}
