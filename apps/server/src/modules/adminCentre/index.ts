import { defineModule } from '../../platform/module.js';
import { AdminCentreRepo } from './adminCentre.repo.js';
import { registerAdminCentreRoutes } from './adminCentre.routes.js';
import { AdminCentreService } from './adminCentre.service.js';

/**
 * The administrator's centre (menu.adminCenter): one read-only overview of the caller's
 * organizations — users and open sessions, sign-in failures and locked accounts, roles without
 * users, silent runs, the jobs' last runs, storage per run and the SMS outbox. It reads the tables
 * of the modules listed before it; it writes nothing and has no tables of its own.
 */
export const adminCentreModule = defineModule({
  name: 'adminCentre',
  register(ctx) {
    const service = new AdminCentreService({
      repo: new AdminCentreRepo(ctx.db, ctx.dialect),
      orgScope: ctx.services.get('orgScope'),
      runScope: ctx.services.get('runScope'),
      policy: ctx.services.get('policy'),
      locks: ctx.services.get('signInLocks'),
      receivedAt: (runId) => ctx.telemetry.latest.receivedAt(runId),
      idleMs: ctx.config.session.idleMs,
      now: ctx.now,
    });
    registerAdminCentreRoutes(ctx.app, service, ctx.endpoints);
  },
});
