import { type AppRoute, lazyPage } from '../../core/routing.js';

/** The current run's connection page (how its machine sends data, and what was refused). */
export const connectionRoutesFw1: AppRoute[] = [
  {
    path: 'connection',
    handle: { name: 'connection', resource: 'menu.monitoring.connection', title: 'connection.menu' },
    lazy: lazyPage(() => import('./pages/ConnectionPage.js'), (m) => m.ConnectionPage),
  },
];
