import { ExclamationCircleFilled, FileTextFilled, MoonOutlined } from '@ant-design/icons';
import type { shiftReportContract } from '@boreline/contracts';
import { DatePicker, Empty, Segmented, Skeleton, Space, Tooltip } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type ReactElement, useState } from 'react';
import { useDatesWithReports } from '../../shiftApi.js';
import { localDate, wallTime } from './shiftTime.js';
import { useT } from '../../../../core/i18n.js';

type DayShift = shiftReportContract.ShiftDay['shifts'][number];

export interface ShiftPickerProps {
  runId: number;
  date: string;
  shiftNo: number | null;
  shifts: DayShift[] | undefined;
  loading: boolean;
  onDate(date: string): void;
  onShift(shiftNo: number): void;
}

/** Spec §9: dates are shown and typed `DD/MM/YYYY`. */
const DATE_FORMAT = 'DD/MM/YYYY';

/**
 * A day of the calendar (days holding reports are marked, month by month as the user browses) and
 * the shifts of that day with their times, whether a report exists and whether stops lack reasons.
 */
export function ShiftPicker({ runId, date, shiftNo, shifts, loading, onDate, onShift }: ShiftPickerProps) {
  const t = useT();
  const [month, setMonth] = useState(date.slice(0, 7));
  const dates = useDatesWithReports(runId, month);
  const marked = new Map((dates.data ?? []).map((d) => [d.date, d.reports]));

  const renderDay = (current: Dayjs | string | number, info: { type: string; originNode: ReactElement }) => {
    if (info.type !== 'date' || !dayjs.isDayjs(current)) return info.originNode;
    const reports = marked.get(current.format('YYYY-MM-DD'));
    return (
      <div className={`ant-picker-cell-inner${reports ? ' shift-day-marked' : ''}`} title={reports ? t('report.shiftPage.picker.reportsOnDay', { n: reports }) : undefined}>
        {current.date()}
      </div>
    );
  };

  return (
    <Space wrap size={12} className="shift-picker" data-testid="shift-picker">
      <DatePicker
        value={dayjs(date)}
        format={DATE_FORMAT}
        allowClear={false}
        aria-label={t('report.shiftPage.picker.date')}
        cellRender={renderDay}
        onPanelChange={(value) => setMonth(value.format('YYYY-MM'))}
        onOpenChange={(open) => (open ? setMonth(date.slice(0, 7)) : undefined)}
        onChange={(value) => (value ? onDate(value.format('YYYY-MM-DD')) : undefined)}
        data-testid="shift-date"
      />
      {loading ? (
        <Skeleton.Button active style={{ width: 320 }} />
      ) : shifts && shifts.length > 0 ? (
        <Segmented
          aria-label={t('report.shiftPage.picker.shift')}
          value={shiftNo ?? undefined}
          onChange={(value) => onShift(Number(value))}
          options={shifts.map((shift) => ({ value: shift.shiftNo, label: <ShiftOption shift={shift} /> }))}
          data-testid="shift-options"
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('report.shiftPage.picker.noShifts')} style={{ margin: 0 }} />
      )}
    </Space>
  );
}

function ShiftOption({ shift }: { shift: DayShift }) {
  const t = useT();
  const crosses = localDate(shift.end - 1, shift.timeZone) !== shift.date;
  return (
    <span className="shift-option" data-testid={`shift-option-${shift.shiftNo}`}>
      <span className="shift-option-name">{shift.shiftName}</span>
      <span className="shift-option-time">
        {wallTime(shift.start, shift.timeZone)}–{wallTime(shift.end, shift.timeZone)}
        {crosses ? <MoonOutlined aria-label={t('report.shiftPage.picker.crossesMidnight')} title={t('report.shiftPage.picker.crossesMidnight')} /> : null}
      </span>
      {shift.shiftRecId !== null ? (
        <Tooltip title={t('report.shiftPage.picker.hasReport')}>
          <FileTextFilled className="shift-option-report" aria-label={t('report.shiftPage.picker.hasReport')} />
        </Tooltip>
      ) : null}
      {shift.unexplainedStops > 0 ? (
        <Tooltip title={t('report.shiftPage.picker.unexplained', { n: shift.unexplainedStops })}>
          <span className="shift-option-warn" aria-label={t('report.shiftPage.picker.unexplained', { n: shift.unexplainedStops })}>
            <ExclamationCircleFilled /> {shift.unexplainedStops}
          </span>
        </Tooltip>
      ) : null}
    </span>
  );
}
