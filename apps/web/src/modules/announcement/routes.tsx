import { type AppRoute, lazyPage } from '../../core/routing.js';

export const loadAnnouncements = () => import('./pages.js');

/** The announcement page (manage, or read the current ones) and the announcement history (spec §2). */
export const announcementRoutes: AppRoute[] = [
  {
    path: 'announcement',
    handle: { name: 'announcement', resource: 'menu.messages.announcement', title: 'shell.menu.announcement' },
    lazy: lazyPage(async () => (await loadAnnouncements()).loadAnnouncementPage(), (m) => m.AnnouncementPage),
  },
  {
    path: 'announcement/history',
    handle: { name: 'announcementHistory', resource: 'menu.messages.announcementHistory', title: 'shell.menu.announcementHistory' },
    lazy: lazyPage(async () => (await loadAnnouncements()).loadAnnouncementHistoryPage(), (m) => m.AnnouncementHistoryPage),
  },
];
