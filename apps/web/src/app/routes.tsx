import { Suspense } from 'react';
import { Navigate } from 'react-router';
import { type AppRoute, lazyComponent } from '../core/routing.js';
import { session } from '../core/session.js';
import type { WebModule } from '../core/webModule.js';
import { afterSignIn } from './afterSignIn.js';
import { MODULES } from './modules.js';
import { RequireSession } from './RequireSession.js';
import { Root, RouteError } from './Root.js';

const AppLayout = lazyComponent(() => import('./layout/AppLayout.js'), (m) => m.AppLayout);

/** `/`: the remembered page or the start page when signed in, else sign-in (no warning: nothing expired). */
function Start() {
  if (!session.hasWebAuth()) return <Navigate to="/login" replace />;
  return <Navigate to={afterSignIn()} replace />;
}

const routesOf = (modules: readonly WebModule[], area: keyof WebModule['routes']): AppRoute[] =>
  modules.flatMap((module) => module.routes[area] ?? []);

/** The route tree of the modules: public pages, then /fw0 and /fw1 inside the guarded frame. */
export function buildRoutes(modules: readonly WebModule[]): AppRoute[] {
  return [
    {
      path: '/',
      element: <Root />,
      errorElement: <RouteError />,
      handle: { name: 'root', resource: 'public' },
      HydrateFallback: () => null,
      children: [
        { index: true, element: <Start />, handle: { name: 'start', resource: 'public' } },
        ...routesOf(modules, 'public'),
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
            { path: 'fw0', handle: { name: 'fw0', resource: 'authenticated' }, children: routesOf(modules, 'fw0') },
            { path: 'fw1', handle: { name: 'fw1', resource: 'authenticated' }, children: routesOf(modules, 'fw1') },
          ],
        },
        { path: '*', element: <Navigate to="/notfound" replace />, handle: { name: 'unknown', resource: 'public' } },
      ],
    },
  ];
}

export const routes: AppRoute[] = buildRoutes(MODULES);
