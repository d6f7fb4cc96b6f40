/**
 * The alarm pages' chunks, one loader each: the routes reach them through this small module, so the
 * app's entry carries one import for the whole module (see statistic/pages.ts).
 */
export const loadPresentPage = () => import('./pages/PresentAlarmPage.js');
export const loadHistoryPage = () => import('./pages/HistoryAlarmPage.js');
export const loadPerformancePage = () => import('./pages/PerformancePage.js');
