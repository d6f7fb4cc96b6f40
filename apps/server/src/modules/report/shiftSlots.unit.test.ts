import { describe, expect, it } from 'vitest';
import { presentSlot, shiftDefinitions, slotOf, slotsOfDate, wallClock } from './shiftSlots.js';

const H = 3_600_000;
const ROME = 'Europe/Rome';
const defaults = shiftDefinitions([], 'en_US');

describe('shiftDefinitions', () => {
  it('offers the two translated 12-hour defaults until the run saves its own', () => {
    expect(defaults).toEqual([
      { shiftId: null, name: 'Day shift', startMin: 420, endMin: 1140 },
      { shiftId: null, name: 'Night shift', startMin: 1140, endMin: 420 },
    ]);
    expect(shiftDefinitions([], 'zh_CN').map((d) => d.name)).toEqual(['白班', '夜班']);
    expect(shiftDefinitions([{ id: 4, name: 'Early', start_min: 360, end_min: 840 }], 'en_US')).toEqual([{ shiftId: 4, name: 'Early', startMin: 360, endMin: 840 }]);
  });
});

describe('slotOf', () => {
  it('puts a night shift on the date it starts on and ends it the next morning', () => {
    const night = slotOf(defaults, '2026-11-23', 2, ROME);
    expect(night).toMatchObject({ date: '2026-11-23', shiftNo: 2, shiftName: 'Night shift', start: Date.UTC(2026, 10, 23, 18), end: Date.UTC(2026, 10, 24, 6) });
  });

  it('cuts the night over the spring-forward to 11 h and over the fall-back to 13 h', () => {
    const spring = slotOf(defaults, '2026-03-28', 2, ROME);
    const autumn = slotOf(defaults, '2026-10-24', 2, ROME);
    expect(spring && spring.end - spring.start).toBe(11 * H);
    expect(autumn && autumn.end - autumn.start).toBe(13 * H);
    expect(spring && [wallClock(spring.start, ROME), wallClock(spring.end, ROME)]).toEqual(['19:00', '07:00']);
  });

  it('has no shift 3 when the run has two, and lists the shifts of a date in order', () => {
    expect(slotOf(defaults, '2026-11-23', 3, ROME)).toBeNull();
    expect(slotsOfDate(defaults, '2026-11-23', ROME).map((s) => s.shiftName)).toEqual(['Day shift', 'Night shift']);
  });
});

describe('presentSlot', () => {
  it('is editable strictly before the end plus the edit window', () => {
    const span = slotOf(defaults, '2026-11-23', 1, ROME);
    if (!span) throw new Error('no day shift');
    const run = { id: 1, time_zone: ROME };
    expect(presentSlot(span, run, span.end + H - 1, H)).toMatchObject({ editableUntil: span.end + H, editable: true, timeZone: ROME, runId: 1 });
    expect(presentSlot(span, run, span.end + H, H).editable).toBe(false);
  });
});
