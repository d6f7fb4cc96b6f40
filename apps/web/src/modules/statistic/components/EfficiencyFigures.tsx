import { formatHm, useFormat } from '../../../core/format.js';
import type { Efficiency } from '../api.js';
import { Figure } from './Figure.js';
import { useT } from '../../../core/i18n.js';

const hm = (ms: number | null) => (ms === null ? '—' : formatHm(ms));

/** Mean ring time and its split, rings per day and the mean advance speed over the range. */
export function EfficiencyFigures({ summary }: { summary: Efficiency['summary'] }) {
  const t = useT();
  const f = useFormat();
  return (
    <section className="stat-figures" data-testid="efficiency-figures" aria-label={t('statistic.efficiency.figures')}>
      <Figure testId="efficiency-rings" label={t('statistic.efficiency.rings')} value={f.number(summary.rings, 0)} />
      <Figure
        testId="efficiency-ring-time"
        label={t('statistic.efficiency.meanRingTime')}
        value={
          <>
            {hm(summary.avgDurationMs)}
            <small>h:mm</small>
          </>
        }
        note={
          <>
            <span>{t('statistic.efficiency.splitAdvance', { time: hm(summary.avgAdvanceMs) })}</span>
            <span>{t('statistic.efficiency.splitRingBuild', { time: hm(summary.avgRingBuildMs) })}</span>
            <span>{t('statistic.efficiency.splitWaiting', { time: hm(summary.avgWaitingMs) })}</span>
          </>
        }
      />
      <Figure
        testId="efficiency-rings-per-day"
        label={t('statistic.efficiency.ringsPerDay')}
        value={summary.ringsPerDay === null ? '—' : f.number(summary.ringsPerDay, 2)}
        note={t('statistic.efficiency.ringsPerDayNote')}
      />
      <Figure
        testId="efficiency-speed"
        label={t('statistic.efficiency.meanSpeed')}
        value={
          summary.avgSpeed === null ? (
            '—'
          ) : (
            <>
              {f.number(summary.avgSpeed, 1)}
              <small>mm/min</small>
            </>
          )
        }
        note={t('statistic.efficiency.meanSpeedNote')}
      />
    </section>
  );
}
