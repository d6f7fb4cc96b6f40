/**
 * The message pages' and the header bell's chunks. The routes reach them through this small module, so the app's entry —
 * downloaded before sign-in — carries one import for the module rather than one per page.
 */
export const loadReminderListPage = () => import('./pages/ReminderListPage.js');
export const loadRunMessagesPage = () => import('./pages/RunMessagesPage.js');
export const loadMessageBell = () => import('./components/MessageBell.js');
