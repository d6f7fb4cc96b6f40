import { describe, expect, it } from 'vitest';
import { formatPeriod, periodStart } from './reportFormat.js';

describe('report formats', () => {
  it('starts weeks on Monday and months at the 1st, whatever the reader’s locale', () => {
    expect(periodStart('week', '2026-11-29')).toBe('2026-11-23');
    expect(periodStart('month', '2026-11-25')).toBe('2026-11-01');
    expect(periodStart('day', '2026-11-25')).toBe('2026-11-25');
  });

  it('names periods in the spec’s date formats', () => {
    expect(formatPeriod('day', '2026-11-25', '2026-11-25')).toBe('25/11/2026');
    expect(formatPeriod('week', '2026-11-23', '2026-11-29')).toBe('23/11/2026 – 29/11/2026');
    expect(formatPeriod('month', '2026-11-01', '2026-11-30')).toBe('11/2026');
  });
});
