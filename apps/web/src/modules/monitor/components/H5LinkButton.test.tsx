import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../core/i18n.js';
import { useNotifications } from '../../../core/notify.js';
import type { AppRoute } from '../../../core/routing.js';
import { useFramework } from '../../../core/session.js';
import { type ApiStub, MILAN_RUN } from '../../../test/apiStub.fixture.js';
import { renderRoutes } from '../../../test/renderRoutes.fixture.js';
import { RealtimePage } from '../pages/RealtimePage.js';

const api = vi.hoisted((): ApiStub => ({ responses: new Map(), calls: [] }));
vi.mock('../../../core/api/client.js', async (importOriginal) => (await import('../../../test/apiStub.fixture.js')).stubbedClient(importOriginal, api));

const SETTLE = { timeout: 5_000 };
const routes: AppRoute[] = [{ path: '/fw1/rta', element: <RealtimePage />, handle: { name: 'realTime', resource: 'menu.monitoring.realTime' } }];
const TOKEN = 'h5AbCdEfGhIjKlMnOpQrStUvWxYz0123456789abcdefg';

describe('H5 link of the real-time page', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await initI18n('en_US');
  });
  beforeEach(() => {
    api.responses.set('monitor.machineDiagram', '<svg xmlns="http://www.w3.org/2000/svg"></svg>');
    api.responses.set('monitor.deviceStateQuery', null);
    api.responses.set('monitor.cachedRealData', null);
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    api.calls.length = 0;
    api.responses.clear();
    useFramework.setState({ run: null, resources: [] });
  });

  it('is offered only to those granted the H5 link', async () => {
    useFramework.setState({ run: MILAN_RUN, user: null, resources: ['menu.monitoring.realTime'] });
    renderRoutes(routes, '/fw1/rta');
    await screen.findByTestId('realtime-page', {}, SETTLE);
    expect(screen.queryByTestId('h5-link-issue')).toBeNull();
  });

  it('issues a one-time link for the current run, shows it whole with its expiry, copies it, and offers a new one once expired', async () => {
    useFramework.setState({ run: MILAN_RUN, user: null, resources: ['menu.monitoring.realTime', 'monitor.h5Link.write'] });
    const issuedAt = Date.now();
    api.responses.set('monitor.h5LinkIssue', { token: TOKEN, path: `/client_web/h5/rta/${MILAN_RUN.runId}/${TOKEN}`, expiresAt: issuedAt + 5 * 60_000 });
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderRoutes(routes, '/fw1/rta');
    await userEvent.click(await screen.findByRole('button', { name: /H5 link/ }, SETTLE));
    const dialog = await screen.findByTestId('h5-link-dialog', {}, SETTLE);
    expect(api.calls.filter((c) => c.id === 'monitor.h5LinkIssue').map((c) => c.input)).toEqual([{ runId: MILAN_RUN.runId }]);
    const url = `${window.location.origin}/client_web/h5/rta/${MILAN_RUN.runId}/${TOKEN}`;
    expect(within(dialog).getByTestId<HTMLInputElement>('h5-link-url').value).toBe(url);
    expect(within(dialog).getByTestId('h5-link-expiry').textContent).toMatch(/^Valid until \d\d:\d\d:\d\d \((5:00|4:5\d) left\)$/);
    await userEvent.click(within(dialog).getByRole('button', { name: /Copy/ }));
    expect(writeText).toHaveBeenCalledWith(url);
    await waitFor(() => expect(useNotifications.getState().message?.text).toBe('Link copied'), SETTLE);

    // Five minutes later the link is dead: the dialog says so and issues another on request.
    const later = vi.spyOn(Date, 'now').mockReturnValue(issuedAt + 5 * 60_000 + 1_000);
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 1_100));
    });
    await waitFor(() => expect(within(dialog).getByTestId('h5-link-expired').textContent).toContain('This link expired at'), SETTLE);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Issue a new link' }));
    await waitFor(() => expect(api.calls.filter((c) => c.id === 'monitor.h5LinkIssue')).toHaveLength(2), SETTLE);
    later.mockRestore();
  });
});
