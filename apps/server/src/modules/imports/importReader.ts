import { LIMITS } from '@boreline/contracts';
import { DEFAULT_READER_OPTIONS, SpreadsheetReader } from '../../core/spreadsheet/spreadsheetReader.js';
import { HEADER_SEARCH_ROWS } from './headerMatch.js';

/** The sheet reader of imports: the rows a template allows plus the rows above its header. */
export const importReader = () =>
  new SpreadsheetReader({ ...DEFAULT_READER_OPTIONS, rows: { ...DEFAULT_READER_OPTIONS.rows, maxRows: LIMITS.importRowsMax + HEADER_SEARCH_ROWS } });
