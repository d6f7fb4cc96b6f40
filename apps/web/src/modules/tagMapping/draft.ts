import type { TagDef } from '@boreline/contracts';

/** A row of the mappings being edited; `tagCode` null until a tag is chosen. */
export interface DraftRow {
  key: string;
  rawName: string;
  tagCode: string | null;
  /** The row shows a saved mapping (removing it is asked about). */
  saved?: boolean;
}

export interface LineProblem {
  line: number;
  reason: 'noSeparator' | 'unknownTag';
  text: string;
}

let nextKey = 0;
export const newRow = (rawName = '', tagCode: string | null = null, saved = false): DraftRow => {
  nextKey += 1;
  return { key: `row-${nextKey}`, rawName, tagCode, ...(saved ? { saved } : {}) };
};

/** The saved mappings as rows to edit. */
export const rowsOf = (saved: readonly { rawName: string; tagCode: string }[]): DraftRow[] => saved.map((m) => newRow(m.rawName, m.tagCode, true));

const unquote = (cell: string) => {
  const trimmed = cell.trim();
  return trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"') ? trimmed.slice(1, -1).replace(/""/g, '"').trim() : trimmed;
};

/** The cells of a line split at its separator outside quotes: a tab, else a semicolon, else a comma; null without one. */
function splitCells(line: string): string[] | null {
  const outside = (separator: string) => {
    const cells: string[] = [];
    let quoted = false;
    let start = 0;
    for (let i = 0; i < line.length; i += 1) {
      if (line[i] === '"') quoted = !quoted;
      else if (!quoted && line[i] === separator) {
        cells.push(line.slice(start, i));
        start = i + 1;
      }
    }
    cells.push(line.slice(start));
    return cells;
  };
  for (const separator of ['\t', ';', ',']) {
    const cells = outside(separator);
    if (cells.length > 1) return cells;
  }
  return null;
}

/**
 * Lines of `rawName<TAB or ; or ,>tag` (copied from a spreadsheet, or a CSV file): the first tab
 * separates, else the first semicolon, else the first comma. The tag may be given by its code or by
 * the catalogue's PLC variable. A first line whose tag is no tag at all is taken for a header row.
 */
export function parseMappingLines(text: string, catalogue: readonly TagDef[]): { rows: { rawName: string; tagCode: string }[]; problems: LineProblem[] } {
  const byCode = new Map(catalogue.map((tag) => [tag.code, tag.code]));
  for (const tag of catalogue) if (!byCode.has(tag.plcVar)) byCode.set(tag.plcVar, tag.code);
  const rows: { rawName: string; tagCode: string }[] = [];
  const problems: LineProblem[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.replace(/^\uFEFF/, '');
    if (!line.trim()) return;
    const cells = splitCells(line);
    if (!cells) {
      problems.push({ line: index + 1, reason: 'noSeparator', text: line.trim() });
      return;
    }
    const rawName = unquote(cells[0] ?? '');
    const tagCell = unquote(cells[1] ?? '');
    const tagCode = byCode.get(tagCell);
    if (!tagCode) {
      const header = index === 0 && !tagCell.includes('.');
      if (!header) problems.push({ line: index + 1, reason: 'unknownTag', text: tagCell });
      return;
    }
    if (!rawName) {
      problems.push({ line: index + 1, reason: 'noSeparator', text: line.trim() });
      return;
    }
    rows.push({ rawName, tagCode });
  });
  return { rows, problems };
}

/** Rows added to the draft: a name already in it takes the new tag, a new name is appended. */
export function mergeRows(draft: readonly DraftRow[], added: readonly { rawName: string; tagCode: string | null }[]): DraftRow[] {
  const next = [...draft];
  for (const row of added) {
    const at = next.findIndex((r) => r.rawName.trim() === row.rawName);
    if (at >= 0) {
      const known = next[at];
      if (known && row.tagCode !== null) next[at] = { ...known, tagCode: row.tagCode };
    } else next.push(newRow(row.rawName, row.tagCode));
  }
  return next;
}

/** Whether the draft differs from what is saved (order aside). */
export function isDirty(draft: readonly DraftRow[], saved: readonly { rawName: string; tagCode: string }[]): boolean {
  if (draft.length !== saved.length) return true;
  const byName = new Map(saved.map((m) => [m.rawName, m.tagCode]));
  return draft.some((r) => byName.get(r.rawName.trim()) !== r.tagCode);
}
