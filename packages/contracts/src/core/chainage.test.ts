import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatChainage, isChainage, parseChainage } from './chainage.js';

/** Metres rounded to the millimetre; `+ 0` turns -0 into 0 so toBe compares numbers, not signs of zero. */
const toMillimetre = (metres: number): number => Math.round(metres * 1000) / 1000 + 0;

describe('parseChainage', () => {
  it.each([
    ['4+219.833', 4219.833],
    ['12+345', 12345],
    ['0+000', 0],
    ['0+000.5', 0.5],
    ['0+000.05', 0.05],
    ['0+007.001', 7.001],
    ['1+000.5', 1000.5],
    ['12+345.678', 12345.678],
    ['9999+999.999', 9999999.999],
    ['10000+000', 10_000_000],
    ['12345+678.9', 12_345_678.9],
  ])('reads %s as %d metres', (text, metres) => {
    expect(parseChainage(text)).toBe(metres);
  });

  it.each([
    ['CH 1+000.5', 1000.5],
    ['DK12+345.678', 12345.678],
    ['ch1+000', 1000],
    ['ABC 7+250.25', 7250.25],
    ['  3+000.1  ', 3000.1],
  ])('keeps the line code and spaces out of the value: %s', (text, metres) => {
    expect(parseChainage(text)).toBe(metres);
  });

  it.each([
    ['-1+250.25', -1250.25],
    ['-0+100', -100],
    ['CH -0+000.5', -0.5],
    ['DK-2+000.001', -2000.001],
  ])('reads the negative chainage %s', (text, metres) => {
    expect(parseChainage(text)).toBe(metres);
  });

  it.each([
    '12+34',
    'abc',
    '1+0000',
    '',
    '   ',
    '12345',
    '12+345.',
    '12+345.6789',
    '+345',
    '12-345',
    '12+3a5',
    '12 + 345',
    '--1+000',
    'ABCD1+000',
    '1+000.5 m',
  ])('rejects %j', (text) => {
    expect(parseChainage(text)).toBeNull();
    expect(isChainage(text)).toBe(false);
  });

  it('agrees with isChainage on accepted texts', () => {
    for (const text of ['4+219.833', 'CH 1+000.5', '-1+250.25', '12+345']) {
      expect(isChainage(text)).toBe(true);
      expect(parseChainage(text)).not.toBeNull();
    }
  });
});

describe('formatChainage', () => {
  it.each([
    [4219.833, '4+219.833'],
    [12345, '12+345.000'],
    [0, '0+000.000'],
    [0.5, '0+000.500'],
    [7.001, '0+007.001'],
    [1000, '1+000.000'],
    [12345.678, '12+345.678'],
    [123456.789, '123+456.789'],
  ])('writes %d metres as %s', (metres, text) => {
    expect(formatChainage(metres)).toBe(text);
  });

  it('rounds to the millimetre', () => {
    expect(formatChainage(4219.8334)).toBe('4+219.833');
    expect(formatChainage(4219.8336)).toBe('4+219.834');
    expect(formatChainage(12.0004)).toBe('0+012.000');
  });

  it.each([
    [999.9996, 3, '1+000.000'],
    [1999.9999, 3, '2+000.000'],
    [999.96, 1, '1+000.0'],
    [999.996, 2, '1+000.00'],
    [999.5, 0, '1+000'],
    [9999.9996, 3, '10+000.000'],
    [-999.9996, 3, '-1+000.000'],
  ])('carries %d metres (%i decimals) into the next kilometre: %s', (metres, decimals, text) => {
    expect(formatChainage(metres, decimals as 0 | 1 | 2 | 3)).toBe(text);
  });

  it.each([
    [4219.833, 2, '4+219.83'],
    [4219.836, 2, '4+219.84'],
    [4219.833, 1, '4+219.8'],
    [4219.86, 1, '4+219.9'],
    [4219.833, 0, '4+220'],
    [4219.4, 0, '4+219'],
    [5.05, 1, '0+005.1'],
    [1000.04, 1, '1+000.0'],
    [12.3, 2, '0+012.30'],
  ])('rounds %d metres to %i decimals: %s', (metres, decimals, text) => {
    expect(formatChainage(metres, decimals as 0 | 1 | 2 | 3)).toBe(text);
  });

  it('writes negative chainages with a leading minus', () => {
    expect(formatChainage(-4219.833)).toBe('-4+219.833');
    expect(formatChainage(-0.5)).toBe('-0+000.500');
    expect(formatChainage(-12.34, 1)).toBe('-0+012.3');
  });

  it('never writes a negative zero', () => {
    expect(formatChainage(-0)).toBe('0+000.000');
    expect(formatChainage(-0.0004)).toBe('0+000.000');
    expect(formatChainage(-0.4, 0)).toBe('0+000');
  });

  it('writes nothing for values that are not finite', () => {
    expect(formatChainage(Number.NaN)).toBe('');
    expect(formatChainage(Number.POSITIVE_INFINITY)).toBe('');
    expect(formatChainage(Number.NEGATIVE_INFINITY)).toBe('');
  });

  it('always writes the metres as three digits and exactly the asked decimals', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1e7, max: 1e7, noNaN: true }),
        fc.constantFrom<0 | 1 | 2 | 3>(0, 1, 2, 3),
        (metres, decimals) => {
          const fraction = decimals === 0 ? '' : `\\.\\d{${decimals}}`;
          expect(formatChainage(metres, decimals)).toMatch(new RegExp(`^-?\\d+\\+\\d{3}${fraction}$`));
        },
      ),
    );
  });
});

describe('chainage round trip', () => {
  it.each(['4+219.833', '12+345.000', '0+000.500', '-1+250.250', '9999+999.999'])(
    'formats the parsed %s back to the same text',
    (text) => {
      const metres = parseChainage(text);
      expect(metres).not.toBeNull();
      expect(formatChainage(metres ?? Number.NaN)).toBe(text);
    },
  );

  it('parses a formatted value back to the metres rounded to the millimetre, for 0..1e7 m', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e7, noNaN: true }), (metres) => {
        expect(parseChainage(formatChainage(metres))).toBe(toMillimetre(metres));
      }),
      { numRuns: 2000 },
    );
  });

  it('keeps whole millimetres exactly, negative ones included', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10_000_000_000, max: 10_000_000_000 }), (millimetres) => {
        const metres = millimetres / 1000;
        expect(parseChainage(formatChainage(metres))).toBe(metres + 0);
      }),
      { numRuns: 2000 },
    );
  });

  it('round-trips the boundaries of the range', () => {
    for (const metres of [0, 0.0005, 999.9995, 999.9996, 9_999_999.999, 9_999_999.9996, 1e7]) {
      expect(parseChainage(formatChainage(metres)), String(metres)).toBe(toMillimetre(metres));
    }
  });
});
