import { lazyComponent } from '../../core/routing.js';
import { defineWebModule } from '../../core/webModule.js';
import { announcementRoutes, loadAnnouncements } from './routes.js';

/**
 * Announcements: the announcement page (writers manage, readers see the current ones), the
 * history, and the header icon with the sign-in dialog of unread current announcements.
 * Bodies are shown through `SafeHtml` (an allowlist rebuild of the server-cleaned HTML).
 */
export const announcementModule = defineWebModule({
  name: 'announcement',
  routes: { fw1: announcementRoutes },
  menu: [
    { section: 'construction', key: 'announcement', label: 'shell.menu.announcement', path: '/fw1/announcement', resource: 'menu.messages.announcement', order: 70 },
    {
      section: 'construction',
      key: 'announcementHistory',
      label: 'shell.menu.announcementHistory',
      path: '/fw1/announcement/history',
      resource: 'menu.messages.announcementHistory',
      order: 90,
    },
  ],
  headerItems: [{ key: 'announcements', order: 5, component: lazyComponent(async () => (await loadAnnouncements()).loadAnnouncementHeader(), (m) => m.AnnouncementHeader) }],
  resources: ['menu.messages.announcement', 'menu.messages.announcementHistory', 'messages.announcement.write'],
});
