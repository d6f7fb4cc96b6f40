import type { repairContract } from '@boreline/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

type Snippet = repairContract.Snippet;

/** One repair found for words: its id, how well it matched (higher first) and the stretch that matched. */
export interface RepairHit {
  id: number;
  score: number;
  snippet: Snippet;
}

/**
 * Finds repairs of some runs by words. The repair module asks it for `page` and `casePage`
 * keywords; the search part of the module (full text on both databases) implements it, and until
 * it is wired the module uses `LikeRepairFinder` below. `runIds` are already the runs the reader
 * may see: a finder never widens them.
 */
export interface RepairFinder {
  find(runIds: readonly number[], words: string, opts: { publishedOnly: boolean }): Promise<RepairHit[]>;
}

/** The words of a query: split on blanks, lower-cased, de-duplicated (at most 10). */
export const wordsOf = (query: string): string[] => [...new Set(query.toLowerCase().split(/\s+/u).filter((w) => w.length > 0))].slice(0, 10);

const SNIPPET_CHARS = 160;

/** A stretch of `text` around the first matched word, with every word's occurrences in it marked. */
export function snippetOf(text: string, words: readonly string[]): Snippet {
  const lower = text.toLowerCase();
  const first = Math.min(...words.map((w) => lower.indexOf(w)).filter((i) => i >= 0), Number.POSITIVE_INFINITY);
  const start = Number.isFinite(first) ? Math.max(0, first - 40) : 0;
  const piece = text.slice(start, start + SNIPPET_CHARS);
  const low = piece.toLowerCase();
  const marks: [number, number][] = [];
  for (const word of words) {
    for (let at = low.indexOf(word); at >= 0; at = low.indexOf(word, at + word.length)) marks.push([at, at + word.length]);
  }
  marks.sort((a, b) => a[0] - b[0]);
  // Overlapping marks (a word inside another) merge into one.
  const merged: [number, number][] = [];
  for (const mark of marks) {
    const last = merged[merged.length - 1];
    if (last && mark[0] <= last[1]) last[1] = Math.max(last[1], mark[1]);
    else merged.push([mark[0], mark[1]]);
  }
  return { text: piece, marks: merged };
}

const FIELDS = ['title', 'description', 'cause', 'result', 'system', 'component'] as const;
/** Weight of a word found in each field: the title and the cause say most about a fault. */
const WEIGHT: Record<(typeof FIELDS)[number], number> = { title: 3, description: 1, cause: 2, result: 1, system: 1, component: 1 };

/**
 * The fallback finder: every word must occur (case-insensitive substring, so two Chinese characters
 * find a longer term) in one of the repair's texts; scored by where the words occur. The texts are
 * compared in JavaScript, whose lower-casing knows every alphabet (SQLite's `lower` knows ASCII
 * only: "Überhitzung" would miss "überhitzung"). No index: good for a run's few hundred repairs, not
 * for the case base at scale (the full-text finder replaces it).
 */
export class LikeRepairFinder implements RepairFinder {
  constructor(private readonly db: Kysely<Database>) {}

  async find(runIds: readonly number[], words: string, opts: { publishedOnly: boolean }): Promise<RepairHit[]> {
    const terms = wordsOf(words);
    if (runIds.length === 0 || terms.length === 0) return [];
    let query = this.db
      .selectFrom('repair_records')
      .select(['id', 'title', 'description', 'cause', 'result', 'system', 'component'])
      .where('run_id', 'in', [...runIds]);
    if (opts.publishedOnly) query = query.where('case_state', '=', 'published');
    const rows = (await query.execute()).filter((row) => {
      const all = FIELDS.map((f) => row[f] ?? '')
        .join('\n')
        .toLowerCase();
      return terms.every((term) => all.includes(term));
    });
    return rows
      .map((row) => {
        let score = 0;
        for (const field of FIELDS) {
          const text = (row[field] ?? '').toLowerCase();
          for (const term of terms) if (text.includes(term)) score += WEIGHT[field];
        }
        const where = [row.title, row.description, row.cause ?? '', row.result ?? ''].find((text) => terms.some((term) => text.toLowerCase().includes(term))) ?? row.description;
        return { id: row.id, score, snippet: snippetOf(where, terms) };
      })
      .sort((a, b) => b.score - a.score || b.id - a.id);
  }
}
