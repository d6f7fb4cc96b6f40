import { type AppRoute, lazyPage } from '../../core/routing.js';

/** Public pages that are not about signing in: privacy and not found. */
export const systemRoutes: AppRoute[] = [
  {
    path: 'privacy',
    handle: { name: 'privacy', resource: 'public', title: 'account.privacy.title' },
    lazy: lazyPage(() => import('./pages/PrivacyPage.js'), (m) => m.PrivacyPage),
  },
  {
    path: 'notfound',
    handle: { name: 'notFound', resource: 'public', title: 'shell.page.notFoundTitle' },
    lazy: lazyPage(() => import('./pages/NotFoundPage.js'), (m) => m.NotFoundPage),
  },
];
