/**
 * The maintenance pages' chunks, one loader each: the routes reach them through this small module,
 * so the app's entry carries one import for the whole module (see statistic/pages.ts).
 */
export const loadDashboardPage = () => import('./pages/DashboardPage.js');
export const loadPlanPage = () => import('./pages/PlanPage.js');
export const loadCalendarPage = () => import('./pages/CalendarPage.js');
export const loadRecordPage = () => import('./pages/RecordPage.js');
export const loadContentPage = () => import('./pages/ContentPage.js');
