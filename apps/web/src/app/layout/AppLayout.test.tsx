import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../core/i18n.js';
import { useFramework } from '../../core/session.js';
import { type ApiStub, MILAN_RUN } from '../../test/apiStub.fixture.js';
import { renderRoutes } from '../../test/renderRoutes.fixture.js';
import { AppLayout } from './AppLayout.js';

const api = vi.hoisted((): ApiStub => ({ responses: new Map(), calls: [] }));
vi.mock('../../core/api/client.js', async (importOriginal) => (await import('../../test/apiStub.fixture.js')).stubbedClient(importOriginal, api));
vi.mock('../../core/realtime/realtime.js', () => ({ realtime: { start: () => undefined, stop: () => undefined, subscribe: () => () => undefined, onStatus: () => () => undefined } }));

function renderAt(path: string) {
  useFramework.setState({ token: 'tok-1', user: null, run: MILAN_RUN, resources: ['menu.graph.horizontal', 'menu.reports'], language: 'en_US' });
  return renderRoutes(
    [
      {
        element: <AppLayout />,
        handle: { name: 'shell', resource: 'authenticated' },
        children: [
          { path: '/fw1/graph/plan', element: <p>plan drawing</p>, handle: { name: 'graphHorizontal', resource: 'menu.graph.horizontal', chromeless: true } },
          { path: '/fw1/report/ring', element: <p>ring report</p>, handle: { name: 'reportRing', resource: 'menu.reports' } },
        ],
      },
    ],
    path,
  );
}

describe('the application frame', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await initI18n('en_US');
    // The grants the frame reads again at each navigation: unchanged.
    api.responses.set('auth.me', () => ({ user: useFramework.getState().user, resources: useFramework.getState().resources }));
  });
  afterEach(() => {
    cleanup();
    useFramework.setState({ token: null, run: null, resources: [] });
  });

  it('frames a page with the side menu and header', async () => {
    renderAt('/fw1/graph/plan');
    expect(await screen.findByText('plan drawing')).toBeTruthy();
    expect(screen.getByTestId('side-menu')).toBeTruthy();
    expect(screen.queryByTestId('chromeless')).toBeNull();
  });

  it('shows a page that allows it alone for the mobile and screenshot variants, and only such a page', async () => {
    renderAt('/fw1/graph/plan?variant=screenshot');
    expect(await screen.findByText('plan drawing')).toBeTruthy();
    expect(screen.getByTestId('chromeless')).toBeTruthy();
    expect(screen.queryByTestId('side-menu')).toBeNull();
    cleanup();
    renderAt('/fw1/graph/plan?variant=mobile');
    expect(await screen.findByText('plan drawing')).toBeTruthy();
    expect(screen.queryByTestId('side-menu')).toBeNull();
    cleanup();
    renderAt('/fw1/report/ring?variant=mobile');
    expect(await screen.findByText('ring report')).toBeTruthy();
    expect(screen.getByTestId('side-menu')).toBeTruthy();
  });
});
