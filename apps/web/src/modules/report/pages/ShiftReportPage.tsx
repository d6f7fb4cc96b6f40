import type { CurrentRun } from '@boreline/contracts';
import { Alert, Card, Empty, Segmented, Skeleton, Space } from 'antd';
import { useEffect, useRef } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { localToday, shiftLocalDate } from '../../../core/format.js';
import { useFramework } from '../../../core/session.js';
import { ChooseProject } from '../../../ui/ChooseProject.js';
import { ExportButton } from '../components/period/ExportButton.js';
import { PrintButton } from '../components/period/PrintButton.js';
import { ReportNav } from '../components/ReportNav.js';
import { RingSegmentTable } from '../components/shift/RingSegmentTable.js';
import { ShiftPicker } from '../components/shift/ShiftPicker.js';
import { type DayShift, ShiftReportView } from '../components/shift/ShiftReportView.js';
import { useShiftDay } from '../shiftApi.js';
import '../components/shift/shift.css';
import { useT } from '../../../core/i18n.js';

const SHIFT_PATH = '/fw1/report/turn_over';
const SG_PATH = '/fw1/report/turn_over/sg';
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The shift report (spec §2 report/turn_over) and its segment-erection view (…/sg) of the current run. */
export function ShiftReportPage() {
  const run = useFramework((s) => s.run);
  return run ? <ShiftReport run={run} /> : <ChooseProject />;
}

/**
 * Without a date in the address the page opens on the most recent shift that has ended: it may be
 * yesterday's night shift, so both days are read.
 */
function useLatestEndedShift(run: CurrentRun, wanted: boolean, onFound: (date: string, shiftNo: number | null) => void) {
  const today = localToday(run.timeZone);
  const yesterday = shiftLocalDate(today, -1, 'day');
  const before = useShiftDay(run.runId, wanted ? yesterday : null);
  const current = useShiftDay(run.runId, wanted ? today : null);
  const found = useRef(onFound);
  found.current = onFound;
  useEffect(() => {
    if (!wanted || !before.data || !current.data) return;
    const now = Date.now();
    const ended = [...before.data.shifts, ...current.data.shifts].filter((s) => s.end <= now).sort((a, b) => a.end - b.end);
    const latest = ended[ended.length - 1];
    found.current(latest?.date ?? today, latest?.shiftNo ?? current.data.shifts[0]?.shiftNo ?? null);
  }, [wanted, before.data, current.data, today]);
  return before.isError ? before.error : current.isError ? current.error : null;
}

function ShiftReport({ run }: { run: CurrentRun }) {
  const t = useT();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const view = pathname.endsWith('/sg') ? 'sg' : 'shift';
  const dateParam = params.get('date');
  const date = dateParam && DATE.test(dateParam) ? dateParam : null;
  const shiftParam = Number(params.get('shift'));
  const select = (next: string, shiftNo: number | null) =>
    setParams(shiftNo === null ? { date: next } : { date: next, shift: String(shiftNo) }, { replace: date === null });
  const defaultError = useLatestEndedShift(run, date === null, select);
  const day = useShiftDay(run.runId, date);
  const shifts = day.data?.shifts;
  const slot: DayShift | undefined = shifts?.find((s) => s.shiftNo === shiftParam) ?? shifts?.[0];

  const print = (
    <Space>
      {/* A shift without a report has nothing to export yet. */}
      {slot?.shiftRecId ? (
        <ExportButton input={{ report: 'shift', runId: run.runId, shiftRecId: slot.shiftRecId }} fallbackName={`${run.tbmCode}-shift-${slot.date}-${slot.shiftNo}.xlsx`} />
      ) : null}
      <PrintButton />
    </Space>
  );
  const error = defaultError ?? (day.isError ? day.error : null);

  return (
    <div className="shift-page" data-testid="shift-report-page">
      <ReportNav extra={print} />
      <div className="shift-toolbar no-print">
        {date ? (
          <ShiftPicker
            runId={run.runId}
            date={date}
            shiftNo={slot?.shiftNo ?? null}
            shifts={shifts}
            loading={day.isPending}
            onDate={(next) => select(next, slot?.shiftNo ?? null)}
            onShift={(shiftNo) => select(date, shiftNo)}
          />
        ) : (
          <Skeleton.Input active />
        )}
        <Segmented
          value={view}
          onChange={(next) => void navigate(`${next === 'sg' ? SG_PATH : SHIFT_PATH}?${params.toString()}`)}
          options={[
            { value: 'shift', label: t('report.shiftPage.view.shift') },
            { value: 'sg', label: t('report.shiftPage.view.sg') },
          ]}
          data-testid="shift-view"
        />
      </div>
      {error ? (
        <Alert type="error" showIcon title={error.message} />
      ) : shifts && shifts.length === 0 ? (
        <Card>
          <Empty description={t('report.shiftPage.noShifts')}>
            <Link to="/fw1/basic_info/shift_info">{t('report.shiftPage.defineShifts')}</Link>
          </Empty>
        </Card>
      ) : !slot ? (
        <Card>
          <Skeleton active />
        </Card>
      ) : view === 'shift' ? (
        <ShiftReportView key={`${slot.date}/${slot.shiftNo}`} run={run} slot={slot} />
      ) : (
        <Card title={`${t('report.shiftPage.view.sg')} · ${slot.shiftName}`} size="small">
          {slot.shiftRecId === null ? (
            <Empty description={t('report.shiftPage.sg.noReport')} />
          ) : (
            <RingSegmentTable runId={run.runId} shiftRecId={slot.shiftRecId} timeZone={slot.timeZone} />
          )}
        </Card>
      )}
    </div>
  );
}
