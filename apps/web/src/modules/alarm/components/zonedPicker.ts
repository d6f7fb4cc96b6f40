import dayjs, { type Dayjs } from 'dayjs';
import '../../../core/format.js';

const WALL = 'YYYY-MM-DD HH:mm:ss';

/**
 * The pickers show the project's clock: an instant becomes a picker value with the project's wall
 * time, and a chosen wall time is read on the project's clock (a site in Milan is searched in Milan
 * time from anywhere).
 */
export const pickerValueOf = (ms: number, timeZone: string): Dayjs => dayjs(dayjs(ms).tz(timeZone).format(WALL));
export const instantOf = (value: Dayjs, timeZone: string): number => dayjs.tz(value.format(WALL), timeZone).valueOf();
