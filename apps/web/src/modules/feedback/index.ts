import { lazyComponent } from '../../core/routing.js';
import { defineWebModule, type MenuItem } from '../../core/webModule.js';
import { feedbackRoutesFw1 } from './routes.js';

/**
 * The open feedback dialog of the sign-in page (no session needed): lazy, so the sign-in page
 * fetches its code only when a visitor opens it.
 */
export const FeedbackDialog = lazyComponent(() => import('./components/FeedbackDialog.js'), (m) => m.FeedbackDialog);

const MENU: MenuItem[] = [
  { section: 'construction', key: 'feedback', label: 'shell.menu.feedback', path: '/fw1/feedback', resource: 'menu.feedback.submit', order: 80 },
  { section: 'construction', key: 'feedbackList', label: 'shell.menu.feedbackList', path: '/fw1/feedback/list', resource: 'menu.feedback.list', order: 210 },
];

/**
 * Feedback (spec §2): the form (/fw1/feedback, and a dialog on the sign-in page for visitors) and
 * the administrators' list (/fw1/feedback/list) with states, replies and the export. Every text a
 * sender wrote is shown as text.
 */
export const feedbackModule = defineWebModule({
  name: 'feedback',
  routes: { fw1: feedbackRoutesFw1 },
  menu: MENU,
  resources: ['menu.feedback.submit', 'menu.feedback.list', 'feedback.record.read', 'feedback.record.write'],
});
