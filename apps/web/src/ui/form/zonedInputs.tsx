import { DATE_FORMATS } from '@boreline/contracts';
import { DatePicker, TimePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import '../../core/format.js';

const WALL = 'YYYY-MM-DD HH:mm:ss';
/**
 * The pickers show the project's clock: an instant becomes a picker value with the project's wall
 * time, and a chosen wall time is read on the project's clock (a plan of a site in Milan is due at
 * Milan time, whoever enters it from wherever).
 */
export const pickerValueOf = (ms: number, timeZone: string): Dayjs => dayjs(dayjs(ms).tz(timeZone).format(WALL));
export const instantOf = (value: Dayjs, timeZone: string): number => dayjs.tz(value.format(WALL), timeZone).valueOf();

export interface InstantInputProps {
  /** Epoch ms, as the contracts take times. */
  value?: number | null;
  onChange?: (value: number | null) => void;
  /** The project's zone: the picker shows and reads its wall time. */
  timeZone: string;
  'aria-label'?: string;
  'data-testid'?: string;
}

/** A date and time picker on the project's clock whose value is an instant (epoch ms), as the contracts take it. */
export function InstantInput({ value, onChange, timeZone, 'aria-label': label, 'data-testid': testId }: InstantInputProps) {
  return (
    <DatePicker
      showTime={{ format: 'HH:mm' }}
      format={DATE_FORMATS.dateTime}
      value={value === null || value === undefined ? null : pickerValueOf(value, timeZone)}
      onChange={(day) => onChange?.(day ? instantOf(day, timeZone) : null)}
      style={{ width: 200 }}
      aria-label={label}
      data-testid={testId}
    />
  );
}

const TIME = 'HH:mm';

export interface WallTimeInputProps {
  /** `HH:mm`, as the contracts take a time of day. */
  value?: string | null;
  onChange?: (value: string | null) => void;
  'aria-label'?: string;
  'data-testid'?: string;
}

/** A time-of-day picker whose value is the `HH:mm` text the contracts take. */
export function WallTimeInput({ value, onChange, 'aria-label': label, 'data-testid': testId }: WallTimeInputProps) {
  const match = value ? /^(\d{2}):(\d{2})$/.exec(value) : null;
  const parsed = match ? dayjs().hour(Number(match[1])).minute(Number(match[2])).second(0).millisecond(0) : null;
  return (
    <TimePicker
      format={TIME}
      minuteStep={5}
      needConfirm={false}
      value={parsed}
      onChange={(time) => onChange?.(time ? time.format(TIME) : null)}
      style={{ width: 140 }}
      aria-label={label}
      data-testid={testId}
    />
  );
}
