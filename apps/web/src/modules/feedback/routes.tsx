import { type AppRoute, lazyPage } from '../../core/routing.js';

/** The feedback form and the feedback list, named after their menu items. */
export const feedbackRoutesFw1: AppRoute[] = [
  {
    path: 'feedback',
    handle: { name: 'feedback', resource: 'menu.feedback.submit', title: 'shell.menu.feedback' },
    lazy: lazyPage(() => import('./pages/FeedbackPage.js'), (m) => m.FeedbackPage),
  },
  {
    path: 'feedback/list',
    handle: { name: 'feedbackList', resource: 'menu.feedback.list', title: 'shell.menu.feedbackList' },
    lazy: lazyPage(() => import('./pages/FeedbackListPage.js'), (m) => m.FeedbackListPage),
  },
];
