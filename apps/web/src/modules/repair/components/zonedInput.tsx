import { DATE_FORMATS } from '@boreline/contracts';
import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import '../../../core/format.js';

const WALL = 'YYYY-MM-DD HH:mm:ss';
/** The pickers show the project's clock: an instant becomes the project's wall time, and a wall time chosen is read on it. */
export const pickerValueOf = (ms: number, timeZone: string): Dayjs => dayjs(dayjs(ms).tz(timeZone).format(WALL));
export const instantOf = (value: Dayjs, timeZone: string): number => dayjs.tz(value.format(WALL), timeZone).valueOf();

/** A date and time picker on the project's clock whose value is an instant (epoch ms), as the contracts take it. */
export function InstantInput({ value, onChange, timeZone, 'data-testid': testId }: { value?: number | null; onChange?: (value: number | null) => void; timeZone: string; 'data-testid'?: string }) {
  return (
    <DatePicker
      showTime={{ format: 'HH:mm' }}
      format={DATE_FORMATS.dateTime}
      value={value === null || value === undefined ? null : pickerValueOf(value, timeZone)}
      onChange={(day) => onChange?.(day ? instantOf(day, timeZone) : null)}
      style={{ width: 200 }}
      data-testid={testId}
    />
  );
}
