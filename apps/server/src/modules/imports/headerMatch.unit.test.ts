import { IMPORT_KINDS, IMPORT_TEMPLATES } from '@boreline/contracts';
import { LOCALES, translate } from '@boreline/i18n';
import { describe, expect, it } from 'vitest';
import { findHeader, normalizeHeader } from './headerMatch.js';

const row = (n: number, cells: (string | null)[]) => ({ row: n, cells });

describe('import templates', () => {
  it.each(IMPORT_KINDS)('%s: no header spelling, in any of the six languages, names two columns', (kind) => {
    const owner = new Map<string, string>();
    const clashes: string[] = [];
    for (const [key, column] of Object.entries(IMPORT_TEMPLATES[kind].columns)) {
      for (const spelling of new Set([normalizeHeader(key), ...LOCALES.map((l) => normalizeHeader(translate(l, column.header)))])) {
        const other = owner.get(spelling);
        if (other && other !== key) clashes.push(`${spelling}: ${other} / ${key}`);
        owner.set(spelling, key);
      }
    }
    expect(clashes).toEqual([]);
  });
});

describe('header row', () => {
  const segments = IMPORT_TEMPLATES.stmseg;

  it('is matched in German, in any column order, unknown columns reported, whatever the case, spaces, unit or required mark', () => {
    const match = findHeader([row(1, ['Höhenabweichung', 'RINGNUMMER *', 'horizontale   abweichung (mm)', 'Prüfer'])], segments);
    expect(match?.row).toBe(1);
    expect([...(match?.columns ?? [])]).toEqual([
      [0, 'elevationDeviation'],
      [1, 'ringNo'],
      [2, 'horizontalDeviation'],
    ]);
    expect(match?.written.get('ringNo')).toBe('RINGNUMMER *');
    expect(match?.extras).toEqual(['Prüfer']);
    expect(match?.missing).toEqual([]);
  });

  it('is matched in Chinese, with full-width brackets, below a title row', () => {
    const match = findHeader([row(1, ['盾尾间隙记录']), row(2, ['环号', '上间隙（mm）', '下间隙', '左间隙', '右间隙'])], IMPORT_TEMPLATES.stmtail);
    expect(match?.row).toBe(2);
    expect([...(match?.columns.values() ?? [])]).toEqual(['ringNo', 'up', 'down', 'left', 'right']);
  });

  it('names the required columns it lacks; headers of several languages mix', () => {
    const match = findHeader([row(1, ['Ring number', 'Scostamento orizzontale'])], segments);
    expect(match?.missing).toEqual(['elevationDeviation']);
  });

  it('is not found when no row names a column', () => {
    expect(findHeader([row(1, ['a', 'b']), row(2, [null, 'c'])], segments)).toBeNull();
  });

  it('takes the first of a repeated column and reports the other', () => {
    const match = findHeader([row(1, ['Ring number', 'Numero anello', 'Horizontal deviation', 'Elevation deviation'])], segments);
    expect(match?.written.get('ringNo')).toBe('Ring number');
    expect(match?.repeated).toEqual(['Numero anello']);
  });
});

describe('cells of the templates', () => {
  const columns = IMPORT_TEMPLATES.stmseg.columns;
  const issue = (result: { success: boolean; error?: { issues: { message: string }[] } }) => (result.success ? null : result.error?.issues[0]?.message);

  it('ring numbers: whole numbers of 0 or more, typed as numbers or text', () => {
    expect(columns.ringNo.schema.safeParse(0).data).toBe(0);
    expect(columns.ringNo.schema.safeParse(' 42 ').data).toBe(42);
    expect(issue(columns.ringNo.schema.safeParse(-1))).toBe('validation.nonNegativeInteger');
    expect(issue(columns.ringNo.schema.safeParse(1.5))).toBe('validation.integer');
    expect(issue(columns.ringNo.schema.safeParse('12a'))).toBe('validation.integer');
    expect(issue(columns.ringNo.schema.safeParse(true))).toBe('validation.integer');
  });

  it('chainage: written 12+345.678 or in metres', () => {
    expect(columns.chainage.schema.safeParse('1+234.5').data).toBe(1234.5);
    expect(columns.chainage.schema.safeParse(1234.5).data).toBe(1234.5);
    expect(issue(columns.chainage.schema.safeParse('1234,5'))).toBe('validation.chainage');
  });

  it('deviations: signed whole millimetres within the limit', () => {
    expect(columns.horizontalDeviation.schema.safeParse(-12).data).toBe(-12);
    expect(issue(columns.horizontalDeviation.schema.safeParse(-2001))).toBe('imports.cell.range');
  });

  it('dates: a day the sheet holds, ISO or day first', () => {
    const date = IMPORT_TEMPLATES.stmstk.columns.date.schema;
    expect(date.safeParse('2026-11-20').data).toBe('2026-11-20');
    expect(date.safeParse('2026-11-20 00:00').data).toBe('2026-11-20');
    expect(date.safeParse('3/2/2026').data).toBe('2026-02-03');
    expect(issue(date.safeParse('2026-02-30'))).toBe('validation.date');
    expect(issue(date.safeParse('2026-11-20 08:30'))).toBe('validation.date');
    expect(issue(date.safeParse(46000))).toBe('validation.date');
  });

  it('text: numbers read as text, long text refused', () => {
    const part = IMPORT_TEMPLATES.stmstk.columns.partNumber.schema;
    expect(part.safeParse(4410).data).toBe('4410');
    expect(issue(part.safeParse('x'.repeat(51)))).toBe('validation.maxLength');
  });
});
