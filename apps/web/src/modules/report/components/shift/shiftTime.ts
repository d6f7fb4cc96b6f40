import { type dictionaryContract, shiftReportContract } from '@boreline/contracts';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Where a shift sits in time: [start, end) on the project's clock, and the local date it belongs to. */
export interface ShiftSpan {
  date: string;
  start: number;
  end: number;
  timeZone: string;
}

/** A record as the editor holds it; times stay null until typed. */
export interface RecordRow {
  key: string;
  recordId: number | null;
  kind: shiftReportContract.RecordKind;
  process: dictionaryContract.WorkProcess | null;
  stopReason: dictionaryContract.StopReason | null;
  start: number | null;
  end: number | null;
  remark: string;
  primary: boolean;
}

export const wallTime = (ms: number, timeZone: string): string => dayjs(ms).tz(timeZone).format('HH:mm');
export const localDate = (ms: number, timeZone: string): string => dayjs(ms).tz(timeZone).format('YYYY-MM-DD');
export const dayMonthTime = (ms: number, timeZone: string): string => dayjs(ms).tz(timeZone).format('DD/MM HH:mm');

/**
 * The instant of a wall time typed inside a shift. Only hours and minutes are typed: the date
 * follows the shift, so 02:00 in a 19:00–07:00 night shift is the next morning. A start may equal
 * the shift's start, an end its end. A time outside the shift lands on the nearest day, for the
 * check to name it.
 */
export function instantInShift(span: ShiftSpan, minutesOfDay: number, edge: 'start' | 'end'): number {
  const hh = String(Math.floor(minutesOfDay / 60)).padStart(2, '0');
  const mm = String(minutesOfDay % 60).padStart(2, '0');
  const candidates = [-1, 0, 1, 2].map((offset) => dayjs.tz(`${dayjs(span.date).add(offset, 'day').format('YYYY-MM-DD')} ${hh}:${mm}`, span.timeZone).valueOf());
  const inside = candidates.find((at) => (edge === 'start' ? at >= span.start && at < span.end : at > span.start && at <= span.end));
  if (inside !== undefined) return inside;
  const distance = (at: number) => (at < span.start ? span.start - at : at > span.end ? at - span.end : 0);
  return candidates.reduce((best, at) => (distance(at) < distance(best) ? at : best));
}

/** The first stretch of the shift no record covers (where a new record starts by default). */
export function firstGap(span: ShiftSpan, rows: readonly Pick<RecordRow, 'start' | 'end'>[]): { start: number; end: number } | null {
  const taken = rows
    .flatMap((r) => (r.start !== null && r.end !== null && r.end > r.start ? [{ start: r.start, end: r.end }] : []))
    .sort((a, b) => a.start - b.start);
  let cursor = span.start;
  for (const r of taken) {
    if (r.start > cursor) return { start: cursor, end: Math.min(r.start, span.end) };
    cursor = Math.max(cursor, r.end);
  }
  return cursor < span.end ? { start: cursor, end: span.end } : null;
}

/** What a check found on one row: message texts per field. */
export type RowProblems = Partial<Record<'start' | 'end' | 'process' | 'stopReason', string>>;

export interface RecordCheck {
  byRow: Map<string, RowProblems>;
  /** Every problem once, in row order, for the summary above the table. */
  messages: string[];
}

export interface CheckTexts {
  required: string;
  endBeforeStart: string;
  outsideShift: string;
  stopReasonRequired: string;
  processRequired: string;
  overlap(first: RecordRow, second: RecordRow): string;
}

/**
 * The rules the server applies to a shift's records (spec §5): times given, end after start, inside
 * the shift, a process or a stop reason, and no two records overlapping — primary ones included.
 */
export function checkRecords(span: ShiftSpan, rows: readonly RecordRow[], texts: CheckTexts): RecordCheck {
  const byRow = new Map<string, RowProblems>();
  const messages: string[] = [];
  const add = (row: RecordRow, field: keyof RowProblems, message: string) => {
    const problems = byRow.get(row.key) ?? {};
    if (!problems[field]) problems[field] = message;
    byRow.set(row.key, problems);
    if (!messages.includes(message)) messages.push(message);
  };
  for (const row of rows) {
    if (row.primary) continue;
    if (row.start === null) add(row, 'start', texts.required);
    if (row.end === null) add(row, 'end', texts.required);
    if (row.start !== null && row.end !== null) {
      if (row.end <= row.start) add(row, 'end', texts.endBeforeStart);
      else if (row.start < span.start || row.end > span.end) add(row, row.start < span.start ? 'start' : 'end', texts.outsideShift);
    }
    if (row.kind === 'stop' && row.stopReason === null) add(row, 'stopReason', texts.stopReasonRequired);
    if (row.kind === 'process' && row.process === null) add(row, 'process', texts.processRequired);
  }
  const timed = rows.filter((r): r is RecordRow & { start: number; end: number } => r.start !== null && r.end !== null && r.end > r.start);
  for (const [previous, current] of shiftReportContract.findOverlaps(timed)) {
    const message = texts.overlap(previous, current);
    // The problem belongs to a row the user can change.
    add(current.primary ? previous : current, 'start', message);
  }
  return { byRow, messages };
}

/** The records as the save endpoint takes them: every row that is not primary. */
export function toRecordInputs(rows: readonly RecordRow[]) {
  return rows
    .filter((r) => !r.primary)
    .map((r) => ({
      recordId: r.recordId,
      kind: r.kind,
      process: r.kind === 'process' ? r.process : null,
      stopReason: r.kind === 'stop' ? r.stopReason : null,
      start: r.start ?? -1,
      end: r.end ?? -1,
      remark: r.remark.trim() ? r.remark.trim() : null,
    }));
}

export const toRow = (record: shiftReportContract.ShiftRecord): RecordRow => ({
  key: `r${record.recordId}`,
  recordId: record.recordId,
  kind: record.kind,
  process: record.process,
  stopReason: record.stopReason,
  start: record.start,
  end: record.end,
  remark: record.remark ?? '',
  primary: record.primary,
});

/** Full hours of the project's clock within a span (the time bar's ticks). */
export function hourTicks(span: Pick<ShiftSpan, 'start' | 'end' | 'timeZone'>): number[] {
  const local = dayjs(span.start).tz(span.timeZone);
  const intoHour = local.minute() * 60_000 + local.second() * 1000 + local.millisecond();
  const ticks: number[] = [];
  // Clocks change by whole hours, so stepping an hour from a full hour stays on full hours, even across daylight saving.
  for (let at = intoHour === 0 ? span.start : span.start - intoHour + 3_600_000; at <= span.end; at += 3_600_000) ticks.push(at);
  return ticks;
}
