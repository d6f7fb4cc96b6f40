/** The graph pages' chunks, one loader each: the routes reach them through this small module (see statistic/pages.ts). */
export const loadPlanPage = () => import('./pages/PlanPage.js');
export const loadSectionPage = () => import('./pages/SectionPage.js');
export const loadMapPage = () => import('./pages/MapPage.js');
