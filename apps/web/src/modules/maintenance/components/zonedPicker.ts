import dayjs, { type Dayjs } from 'dayjs';
import '../../../core/format.js';

const WALL = 'YYYY-MM-DD HH:mm:ss';

/**
 * The pickers show the project's clock: an instant becomes a picker value with the project's wall
 * time, and a chosen wall time is read on the project's clock (a plan of a site in Milan is due at
 * Milan time, whoever enters it from wherever).
 */
export const pickerValueOf = (ms: number, timeZone: string): Dayjs => dayjs(dayjs(ms).tz(timeZone).format(WALL));
export const instantOf = (value: Dayjs, timeZone: string): number => dayjs.tz(value.format(WALL), timeZone).valueOf();

/** A form value that is a picker's day (antd gives dayjs objects). */
export const dayjsOf = (value: unknown): Dayjs | null => (dayjs.isDayjs(value) ? value : null);
