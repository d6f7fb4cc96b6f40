import { type AppRoute, lazyPage } from '../../core/routing.js';

/** The run's history page of /fw1. */
export const ringHistoryRoutesFw1: AppRoute[] = [
  {
    path: 'ringHistory',
    handle: { name: 'ringHistory', resource: 'menu.project.ringHistory', title: 'ringHistory.menu' },
    lazy: lazyPage(() => import('./pages/RingHistoryPage.js'), (m) => m.RingHistoryPage),
  },
];
