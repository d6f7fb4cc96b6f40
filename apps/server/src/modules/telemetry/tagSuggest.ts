/**
 * Suggestions of catalogue tags for a gateway's variable name, by how alike the names are once
 * normalized: split into words (separators, camelCase, letters against digits), lower case, accents
 * dropped, Chinese written as pairs of characters. A pure function of its input: the candidates
 * carry every text a tag is known by (code, PLC variable, its name in each language).
 */

export interface SuggestCandidate {
  code: string;
  unit: string;
  /** The texts the tag is known by; the best-matching one counts. */
  texts: readonly string[];
}

/** A candidate with its texts already split into words (build once per catalogue with `prepareCandidates`). */
export interface PreparedCandidate {
  code: string;
  unit: string;
  words: readonly (readonly string[])[];
}

export interface Suggestion {
  code: string;
  /** 0 to 1, rounded to two decimals. */
  score: number;
}

const HAN = /\p{Script=Han}/u;

/** The words of a name: `PLC1.ThrustGrpA_P` → plc 1 thrust grp a p; `推进速度` → 推进 进速 速度. */
export function nameWords(text: string): string[] {
  const plain = text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/ß/g, 'ss')
    .replace(/([\p{Ll}\d])(\p{Lu})/gu, '$1 $2')
    .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1 $2')
    .replace(/(\p{L})(\d)/gu, '$1 $2')
    .replace(/(\d)(\p{L})/gu, '$1 $2')
    .toLowerCase();
  const words: string[] = [];
  for (const part of plain.split(/[^\p{L}\d]+/u)) {
    if (!part) continue;
    if (!HAN.test(part)) {
      words.push(part);
      continue;
    }
    // Chinese has no spaces: a run of characters is compared by its pairs.
    const chars = [...part];
    if (chars.length === 1) words.push(part);
    for (let i = 0; i + 1 < chars.length; i += 1) words.push(`${chars[i]}${chars[i + 1]}`);
  }
  return words;
}

/** Edit distance (insert, delete, replace), with an early stop above `max`. */
export function editDistance(a: string, b: string, max = Number.POSITIVE_INFINITY): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      current.push(value);
      if (value < best) best = value;
    }
    if (best > max) return max + 1;
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/**
 * How alike two words are: 1 when equal; an abbreviation (`temp` of `temperature`, `vortrieb` of
 * `vortriebsgeschwindigkeit`) by how much of the longer word it covers; a typo by edit distance.
 * Numbers and one-letter words count only when equal.
 */
export function wordSimilarity(a: string, b: string): number {
  if (a === b) return 1;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  if (short.length < 2 || /^\d+$/.test(short) || /^\d+$/.test(long)) return 0;
  if (long.startsWith(short) && short.length >= 3) return 0.6 + (0.4 * short.length) / long.length;
  if (short.length < 4) return 0;
  // Shortened in the middle or the front, as compounds are (`gesamtkraft` of `gesamtvortriebskraft`).
  let prefix = 0;
  while (prefix < short.length && short[prefix] === long[prefix]) prefix += 1;
  let suffix = 0;
  while (suffix < short.length - prefix && short[short.length - 1 - suffix] === long[long.length - 1 - suffix]) suffix += 1;
  if (prefix + suffix === short.length) return 0.55 + (0.4 * short.length) / long.length;
  const max = Math.floor(long.length / 3);
  const distance = editDistance(a, b, max);
  return distance > max ? 0 : 1 - distance / long.length;
}

/** Two names' likeness: each word of either side matched with its best partner on the other, averaged over both sides. */
export function wordsSimilarity(a: readonly string[], b: readonly string[], similarity: (x: string, y: string) => number = wordSimilarity): number {
  if (a.length === 0 || b.length === 0) return 0;
  if (a.join('') === b.join('')) return 1;
  const bestOfB = new Array<number>(b.length).fill(0);
  let sumA = 0;
  for (const x of a) {
    let bestOfX = 0;
    for (let j = 0; j < b.length; j += 1) {
      const value = similarity(x, b[j] ?? '');
      if (value > bestOfX) bestOfX = value;
      if (value > (bestOfB[j] ?? 0)) bestOfB[j] = value;
    }
    sumA += bestOfX;
  }
  return (sumA + bestOfB.reduce((sum, v) => sum + v, 0)) / (a.length + b.length);
}

/** `wordSimilarity` remembered per word of the name asked about: a catalogue repeats its words across hundreds of tags. */
function memoized(): (x: string, y: string) => number {
  const known = new Map<string, Map<string, number>>();
  return (x, y) => {
    let row = known.get(x);
    if (!row) {
      row = new Map();
      known.set(x, row);
    }
    let value = row.get(y);
    if (value === undefined) {
      value = wordSimilarity(x, y);
      row.set(y, value);
    }
    return value;
  };
}

const unitKey = (unit: string) =>
  unit
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s·*]/g, '')
    .replace(/³/g, '3')
    .replace(/²/g, '2')
    .replace(/°/g, '');

export function prepareCandidates(candidates: readonly SuggestCandidate[]): PreparedCandidate[] {
  return candidates.map((c) => ({ code: c.code, unit: c.unit, words: c.texts.map(nameWords).filter((w) => w.length > 0) }));
}

/** Below this a tag is not worth proposing. */
export const SUGGESTION_MIN_SCORE = 0.35;

/**
 * The catalogue tags most like `rawName`, best first (ties by code), at most `limit`. A known unit
 * weighs a fifth: tags of that unit rank above equally named tags of another.
 */
export function suggestTags(rawName: string, unit: string | undefined, candidates: readonly PreparedCandidate[], limit = 5): Suggestion[] {
  const words = nameWords(rawName);
  if (words.length === 0) return [];
  // A gateway's names often carry a path (`PLC1.`, `DB12.`, `Line/`): the last part alone is tried too.
  const last = nameWords(rawName.split(/[./:\\]/).at(-1) ?? '');
  const variants = last.length > 0 && last.length < words.length ? [words, last] : [words];
  const wanted = unit ? unitKey(unit) : '';
  const similarity = memoized();
  const scored: Suggestion[] = [];
  for (const candidate of candidates) {
    let score = 0;
    for (const text of candidate.words) {
      for (const variant of variants) score = Math.max(score, wordsSimilarity(variant, text, similarity));
      if (score === 1) break;
    }
    if (wanted) score = 0.8 * score + (unitKey(candidate.unit) === wanted ? 0.2 : 0);
    if (score >= SUGGESTION_MIN_SCORE) scored.push({ code: candidate.code, score: Math.round(score * 100) / 100 });
  }
  return scored.sort((x, y) => y.score - x.score || x.code.localeCompare(y.code)).slice(0, limit);
}
