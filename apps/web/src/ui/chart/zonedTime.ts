import dayjs from 'dayjs';
// Extends dayjs with time zones before any `.tz()` below runs.
import '../../core/format.js';

/** An instant (epoch ms) read on a zone's clock, in a dayjs format. */
export const zonedClock = (ms: number, timeZone: string, format: string): string => dayjs(ms).tz(timeZone).format(format);

/** Whether two instants fall on the same calendar day of a zone (labels then need no date). */
export const sameZonedDay = (a: number, b: number, timeZone: string): boolean => zonedClock(a, timeZone, 'YYYY-MM-DD') === zonedClock(b, timeZone, 'YYYY-MM-DD');

/**
 * A time axis read on a project's clock rather than the browser's: a site in Milan is read in Milan
 * time from Istanbul or Shanghai. ECharts places the ticks; only their labels are written on the
 * project's clock (zones differ by whole or half hours, so round ticks stay round in practice).
 * `withDate` adds the day to each label, for spans that cross midnight.
 */
export function zonedTimeAxis(timeZone: string, options: { min?: number; max?: number; withDate?: boolean; gridIndex?: number } = {}) {
  const format = options.withDate ? 'DD/MM HH:mm' : 'HH:mm';
  return {
    type: 'time' as const,
    ...(options.gridIndex === undefined ? {} : { gridIndex: options.gridIndex }),
    ...(options.min === undefined ? {} : { min: options.min }),
    ...(options.max === undefined ? {} : { max: options.max }),
    axisLabel: { formatter: (value: number) => zonedClock(value, timeZone, format), hideOverlap: true },
    splitLine: { show: false },
  };
}
