import { Progress } from 'antd';
import type { ReactNode } from 'react';
import { formatHm, useFormat } from '../../../../core/format.js';
import type { PeriodReport } from '../../periodApi.js';
import { useT } from '../../../../core/i18n.js';

function Figure({ label, value, note, testId }: { label: string; value: ReactNode; note?: ReactNode; testId: string }) {
  return (
    <div className="report-figure" data-testid={testId}>
      <div className="report-figure-label">{label}</div>
      <div className="report-figure-value">{value}</div>
      {note ? <div className="report-figure-note">{note}</div> : null}
    </div>
  );
}

/** Actual against plan: `61.54% of plan`, or why there is no share to show. */
function usePlanNote() {
  const t = useT();
  const f = useFormat();
  return (actual: number, planned: number | undefined, decimals: number): ReactNode => {
    if (planned === undefined) return t('report.periodPage.noPlan');
    const share = planned > 0 ? f.percent(actual / planned) : '—';
    return (
      <>
        <span>{t('report.periodPage.planned', { value: f.number(planned, decimals) })}</span>
        <span className="report-figure-share">{t('report.periodPage.ofPlan', { percent: share })}</span>
      </>
    );
  };
}

/**
 * The key figures of a period: planned against actual rings and metres, the drive so far, the
 * shares of advance, ring building and standby, the mean advance speed and the time without data.
 */
export function KeyFigures({ report, compact = false }: { report: PeriodReport; compact?: boolean }) {
  const t = useT();
  const f = useFormat();
  const planNote = usePlanNote();
  const { actual, plan, cumulative, rates, times } = report;
  return (
    <section className={compact ? 'report-figures report-figures-compact' : 'report-figures'} data-testid="key-figures" aria-label={t('report.periodPage.keyFigures')}>
      <Figure testId="figure-rings" label={t('report.periodPage.rings')} value={f.number(actual.rings, 0)} note={planNote(actual.rings, plan?.rings, 0)} />
      <Figure testId="figure-metres" label={t('report.periodPage.metres')} value={f.number(actual.metres, 2)} note={planNote(actual.metres, plan?.metres, 2)} />
      <Figure
        testId="figure-cumulative"
        label={t('report.periodPage.cumulative')}
        value={`${f.number(cumulative.rings, 0)} / ${f.number(cumulative.plannedRings, 0)}`}
        note={
          <>
            <span>{t('report.periodPage.cumulativeMetres', { metres: f.number(cumulative.metres, 2) })}</span>
            <Progress
              percent={Math.min(100, cumulative.progress * 100)}
              format={() => f.percent(cumulative.progress)}
              size="small"
              aria-label={t('report.periodPage.driveProgress')}
            />
          </>
        }
      />
      <Figure testId="figure-advance" label={t('report.periodPage.advanceRate')} value={f.percent(rates.advance)} note={formatHm(times.advanceMs)} />
      <Figure testId="figure-ringBuild" label={t('report.periodPage.ringBuildRate')} value={f.percent(rates.ringBuild)} note={formatHm(times.ringBuildMs)} />
      <Figure testId="figure-waiting" label={t('report.periodPage.standbyRate')} value={f.percent(rates.waiting)} note={formatHm(times.waitingMs)} />
      <Figure
        testId="figure-speed"
        label={t('report.periodPage.avgSpeed')}
        value={report.avgSpeed === null ? '—' : f.number(report.avgSpeed, 1)}
        note={t('report.periodPage.speedUnit')}
      />
      <Figure testId="figure-unrecorded" label={t('report.periodPage.unrecorded')} value={formatHm(times.unrecordedMs)} note={t('report.periodPage.unrecordedNote')} />
    </section>
  );
}
