import { describe, expect, it } from 'vitest';
import type { PeriodReport } from '../../periodApi.js';
import { totalsByShift } from './ShiftBreakdownTable.js';

type Shift = PeriodReport['shifts'][number];
const H = 3_600_000;

const shift = (date: string, shiftNo: number, shiftName: string, rings: number, leader: string): Shift => ({
  date,
  shiftNo,
  shiftName,
  start: 0,
  end: 12 * H,
  shiftRecId: 7,
  leader,
  headcount: 11,
  rings,
  metres: rings * 1.5,
  advanceMs: rings * H,
  ringBuildMs: H,
  waitingMs: 2 * H,
});

describe('shift totals of a week or month', () => {
  it('adds up all day shifts and all night shifts, in shift order, without one leader standing for all', () => {
    const rows = totalsByShift([
      shift('2026-11-16', 2, 'Night', 4, 'B. Rossi'),
      shift('2026-11-16', 1, 'Day', 5, 'A. Neri'),
      shift('2026-11-17', 1, 'Day', 6, 'C. Verdi'),
      shift('2026-11-17', 2, 'Night', 3, 'B. Rossi'),
    ]);
    expect(rows.map((r) => [r.shiftName, r.rings, r.metres, r.advanceMs / H, r.ringBuildMs / H, r.waitingMs / H, r.leader, r.headcount])).toEqual([
      ['Day', 11, 16.5, 11, 2, 4, null, null],
      ['Night', 7, 10.5, 7, 2, 4, null, null],
    ]);
  });
});
