import { migration } from '../../db/migrations/20261206T1100_announcements.js';
import { migration as grants } from '../../db/migrations/20261206T1150_announcementGrants.js';
import { defineModule } from '../../platform/module.js';
import { AnnouncementRepo } from './announcement.repo.js';
import { registerAnnouncementRoutes } from './announcement.routes.js';
import { AnnouncementService } from './announcement.service.js';

export { AnnouncementService } from './announcement.service.js';
export { seedDemoAnnouncements } from './demoAnnouncements.js';

declare module '../../core/services.js' {
  interface Services {
    /** Announcements (the demo seeds a few). */
    announcements: AnnouncementService;
  }
}

/**
 * Announcements (spec §1, §2): written by holders of `messages.announcement.write` for
 * organizations and runs within their scope, bodies cleaned to a safe subset of HTML on the server,
 * read by their audience at sign-in, in the header and in the announcement history, with read
 * marks per user. Listed after the message centre, through which publishing tells the audience.
 */
export const announcementModule = defineModule({
  name: 'announcement',
  migrations: { '20261206T1100_announcements': migration, '20261206T1150_announcementGrants': grants },
  register(ctx) {
    const service = new AnnouncementService({
      repo: new AnnouncementRepo(ctx.db),
      runs: ctx.services.get('runScope'),
      orgs: ctx.services.get('orgScope'),
      messages: () => ctx.services.get('messageCentre'),
      now: ctx.now,
      log: ctx.log,
    });
    ctx.services.provide('announcements', service);
    registerAnnouncementRoutes(ctx.app, service, ctx.endpoints);
  },
});
