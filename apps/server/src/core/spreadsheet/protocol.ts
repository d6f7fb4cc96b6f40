import type { ZipEntry } from './zipScan.js';

/**
 * What a sheet cell holds once read, whatever the file format: text, a number, a yes/no, or nothing.
 * Dates become text `YYYY-MM-DD` (`YYYY-MM-DD HH:mm` with a time of day): a spreadsheet has no
 * time zone, so its dates are wall-clock days, not instants. Formulas give their cached result,
 * rich text its plain text, error cells their code (`#DIV/0!`).
 */
export type SheetCell = string | number | boolean | null;

/** A row holding at least one value, with its 1-based row number in the sheet. */
export interface SheetRow {
  row: number;
  /** Cells from column A on; trailing empty cells left out. */
  cells: SheetCell[];
}

/**
 * Rows as the worker sends them, parsed only when asked: a batch waiting its turn stays one string,
 * not thousands of objects for the garbage collector to move.
 */
export interface RowBatch {
  count: number;
  rows(): SheetRow[];
}

/** What a worker found besides the rows. */
export interface SheetInfo {
  /** The sheet read: the workbook's first visible worksheet. */
  sheetName: string;
  /** Worksheets in the workbook (only the first visible one is read). */
  sheetCount: number;
  /** Rows holding data. */
  rows: number;
}

/** A sheet read whole (`SpreadsheetReader.read`). */
export interface SheetData extends Omit<SheetInfo, 'rows'> {
  rows: SheetRow[];
}

export type SpreadsheetFormat = 'xlsx' | 'xls';

/**
 * Why a file was not read, for the caller to word: not a spreadsheet at all, over its size, a zip
 * bomb by its numbers or by what it really inflates to, an archive inside the archive, password
 * protected, unreadable (corrupt, or a format the parsers refuse), without a worksheet, more rows
 * than allowed, over the reader's memory or time, or too many files being read at once.
 */
export const SPREADSHEET_REFUSALS = [
  'notSpreadsheet',
  'tooLarge',
  'bomb',
  'nested',
  'encrypted',
  'unreadable',
  'noSheet',
  'tooManyRows',
  'memory',
  'timeout',
  'busy',
] as const;
export type SpreadsheetRefusalReason = (typeof SPREADSHEET_REFUSALS)[number];

export interface WorkerLimits {
  /** Rows holding data, beyond which the file is refused. */
  maxRows: number;
  /** Columns read from the left; cells further right are ignored. */
  maxColumns: number;
}

/** Sent to a worker per file: its format and bytes, the entries the pre-scan vouched for (xlsx). */
export interface WorkerJob {
  id: number;
  format: SpreadsheetFormat;
  bytes: Uint8Array;
  entries: ZipEntry[];
  limits: WorkerLimits;
}

/**
 * What a worker answers: that it has loaded its parsers, then per job its rows in batches as it
 * reads them (JSON text: one string crosses threads far cheaper than thousands of small arrays,
 * and parses in a few milliseconds per batch), then the outcome.
 */
export type WorkerMessage =
  | { type: 'ready' }
  | { type: 'rows'; id: number; count: number; json: string }
  | { type: 'done'; id: number; info: SheetInfo }
  | { type: 'refused'; id: number; reason: SpreadsheetRefusalReason; detail: string };
