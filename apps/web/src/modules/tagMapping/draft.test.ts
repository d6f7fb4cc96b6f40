import { tagCatalogue } from '@boreline/contracts';
import { describe, expect, it } from 'vitest';
import { isDirty, mergeRows, newRow, parseMappingLines, rowsOf } from './draft.js';

const epb = tagCatalogue('epb');

describe('pasted and CSV mapping lines', () => {
  it('reads tab, semicolon and comma lines, quoted cells, a BOM, and tags given by PLC variable', () => {
    const text = '\uFEFFrawName,tagCode\r\n"PLC1.A;B",thrust.totalThrust\r\nPLC1.X\tDB10.AdvSpeed\n\nPLC1.Y;cutterhead.speed;extra\n';
    expect(parseMappingLines(text, epb)).toEqual({
      rows: [
        { rawName: 'PLC1.A;B', tagCode: 'thrust.totalThrust' },
        { rawName: 'PLC1.X', tagCode: 'thrust.advanceSpeed' },
        { rawName: 'PLC1.Y', tagCode: 'cutterhead.speed' },
      ],
      problems: [],
    });
  });

  it('reports lines without a separator, with an unknown tag, or without a name', () => {
    expect(parseMappingLines('only a name\nX;thrust.noSuch\n;thrust.totalThrust', epb).problems).toEqual([
      { line: 1, reason: 'noSeparator', text: 'only a name' },
      { line: 2, reason: 'unknownTag', text: 'thrust.noSuch' },
      { line: 3, reason: 'noSeparator', text: ';thrust.totalThrust' },
    ]);
  });
});

describe('the draft', () => {
  it('merges added rows by name and tells whether it differs from what is saved', () => {
    const saved = [{ rawName: 'A', tagCode: 'thrust.totalThrust' }];
    const rows = rowsOf(saved);
    expect(isDirty(rows, saved)).toBe(false);
    const merged = mergeRows(rows, [{ rawName: 'A', tagCode: 'cutterhead.speed' }, { rawName: 'B', tagCode: null }]);
    expect(merged.map((r) => [r.rawName, r.tagCode, r.saved ?? false])).toEqual([
      ['A', 'cutterhead.speed', true],
      ['B', null, false],
    ]);
    expect(isDirty(merged, saved)).toBe(true);
    expect(newRow().key).not.toBe(newRow().key);
  });
});
