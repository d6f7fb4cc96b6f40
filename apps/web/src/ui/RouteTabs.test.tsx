import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../core/i18n.js';
import { activeRouteTab, type RouteTab, RouteTabs } from './RouteTabs.js';

const STATISTICS = ['/fw1/statistic/process', '/fw1/statistic/process/efficiency', '/fw1/statistic/staticAnalysis', '/fw1/statistic/staticAnalysis/rings'];

describe('route tabs', { timeout: 20_000 }, () => {
  beforeAll(async () => {
    await initI18n('en_US');
  });

  it('marks the deepest tab the address is or lies under, else the first', () => {
    expect(activeRouteTab('/fw1/statistic/process', STATISTICS)).toBe('/fw1/statistic/process');
    expect(activeRouteTab('/fw1/statistic/process/efficiency', STATISTICS)).toBe('/fw1/statistic/process/efficiency');
    expect(activeRouteTab('/fw1/statistic/staticAnalysis/', STATISTICS)).toBe('/fw1/statistic/staticAnalysis');
    expect(activeRouteTab('/fw1/statistic/staticAnalysis/rings', STATISTICS)).toBe('/fw1/statistic/staticAnalysis/rings');
    expect(activeRouteTab('/fw1/statistic/unknown', STATISTICS)).toBe('/fw1/statistic/process');
    // A sub-page belongs to its tab; a longer sibling name is another tab.
    expect(activeRouteTab('/fw1/report/turn_over/sg', ['/fw1/report/turn_over', '/fw1/report/day'])).toBe('/fw1/report/turn_over');
    expect(activeRouteTab('/fw1/report/day2', ['/fw1/report/day', '/fw1/report/day2'])).toBe('/fw1/report/day2');
  });

  it('shows the address’s tab as chosen and navigates to the tab clicked', async () => {
    const tabs: RouteTab[] = [
      { path: '/fw1/report/turn_over', label: 'report.nav.shift' },
      { path: '/fw1/report/ring', label: 'report.nav.ring', testId: 'ring-tab' },
    ];
    const page = <RouteTabs tabs={tabs} data-testid="tabs" />;
    const router = createMemoryRouter(
      [
        { path: '/fw1/report/turn_over/*', element: page },
        { path: '/fw1/report/ring', element: page },
      ],
      { initialEntries: ['/fw1/report/turn_over/sg'] },
    );
    render(<RouterProvider router={router} />);
    expect(screen.getByRole('tab', { name: 'Shift report' }).getAttribute('aria-selected')).toBe('true');
    await userEvent.click(screen.getByTestId('ring-tab'));
    expect(router.state.location.pathname).toBe('/fw1/report/ring');
    expect(screen.getByRole('tab', { name: 'Ring report' }).getAttribute('aria-selected')).toBe('true');
  });
});
