import { describe, expect, it } from 'vitest';
import { shownDataAt } from './deviceSummary.js';

describe('shownDataAt', () => {
  const now = 1_700_000_000_000;

  it('trusts the server when this page only knows that the snapshot was stale', () => {
    // useLiveValues stands a stale snapshot just past the threshold; the machine went quiet long before.
    expect(shownDataAt(now - 10_001, now - 300_000)).toBe(now - 300_000);
  });

  it('keeps the page’s own time when its socket is down while the server still receives frames', () => {
    expect(shownDataAt(now - 45_000, now - 1_000)).toBe(now - 45_000);
  });

  it('falls back to whichever is known', () => {
    expect(shownDataAt(null, now - 5_000)).toBe(now - 5_000);
    expect(shownDataAt(now - 5_000, null)).toBe(now - 5_000);
    expect(shownDataAt(null, null)).toBeNull();
  });
});
