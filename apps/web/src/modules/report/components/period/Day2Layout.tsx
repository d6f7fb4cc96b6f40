import { DATE_FORMATS } from '@boreline/contracts';
import { formatHm, formatInstant } from '../../../../core/format.js';
import type { PeriodReport } from '../../periodApi.js';
import { KeyFigures } from './KeyFigures.js';
import { ReportHeader } from './ReportHeader.js';
import { formatPeriod } from './reportFormat.js';
import { ShiftBreakdownTable } from './ShiftBreakdownTable.js';
import { StopReasonList } from './StopReasonList.js';
import { useT } from '../../../../core/i18n.js';

/** What fits one portrait A4 page below the figures, shifts and stop reasons. */
export const DAY2_RING_CAP = 24;
export const DAY2_STOP_CAP = 5;
/** Rings side by side in the list (as the style sheet's grid has them). */
const DAY2_RING_COLUMNS = 4;

export interface Day2LayoutProps {
  title: string;
  report: PeriodReport;
  generatedAt: number;
}

/**
 * The day on one page for the client: a compact header, the key figures, the shifts, the main
 * stop reasons and the rings of the day (capped, with how many more were built).
 */
export function Day2Layout({ title, report, generatedAt }: Day2LayoutProps) {
  const t = useT();
  const shown = report.rings.slice(0, DAY2_RING_CAP);
  const more = report.rings.length - shown.length;
  return (
    <article className="report-sheet report-day2" data-testid="day2-layout">
      <ReportHeader
        compact
        title={title}
        projectName={report.projectName}
        tbmCode={report.tbmCode}
        period={formatPeriod('day', report.firstDate, report.lastDate)}
        generatedAt={generatedAt}
        timeZone={report.timeZone}
      />
      <KeyFigures report={report} compact />
      <div className="report-day2-columns">
        <section className="report-section">
          <h3 className="report-section-title">{t('report.periodPage.shifts')}</h3>
          <ShiftBreakdownTable shifts={report.shifts} compact />
        </section>
        <section className="report-section">
          <h3 className="report-section-title">{t('report.periodPage.topStopReasons')}</h3>
          <StopReasonList lines={report.stopReasons} limit={DAY2_STOP_CAP} />
        </section>
      </div>
      <section className="report-section">
        <h3 className="report-section-title">{t('report.periodPage.ringsOfPeriod')}</h3>
        {shown.length === 0 ? (
          <p className="report-muted">{t('report.periodPage.noRings')}</p>
        ) : (
          <ul className="report-ring-chips" data-testid="day2-rings">
            {/* One heading per column of the grid: ring, when it was finished, how long it took. */}
            {shown.slice(0, DAY2_RING_COLUMNS).map((ring) => (
              <li key={`head-${ring.ringNo}`} className="report-ring-head" data-testid="day2-ring-head">
                <span>{t('report.column.ringNo')}</span>
                <span>{t('report.column.end')}</span>
                <span>{t('report.column.duration')}</span>
              </li>
            ))}
            {shown.map((ring) => (
              <li key={ring.ringNo}>
                <strong>{ring.ringNo}</strong>
                <span>{formatInstant(ring.end, report.timeZone, DATE_FORMATS.dayMonthTime)}</span>
                <span>{formatHm(ring.durationMs)}</span>
              </li>
            ))}
            {more > 0 ? (
              <li className="report-ring-more" data-testid="day2-more">
                {t('report.periodPage.moreRings', { count: more })}
              </li>
            ) : null}
          </ul>
        )}
      </section>
    </article>
  );
}
