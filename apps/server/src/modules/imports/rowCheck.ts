import type { AnyImportTemplate, ColumnExample, ImportColumn, Language } from '@boreline/contracts';
import type { importsContract } from '@boreline/contracts';
import { hasMessage, LOCALES, type Locale, type MessageParams, translate } from '@boreline/i18n';
import type { z } from 'zod';
import { localeOf } from '../../core/i18n.js';
import type { SheetCell, SheetRow } from '../../core/spreadsheet/protocol.js';
import { type HeaderMatch, normalizeHeader } from './headerMatch.js';

type Refusal = importsContract.ImportRefusal;

/** A row that passed every check, with its sheet row number for the module's own messages. */
export interface CheckedRow {
  row: number;
  values: Record<string, unknown>;
}

export interface CheckedSheet {
  valid: CheckedRow[];
  /** Every refused cell and row, in sheet order. */
  refused: Refusal[];
  /** Data rows seen (the example row left out). */
  total: number;
  /** The sheet row of the template's example, when it was left in and skipped. */
  exampleRow: number | null;
}

/** Rows checked between two returns to the event loop: a 100,000-row sheet never stalls other requests. */
const YIELD_EVERY_ROWS = 500;
const nextTick = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The text of a message key of the contracts (validators carry keys as plain strings). */
function say(language: Language, key: string, params: MessageParams = {}): string {
  const locale = localeOf(language);
  return hasMessage(key) ? translate(locale, key, params) : translate(locale, 'validation.invalid');
}

/** What a zod issue says, in the caller's language, with the bounds its message names. */
function describeIssue(issue: z.core.$ZodIssue, language: Language): string {
  const params: MessageParams = {};
  if (issue.code === 'too_big') params.max = Number(issue.maximum);
  if (issue.code === 'too_small') params.min = Number(issue.minimum);
  if (issue.code === 'custom' && issue.params) {
    for (const [name, value] of Object.entries(issue.params)) if (typeof value === 'string' || typeof value === 'number') params[name] = value;
  }
  return say(language, issue.message, params);
}

/** A dictionary column's names in every language (and its codes) to the code they stand for. */
function choiceLookup(choices: Readonly<Record<string, string>>): Map<string, string> {
  const lookup = new Map<string, string>();
  for (const [code, key] of Object.entries(choices)) {
    lookup.set(normalizeHeader(code), code);
    for (const locale of LOCALES) lookup.set(normalizeHeader(translate(locale, key)), code);
  }
  return lookup;
}

/** An example cell as the template of `locale` writes it. */
export function exampleText(column: ImportColumn, example: ColumnExample, locale: Locale): string | number {
  if (typeof example === 'object') return translate(locale, example.text);
  const choice = typeof example === 'string' ? column.choices?.[example] : undefined;
  return choice ? translate(locale, choice) : example;
}

const cellKey = (cell: SheetCell | undefined) => (cell === null || cell === undefined ? '' : normalizeHeader(String(cell)));

/** The example row of the template in each language, as compared (normalized cells by column key). */
function exampleRows(template: AnyImportTemplate): Map<string, string>[] {
  return LOCALES.map((locale) => {
    const cells = new Map<string, string>();
    for (const [key, column] of Object.entries(template.columns)) cells.set(key, normalizeHeader(String(exampleText(column, column.example, locale))));
    return cells;
  });
}

/**
 * Checks every data row below the header against the template: each cell (required, dictionary
 * names, the column's schema), then the row's rules, then the values that may appear once per
 * file. Every problem is reported — the cell's header as the file writes it, or no column for a
 * rule across cells — in the caller's language. The template's own example row, left in, is skipped.
 */
export async function checkRows(
  rows: readonly SheetRow[],
  header: HeaderMatch,
  template: AnyImportTemplate,
  language: Language,
  onProgress?: (checked: number, total: number) => void,
): Promise<CheckedSheet> {
  const columns = [...header.columns].map(([index, key]) => {
    const column = template.columns[key];
    if (!column) throw new Error(`unknown column ${key}`);
    return { index, key, column, written: header.written.get(key) ?? key, lookup: column.choices ? choiceLookup(column.choices) : null };
  });
  const absent = Object.keys(template.columns).filter((key) => !header.written.has(key));
  const examples = exampleRows(template);
  const firstSeen = new Map<string, Map<unknown, number>>((template.unique ?? []).map((key) => [key, new Map()]));
  const data = rows.filter((r) => r.row > header.row);
  const result: CheckedSheet = { valid: [], refused: [], total: data.length, exampleRow: null };

  for (let i = 0; i < data.length; i += 1) {
    const { row, cells } = data[i] ?? { row: 0, cells: [] };
    if (i > 0 && i % YIELD_EVERY_ROWS === 0) {
      onProgress?.(i, data.length);
      await nextTick();
    }
    if (result.exampleRow === null && examples.some((example) => columns.every((c) => cellKey(cells[c.index]) === example.get(c.key)))) {
      result.exampleRow = row;
      result.total -= 1;
      continue;
    }
    const values: Record<string, unknown> = {};
    for (const key of absent) values[key] = null;
    let ok = true;
    const refuse = (column: string | null, message: string) => {
      ok = false;
      result.refused.push({ row, column, message });
    };
    for (const { index, key, column, written, lookup } of columns) {
      const cell = cells[index] ?? null;
      if (cell === null || (typeof cell === 'string' && cell.trim() === '')) {
        if (column.required) refuse(written, say(language, 'validation.required'));
        values[key] = null;
        continue;
      }
      let input: SheetCell = cell;
      if (lookup) {
        const code = lookup.get(normalizeHeader(String(cell)));
        if (code === undefined) {
          const choices = Object.values(column.choices ?? {}).map((k) => say(language, k));
          refuse(written, say(language, 'imports.cell.choice', { choices: choices.join(', ') }));
          continue;
        }
        input = code;
      }
      const parsed = column.schema.safeParse(input);
      if (parsed.success) values[key] = parsed.data;
      else refuse(written, parsed.error.issues[0] ? describeIssue(parsed.error.issues[0], language) : say(language, 'validation.invalid'));
    }
    if (!ok) continue;
    for (const rule of template.rowRules ?? []) if (!rule.holds(values)) refuse(null, say(language, rule.message));
    if (!ok) continue;
    for (const [key, seen] of firstSeen) {
      const value = values[key];
      if (value === null || value === undefined) continue;
      const first = seen.get(value);
      if (first === undefined) seen.set(value, row);
      else refuse(header.written.get(key) ?? key, say(language, 'imports.row.duplicate', { value: String(value), first }));
    }
    if (ok) result.valid.push({ row, values });
  }
  onProgress?.(data.length, data.length);
  return result;
}
