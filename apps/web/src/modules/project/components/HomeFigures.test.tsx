import type { IndexPageData } from '@boreline/contracts';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../core/i18n.js';
import { CurrentStatus } from './CurrentStatus.js';
import { PeriodFigures } from './PeriodFigures.js';

const DATA: IndexPageData = {
  today: { rings: 3, metres: 4.5 },
  week: { rings: 19, metres: 28.5 },
  month: { rings: 131, metres: 196.5 },
  total: { rings: 587, metres: 880.5 },
  planned: { ringsPerDay: 10, metresPerDay: 15, rings: 1000 },
  progress: 0.587,
  currentRing: 588,
  currentChainage: 1880.5,
  rates: { advance: 0.4, ringBuild: 0.3, waiting: 0.3 },
  status: 'offline',
  statusSince: null,
  pace: { ringsPerDay: 7.643, days: 14 },
  forecastFinish: '2027-01-12',
};

describe('project home figures', { timeout: 20_000 }, () => {
  beforeAll(async () => {
    await initI18n('en_US');
  });
  afterEach(cleanup);

  it('shows the daily plan of basic info, or says that none is set', () => {
    render(<PeriodFigures data={DATA} />);
    expect(screen.getByTestId('figures-today').textContent).toMatch(/Planned per day: 10(\.00)? rings · 15(\.00)? m/);
    cleanup();
    render(<PeriodFigures data={{ ...DATA, planned: { ringsPerDay: null, metresPerDay: null, rings: 1000 } }} />);
    expect(screen.getByTestId('figures-today').textContent).toContain('No daily plan set in basic info');
  });

  it('labels the forecast finish with the pace it extrapolates, as the statistics do', () => {
    render(<CurrentStatus data={DATA} state={undefined} timeZone="Europe/Rome" />);
    expect(screen.getByTestId('home-forecast').textContent).toContain('At the pace of the last 14 days: 7.64 rings/day');
    cleanup();
    render(<CurrentStatus data={{ ...DATA, pace: { ringsPerDay: null, days: 14 }, forecastFinish: null }} state={undefined} timeZone="Europe/Rome" />);
    expect(screen.getByTestId('current-status').textContent).toContain('No forecast (no ring built in the last 14 days)');
  });
});
