import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { DATE_FORMATS } from '@boreline/contracts';
import { Button, ConfigProvider, DatePicker, Space } from 'antd';
import type { DatePickerProps } from 'antd';
import enUS from 'antd/locale/en_US';
import dayjs, { type Dayjs } from 'dayjs';
// Monday-first weeks for English readers (see useMondayFirstLocale).
import 'dayjs/locale/en-gb';
import { useContext, useMemo } from 'react';
import { formatLocalDate, mondayOf, shiftLocalDate } from '../../../../core/format.js';
import type { PeriodUnit } from '../../periodApi.js';
import { periodStart } from './reportFormat.js';
import { useT } from '../../../../core/i18n.js';

type PickerLocale = NonNullable<DatePickerProps['locale']>;

/**
 * The picker's locale with weeks starting on Monday, as the server cuts them. Every language of the
 * app starts its week on Monday except US English, whose calendar would show Sunday–Saturday rows:
 * it borrows the British calendar (same words, Monday first).
 */
function useMondayFirstLocale(): PickerLocale | undefined {
  const { locale } = useContext(ConfigProvider.ConfigContext);
  const picker = locale?.DatePicker ?? enUS.DatePicker;
  return useMemo(() => {
    if (!picker) return undefined;
    const name = picker.lang.locale;
    return name === 'en_US' || name === 'en' ? { ...picker, lang: { ...picker.lang, locale: 'en_GB' } } : picker;
  }, [picker]);
}

export interface PeriodPickerProps {
  unit: PeriodUnit;
  /** Any local date of the period shown. */
  date: string;
  /** Today on the project's clock: later periods have nothing to show. */
  today: string;
  onChange(date: string): void;
}

/** Picks a day, a week (Monday–Sunday) or a month, with steps to the previous and next one. */
export function PeriodPicker({ unit, date, today, onChange }: PeriodPickerProps) {
  const t = useT();
  const mondayLocale = useMondayFirstLocale();
  const next = shiftLocalDate(date, 1, unit);
  const nextStartsLater = periodStart(unit, next) > today;
  const format = (value: Dayjs): string => {
    const local = value.format('YYYY-MM-DD');
    if (unit === 'month') return formatLocalDate(local, DATE_FORMATS.monthYear);
    if (unit === 'day') return formatLocalDate(local, DATE_FORMATS.date);
    const monday = mondayOf(local);
    return `${formatLocalDate(monday, DATE_FORMATS.date)} – ${formatLocalDate(shiftLocalDate(monday, 6, 'day'), DATE_FORMATS.date)}`;
  };
  return (
    <Space.Compact className="report-period-picker no-print" data-testid="period-picker">
      <Button icon={<LeftOutlined />} aria-label={t('report.periodPage.previous')} onClick={() => onChange(shiftLocalDate(date, -1, unit))} />
      <DatePicker
        picker={unit === 'day' ? 'date' : unit}
        value={dayjs(date)}
        format={format}
        allowClear={false}
        locale={unit === 'week' ? mondayLocale : undefined}
        // A period is open once it has started; the picker offers nothing beyond today.
        disabledDate={(value) => value.format('YYYY-MM-DD') > today}
        onChange={(value) => {
          if (value) onChange(value.format('YYYY-MM-DD'));
        }}
        aria-label={t('report.periodPage.period')}
        style={{ width: unit === 'week' ? 240 : 150 }}
      />
      <Button
        icon={<RightOutlined />}
        aria-label={t('report.periodPage.next')}
        disabled={nextStartsLater}
        onClick={() => onChange(next)}
      />
    </Space.Compact>
  );
}
