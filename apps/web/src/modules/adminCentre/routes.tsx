import { type AppRoute, lazyPage } from '../../core/routing.js';

/** The admin centre's page (the route keeps the menu item's name). */
export const adminCentreRoutes: AppRoute[] = [
  {
    path: 'sys/dp',
    handle: { name: 'adminCenter', resource: 'menu.adminCenter', title: 'shell.menu.adminCenter' },
    lazy: lazyPage(() => import('./pages/AdminCentrePage.js'), (m) => m.AdminCentrePage),
  },
];
