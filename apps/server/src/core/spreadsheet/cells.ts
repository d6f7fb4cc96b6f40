import type { SheetCell } from './protocol.js';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A wall-clock date (and time when not midnight) as `YYYY-MM-DD[ HH:mm[:ss]]`. */
export function dateText(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): string {
  const date = `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
  if (hour === 0 && minute === 0 && second === 0) return date;
  return `${date} ${pad(hour)}:${pad(minute)}${second === 0 ? '' : `:${pad(second)}`}`;
}

/**
 * exceljs gives a date cell as a Date whose UTC fields are the sheet's wall clock; rounded to the
 * second, since Excel stores days as fractions and 08:00 comes back as 07:59:59.999.
 */
export function excelDateText(value: Date): string | null {
  const ms = value.getTime();
  if (!Number.isFinite(ms)) return null;
  const d = new Date(Math.round(ms / 1000) * 1000);
  return dateText(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds());
}

function textOf(value: unknown): SheetCell {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** One exceljs cell value as a sheet cell. */
export function fromExcelJs(value: unknown): SheetCell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string') return textOf(value);
  if (value instanceof Date) return excelDateText(value);
  if (!isRecord(value)) return null;
  if (Array.isArray(value.richText)) {
    return textOf(value.richText.map((part: unknown) => (isRecord(part) && typeof part.text === 'string' ? part.text : '')).join(''));
  }
  // Formulas (plain and shared) answer their cached result; a hyperlink its text.
  if ('formula' in value || 'sharedFormula' in value) return fromExcelJs(value.result);
  if ('hyperlink' in value) return fromExcelJs(value.text);
  if (typeof value.error === 'string') return value.error;
  return null;
}

/** A worksheet row's values as exceljs lists them (index 1 is column A), capped at `maxColumns`. */
export function rowCells(values: unknown, maxColumns: number): SheetCell[] {
  if (!Array.isArray(values)) return [];
  const cells: SheetCell[] = [];
  const last = Math.min(values.length - 1, maxColumns);
  for (let column = 1; column <= last; column += 1) cells.push(fromExcelJs(values[column]));
  return trimTrailing(cells);
}

export function trimTrailing(cells: SheetCell[]): SheetCell[] {
  let end = cells.length;
  while (end > 0 && cells[end - 1] === null) end -= 1;
  if (end < cells.length) cells.length = end;
  return cells;
}
