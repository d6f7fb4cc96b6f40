import { Suspense } from 'react';
import { Navigate } from 'react-router';
import { type AppRoute, lazyComponent } from '../core/routing.js';
import { session } from '../core/session.js';
import type { WebModule } from '../core/webModule.js';
import { afterSignIn } from './afterSignIn.js';
import { MODULES } from './modules.js';
import { RequireSession } from './RequireSession.js';
import { Root, RouteError } from './Root.js';

const loadLayout = () => import('./layout/AppLayout.js');
const AppLayout = lazyComponent(loadLayout, (m) => m.AppLayout);
const Nothing = () => null;

/** Whether the guard lets the visitor in (`decideGuard`): a stored sign-in or a token in the address. */
const mayEnter = () => session.hasWebAuth() || new URLSearchParams(window.location.search).has('token');

/**
 * A protected page's code. When the guard will let the visitor in, it loads while navigating, beside
 * the frame's code (in parallel, not one after the other). A signed-out visitor of a deep link is sent
 * to sign-in by the guard, so nothing is downloaded for the page: the route gets a component that
 * loads the page's code only if it ever renders (after signing in).
 */
function guardedLazy(lazy: AppRoute['lazy']): AppRoute['lazy'] {
  if (typeof lazy !== 'function') return lazy;
  return async (...args) => {
    if (!mayEnter()) return { Component: lazyComponent(() => lazy(...args), (m) => m.Component ?? Nothing) };
    void loadLayout();
    return lazy(...args);
  };
}

const guarded = (routes: AppRoute[]): AppRoute[] =>
  routes.map((route) => (route.index ? route : { ...route, lazy: guardedLazy(route.lazy), children: route.children && guarded(route.children as AppRoute[]) }));

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
            { path: 'fw0', handle: { name: 'fw0', resource: 'authenticated' }, children: guarded(routesOf(modules, 'fw0')) },
            { path: 'fw1', handle: { name: 'fw1', resource: 'authenticated' }, children: guarded(routesOf(modules, 'fw1')) },
          ],
        },
        { path: '*', element: <Navigate to="/notfound" replace />, handle: { name: 'unknown', resource: 'public' } },
      ],
    },
  ];
}

export const routes: AppRoute[] = buildRoutes(MODULES);
