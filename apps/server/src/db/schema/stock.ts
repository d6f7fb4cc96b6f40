import type { Generated } from 'kysely';

/** A part of a run's store (`modules/stock`); `code_key` is the part number in lower case (unique per run). */
export interface StockPartTable {
  id: Generated<number>;
  run_id: number;
  name: string;
  code: string;
  code_key: string;
  unit: string | null;
  system: string | null;
  component: string | null;
  spec: string | null;
  location: string | null;
  /** The stock now in thousandths: always the sum of the part's moves (kept in the same transaction). */
  stock_milli: Generated<number>;
  /** The warning line in thousandths; 0: none. */
  warning_milli: Generated<number>;
  lead_time_days: number | null;
  remark: string | null;
  created_by: number | null;
  created_at: number;
  updated_at: number;
}

/** A stock sheet: `kind` in | out; never changed after it is saved (a correction is a new sheet with `corrects_id`). */
export interface StockSheetTable {
  id: Generated<number>;
  run_id: number;
  kind: string;
  number: string;
  /** Stock-in: first | restock. */
  in_type: string | null;
  /** YYYY-MM-DD in the project's time zone. */
  date: string;
  reorder_date: string | null;
  /** Stock-in: the handler; stock-out: the issuer. */
  handler: string;
  recipient: string | null;
  remark: string | null;
  mtce_record_id: number | null;
  corrects_id: number | null;
  reason: string | null;
  entered_by: number | null;
  entered_at: number;
}

/** A sheet's line as entered (positive quantity, thousandths). */
export interface StockSheetLineTable {
  id: Generated<number>;
  sheet_id: number;
  part_id: number;
  line_no: number;
  quantity_milli: number;
}

/**
 * The ledger: one signed move per part and sheet effect (+ in, − out; a correction reverses the
 * replaced sheet's moves, dated with that sheet's date, and adds its own). `kind` is the sheet's.
 */
export interface StockMoveTable {
  id: Generated<number>;
  run_id: number;
  part_id: number;
  sheet_id: number;
  kind: string;
  date: string;
  quantity_milli: number;
  at: number;
}

declare module '../schema.js' {
  interface Database {
    stock_parts: StockPartTable;
    stock_sheets: StockSheetTable;
    stock_sheet_lines: StockSheetLineTable;
    stock_moves: StockMoveTable;
  }
}
