import { type AppRoute, lazyPage } from '../../core/routing.js';

/** The run's report subscriptions, under the reports (a tab of the report pages). */
export const deliveryRoutesFw1: AppRoute[] = [
  {
    path: 'report/subscriptions',
    handle: { name: 'reportSubscriptions', resource: 'report.subscription.write', title: 'deliveryWeb.page.title' },
    lazy: lazyPage(() => import('./pages/SubscriptionsPage.js'), (m) => m.SubscriptionsPage),
  },
];
