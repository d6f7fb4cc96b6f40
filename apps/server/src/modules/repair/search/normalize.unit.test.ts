import { describe, expect, it } from 'vitest';
import { bestSnippet, indexText, markedWords, parseQuery, snippetOf, tokenize } from './normalize.js';

describe('search text normalization', () => {
  it('folds case and diacritics, writing German umlauts out', () => {
    expect(indexText('Förderschnecke VERSTOPFT')).toBe('foerderschnecke verstopft');
    expect(indexText('Foerderschnecke')).toBe('foerderschnecke');
    expect(indexText('Straße Lager Läger')).toBe('strasse lager laeger');
    expect(indexText('Perdita di pressione, guarnição, SIZINTI İşlem')).toBe('perdita di pressione guarnicao sizinti islem');
  });

  it('indexes a CJK run as overlapping bigrams with their offsets', () => {
    expect(indexText('主驱动漏油')).toBe('主驱 驱动 动漏 漏油');
    expect(tokenize('M1 主驱动漏油').map((t) => [t.term, t.start, t.end])).toEqual([
      ['m1', 0, 2],
      ['主驱', 3, 5],
      ['驱动', 4, 6],
      ['动漏', 5, 7],
      ['漏油', 6, 8],
    ]);
    // Mixed scripts split where the script changes.
    expect(indexText('3号泵leak')).toBe('3 号泵 leak');
  });

  it('queries a lone CJK character with LIKE, otherwise by tokens', () => {
    expect(parseQuery('漏')).toEqual({ terms: [], likeChars: ['漏'] });
    expect(parseQuery('漏油')).toEqual({ terms: ['漏油'], likeChars: [] });
    expect(parseQuery('油 Förderschnecke')).toEqual({ terms: ['foerderschnecke'], likeChars: [] });
  });

  it('marks matched terms by offsets in the original text, never markup', () => {
    const s = snippetOf('Die Förderschnecke war verstopft.', parseQuery('foerderschnecke'));
    expect(s.text).toBe('Die Förderschnecke war verstopft.');
    expect(s.marks).toEqual([[4, 18]]);
    expect(markedWords(s)).toEqual(['Förderschnecke']);
    const cjk = snippetOf('检查发现主驱动漏油严重', parseQuery('漏油'));
    expect(cjk.marks).toEqual([[7, 9]]);
    expect(markedWords(cjk)).toEqual(['漏油']);
    expect(snippetOf('漏油漏油', parseQuery('漏油')).marks).toEqual([[0, 4]]);
  });

  it('cuts a long text around its marks and shifts the offsets', () => {
    const text = `${'x '.repeat(200)}the seal leaked here ${'y '.repeat(200)}`;
    const s = bestSnippet(['no match here', text], parseQuery('seal leaked'));
    expect(s.text.startsWith('…')).toBe(true);
    expect(s.text.endsWith('…')).toBe(true);
    expect(s.marks.map(([a, b]) => s.text.slice(a, b))).toEqual(['seal', 'leaked']);
  });

  it('leaves out words that say nothing about a fault, in the six languages, unless nothing else is asked', () => {
    expect(parseQuery('check the face and the cutters for wear').terms).toEqual(['check', 'face', 'cutters', 'wear']);
    expect(parseQuery('Prüfung der Dichtung und des Lagers für Öl').terms).toEqual(['pruefung', 'dichtung', 'lagers', 'oel']);
    expect(parseQuery('perdita di olio della tenuta').terms).toEqual(['perdita', 'olio', 'tenuta']);
    expect(parseQuery('yağ kaçağı ve keçe için').terms).toEqual(['yag', 'kacagi', 'kece']);
    expect(parseQuery('the and').terms).toEqual(['the', 'and']);
  });
});
