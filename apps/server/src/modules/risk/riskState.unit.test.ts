import { describe, expect, it } from 'vitest';
import { announcementOf, ringRange, zoneState } from './riskState.js';

/** 1.5 m rings from ring 1 at 1+000, towards rising chainage; the mirror drive falls from 3+000. */
const rising = { startChainage: 1000, endChainage: 2500, startRing: 1, ringWidthM: 1.5 };
const falling = { startChainage: 3000, endChainage: 1500, startRing: 1, ringWidthM: 1.5 };
const zone = { startChainage: 1150, endChainage: 1180 };
const mirrored = { startChainage: 2820, endChainage: 2850 };

describe('risk zone state along the drive', () => {
  it('rising chainage: ahead beyond N rings, approaching within N, inside between the edges, passed beyond the far edge', () => {
    // The near edge 1150 is 100 rings from the start: 10 rings away at 1135.
    expect(zoneState(rising, zone, 1000, 10)).toEqual({ state: 'ahead', ringsToGo: 100 });
    expect(zoneState(rising, zone, 1133.5, 10)).toEqual({ state: 'ahead', ringsToGo: 11 });
    expect(zoneState(rising, zone, 1135, 10)).toEqual({ state: 'approaching', ringsToGo: 10 });
    expect(zoneState(rising, zone, 1148.5, 10)).toEqual({ state: 'approaching', ringsToGo: 1 });
    expect(zoneState(rising, zone, 1150, 10)).toEqual({ state: 'inside', ringsToGo: 0 });
    expect(zoneState(rising, zone, 1180, 10)).toEqual({ state: 'inside', ringsToGo: 0 });
    expect(zoneState(rising, zone, 1181.5, 10)).toEqual({ state: 'passed', ringsToGo: null });
  });

  it('falling chainage: the zone is met at its end chainage first and passed beyond its start', () => {
    // The near edge 2850 is 100 rings from 3+000 going down.
    expect(zoneState(falling, mirrored, 3000, 10)).toEqual({ state: 'ahead', ringsToGo: 100 });
    expect(zoneState(falling, mirrored, 2866.5, 10)).toEqual({ state: 'ahead', ringsToGo: 11 });
    expect(zoneState(falling, mirrored, 2865, 10)).toEqual({ state: 'approaching', ringsToGo: 10 });
    expect(zoneState(falling, mirrored, 2850, 10)).toEqual({ state: 'inside', ringsToGo: 0 });
    expect(zoneState(falling, mirrored, 2820, 10)).toEqual({ state: 'inside', ringsToGo: 0 });
    expect(zoneState(falling, mirrored, 2818.5, 10)).toEqual({ state: 'passed', ringsToGo: null });
    // The direction decides: with the machine at the same chainage on a rising drive, the zone lies behind it.
    expect(zoneState(rising, mirrored, 2865, 10).state).toBe('passed');
  });

  it('takes the warning distance N of the run: 3 rings makes a zone 10 rings away ahead, 20 makes it approaching', () => {
    expect(zoneState(rising, zone, 1135, 3).state).toBe('ahead');
    expect(zoneState(rising, zone, 1145.5, 3)).toEqual({ state: 'approaching', ringsToGo: 3 });
    expect(zoneState(rising, zone, 1135, 20).state).toBe('approaching');
    expect(zoneState(falling, mirrored, 2865, 3).state).toBe('ahead');
  });

  it('gives the rings a zone spans in drive order, for both directions', () => {
    expect(ringRange(rising, zone)).toEqual({ startRing: 101, endRing: 121 });
    expect(ringRange(falling, mirrored)).toEqual({ startRing: 101, endRing: 121 });
  });

  it('announces approaching once and inside once, never again after', () => {
    expect(announcementOf('ahead', null)).toBeNull();
    expect(announcementOf('approaching', null)).toBe('approaching');
    expect(announcementOf('approaching', 'approaching')).toBeNull();
    expect(announcementOf('inside', 'approaching')).toBe('inside');
    // Reached at once (a zone added around the machine): inside only.
    expect(announcementOf('inside', null)).toBe('inside');
    expect(announcementOf('inside', 'inside')).toBeNull();
    expect(announcementOf('passed', 'inside')).toBeNull();
  });
});
