/** The repair pages' chunks, one loader each (see maintenance/pages.ts). */
export const loadRepairPage = () => import('./pages/RepairPage.js');
export const loadCasePage = () => import('./pages/CasePage.js');
export const loadKnowledgePage = () => import('./pages/KnowledgePage.js');
