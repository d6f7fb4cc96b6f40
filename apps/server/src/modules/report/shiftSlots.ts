import { type Language, shiftContract, wallTimeToMinutes, type shiftReportContract } from '@boreline/contracts';
import { t } from '../../core/i18n.js';
import { parseLocalDate, utcToZoned } from '../../core/timeZone.js';
import { shiftSpanOn } from '../../core/shiftCutter.js';

type ShiftSlot = shiftReportContract.ShiftSlot;

/** A shift as the reports see it: wall-clock minutes of the project's zone. */
export interface ShiftDefinition {
  /** The saved shift; null for the defaults a run shows until it saves its own. */
  shiftId: number | null;
  name: string;
  startMin: number;
  endMin: number;
}

/** Where one occurrence of a shift sits: the local date it starts on and its [start, end) in epoch ms. */
export interface SlotSpan {
  date: string;
  shiftNo: number;
  shiftId: number | null;
  shiftName: string;
  start: number;
  end: number;
}

/**
 * The run's shifts in picker order: the saved ones, or the two 12-hour defaults named in the
 * caller's language (the same defaults the shift screen offers).
 */
export function shiftDefinitions(
  saved: readonly { id: number; name: string; start_min: number; end_min: number }[],
  language: Language,
): ShiftDefinition[] {
  if (saved.length > 0) return saved.map((s) => ({ shiftId: s.id, name: s.name, startMin: s.start_min, endMin: s.end_min }));
  return shiftContract.DEFAULT_SHIFT_TIMES.map((d) => ({
    shiftId: null,
    name: defaultShiftName(d.kind, language),
    startMin: wallTimeToMinutes(d.start) ?? 0,
    endMin: wallTimeToMinutes(d.end) ?? 0,
  }));
}

const defaultShiftName = (kind: 'day' | 'night', language: Language): string =>
  t(language, kind === 'day' ? 'project.shift.defaultDay' : 'project.shift.defaultNight');

/**
 * The name a report's shift is shown with: a default shift (none saved when the report began) is
 * named in the reader's language, whoever started the report; a saved shift keeps the name it had.
 */
export function reportShiftName(row: { shift_id: number | null; shift_no: number; shift_name: string }, language: Language): string {
  const fallback = row.shift_id === null ? shiftContract.DEFAULT_SHIFT_TIMES[row.shift_no - 1] : undefined;
  return fallback ? defaultShiftName(fallback.kind, language) : row.shift_name;
}

/**
 * Shift `shiftNo` (1-based) on a local date, or null when the run has no such shift. Boundaries
 * are wall times, so a 19:00–07:00 night over the spring-forward lasts 11 h and over the
 * fall-back 13 h; a shift ending at or before its start ends on the next day.
 */
export function slotOf(definitions: readonly ShiftDefinition[], date: string, shiftNo: number, timeZone: string): SlotSpan | null {
  const definition = definitions[shiftNo - 1];
  if (definition === undefined) return null;
  const { start, end } = shiftSpanOn(parseLocalDate(date), definition.startMin, definition.endMin, timeZone);
  return { date, shiftNo, shiftId: definition.shiftId, shiftName: definition.name, start, end };
}

/** Every shift starting on a local date, in picker order. */
export function slotsOfDate(definitions: readonly ShiftDefinition[], date: string, timeZone: string): SlotSpan[] {
  return definitions.flatMap((_, index) => slotOf(definitions, date, index + 1, timeZone) ?? []);
}

/** Changes are accepted strictly before the shift's end plus the edit window. */
export function editableUntil(end: number, editWindowMs: number): number {
  return end + editWindowMs;
}

export function presentSlot(span: SlotSpan, run: { id: number; time_zone: string }, now: number, editWindowMs: number): ShiftSlot {
  const until = editableUntil(span.end, editWindowMs);
  return { runId: run.id, ...span, timeZone: run.time_zone, editableUntil: until, editable: now < until };
}

/** 'HH:mm' of an instant on the project's clock, as messages show record times. */
export function wallClock(ts: number, timeZone: string): string {
  const time = utcToZoned(ts, timeZone);
  return `${String(time.h).padStart(2, '0')}:${String(time.min).padStart(2, '0')}`;
}
