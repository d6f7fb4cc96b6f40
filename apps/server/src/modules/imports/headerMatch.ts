import type { AnyImportTemplate } from '@boreline/contracts';
import { LOCALES, translate } from '@boreline/i18n';
import type { SheetCell, SheetRow } from '../../core/spreadsheet/protocol.js';

/** Rows from the top in which the header row is looked for (a note or a title may come first). */
export const HEADER_SEARCH_ROWS = 10;

/**
 * A header or a name as compared: accents, case, spaces, punctuation, a unit in brackets and the
 * required mark left out, full-width forms folded — so `Ringnummer`, `RINGNUMMER *`, `环号` and
 * `Horizontal deviation` (for "Horizontal deviation (mm)") all find their column.
 */
export function normalizeHeader(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/\([^)]*\)/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/** Every spelling of every column of a template: its header in the six languages and its key. */
export function headerDictionary(template: AnyImportTemplate): Map<string, string> {
  const dictionary = new Map<string, string>();
  for (const [key, column] of Object.entries(template.columns)) {
    for (const locale of LOCALES) {
      const spelling = normalizeHeader(translate(locale, column.header));
      if (spelling && !dictionary.has(spelling)) dictionary.set(spelling, key);
    }
    const own = normalizeHeader(key);
    if (!dictionary.has(own)) dictionary.set(own, key);
  }
  return dictionary;
}

export interface HeaderMatch {
  /** The header row's number in the sheet. */
  row: number;
  /** Column index (0 = A) to column key. */
  columns: Map<number, string>;
  /** Column key to its header as the file writes it. */
  written: Map<string, string>;
  /** Headers matching no column, as written. */
  extras: string[];
  /** Headers naming a column already found further left, as written. */
  repeated: string[];
  /** Required columns the header row lacks (keys). */
  missing: string[];
}

const cellText = (cell: SheetCell | undefined): string => (cell === null || cell === undefined ? '' : String(cell).trim());

function matchRow(row: SheetRow, dictionary: Map<string, string>, template: AnyImportTemplate): HeaderMatch {
  const match: HeaderMatch = { row: row.row, columns: new Map(), written: new Map(), extras: [], repeated: [], missing: [] };
  row.cells.forEach((cell, index) => {
    const text = cellText(cell);
    if (!text) return;
    const key = dictionary.get(normalizeHeader(text));
    if (!key) match.extras.push(text);
    else if (match.written.has(key)) match.repeated.push(text);
    else {
      match.columns.set(index, key);
      match.written.set(key, text);
    }
  });
  match.missing = Object.entries(template.columns)
    .filter(([key, column]) => column.required && !match.written.has(key))
    .map(([key]) => key);
  return match;
}

/**
 * The header row: among the first rows, the one naming the most columns of the template (the
 * earliest on a tie). Null when no row names any.
 */
export function findHeader(rows: readonly SheetRow[], template: AnyImportTemplate): HeaderMatch | null {
  const dictionary = headerDictionary(template);
  let best: HeaderMatch | null = null;
  for (const row of rows.slice(0, HEADER_SEARCH_ROWS)) {
    const match = matchRow(row, dictionary, template);
    if (match.columns.size > (best?.columns.size ?? 0)) best = match;
  }
  return best;
}
