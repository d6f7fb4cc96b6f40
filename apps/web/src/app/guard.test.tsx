import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../core/i18n.js';
import { type MessageKind, useNotifications } from '../core/notify.js';
import { session, useFramework } from '../core/session.js';
import { decideGuard } from './guard.js';
import { setLogoutNavigator } from '../core/logout.js';
import { RequireResource, RequireSession } from './RequireSession.js';
import type { AppRoute } from '../core/routing.js';

describe('guard rules (spec §2)', () => {
  const base = { routeName: 'home', isPublic: false, hasWebAuth: false, queryToken: null, h5: false };

  it('lets public routes, a stored web-auth flag or a query token through', () => {
    expect(decideGuard({ ...base, isPublic: true })).toEqual({ kind: 'allow' });
    expect(decideGuard({ ...base, hasWebAuth: true })).toEqual({ kind: 'allow' });
    expect(decideGuard({ ...base, queryToken: 'abc' })).toEqual({ kind: 'allow' });
  });

  it('sends embedded H5 mode to not-found', () => {
    expect(decideGuard({ ...base, h5: true })).toEqual({ kind: 'notFound' });
  });

  it('sends normal mode to login with a logout, warning unless the route is sts2', () => {
    expect(decideGuard(base)).toEqual({ kind: 'login', warnExpired: true, logout: true });
    expect(decideGuard({ ...base, routeName: 'sts2' })).toEqual({ kind: 'login', warnExpired: false, logout: true });
  });
});

describe('RequireSession in a router', () => {
  const shown: [MessageKind, string][] = [];
  beforeAll(async () => {
    await initI18n('en_US');
    useNotifications.subscribe((state, previous) => {
      if (state.message && state.message !== previous.message) shown.push([state.message.kind, state.message.text]);
    });
  });

  function renderAt(path: string) {
    const routes: AppRoute[] = [
      { path: '/login', element: <p>login page</p>, handle: { name: 'login', resource: 'public' } },
      { path: '/notfound', element: <p>not found page</p>, handle: { name: 'notFound', resource: 'public' } },
      {
        element: (
          <RequireSession>
            <RequireResource>
              <Outlet />
            </RequireResource>
          </RequireSession>
        ),
        handle: { name: 'shell', resource: 'authenticated' },
        children: [
          { path: '/fw0/stsRun/list', element: <p>project list</p>, handle: { name: 'sts2', resource: 'menu.projectList' } },
          { path: '/fw0/sys/userSetting', element: <p>settings</p>, handle: { name: 'userSetting', resource: 'authenticated' } },
          { path: '/fw0/sys/user/list', element: <p>users</p>, handle: { name: 'user', resource: 'menu.admin.user' } },
        ],
      },
    ];
    const router = createMemoryRouter(routes, { initialEntries: [path] });
    setLogoutNavigator((to, options) => router.navigate(to, options));
    render(<RouterProvider router={router} />);
    return router;
  }

  it('without a session goes to login with the session-expired warning', async () => {
    shown.length = 0;
    const router = renderAt('/fw0/sys/userSetting');
    await screen.findByText('login page');
    expect(router.state.location.pathname).toBe('/login');
    expect(shown).toEqual([['warning', 'Authentication failed or session expired, please sign in again']]);
  });

  it('goes to login silently from the sts2 route', async () => {
    shown.length = 0;
    renderAt('/fw0/stsRun/list');
    await screen.findByText('login page');
    expect(shown).toEqual([]);
  });

  it('in H5 mode goes to not-found instead', async () => {
    session.setH5(true);
    renderAt('/fw0/sys/userSetting');
    await screen.findByText('not found page');
  });

  it('lets a signed-in user into their own pages', async () => {
    useFramework.getState().signIn({
      token: 'tok',
      user: { id: 1, phone: '1', nickname: 'N', email: null, orgId: null, sa: false, zb: false, avatarUrl: null, lang: 'en_US' },
      resources: [],
    });
    renderAt('/fw0/sys/userSetting');
    await screen.findByText('settings');
    useFramework.getState().signOut();
  });

  it('shows no-permission for a resource the user lacks, and the page to a super administrator', async () => {
    const user = { id: 1, phone: '1', nickname: 'N', email: null, orgId: null, sa: false, zb: false, avatarUrl: null, lang: 'en_US' as const };
    useFramework.getState().signIn({ token: 'tok', user, resources: [] });
    renderAt('/fw0/sys/user/list');
    await screen.findByText('No permission, please contact the administrator', {}, { timeout: 10_000 });
    expect(screen.queryByText('users')).toBeNull();
    useFramework.getState().signIn({ token: 'tok', user: { ...user, sa: true }, resources: [] });
    await waitFor(() => expect(screen.getByText('users')).toBeTruthy());
    useFramework.getState().signOut();
  });

  it('lets a token in the query string through and keeps it as the session token', async () => {
    renderAt('/fw0/sys/userSetting?token=handed-over-token');
    await screen.findByText('settings');
    await waitFor(() => expect(useFramework.getState().token).toBe('handed-over-token'));
  });
});
