import { Empty } from 'antd';
import type { ReactNode } from 'react';
import type { PeriodReport } from '../../periodApi.js';
import { DayChart } from './DayChart.js';
import { DayTable } from './DayTable.js';
import { KeyFigures } from './KeyFigures.js';
import { NotableAlarmsView } from './NotableAlarms.js';
import { ReportHeader } from './ReportHeader.js';
import { formatPeriod } from './reportFormat.js';
import { RingTable } from './RingTable.js';
import { ShiftBreakdownTable } from './ShiftBreakdownTable.js';
import { StopReasonList } from './StopReasonList.js';
import { useT } from '../../../../core/i18n.js';

/** Nothing happened: no ring, and no time in any machine state (the machine sent nothing). */
export function isEmptyPeriod(report: PeriodReport): boolean {
  const { advanceMs, ringBuildMs, waitingMs, finishMs } = report.times;
  return report.rings.length === 0 && report.actual.rings === 0 && advanceMs + ringBuildMs + waitingMs + finishMs === 0;
}

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <section className="report-section" data-testid={testId}>
      <h3 className="report-section-title">{title}</h3>
      {children}
    </section>
  );
}

export interface PeriodBodyProps {
  title: string;
  report: PeriodReport;
  generatedAt: number;
}

/** The daily, weekly or monthly report: figures, stop reasons, shifts, days (week, month), rings and notable alarms. */
export function PeriodBody({ title, report, generatedAt }: PeriodBodyProps) {
  const t = useT();
  const multiDay = report.unit !== 'day';
  return (
    <article className="report-sheet" data-testid="period-body">
      <ReportHeader
        title={title}
        projectName={report.projectName}
        tbmCode={report.tbmCode}
        period={formatPeriod(report.unit, report.firstDate, report.lastDate)}
        generatedAt={generatedAt}
        timeZone={report.timeZone}
      />
      {isEmptyPeriod(report) ? (
        <Empty className="report-empty" description={t('report.periodPage.empty')} data-testid="period-empty" />
      ) : (
        <>
          <KeyFigures report={report} />
          <div className="report-columns">
            <Section title={t('report.periodPage.stopReasons')} testId="section-stops">
              <StopReasonList lines={report.stopReasons} />
            </Section>
            {multiDay ? (
              <Section title={t('report.periodPage.chart')} testId="section-chart">
                <DayChart days={report.days} />
              </Section>
            ) : null}
          </div>
          <Section title={t('report.periodPage.shifts')} testId="section-shifts">
            <ShiftBreakdownTable shifts={report.shifts} totals={multiDay} />
          </Section>
          {multiDay ? (
            <Section title={t('report.periodPage.days')} testId="section-days">
              <DayTable days={report.days} />
            </Section>
          ) : null}
          <Section title={t('report.periodPage.ringsOfPeriod')} testId="section-rings">
            <RingTable rows={report.rings} timeZone={report.timeZone} variant="compact" />
          </Section>
          {report.notableAlarms ? (
            <Section title={t('report.alarms.section')} testId="section-alarms">
              <NotableAlarmsView alarms={report.notableAlarms} timeZone={report.timeZone} />
            </Section>
          ) : null}
        </>
      )}
    </article>
  );
}
