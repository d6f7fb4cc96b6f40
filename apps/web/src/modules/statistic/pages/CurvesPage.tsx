import { statisticContract as s } from '@boreline/contracts';
import { Card, Skeleton } from 'antd';
import { useSearchParams } from 'react-router';
import { type CurrentRun, useFramework } from '../../../core/session.js';
import { ExportButton } from '../../../ui/ExportButton.js';
import { ChooseProject } from '../../../ui/ChooseProject.js';
import { type RingAxis, type RingCurvesQuery, usePointGroups, useRingCurves, useRingList } from '../api.js';
import { MultiRingCard, SingleRingCard } from '../components/CurvesCard.js';
import { type CurvesChoice, CurvesForm } from '../components/CurvesForm.js';
import { multiRingHeight } from '../components/curvesOption.js';
import { intParam, ringsParam } from '../components/ringRange.js';
import { StatisticNav } from '../components/StatisticNav.js';
import { defaultTags, tagsFromParam, useTagIndex } from '../components/tags.js';
import { PageState } from '../components/PageState.js';
import '../statistic.css';
import { useT } from '../../../core/i18n.js';

/** Rings overlaid before anyone chooses: the newest three, enough to compare without clutter. */
export const DEFAULT_OVERLAID_RINGS = 3;

/** One ring's curves with the machine states (spec §2 statistic/singleRing). */
export function SingleRingPage() {
  const run = useFramework((st) => st.run);
  return run ? <CurvesView run={run} multiple={false} /> : <ChooseProject />;
}

/** Up to ten rings overlaid on a common axis (spec §2 statistic/multipleRing). */
export function MultiRingPage() {
  const run = useFramework((st) => st.run);
  return run ? <CurvesView run={run} multiple /> : <ChooseProject />;
}

function CurvesView({ run, multiple }: { run: CurrentRun; multiple: boolean }) {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const ringList = useRingList(run.runId);
  const groups = usePointGroups(run.runId);
  const index = useTagIndex(groups.data);
  const completed = ringList.data?.rings ?? [];
  // The address holds the choice (`ring=412` or `rings=410,412`, `tags=…`, `axis=stroke`); missing
  // parts take the defaults: the newest ring(s) and the key tags of the machine.
  const askedRing = intParam(params, 'ring');
  const askedRings = ringsParam(params);
  const rings = multiple
    ? (askedRings ?? completed.slice(-DEFAULT_OVERLAID_RINGS).map((ring) => ring.ringNo))
    : askedRing !== null
      ? [askedRing]
      : completed.slice(-1).map((ring) => ring.ringNo);
  const tags = tagsFromParam(params.get('tags'), index) ?? defaultTags(index);
  const axis: RingAxis = params.get('axis') === 'stroke' ? 'stroke' : 'time';
  const ready = ringList.isSuccess && groups.isSuccess;
  const parsed = s.RingCurvesQuerySchema.safeParse({ runId: run.runId, rings, tags, axis });
  const query: RingCurvesQuery | null = ready && parsed.success ? parsed.data : null;
  const curves = useRingCurves(query);
  const data = curves.data;
  const current = data && !curves.isPlaceholderData ? query : null;
  const choice: CurvesChoice = { rings, tags, axis };
  const apply = (next: CurvesChoice) =>
    setParams({ ...(multiple ? { rings: next.rings.join(',') } : { ring: String(next.rings[0] ?? '') }), tags: next.tags.join(','), axis: next.axis });
  const chartHeight = multiple ? multiRingHeight(Math.max(1, tags.length)) : 420;
  return (
    <div className="stat-page" data-testid={multiple ? 'stat-multi-ring' : 'stat-single-ring'}>
      <StatisticNav
        extra={
          <ExportButton
            endpoint={s.exportRingCurves}
            // Rings without frames export nothing (the server refuses): the button waits for curves.
            input={current && data?.rings.some((ring) => ring.frames > 0) ? current : null}
            fallbackName={`${run.tbmCode}-${multiple ? 'rings' : 'ring'}-${rings.join('_')}.xlsx`}
            label={t('statistic.action.export')}
            data-testid="curves-export"
          />
        }
      />
      <Card size="small" className="stat-toolbar">
        {ready ? (
          <CurvesForm
            key={`${rings.join(',')}|${tags.join(',')}|${axis}`}
            runId={run.runId}
            multiple={multiple}
            choice={choice}
            ringList={ringList.data}
            groups={groups.data}
            index={index}
            error={curves.error}
            checkNow={!parsed.success}
            onApply={apply}
          />
        ) : (
          <Skeleton.Input active style={{ width: 640 }} />
        )}
      </Card>
      <PageState
        setupError={ready ? null : (ringList.error ?? groups.error)}
        loading={!ready || curves.isLoading}
        skeletonRows={Math.round(chartHeight / 40)}
        noRings={completed.length === 0 && rings.length === 0}
        // The address may ask for something the form refuses (e.g. more than ten rings): the form says what.
        invalid={query ? null : 'curves-choose'}
        failure={{ error: curves.error, answered: data !== undefined }}
      >
        {data && (multiple ? <MultiRingCard data={data} index={index} stale={curves.isPlaceholderData} /> : <SingleRingCard data={data} index={index} stale={curves.isPlaceholderData} />)}
      </PageState>
    </div>
  );
}
