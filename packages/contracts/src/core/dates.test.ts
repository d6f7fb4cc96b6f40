import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DATE_FORMATS, type DateFormat, formatDateParts, formatInstant, zonedParts } from './dates.js';

const ROME = 'Europe/Rome';
const SHANGHAI = 'Asia/Shanghai';
const ISTANBUL = 'Europe/Istanbul';
const HOUR = 3_600_000;

const utc = (year: number, month: number, day: number, hour = 0, minute = 0, second = 0): number =>
  Date.UTC(year, month - 1, day, hour, minute, second);

type FormatName = keyof typeof DATE_FORMATS;

/** Expected texts written out by hand, per zone and format. */
const CASES: { instant: number; zone: string; expected: Record<FormatName, string> }[] = [
  // 2026-01-31 21:30:45 UTC: winter; Shanghai and Istanbul are already in February.
  {
    instant: utc(2026, 1, 31, 21, 30, 45),
    zone: ROME,
    expected: {
      dateTimeSeconds: '31/01/2026 22:30:45',
      dateTime: '31/01/2026 22:30',
      dayMonthTime: '31/01 22:30',
      date: '31/01/2026',
      monthYear: '01/2026',
      dayMonth: '31/01',
    },
  },
  {
    instant: utc(2026, 1, 31, 21, 30, 45),
    zone: SHANGHAI,
    expected: {
      dateTimeSeconds: '01/02/2026 05:30:45',
      dateTime: '01/02/2026 05:30',
      dayMonthTime: '01/02 05:30',
      date: '01/02/2026',
      monthYear: '02/2026',
      dayMonth: '01/02',
    },
  },
  {
    instant: utc(2026, 1, 31, 21, 30, 45),
    zone: ISTANBUL,
    expected: {
      dateTimeSeconds: '01/02/2026 00:30:45',
      dateTime: '01/02/2026 00:30',
      dayMonthTime: '01/02 00:30',
      date: '01/02/2026',
      monthYear: '02/2026',
      dayMonth: '01/02',
    },
  },
  // 2026-07-04 21:05:09 UTC: summer time in Rome (+2).
  {
    instant: utc(2026, 7, 4, 21, 5, 9),
    zone: ROME,
    expected: {
      dateTimeSeconds: '04/07/2026 23:05:09',
      dateTime: '04/07/2026 23:05',
      dayMonthTime: '04/07 23:05',
      date: '04/07/2026',
      monthYear: '07/2026',
      dayMonth: '04/07',
    },
  },
  {
    instant: utc(2026, 7, 4, 21, 5, 9),
    zone: SHANGHAI,
    expected: {
      dateTimeSeconds: '05/07/2026 05:05:09',
      dateTime: '05/07/2026 05:05',
      dayMonthTime: '05/07 05:05',
      date: '05/07/2026',
      monthYear: '07/2026',
      dayMonth: '05/07',
    },
  },
  {
    instant: utc(2026, 7, 4, 21, 5, 9),
    zone: ISTANBUL,
    expected: {
      dateTimeSeconds: '05/07/2026 00:05:09',
      dateTime: '05/07/2026 00:05',
      dayMonthTime: '05/07 00:05',
      date: '05/07/2026',
      monthYear: '07/2026',
      dayMonth: '05/07',
    },
  },
];

describe('formatInstant with every spec format', () => {
  it('knows the six formats of the spec', () => {
    expect(DATE_FORMATS).toEqual({
      dateTimeSeconds: 'DD/MM/YYYY HH:mm:ss',
      dateTime: 'DD/MM/YYYY HH:mm',
      dayMonthTime: 'DD/MM HH:mm',
      date: 'DD/MM/YYYY',
      monthYear: 'MM/YYYY',
      dayMonth: 'DD/MM',
    });
  });

  for (const { instant, zone, expected } of CASES) {
    for (const name of Object.keys(DATE_FORMATS) as FormatName[]) {
      it(`${new Date(instant).toISOString()} in ${zone} as ${name}`, () => {
        expect(formatInstant(instant, zone, DATE_FORMATS[name])).toBe(expected[name]);
      });
    }
  }
});

describe('formatInstant at midnight', () => {
  const seconds: DateFormat = DATE_FORMATS.dateTimeSeconds;

  it.each([
    [ROME, utc(2025, 12, 31, 23), utc(2025, 12, 31, 22, 59, 59)],
    [SHANGHAI, utc(2025, 12, 31, 16), utc(2025, 12, 31, 15, 59, 59)],
    [ISTANBUL, utc(2025, 12, 31, 21), utc(2025, 12, 31, 20, 59, 59)],
  ])('turns the year at local midnight in %s', (zone, midnight, before) => {
    expect(formatInstant(before, zone, seconds)).toBe('31/12/2025 23:59:59');
    expect(formatInstant(midnight, zone, seconds)).toBe('01/01/2026 00:00:00');
    expect(formatInstant(midnight, zone, DATE_FORMATS.monthYear)).toBe('01/2026');
  });

  it('writes midnight as 00, never 24', () => {
    expect(formatInstant(utc(2024, 2, 28, 21), ISTANBUL, seconds)).toBe('29/02/2024 00:00:00');
    expect(formatInstant(utc(2026, 2, 28, 16), SHANGHAI, DATE_FORMATS.dayMonthTime)).toBe('01/03 00:00');
    expect(formatInstant(utc(2026, 5, 31, 22), ROME, DATE_FORMATS.dateTime)).toBe('01/06/2026 00:00');
    for (const zone of [ROME, SHANGHAI, ISTANBUL]) {
      for (let t = utc(2026, 3, 27); t < utc(2026, 3, 31); t += HOUR / 4) {
        const { hour } = zonedParts(t, zone);
        expect(hour, `${zone} ${new Date(t).toISOString()}`).toBeGreaterThanOrEqual(0);
        expect(hour, `${zone} ${new Date(t).toISOString()}`).toBeLessThanOrEqual(23);
      }
    }
  });
});

describe('formatInstant across daylight saving changes', () => {
  const seconds = DATE_FORMATS.dateTimeSeconds;

  it('skips 02:00-03:00 in Rome on 2026-03-29', () => {
    expect(formatInstant(utc(2026, 3, 28, 23), ROME, seconds)).toBe('29/03/2026 00:00:00');
    expect(formatInstant(utc(2026, 3, 29, 0, 59, 59), ROME, seconds)).toBe('29/03/2026 01:59:59');
    expect(formatInstant(utc(2026, 3, 29, 1), ROME, seconds)).toBe('29/03/2026 03:00:00');
    expect(formatInstant(utc(2026, 3, 29, 22), ROME, seconds)).toBe('30/03/2026 00:00:00');
  });

  it('has a 23-hour day in Rome on 2026-03-29', () => {
    let first = Number.NaN;
    let last = Number.NaN;
    for (let t = utc(2026, 3, 28, 12); t < utc(2026, 3, 30, 12); t += HOUR) {
      if (formatInstant(t, ROME, DATE_FORMATS.date) !== '29/03/2026') continue;
      if (Number.isNaN(first)) first = t;
      last = t;
    }
    expect((last - first) / HOUR + 1).toBe(23);
  });

  it('repeats 02:00-03:00 in Rome on 2026-10-25', () => {
    expect(formatInstant(utc(2026, 10, 24, 22), ROME, seconds)).toBe('25/10/2026 00:00:00');
    expect(formatInstant(utc(2026, 10, 25, 0, 30), ROME, seconds)).toBe('25/10/2026 02:30:00');
    expect(formatInstant(utc(2026, 10, 25, 1, 30), ROME, seconds)).toBe('25/10/2026 02:30:00');
    expect(formatInstant(utc(2026, 10, 25, 23), ROME, seconds)).toBe('26/10/2026 00:00:00');
  });

  it('keeps Shanghai and Istanbul on their fixed offsets across the Rome change', () => {
    expect(formatInstant(utc(2026, 3, 29, 0, 59, 59), SHANGHAI, seconds)).toBe('29/03/2026 08:59:59');
    expect(formatInstant(utc(2026, 3, 29, 1), SHANGHAI, seconds)).toBe('29/03/2026 09:00:00');
    expect(formatInstant(utc(2026, 3, 29, 0, 59, 59), ISTANBUL, seconds)).toBe('29/03/2026 03:59:59');
    expect(formatInstant(utc(2026, 3, 29, 1), ISTANBUL, seconds)).toBe('29/03/2026 04:00:00');
  });

  it('matches offsets computed from the rules: +8 Shanghai, +3 Istanbul, EU summer time in Rome', () => {
    const lastSundayAtOneUtc = (year: number, month: number): number => {
      const lastDay = new Date(Date.UTC(year, month, 0));
      return utc(year, month, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
    };
    const romeOffsetHours = (t: number): number => {
      const year = new Date(t).getUTCFullYear();
      return t >= lastSundayAtOneUtc(year, 3) && t < lastSundayAtOneUtc(year, 10) ? 2 : 1;
    };
    const shifted = (t: number, hours: number): string => {
      const d = new Date(t + hours * HOUR);
      return formatDateParts(
        {
          year: d.getUTCFullYear(),
          month: d.getUTCMonth() + 1,
          day: d.getUTCDate(),
          hour: d.getUTCHours(),
          minute: d.getUTCMinutes(),
          second: d.getUTCSeconds(),
        },
        seconds,
      );
    };
    fc.assert(
      fc.property(fc.integer({ min: utc(2017, 1, 1), max: utc(2037, 12, 31) }), (t) => {
        expect(formatInstant(t, SHANGHAI, seconds)).toBe(shifted(t, 8));
        expect(formatInstant(t, ISTANBUL, seconds)).toBe(shifted(t, 3));
        expect(formatInstant(t, ROME, seconds)).toBe(shifted(t, romeOffsetHours(t)));
      }),
      { numRuns: 500 },
    );
  });
});

describe('formatDateParts', () => {
  const early = { year: 5, month: 1, day: 2, hour: 3, minute: 4, second: 6 };

  it.each([
    ['dateTimeSeconds', '02/01/0005 03:04:06'],
    ['dateTime', '02/01/0005 03:04'],
    ['dayMonthTime', '02/01 03:04'],
    ['date', '02/01/0005'],
    ['monthYear', '01/0005'],
    ['dayMonth', '02/01'],
  ] as const)('pads every field in %s', (name, text) => {
    expect(formatDateParts(early, DATE_FORMATS[name])).toBe(text);
  });

  it('leaves two-digit fields and four-digit years as they are', () => {
    const late = { year: 2026, month: 12, day: 31, hour: 23, minute: 59, second: 58 };
    expect(formatDateParts(late, DATE_FORMATS.dateTimeSeconds)).toBe('31/12/2026 23:59:58');
  });

  it('tells months (MM) from minutes (mm)', () => {
    const parts = { year: 2026, month: 3, day: 9, hour: 14, minute: 7, second: 0 };
    expect(formatDateParts(parts, DATE_FORMATS.dayMonthTime)).toBe('09/03 14:07');
    expect(formatDateParts(parts, DATE_FORMATS.monthYear)).toBe('03/2026');
  });
});
