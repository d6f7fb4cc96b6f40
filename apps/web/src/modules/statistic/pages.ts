/**
 * The statistics pages' chunks, one loader each. The routes reach them through this small module so
 * the app's entry — downloaded before sign-in — carries one import for the whole module, not six
 * imports each with the list of chunks it preloads (about 0.8 KB gzip on the login route).
 */
export const loadProgressPage = () => import('./pages/ProgressPage.js');
export const loadEfficiencyPage = () => import('./pages/EfficiencyPage.js');
export const loadCurvesPage = () => import('./pages/CurvesPage.js');
export const loadHistoryPage = () => import('./pages/HistoryPage.js');
export const loadRingStatsPage = () => import('./pages/RingStatsPage.js');
