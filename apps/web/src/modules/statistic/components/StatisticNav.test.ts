import { describe, expect, it } from 'vitest';
import { activeStatisticTab } from './StatisticNav.js';

describe('statistics tabs', () => {
  it('marks the deepest tab the address lies under', () => {
    expect(activeStatisticTab('/fw1/statistic/process')).toBe('/fw1/statistic/process');
    expect(activeStatisticTab('/fw1/statistic/process/efficiency')).toBe('/fw1/statistic/process/efficiency');
    expect(activeStatisticTab('/fw1/statistic/staticAnalysis/')).toBe('/fw1/statistic/staticAnalysis');
    expect(activeStatisticTab('/fw1/statistic/staticAnalysis/rings')).toBe('/fw1/statistic/staticAnalysis/rings');
    expect(activeStatisticTab('/fw1/statistic/unknown')).toBe('/fw1/statistic/process');
  });
});
