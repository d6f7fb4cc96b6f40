import { matchPath, Navigate } from 'react-router';
import { session } from '../core/session.js';
import { accountRoutesFw0, accountRoutesFw1 } from '../modules/account/routes.js';
import { adminRoutes } from '../modules/admin/routes.js';
import { authRoutes } from '../modules/auth/routes.js';
import { monitorPublicRoutes, monitorRoutesFw1 } from '../modules/monitor/routes.js';
import { projectRoutesFw0, projectRoutesFw1 } from '../modules/project/routes.js';
import { reportRoutesFw1 } from '../modules/report/routes.js';
import { statisticRoutesFw1 } from '../modules/statistic/routes.js';
import { systemRoutes, underDevelopment } from '../modules/system/routes.js';
import { Suspense } from 'react';
import { afterSignIn } from './afterSignIn.js';
import { lazyComponent } from './lazyPage.js';
import { MENU } from './menu.js';
import { RequireSession } from './RequireSession.js';
import { Root, RouteError } from './Root.js';
import type { AppRoute } from './routeTypes.js';

/** Names of menu routes the guard treats specially (spec §2). */
const ROUTE_NAMES: Record<string, string> = { '/fw0/stsRun/list': 'sts2' };

/**
 * Menu pages whose module has not landed yet: each route exists with its resource code and shows
 * "under development" in the user's language until its issue brings the page.
 */
function pendingRoutes(area: 'fw0' | 'fw1', built: AppRoute[]): AppRoute[] {
  const isBuilt = (path: string) => built.some((r) => matchPath(`/${area}/${r.path ?? ''}`, path) !== null);
  return MENU.flatMap((s) => s.items)
    .filter((item) => item.path.startsWith(`/${area}/`) && !isBuilt(item.path))
    .map((item) => ({
      path: item.path.slice(area.length + 2),
      handle: { name: ROUTE_NAMES[item.path] ?? item.key, resource: item.resource, title: item.label },
      lazy: underDevelopment,
    }));
}

const AppLayout = lazyComponent(() => import('./layout/AppLayout.js'), (m) => m.AppLayout);

/** `/`: the remembered page or the start page when signed in, else sign-in (no warning: nothing expired). */
function Start() {
  if (!session.hasWebAuth()) return <Navigate to="/login" replace />;
  return <Navigate to={afterSignIn()} replace />;
}

export const routes: AppRoute[] = [
  {
    path: '/',
    element: <Root />,
    errorElement: <RouteError />,
    handle: { name: 'root', resource: 'public' },
    HydrateFallback: () => null,
    children: [
      { index: true, element: <Start />, handle: { name: 'start', resource: 'public' } },
      ...authRoutes,
      ...systemRoutes,
      ...monitorPublicRoutes,
      {
        element: (
          <RequireSession>
            <Suspense fallback={null}>
              <AppLayout />
            </Suspense>
          </RequireSession>
        ),
        handle: { name: 'shell', resource: 'authenticated' },
        errorElement: <RouteError />,
        children: [
          { path: 'fw0', handle: { name: 'fw0', resource: 'authenticated' }, children: [...accountRoutesFw0, ...adminRoutes, ...projectRoutesFw0, ...pendingRoutes('fw0', [...accountRoutesFw0, ...adminRoutes, ...projectRoutesFw0])] },
          { path: 'fw1', handle: { name: 'fw1', resource: 'authenticated' }, children: [...accountRoutesFw1, ...projectRoutesFw1, ...monitorRoutesFw1, ...reportRoutesFw1, ...statisticRoutesFw1, ...pendingRoutes('fw1', [...accountRoutesFw1, ...projectRoutesFw1, ...monitorRoutesFw1, ...reportRoutesFw1, ...statisticRoutesFw1])] },
        ],
      },
      { path: '*', element: <Navigate to="/notfound" replace />, handle: { name: 'unknown', resource: 'public' } },
    ],
  },
];
