import { DATE_FORMATS } from '@boreline/contracts';
import { Progress } from 'antd';
import { formatLocalDate, useFormat } from '../../../core/format.js';
import type { ProgressList } from '../api.js';
import { Figure } from './Figure.js';
import { daysBetween } from './periods.js';
import { useT } from '../../../core/i18n.js';

/**
 * The drive at a glance: rings built of the total, progress, the recent rate against the planned one,
 * and the finish it forecasts against the planned completion — or, plainly, why there is none.
 */
export function ProgressFigures({ summary }: { summary: ProgressList['summary'] }) {
  const t = useT();
  const f = useFormat();
  const date = (value: string) => formatLocalDate(value, DATE_FORMATS.date);
  const complete = summary.remainingRings <= 0 && summary.totalRings > 0;
  const slip = summary.forecastFinish && summary.plannedCompletion ? daysBetween(summary.plannedCompletion, summary.forecastFinish) : null;
  return (
    <section className="stat-figures" data-testid="progress-figures" aria-label={t('statistic.progress.figures')}>
      <Figure
        testId="progress-built"
        label={t('statistic.progress.built')}
        value={`${f.number(summary.builtRings, 0)} / ${f.number(summary.totalRings, 0)}`}
        note={t('statistic.progress.builtNote', { metres: f.number(summary.builtMetres, 2), remaining: f.number(summary.remainingRings, 0) })}
      />
      <Figure
        testId="progress-percent"
        label={t('statistic.progress.progress')}
        value={f.percent(summary.progress)}
        note={<Progress percent={Math.min(100, summary.progress * 100)} showInfo={false} size="small" aria-label={t('statistic.progress.progress')} />}
      />
      <Figure
        testId="progress-rate"
        label={t('statistic.progress.rate', { days: summary.rateDays })}
        value={
          summary.ratePerDay === null ? (
            '—'
          ) : (
            <>
              {f.number(summary.ratePerDay, 2)}
              <small>{t('statistic.progress.ringsPerDay')}</small>
            </>
          )
        }
        note={
          <>
            {summary.ratePerDay === null ? <span className="stat-figure-warn">{t('statistic.progress.noRate', { days: summary.rateDays })}</span> : null}
            <span>
              {summary.plannedRingsPerDay === null
                ? t('statistic.progress.noPlannedRate')
                : t('statistic.progress.plannedRate', { value: f.number(summary.plannedRingsPerDay, 2) })}
            </span>
          </>
        }
      />
      <Figure
        testId="progress-forecast"
        label={t('statistic.progress.forecast')}
        value={complete ? t('statistic.progress.complete') : summary.forecastFinish ? date(summary.forecastFinish) : '—'}
        note={
          <>
            {!complete && !summary.forecastFinish ? (
              <span className="stat-figure-warn">{t('statistic.progress.noForecast', { days: summary.rateDays })}</span>
            ) : null}
            <span>
              {summary.plannedCompletion ? t('statistic.progress.plannedCompletion', { date: date(summary.plannedCompletion) }) : t('statistic.progress.noPlannedCompletion')}
            </span>
            {slip === null || complete ? null : (
              <span className={slip > 0 ? 'stat-figure-warn' : undefined}>
                {slip > 0 ? t('statistic.progress.late', { days: slip }) : slip < 0 ? t('statistic.progress.early', { days: -slip }) : t('statistic.progress.onPlan')}
              </span>
            )}
          </>
        }
      />
    </section>
  );
}
