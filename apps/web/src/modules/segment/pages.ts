/** The segment pages' chunks, one loader each: the routes reach them through this small module (see statistic/pages.ts). */
export const loadSegmentPosePage = () => import('./pages/SegmentPosePage.js');
export const loadTailSpacePage = () => import('./pages/TailSpacePage.js');
export const loadSegmentStatisticPage = () => import('./pages/SegmentStatisticPage.js');
export const loadTailStatisticPage = () => import('./pages/TailStatisticPage.js');
