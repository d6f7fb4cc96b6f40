import { describe, expect, it } from 'vitest';
import { formatHm, formatPeriod, mondayOf, periodStart } from './reportFormat.js';

describe('report formats', () => {
  it('writes durations as h:mm, past 24 hours too', () => {
    expect(formatHm(0)).toBe('0:00');
    expect(formatHm(75 * 60_000)).toBe('1:15');
    expect(formatHm((125 * 60 + 5) * 60_000)).toBe('125:05');
    expect(formatHm(-5)).toBe('0:00');
  });

  it('cuts weeks Monday to Sunday and months at the 1st, whatever the reader’s locale', () => {
    expect(mondayOf('2026-11-29')).toBe('2026-11-23');
    expect(mondayOf('2026-11-23')).toBe('2026-11-23');
    expect(mondayOf('2026-03-01')).toBe('2026-02-23');
    expect(periodStart('month', '2026-11-25')).toBe('2026-11-01');
    expect(periodStart('day', '2026-11-25')).toBe('2026-11-25');
  });

  it('names periods in the spec’s date formats', () => {
    expect(formatPeriod('day', '2026-11-25', '2026-11-25')).toBe('25/11/2026');
    expect(formatPeriod('week', '2026-11-23', '2026-11-29')).toBe('23/11/2026 – 29/11/2026');
    expect(formatPeriod('month', '2026-11-01', '2026-11-30')).toBe('11/2026');
  });
});
