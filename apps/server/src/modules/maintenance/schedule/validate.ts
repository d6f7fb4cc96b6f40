import { assertTimeZone, parseWallTime } from '../../../core/timeZone.js';

/** An input the schedule rules refuse (zero interval, unknown zone, malformed time…): a caller error, never a server fault. */
export class ScheduleInputError extends RangeError {
  override readonly name = 'ScheduleInputError';
}

export function checkTimeZone(timeZone: string): void {
  if (typeof timeZone !== 'string' || timeZone.trim() === '') throw new ScheduleInputError('Time zone is missing');
  try {
    assertTimeZone(timeZone);
  } catch {
    throw new ScheduleInputError(`Unknown time zone "${timeZone}"`);
  }
}

export function checkInstant(name: string, value: number): void {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new ScheduleInputError(`${name} must be a finite instant (epoch ms), got ${String(value)}`);
}

export function checkFinite(name: string, value: number): void {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new ScheduleInputError(`${name} must be a finite number, got ${String(value)}`);
}

export function checkPositive(name: string, value: number): void {
  checkFinite(name, value);
  if (value <= 0) throw new ScheduleInputError(`${name} must be greater than 0, got ${value}`);
}

export function checkRange(from: number, to: number): void {
  checkInstant('from', from);
  checkInstant('to', to);
  if (from > to) throw new ScheduleInputError(`from (${from}) is after to (${to})`);
}

/** Minutes after local midnight of an 'HH:mm' wall time. */
export function wallMinutes(name: string, hhmm: string): number {
  try {
    return parseWallTime(hhmm);
  } catch {
    throw new ScheduleInputError(`${name} must be a time 'HH:mm' (00:00–23:59), got "${String(hhmm)}"`);
  }
}
