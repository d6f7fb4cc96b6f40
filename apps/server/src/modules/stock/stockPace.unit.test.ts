import { describe, expect, it } from 'vitest';
import { daysBetween, excavatedVolume, leadTimeOf, median, paceOf, per100m3, perUnit, shiftDate, stdDev } from './stockPace.js';

describe('stock pace arithmetic', () => {
  it('counts local days across month ends and leap days', () => {
    expect(daysBetween('2026-11-20', '2026-11-20')).toBe(0);
    expect(daysBetween('2026-10-30', '2026-11-02')).toBe(3);
    expect(daysBetween('2028-02-28', '2028-03-01')).toBe(2);
    expect(daysBetween('2026-11-02', '2026-10-30')).toBe(-3);
    expect(shiftDate('2026-11-26', -20)).toBe('2026-11-06');
  });

  it('σ of a constant series is 0; σ of 0,0,3,3 is 1.5 (population)', () => {
    expect(stdDev([2, 2, 2, 2])).toBe(0);
    expect(stdDev([0, 0, 3, 3])).toBe(1.5);
    expect(stdDev([])).toBe(0);
  });

  it('takes the median of odd and even counts, null of none', () => {
    expect(median([9, 1, 5])).toBe(5);
    expect(median([10, 2, 4, 6])).toBe(5);
    expect(median([])).toBeNull();
  });

  it('learns the lead time from the stock-ins only when the part has none', () => {
    const ins = [
      { date: '2026-11-10', reorderDate: '2026-11-03' },
      { date: '2026-11-20', reorderDate: '2026-11-11' },
      { date: '2026-11-25', reorderDate: null },
    ];
    expect(leadTimeOf(14, ins)).toBe(14);
    // 7 and 9 days: median 8.
    expect(leadTimeOf(null, ins)).toBe(8);
    expect(leadTimeOf(null, [{ date: '2026-11-25', reorderDate: null }])).toBeNull();
  });

  it('normalises by work and refuses a zero or unknown divisor', () => {
    expect(perUnit(12, 4)).toBe(3);
    expect(perUnit(12, 0)).toBeNull();
    expect(perUnit(12, null)).toBeNull();
    // 6 m of a 6 m bore: 6 × π × 9 = 169.646 m³.
    expect(excavatedVolume(6, 6)).toBe(169.646);
    expect(excavatedVolume(6, null)).toBeNull();
    expect(per100m3(10, 200)).toBe(5);
    expect(per100m3(10, null)).toBeNull();
  });

  it('computes days of cover and the suggested line on a hand-checked case', () => {
    // Four days: 0, 0, 3, 3 used (6), 12 rings built, stock 9, lead time 4 days, 5 rings a day planned.
    const pace = paceOf({ dailyUse: [0, 0, 3, 3], rings: 12, stock: 9, leadTime: 4, plannedRingsPerDay: 5, z: 1.65 });
    expect(pace.perDay).toBe(1.5);
    expect(pace.perRing).toBe(0.5);
    // 9 / 1.5 per day.
    expect(pace.daysOfCover).toBe(6);
    // 0.5 per ring × 5 rings a day × 4 days + 1.65 × 1.5 × √4 = 10 + 4.95.
    expect(pace.suggestedLine).toBe(14.95);
  });

  it('uses the window’s own rings per day without a plan, and use per day without rings', () => {
    // Constant use: σ 0, so the line is the demand over the lead time only; 12 rings over 4 days = 3 a day.
    expect(paceOf({ dailyUse: [2, 2, 2, 2], rings: 12, stock: 4, leadTime: 3, plannedRingsPerDay: null, z: 1.65 }).suggestedLine).toBe(6);
    const standstill = paceOf({ dailyUse: [2, 2, 2, 2], rings: 0, stock: 4, leadTime: 3, plannedRingsPerDay: 5, z: 1.65 });
    expect(standstill.perRing).toBeNull();
    expect(standstill.suggestedLine).toBe(6);
  });

  it('suggests nothing without use or without a lead time, and no cover without use', () => {
    const idle = paceOf({ dailyUse: [0, 0, 0], rings: 9, stock: 5, leadTime: 4, plannedRingsPerDay: 3, z: 1.65 });
    expect(idle).toEqual({ perDay: 0, perRing: null, daysOfCover: null, suggestedLine: null });
    expect(paceOf({ dailyUse: [1, 1], rings: 2, stock: 5, leadTime: null, plannedRingsPerDay: 3, z: 1.65 }).suggestedLine).toBeNull();
  });
});
