import { describe, expect, it } from 'vitest';
import { shiftOf } from './shiftOf.js';

const DAY_NIGHT = [
  { startMin: 7 * 60, endMin: 19 * 60 },
  { startMin: 19 * 60, endMin: 7 * 60 },
];

describe('the shift of an alarm', () => {
  it('is the day shift of the local date by day, and the night shift of the evening before after midnight', () => {
    // 20 November 2026 in Rome (CET, UTC+1).
    expect(shiftOf(Date.UTC(2026, 10, 20, 9), DAY_NIGHT, 'Europe/Rome')).toEqual({ date: '2026-11-20', no: 1 });
    expect(shiftOf(Date.UTC(2026, 10, 20, 18), DAY_NIGHT, 'Europe/Rome')).toEqual({ date: '2026-11-20', no: 2 });
    expect(shiftOf(Date.UTC(2026, 10, 21, 1), DAY_NIGHT, 'Europe/Rome')).toEqual({ date: '2026-11-20', no: 2 });
    // 07:00 sharp belongs to the day shift starting then.
    expect(shiftOf(Date.UTC(2026, 10, 21, 6), DAY_NIGHT, 'Europe/Rome')).toEqual({ date: '2026-11-21', no: 1 });
  });

  it('is null where the shifts leave the time uncovered', () => {
    expect(shiftOf(Date.UTC(2026, 10, 20, 3), [{ startMin: 8 * 60, endMin: 16 * 60 }], 'UTC')).toBeNull();
  });
});
