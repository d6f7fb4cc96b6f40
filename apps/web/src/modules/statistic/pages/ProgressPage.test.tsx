import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppRoute } from '../../../core/routing.js';
import { initI18n } from '../../../core/i18n.js';
import { useFramework } from '../../../core/session.js';
import { type ApiStub, MILAN_RUN } from '../../../test/apiStub.fixture.js';
import { renderRoutes } from '../../../test/renderRoutes.fixture.js';
import type { ProgressList } from '../api.js';
import { ProgressPage } from './ProgressPage.js';

const api = vi.hoisted((): ApiStub => ({ responses: new Map(), calls: [] }));
vi.mock('../../../core/api/client.js', async (importOriginal) => (await import('../../../test/apiStub.fixture.js')).stubbedClient(importOriginal, api));
// ECharts draws on a canvas jsdom does not have; the page's part is which chart it shows.
vi.mock('../../../ui/chart/Chart.js', () => ({
  Chart: ({ label, 'data-testid': testId }: { label: string; 'data-testid'?: string }) => <div role="img" aria-label={label} data-testid={testId} />,
}));

const routes: AppRoute[] = [{ path: '/fw1/statistic/process', element: <ProgressPage />, handle: { name: 'statisticProgress', resource: 'menu.statistics' } }];
const SETTLE = { timeout: 5_000 };
const calls = () => api.calls.filter((c) => c.id === 'statistic.progressList').map((c) => c.input);

const SUMMARY: ProgressList['summary'] = {
  totalRings: 1800,
  builtRings: 412,
  remainingRings: 1388,
  builtMetres: 618,
  progress: 412 / 1800,
  ratePerDay: 3.5,
  rateDays: 14,
  forecastFinish: '2028-01-10',
  plannedCompletion: '2027-12-31',
  plannedRingsPerDay: 4,
};

/** One row per day of what is asked for: 3 rings (4.5 m) a day against 4 planned. */
function progress(input: unknown, summary: ProgressList['summary'] = SUMMARY): ProgressList {
  const q = input as { unit: 'day' | 'week' | 'month'; from: string; to: string };
  const rows = [];
  for (let d = Date.parse(q.from), i = 0; d <= Date.parse(q.to) && q.unit === 'day'; d += 86_400_000, i += 1) {
    rows.push({ period: new Date(d).toISOString().slice(0, 10), rings: 3, metres: 4.5, plannedRings: 4, plannedMetres: 6, cumulativeRings: 300 + 3 * i, cumulativeMetres: 450 + 4.5 * i, cumulativePlannedRings: 320 + 4 * i });
  }
  if (q.unit !== 'day') rows.push({ period: q.from, rings: 21, metres: 31.5, plannedRings: 28, plannedMetres: 42, cumulativeRings: 400, cumulativeMetres: 600, cumulativePlannedRings: 430 });
  return { unit: q.unit, timeZone: 'Europe/Rome', rows, summary };
}

describe('progress page', { timeout: 20_000 }, () => {
  beforeAll(async () => {
    await initI18n('en_US');
  });
  beforeEach(() => {
    // Wednesday 25/11/2026 10:00 in Rome.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.UTC(2026, 10, 25, 9, 0, 0));
    useFramework.setState({ run: MILAN_RUN, token: 'tok-1' });
    api.responses.set('statistic.progressList', (input: unknown) => progress(input));
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    api.calls.length = 0;
    api.responses.clear();
    useFramework.setState({ run: null, token: null });
  });

  it('opens on the last 30 days with the key figures, the chart and a row per day', async () => {
    renderRoutes(routes, '/fw1/statistic/process');
    const table = await screen.findByTestId('progress-table', {}, SETTLE);
    expect(calls()).toEqual([{ runId: 1, unit: 'day', from: '2026-10-27', to: '2026-11-25' }]);
    expect(screen.getByTestId('progress-built').textContent).toContain('412 / 1,800');
    expect(screen.getByTestId('progress-built').textContent).toContain('618.00 m built · 1,388 rings to go');
    expect(screen.getByTestId('progress-percent').textContent).toContain('22.89%');
    const rate = screen.getByTestId('progress-rate').textContent ?? '';
    expect(rate).toContain('Rate over the last 14 days');
    expect(rate).toContain('3.50rings/day');
    expect(rate).toContain('Planned: 4.00 rings/day');
    const forecast = screen.getByTestId('progress-forecast').textContent ?? '';
    expect(forecast).toContain('10/01/2028');
    expect(forecast).toContain('Planned completion: 31/12/2027');
    expect(forecast).toContain('10 days after the planned completion');
    expect(screen.getByTestId('progress-chart')).toBeTruthy();
    const rows = within(table).getAllByRole('row').filter((r) => r.getAttribute('data-row-key'));
    expect(rows).toHaveLength(30);
    expect(rows[0]?.textContent).toContain('27/10/2026');
    expect(rows[0]?.textContent).toContain('75.00%');
  });

  it('says plainly when there is no recent rate and no plan', async () => {
    const none = { ...SUMMARY, ratePerDay: null, forecastFinish: null, plannedCompletion: null, plannedRingsPerDay: null };
    api.responses.set('statistic.progressList', (input: unknown) => progress(input, none));
    renderRoutes(routes, '/fw1/statistic/process');
    const rate = await screen.findByTestId('progress-rate', {}, SETTLE);
    expect(rate.textContent).toContain('No ring built in the last 14 days');
    expect(rate.textContent).toContain('No planned rate set in basic info');
    const forecast = screen.getByTestId('progress-forecast').textContent ?? '';
    expect(forecast).toContain('No forecast: no ring built in the last 14 days');
    expect(forecast).toContain('No planned completion set in basic info');
  });

  it('switches to 12 weeks from Monday and to 12 months from the first', async () => {
    const router = renderRoutes(routes, '/fw1/statistic/process');
    await screen.findByTestId('progress-table', {}, SETTLE);
    fireEvent.click(within(screen.getByTestId('progress-unit')).getByText('Week'));
    await waitFor(() => expect(calls().at(-1)).toEqual({ runId: 1, unit: 'week', from: '2026-09-07', to: '2026-11-25' }), SETTLE);
    expect(router.state.location.search).toBe('?unit=week');
    fireEvent.click(within(screen.getByTestId('progress-unit')).getByText('Month'));
    await waitFor(() => expect(calls().at(-1)).toEqual({ runId: 1, unit: 'month', from: '2025-12-01', to: '2026-11-25' }), SETTLE);
    expect(await screen.findByText('12/2025', {}, SETTLE)).toBeTruthy();
  });

  it('reads the range from the address, and refuses one the server would refuse', async () => {
    renderRoutes(routes, '/fw1/statistic/process?unit=day&from=2026-11-01&to=2026-11-10');
    await screen.findByTestId('progress-table', {}, SETTLE);
    expect(calls()).toEqual([{ runId: 1, unit: 'day', from: '2026-11-01', to: '2026-11-10' }]);
    cleanup();
    api.calls.length = 0;
    renderRoutes(routes, '/fw1/statistic/process?unit=day&from=2026-11-10&to=2026-11-01');
    // An end before the start never leaves the browser: the dates field says why.
    expect(await screen.findByText('The end must not be before the start', {}, SETTLE)).toBeTruthy();
    expect(screen.getByTestId('progress-fix')).toBeTruthy();
    expect(calls()).toEqual([]);
  });
});
