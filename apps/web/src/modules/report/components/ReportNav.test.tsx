import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../core/i18n.js';
import { useFramework } from '../../../core/session.js';
import { renderRoutes } from '../../../test/renderRoutes.fixture.js';
import { ReportNav } from './ReportNav.js';

const SETTLE = { timeout: 5_000 };
const routes = ['/fw1/report/day', '/fw1/report/subscriptions'].map((path) => ({ path, element: <ReportNav />, handle: { name: path, resource: 'menu.reports' as const } }));

describe('the report tabs', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await initI18n('en_US');
  });
  afterEach(() => useFramework.setState({ user: null, resources: [] }));

  it('lead to the report subscriptions for those who may subscribe', async () => {
    useFramework.setState({ user: null, resources: ['menu.reports', 'report.subscription.write'] });
    const router = renderRoutes(routes, '/fw1/report/day');
    await userEvent.click(await screen.findByTestId('report-tab-subscriptions', {}, SETTLE));
    expect(router.state.location.pathname).toBe('/fw1/report/subscriptions');
    expect(screen.getByRole('tab', { name: 'Subscriptions' }).getAttribute('aria-selected')).toBe('true');
  });

  it('leave the subscriptions out for the others', async () => {
    useFramework.setState({ user: null, resources: ['menu.reports'] });
    renderRoutes(routes, '/fw1/report/day');
    expect(await screen.findByRole('tab', { name: 'Daily report' }, SETTLE)).toBeTruthy();
    expect(screen.queryByTestId('report-tab-subscriptions')).toBeNull();
  });
});
