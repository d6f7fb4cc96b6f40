import { alarmContract as a } from '@boreline/contracts';

/**
 * The targets the figures are read against (ISA-18.2 / EEMUA 191): about one alarm per 10 minutes
 * per operator is healthy, fewer than 150 a day manageable, 10 or more within 10 minutes a flood,
 * and less than 1 % of the time in flood.
 */
export const PERFORMANCE_TARGETS = {
  per10MinAverage: 1,
  perDayAverage: 150,
  floodAlarms: a.ALARM_LIMITS.floodAlarms,
  floodTimePercent: 1,
} as const;

/** The default span: the last seven days up to now. */
export const DEFAULT_SPAN_DAYS = 7;
export const DAY_MS = 86_400_000;
