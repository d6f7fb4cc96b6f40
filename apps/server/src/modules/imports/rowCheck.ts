import type { AnyImportTemplate, ColumnExample, ImportColumn, Language } from '@boreline/contracts';
import type { importsContract } from '@boreline/contracts';
import { hasMessage, LOCALES, type Locale, type MessageParams, translate } from '@boreline/i18n';
import type { z } from 'zod';
import { localeOf } from '../../core/i18n.js';
import type { RowBatch, SheetCell, SheetRow } from '../../core/spreadsheet/protocol.js';
import { findHeader, HEADER_SEARCH_ROWS, type HeaderMatch, normalizeHeader } from './headerMatch.js';

type Refusal = importsContract.ImportRefusal;

/** A row that passed every check, with its sheet row number for the module's own messages. */
export interface CheckedRow {
  row: number;
  values: Record<string, unknown>;
}

export interface CheckedSheet {
  /** Rows that passed (kept only when they are to be written). */
  valid: CheckedRow[];
  validCount: number;
  /** Every refused cell and row, in sheet order. */
  refused: Refusal[];
  /** Data rows below the header (the example row left out). */
  total: number;
  /** The sheet row of the template's example, when it was left in and skipped. */
  exampleRow: number | null;
}

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

interface CheckedColumn {
  index: number;
  key: string;
  column: ImportColumn;
  /** The header as the file writes it. */
  written: string;
  /** Dictionary names to codes, for columns taking one. */
  lookup: Map<string, string> | null;
  /** Outcomes of cells already seen (`CellMemo`). */
  memo: Map<SheetCell, Outcome>;
}

type Outcome = { ok: true; value: unknown } | { ok: false; message: string };

/**
 * Distinct cells a column remembers the outcome of. Sheets repeat most cells (a segment type, a
 * ring width, a unit, a date), and the schemas are pure: a cell seen before needs no second parse.
 * Only outcomes that are plain values are kept (one object must not end up in two rows).
 */
const MEMO_CELLS = 512;

/**
 * One row against the template: each cell (required, dictionary names, the column's schema), then
 * the row's rules, then the values that may appear once per file. Every problem is reported — the
 * cell's header as the file writes it, or no column for a rule across cells — in the caller's
 * language. The template's own example row, left in, is skipped.
 */
class RowChecker {
  private readonly columns: CheckedColumn[];
  private readonly absent: string[];
  private readonly examples: Map<string, string>[];
  /** The first column's example cell in every language: most rows are told apart from the example by it alone. */
  private readonly exampleFirst: Set<string>;
  private readonly firstSeen: Map<string, Map<unknown, number>>;

  constructor(
    private readonly header: HeaderMatch,
    private readonly template: AnyImportTemplate,
    private readonly language: Language,
    private readonly keepRows: boolean,
  ) {
    this.columns = [...header.columns].map(([index, key]) => {
      const column = template.columns[key];
      if (!column) throw new Error(`unknown column ${key}`);
      return { index, key, column, written: header.written.get(key) ?? key, lookup: column.choices ? choiceLookup(column.choices) : null, memo: new Map() };
    });
    this.absent = Object.keys(template.columns).filter((key) => !header.written.has(key));
    this.examples = exampleRows(template);
    const first = this.columns[0];
    this.exampleFirst = new Set(first ? this.examples.map((e) => e.get(first.key) ?? '') : []);
    this.firstSeen = new Map((template.unique ?? []).map((key) => [key, new Map()]));
  }

  private isExample(cells: readonly SheetCell[]): boolean {
    const first = this.columns[0];
    if (!first || !this.exampleFirst.has(cellKey(cells[first.index]))) return false;
    return this.examples.some((example) => this.columns.every((c) => cellKey(cells[c.index]) === example.get(c.key)));
  }

  /** What a non-empty cell of a column becomes: its value, or the message refusing it. */
  private outcome(checked: CheckedColumn, cell: Exclude<SheetCell, null>): Outcome {
    const known = checked.memo.get(cell);
    if (known) return known;
    const { column, lookup } = checked;
    let outcome: Outcome;
    const code = lookup ? lookup.get(normalizeHeader(String(cell))) : undefined;
    if (lookup && code === undefined) {
      const choices = Object.values(column.choices ?? {}).map((k) => say(this.language, k));
      outcome = { ok: false, message: say(this.language, 'imports.cell.choice', { choices: choices.join(', ') }) };
    } else {
      const parsed = column.schema.safeParse(code ?? cell);
      const issue = parsed.error?.issues[0];
      outcome = parsed.success ? { ok: true, value: parsed.data } : { ok: false, message: issue ? describeIssue(issue, this.language) : say(this.language, 'validation.invalid') };
    }
    const plain = !outcome.ok || outcome.value === null || typeof outcome.value !== 'object';
    if (plain && checked.memo.size < MEMO_CELLS) checked.memo.set(cell, outcome);
    return outcome;
  }

  /** Checks one row into `result`; allocates the row's values and its refusals. */
  check({ row, cells }: SheetRow, result: CheckedSheet): void {
    const { language } = this;
    if (result.exampleRow === null && this.isExample(cells)) {
      result.exampleRow = row;
      return;
    }
    result.total += 1;
    const refusedBefore = result.refused.length;
    const values: Record<string, unknown> = {};
    for (const key of this.absent) values[key] = null;
    for (const checked of this.columns) {
      const { key, column, written } = checked;
      const cell = cells[checked.index] ?? null;
      values[key] = null;
      // The reader gives text trimmed, and empty text as null.
      if (cell === null) {
        if (column.required) result.refused.push({ row, column: written, message: say(language, 'validation.required') });
        continue;
      }
      const outcome = this.outcome(checked, cell);
      if (outcome.ok) values[key] = outcome.value;
      else result.refused.push({ row, column: written, message: outcome.message });
    }
    if (result.refused.length > refusedBefore) return;
    for (const rule of this.template.rowRules ?? []) if (!rule.holds(values)) result.refused.push({ row, column: null, message: say(language, rule.message) });
    if (result.refused.length > refusedBefore) return;
    for (const [key, seen] of this.firstSeen) {
      const value = values[key];
      if (value === null || value === undefined) continue;
      const first = seen.get(value);
      if (first === undefined) seen.set(value, row);
      else result.refused.push({ row, column: this.header.written.get(key) ?? key, message: say(language, 'imports.row.duplicate', { value: String(value), first }) });
    }
    if (result.refused.length > refusedBefore) return;
    result.validCount += 1;
    if (this.keepRows) result.valid.push({ row, values });
  }
}

/** Checking hands the event loop back after this long, so other requests wait no longer. */
const SLICE_MS = 4;

/**
 * A sheet's check while the reader still reads it: rows arrive in batches; the header row is
 * found among the first rows (`findHeader`), then every later row is checked, in slices of a few
 * milliseconds with returns to the event loop between them. Checking here and parsing in the
 * worker run side by side.
 */
export class SheetCheck {
  private head: SheetRow[] = [];
  /** Batches waiting, parsed when their turn comes; the header's own rows come first, parsed. */
  private readonly queue: (RowBatch | SheetRow[])[] = [];
  private checker: RowChecker | null = null;
  private decided = false;
  private running: Promise<void> | null = null;
  private header: HeaderMatch | null = null;
  private checked = 0;
  private readonly result: CheckedSheet = { valid: [], validCount: 0, refused: [], total: 0, exampleRow: null };

  constructor(
    private readonly template: AnyImportTemplate,
    private readonly language: Language,
    /** False for a dry run: valid rows are counted, not kept. */
    private readonly keepRows: boolean,
    /** Rows checked so far, now and then. */
    private readonly onProgress?: (checked: number) => void,
  ) {}

  push(batch: RowBatch): void {
    if (this.decided) this.queue.push(batch);
    else {
      this.head.push(...batch.rows());
      if (this.head.length >= HEADER_SEARCH_ROWS) this.decide();
    }
    this.kick();
  }

  /** Once every row is pushed: the header row found (null: none) and the rows checked. */
  async finish(): Promise<{ header: HeaderMatch | null; checked: CheckedSheet }> {
    if (!this.decided) this.decide();
    this.kick();
    while (this.running) await this.running;
    return { header: this.header, checked: this.result };
  }

  /** The reader refused the file: rows still waiting are dropped unchecked. */
  cancel(): void {
    this.decided = true;
    this.checker = null;
    this.queue.length = 0;
    this.head = [];
  }

  private decide(): void {
    this.decided = true;
    this.header = findHeader(this.head, this.template);
    const header = this.header;
    // Without every required column, no row is worth checking: the file is refused as a whole.
    if (header && header.missing.length === 0) {
      this.checker = new RowChecker(header, this.template, this.language, this.keepRows);
      this.queue.unshift(this.head.filter((r) => r.row > header.row));
    }
    this.head = [];
  }

  private kick(): void {
    if (this.running || !this.decided) return;
    this.running = this.drain().finally(() => {
      this.running = null;
      if (this.queue.length > 0) this.kick();
    });
  }

  private async drain(): Promise<void> {
    let slice = performance.now();
    for (let batch = this.queue.shift(); batch; batch = this.queue.shift()) {
      if (!this.checker) continue;
      for (const row of Array.isArray(batch) ? batch : batch.rows()) {
        // Cancelled while this slice waited its turn.
        if (!this.checker) return;
        this.checker.check(row, this.result);
        this.checked += 1;
        if ((this.checked & 31) === 0 && performance.now() - slice > SLICE_MS) {
          this.onProgress?.(this.checked);
          await nextTick();
          slice = performance.now();
        }
      }
    }
    this.onProgress?.(this.checked);
  }
}
