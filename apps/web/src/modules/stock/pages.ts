/**
 * The stock pages' chunks, one loader each: the routes reach them through this small module, so
 * the app's entry carries one import for the whole module (see maintenance/pages.ts).
 */
export const loadCurrentPage = () => import('./pages/CurrentStockPage.js');
export const loadInPage = () => import('./pages/StockInPage.js');
export const loadOutPage = () => import('./pages/StockOutPage.js');
export const loadStatsPage = () => import('./pages/ConsumptionPage.js');
