import type { MessageKey } from '@boreline/i18n';
import { Result, Skeleton, Space } from 'antd';
import { useLocation, useSearchParams } from 'react-router';
import { localToday } from '../../../core/format.js';
import { type CurrentRun, useFramework } from '../../../core/session.js';
import { ChooseProject } from '../../../ui/ChooseProject.js';
import { Day2Layout } from '../components/period/Day2Layout.js';
import { ExportButton } from '../components/period/ExportButton.js';
import { PeriodBody } from '../components/period/PeriodBody.js';
import { PeriodPicker } from '../components/period/PeriodPicker.js';
import { PrintButton } from '../components/period/PrintButton.js';
import { periodStart } from '../components/period/reportFormat.js';
import { ReportNav } from '../components/ReportNav.js';
import { type PeriodUnit, usePeriodReport } from '../periodApi.js';
import '../report.css';
import { useT } from '../../../core/i18n.js';

/** The pages this one draws; day 2 is the daily report in its one-page client layout. */
const KINDS = {
  day: { unit: 'day', title: 'report.nav.day' },
  day2: { unit: 'day', title: 'report.nav.day2' },
  week: { unit: 'week', title: 'report.nav.week' },
  month: { unit: 'month', title: 'report.nav.month' },
} as const satisfies Record<string, { unit: PeriodUnit; title: MessageKey }>;
type Kind = keyof typeof KINDS;

const kindOf = (pathname: string): Kind => {
  const last = pathname.replace(/\/+$/, '').split('/').pop();
  return last === 'day2' || last === 'week' || last === 'month' ? last : 'day';
};

const LOCAL_DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** The daily (and day 2), weekly and monthly reports of the current run (spec §2 report). */
export function PeriodReportPage() {
  const run = useFramework((s) => s.run);
  return run ? <PeriodReport run={run} /> : <ChooseProject />;
}

function PeriodReport({ run }: { run: CurrentRun }) {
  const t = useT();
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const kind = kindOf(pathname);
  const { unit, title } = KINDS[kind];
  const today = localToday(run.timeZone);
  // The period lives in the address, so a report can be bookmarked, shared and reloaded as it is.
  const asked = params.get('date');
  const date = asked && LOCAL_DATE.test(asked) ? asked : today;
  const report = usePeriodReport(run.runId, unit, date);
  const data = report.data;
  // A previous period stays on screen while the next one loads; it must not be exported or printed as the new one.
  const current = data && !report.isPlaceholderData ? data : undefined;
  const first = periodStart(unit, date);
  return (
    <div className="report-page" data-testid="period-report">
      <ReportNav
        extra={
          <Space>
            <ExportButton input={current ? { report: kind, runId: run.runId, date } : null} fallbackName={`${run.tbmCode}-${kind}-${first}.xlsx`} />
            <PrintButton disabled={!current} />
          </Space>
        }
      />
      <div className="report-toolbar no-print">
        <PeriodPicker unit={unit} date={date} today={today} onChange={(next) => setParams({ date: next })} />
      </div>
      {report.isLoading ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : !data ? (
        <Result status="warning" title={report.error?.message || t('common.error.noData')} />
      ) : kind === 'day2' ? (
        <Day2Layout title={t(title)} report={data} generatedAt={report.dataUpdatedAt} />
      ) : (
        <div className={report.isPlaceholderData ? 'report-stale' : undefined}>
          <PeriodBody title={t(title)} report={data} generatedAt={report.dataUpdatedAt} />
        </div>
      )}
    </div>
  );
}
