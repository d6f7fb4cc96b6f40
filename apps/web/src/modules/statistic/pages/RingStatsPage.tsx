import { statisticContract as s } from '@boreline/contracts';
import type { MessageKey } from '@boreline/i18n';
import { Card, Empty, Segmented, Skeleton } from 'antd';
import { useSearchParams } from 'react-router';
import { type CurrentRun, useFramework } from '../../../core/session.js';
import { ExportButton } from '../../../ui/ExportButton.js';
import { ChooseProject } from '../../../ui/ChooseProject.js';
import { type RingStatsQuery, type TagStat, usePointGroups, useRingList, useRingStats } from '../api.js';
import { intParam, newestRings, numberParam } from '../components/ringRange.js';
import { type RingStatsFilter, RingStatsForm } from '../components/RingStatsForm.js';
import { PAGE_SIZES, type RingStatsOrder, RingStatsTable } from '../components/RingStatsTable.js';
import { StatisticNav } from '../components/StatisticNav.js';
import { defaultTags, tagsFromParam, useTagIndex } from '../components/tags.js';
import { PageState } from '../components/PageState.js';
import '../statistic.css';
import { useT } from '../../../core/i18n.js';

/** The rings listed before anyone chooses: the newest 200. */
export const DEFAULT_TABLE_RINGS = 200;
const DEFAULT_PAGE_SIZE = 50;

const STAT_LABELS: Record<TagStat, MessageKey> = { min: 'statistic.stat.min', avg: 'statistic.stat.avg', max: 'statistic.stat.max' };

/** The ring statistics table of the current run (spec §2 statistic/staticAnalysis/rings). */
export function RingStatsPage() {
  const run = useFramework((st) => st.run);
  return run ? <RingStatsView run={run} /> : <ChooseProject />;
}

/** Sorting and paging of the address, with the defaults the server has. */
function orderFromParams(params: URLSearchParams): RingStatsOrder {
  const sort = s.RING_STAT_SORTS.find((key) => key === params.get('sort')) ?? 'ringNo';
  const pageSize = intParam(params, 'pageSize');
  return {
    sort,
    sortTag: sort === 'tag' ? (params.get('sortTag') ?? undefined) : undefined,
    order: params.get('order') === 'desc' ? 'desc' : 'asc',
    page: Math.max(1, intParam(params, 'page') ?? 1),
    pageSize: pageSize !== null && PAGE_SIZES.includes(pageSize) ? pageSize : DEFAULT_PAGE_SIZE,
  };
}

function RingStatsView({ run }: { run: CurrentRun }) {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const ringList = useRingList(run.runId);
  const groups = usePointGroups(run.runId);
  const index = useTagIndex(groups.data);
  const askedStart = intParam(params, 'ringStart');
  const askedEnd = intParam(params, 'ringEnd');
  const range = askedStart !== null && askedEnd !== null ? { ringStart: askedStart, ringEnd: askedEnd } : newestRings(ringList.data, DEFAULT_TABLE_RINGS);
  const tags = tagsFromParam(params.get('tags'), index) ?? defaultTags(index);
  const minDuration = numberParam(params, 'minDuration') ?? undefined;
  const maxDuration = numberParam(params, 'maxDuration') ?? undefined;
  const filter: RingStatsFilter | null = range ? { ...range, tags, minDurationMinutes: minDuration, maxDurationMinutes: maxDuration } : null;
  const askedStat = params.get('stat');
  const stat: TagStat = s.TAG_STATS.find((known) => known === askedStat) ?? 'avg';
  const asked = orderFromParams(params);
  // A sort tag that is not among the tags (an old bookmark) falls back to the ring order.
  const order: RingStatsOrder = asked.sort === 'tag' && (!asked.sortTag || !tags.includes(asked.sortTag)) ? { ...asked, sort: 'ringNo', sortTag: undefined } : asked;
  const ready = ringList.isSuccess && groups.isSuccess;
  const parsed = filter
    ? s.RingStatsQuerySchema.safeParse({
        runId: run.runId,
        view: 'ringTable',
        range: { by: 'ring', ringStart: filter.ringStart, ringEnd: filter.ringEnd },
        tags,
        ...(minDuration === undefined ? {} : { minDurationMinutes: minDuration }),
        ...(maxDuration === undefined ? {} : { maxDurationMinutes: maxDuration }),
        sort: order.sort,
        // Sorting by a tag sorts by the statistic the columns show.
        ...(order.sort === 'tag' ? { sortTag: order.sortTag, sortStat: stat } : {}),
        order: order.order,
        page: order.page,
        pageSize: order.pageSize,
      })
    : null;
  const query: RingStatsQuery | null = ready && parsed?.success ? parsed.data : null;
  const stats = useRingStats(query);
  const answer = stats.data;
  const current = answer && !stats.isPlaceholderData ? answer.query : null;

  /** Changes some parameters of the address, keeping the others. */
  const update = (changes: Record<string, string | number | undefined>) => {
    const next = new URLSearchParams(params);
    if (range && !next.has('ringStart')) {
      next.set('ringStart', String(range.ringStart));
      next.set('ringEnd', String(range.ringEnd));
    }
    if (!next.has('tags')) next.set('tags', tags.join(','));
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined) next.delete(key);
      else next.set(key, String(value));
    }
    setParams(next);
  };
  const applyFilter = (next: RingStatsFilter) => {
    // A tag no longer chosen cannot stay the sort column.
    const keepSort = order.sort !== 'tag' || (order.sortTag !== undefined && next.tags.includes(order.sortTag));
    update({
      ringStart: next.ringStart,
      ringEnd: next.ringEnd,
      tags: next.tags.join(','),
      minDuration: next.minDurationMinutes,
      maxDuration: next.maxDurationMinutes,
      page: 1,
      ...(keepSort ? {} : { sort: undefined, sortTag: undefined, order: undefined }),
    });
  };
  const applyOrder = (next: RingStatsOrder) => update({ sort: next.sort, sortTag: next.sortTag, order: next.order, page: next.page, pageSize: next.pageSize });
  const filterKey = filter ? JSON.stringify(filter) : 'none';
  return (
    <div className="stat-page" data-testid="stat-ring-stats">
      <StatisticNav
        extra={
          <ExportButton
            endpoint={s.exportRingStats}
            input={current && answer && answer.stats.total > 0 ? current : null}
            fallbackName={`${run.tbmCode}-ring-statistics-${range?.ringStart ?? ''}-${range?.ringEnd ?? ''}.xlsx`}
            label={t('statistic.action.export')}
            data-testid="ring-stats-export"
          />
        }
      />
      <Card size="small" className="stat-toolbar">
        {ready ? (
          <RingStatsForm
            key={filterKey}
            runId={run.runId}
            filter={filter}
            groups={groups.data}
            index={index}
            error={stats.error}
            checkNow={parsed !== null && !parsed.success}
            onApply={applyFilter}
          />
        ) : (
          <Skeleton.Input active style={{ width: 640 }} />
        )}
      </Card>
      <PageState
        setupError={ready ? null : (ringList.error ?? groups.error)}
        loading={!ready || stats.isLoading}
        skeletonRows={14}
        noRings={!range}
        invalid={query ? null : 'ring-stats-fix'}
        failure={{ error: stats.error, answered: answer !== undefined }}
      >
        {answer && (
          <Card
            size="small"
            title={t('statistic.nav.ringTable')}
            extra={
              <Segmented<TagStat>
                value={stat}
                options={s.TAG_STATS.map((value) => ({ value, label: t(STAT_LABELS[value]) }))}
                onChange={(next) => update({ stat: next, ...(order.sort === 'tag' ? { page: 1 } : {}) })}
                aria-label={t('statistic.ringTable.stat')}
                data-testid="ring-stats-stat"
              />
            }
          >
            {answer.stats.total === 0 ? (
              <Empty
                description={minDuration !== undefined || maxDuration !== undefined ? t('statistic.ringTable.noMatch') : t('statistic.page.emptyRange')}
                data-testid="ring-stats-empty"
              />
            ) : (
              <RingStatsTable
                data={answer.stats}
                tags={answer.query.tags}
                index={index}
                stat={stat}
                order={order}
                loading={stats.isFetching}
                onOrder={applyOrder}
              />
            )}
          </Card>
        )}
      </PageState>
    </div>
  );
}
