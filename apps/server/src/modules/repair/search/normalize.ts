import type { repairContract } from '@boreline/contracts';

type Snippet = repairContract.Snippet;

/**
 * Text as the full-text index sees it, the same on both databases: the server splits text into
 * tokens itself and hands the index a space-separated list, so SQLite's unicode61 tokenizer and
 * PostgreSQL's 'simple' configuration only split on those spaces.
 *
 * - Letters and digits in runs; lower case; German umlauts written out (ä → ae, ö → oe, ü → ue,
 *   ß → ss) so "Förderschnecke" and "Foerderschnecke" are the same token; other diacritics folded
 *   (é → e, ç → c, ş → s, ı → i). "Lager" does not find "Läger": ä is ae, not a.
 * - Runs of CJK characters (Han, kana, Hangul) as overlapping bigrams: "主驱动漏油" is 主驱 驱动 动漏
 *   漏油, so 漏油 is a token of it. A lone CJK character stays one token; a one-character query is
 *   searched with LIKE instead (see RepairSearch).
 */

const WORD = /[\p{L}\p{N}\p{M}]+/gu;
const CJK = /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Hangul}]/u;
const UMLAUTS: Readonly<Record<string, string>> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss', ı: 'i' };

/** One word of a text (non-CJK) in its canonical form. */
export function foldWord(word: string): string {
  return word
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[äöüßı]/g, (c) => UMLAUTS[c] ?? c)
    .normalize('NFD')
    .replace(/\p{M}/gu, '');
}

/** A token of a text with where it stands in the original (UTF-16 offsets, end exclusive). */
export interface Token {
  term: string;
  start: number;
  end: number;
  cjk: boolean;
}

/** The tokens of a text in order: folded words, CJK runs as bigrams (a lone character as itself). */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const match of text.matchAll(WORD)) {
    const run = match[0];
    const base = match.index;
    // Split the run into CJK and other stretches, by code point.
    let offset = 0;
    let stretch: { cjk: boolean; chars: { c: string; at: number }[] } | null = null;
    const flush = () => {
      if (!stretch || stretch.chars.length === 0) return;
      const { chars } = stretch;
      const first = chars[0];
      const last = chars[chars.length - 1];
      if (!first || !last) return;
      if (!stretch.cjk) {
        const term = foldWord(chars.map((x) => x.c).join(''));
        if (term.length > 0) tokens.push({ term, start: first.at, end: last.at + last.c.length, cjk: false });
      } else if (chars.length === 1) {
        tokens.push({ term: first.c, start: first.at, end: first.at + first.c.length, cjk: true });
      } else {
        chars.slice(1).forEach((b, i) => {
          const a = chars[i] ?? b;
          tokens.push({ term: a.c + b.c, start: a.at, end: b.at + b.c.length, cjk: true });
        });
      }
      stretch = null;
    };
    for (const c of run) {
      const cjk = CJK.test(c);
      if (!stretch || stretch.cjk !== cjk) {
        flush();
        stretch = { cjk, chars: [] };
      }
      stretch.chars.push({ c, at: base + offset });
      offset += c.length;
    }
    flush();
  }
  return tokens;
}

/** The text as the index stores it: its tokens separated by spaces. */
export function indexText(...parts: readonly (string | null | undefined)[]): string {
  return parts
    .filter((p): p is string => typeof p === 'string' && p.length > 0)
    .map((p) => tokenize(p).map((t) => t.term).join(' '))
    .filter((p) => p.length > 0)
    .join(' ');
}

/** What a query asks the index for: distinct tokens, and the lone CJK characters searched with LIKE. */
export interface Query {
  /** Tokens for the full-text index (lone CJK characters left out when there are others). */
  terms: string[];
  /** Lone CJK characters when they are all the query has: searched with LIKE. */
  likeChars: string[];
}

/** The largest number of tokens a query sends to the index (a diagnosis from a long alarm text). */
export const QUERY_TERMS_MAX = 48;

/**
 * Words that say nothing about a fault, in the six languages (folded as the index folds them): a
 * diagnosis from an alarm's long repair suggestion would otherwise match every text by its "the"
 * and "and". A query of nothing else keeps them.
 */
const STOP_WORDS = new Set(
  [
    // en
    'a an and are as at be by for from has in into is it its of on or the to was were with',
    // it
    'al alla con da dal del della delle dei di e gli i il in la le lo nel nella per su tra un una',
    // de (umlauts folded)
    'am an auf aus bei das dem den der des die ein eine einer es fuer im in ist mit nach oder und von vor zu zum zur',
    // pt
    'ao as com da das de do dos e em na nas no nos o os ou para pela pelo por um uma',
    // tr
    'bir bu da de en gibi ile icin ve veya',
  ]
    .join(' ')
    .split(' '),
);

export function parseQuery(words: string | readonly string[]): Query {
  const text = typeof words === 'string' ? words : words.join(' ');
  const tokens = tokenize(text);
  const lone = tokens.filter((t) => t.cjk && [...t.term].length === 1).map((t) => t.term);
  const all = tokens.filter((t) => !(t.cjk && [...t.term].length === 1)).map((t) => t.term);
  const meaningful = all.filter((term) => !STOP_WORDS.has(term));
  const others = meaningful.length > 0 ? meaningful : all;
  const terms = [...new Set(others)].slice(0, QUERY_TERMS_MAX);
  return terms.length > 0 ? { terms, likeChars: [] } : { terms: [], likeChars: [...new Set(lone)] };
}

/** The characters a snippet shows at most (the whole text when shorter). */
export const SNIPPET_CHARS = 180;

/**
 * The stretch of a text with the most query terms in it, the terms marked by offsets in the
 * stretch (never markup). An ellipsis stands for text cut at either end.
 */
export function snippetOf(text: string, query: Query): Snippet & { hits: number } {
  const wanted = new Set(query.terms);
  let ranges: [number, number][] = [];
  if (query.likeChars.length > 0) {
    for (const c of query.likeChars) {
      let at = text.indexOf(c);
      while (at >= 0) {
        ranges.push([at, at + c.length]);
        at = text.indexOf(c, at + c.length);
      }
    }
  } else {
    for (const token of tokenize(text)) if (wanted.has(token.term)) ranges.push([token.start, token.end]);
  }
  ranges.sort((a, b) => a[0] - b[0]);
  // Overlapping bigrams (漏油 in 漏油油) become one mark.
  const merged: [number, number][] = [];
  for (const r of ranges) {
    const last = merged[merged.length - 1];
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
    else merged.push([r[0], r[1]]);
  }
  ranges = merged;
  const hits = ranges.length;
  if (text.length <= SNIPPET_CHARS) return { text, marks: ranges, hits };
  // The window starting a little before a mark that holds the most marks.
  let bestStart = 0;
  let bestCount = -1;
  for (const r of ranges.length > 0 ? ranges : [[0, 0] as [number, number]]) {
    const start = Math.max(0, Math.min(r[0] - 30, text.length - SNIPPET_CHARS));
    const count = ranges.filter((x) => x[0] >= start && x[1] <= start + SNIPPET_CHARS).length;
    if (count > bestCount) {
      bestCount = count;
      bestStart = start;
    }
  }
  const end = Math.min(text.length, bestStart + SNIPPET_CHARS);
  const head = bestStart > 0 ? '…' : '';
  const tail = end < text.length ? '…' : '';
  const shift = head.length - bestStart;
  const marks = ranges.filter((x) => x[0] >= bestStart && x[1] <= end).map(([a, b]): [number, number] => [a + shift, b + shift]);
  return { text: head + text.slice(bestStart, end) + tail, marks, hits };
}

/** The best snippet of several fields of a record: the one with the most marks, else the first non-empty. */
export function bestSnippet(fields: readonly (string | null | undefined)[], query: Query): Snippet {
  const texts = fields.filter((f): f is string => typeof f === 'string' && f.length > 0);
  let best: (Snippet & { hits: number }) | null = null;
  for (const text of texts) {
    const s = snippetOf(text, query);
    if (!best || s.hits > best.hits) best = s;
  }
  if (!best) return { text: '', marks: [] };
  return { text: best.text, marks: best.marks };
}

/** The query terms found in a snippet, as the text shows them (for the reason "matched …"). */
export function markedWords(snippet: Snippet): string[] {
  return [...new Set(snippet.marks.map((m) => snippet.text.slice(m[0], m[1])))];
}
