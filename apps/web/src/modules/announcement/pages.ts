/** The announcement pages' and the header icon's chunks, reached through one import from the routes and the manifest. */
export const loadAnnouncementPage = () => import('./pages/AnnouncementPage.js');
export const loadAnnouncementHistoryPage = () => import('./pages/AnnouncementHistoryPage.js');
export const loadAnnouncementHeader = () => import('./components/AnnouncementHeader.js');
