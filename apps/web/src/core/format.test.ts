import { describe, expect, it } from 'vitest';
import { formatBytes, formatHm, mondayOf } from './format.js';

describe('shared formats', () => {
  it('writes durations as h:mm, past 24 hours too', () => {
    expect(formatHm(0)).toBe('0:00');
    expect(formatHm(75 * 60_000)).toBe('1:15');
    expect(formatHm((125 * 60 + 5) * 60_000)).toBe('125:05');
    expect(formatHm(-5)).toBe('0:00');
  });

  it('cuts weeks Monday to Sunday, whatever the reader’s locale', () => {
    expect(mondayOf('2026-11-29')).toBe('2026-11-23');
    expect(mondayOf('2026-11-23')).toBe('2026-11-23');
    expect(mondayOf('2026-03-01')).toBe('2026-02-23');
  });

  it('writes file sizes as the limits were written, in binary units', () => {
    expect(formatBytes(2 * 1024 * 1024, 'en-US')).toBe('2 MB');
    expect(formatBytes(500 * 1024, 'en-US')).toBe('500 kB');
    expect(formatBytes(1536 * 1024, 'de-AT')).toBe('1,5 MB');
    expect(formatBytes(12, 'en-US')).toBe('12 byte');
  });
});
