import { migration } from '../../db/migrations/20261130T1000_maintenance.js';
import { migration as grants } from '../../db/migrations/20261130T1100_maintenanceGrants.js';
import { defineModule } from '../../platform/module.js';
import { MaintenanceService } from './maintenance.service.js';
import { MaintenanceViews } from './maintenanceViews.js';
import { registerMaintenanceRoutes } from './maintenance.routes.js';
import { reminderPass } from './reminders.js';

export { MaintenanceService } from './maintenance.service.js';
export { seedDemoMaintenance } from './demo/demoMaintenance.js';

declare module '../../core/services.js' {
  interface Services {
    /** Maintenance plans and records of a run (the demo seeds them). */
    maintenance: MaintenanceService;
  }
}

/**
 * Preventive maintenance (issue 20, spec §2 `fw1/maintain/*`, `fw1/stm_smtce`): plans with calendar
 * or counter triggers, records completing their occurrences, the calendar beside the machine's
 * standbys, the dashboard with compliance by the 10 % rule, the `mtceplan` import, and the reminder
 * job (each reminder once, across instances). After the message centre, whose `send` it uses.
 */
export const maintenanceModule = defineModule({
  name: 'maintenance',
  migrations: { '20261130T1000_maintenance': migration, '20261130T1100_maintenanceGrants': grants },
  register(ctx) {
    const runs = ctx.services.get('runs');
    const deps = { db: ctx.db, runs: ctx.services.get('runScope'), machine: ctx.machine, now: ctx.now };
    const service = new MaintenanceService(deps);
    ctx.services.provide('maintenance', service);
    registerMaintenanceRoutes(ctx.app, service, new MaintenanceViews(service, deps), ctx.services.get('imports'), ctx.endpoints);
    ctx.jobs.declare({
      name: 'maintenance.reminders',
      intervalMs: 60_000,
      run: ({ now, signal }) =>
        reminderPass(
          {
            db: ctx.db,
            messages: () => ctx.services.get('messageCentre'),
            runOf: async (runId) => (await runs.find(runId)) ?? null,
            countersNow: (runId, at) => service.countersNow(runId, at),
          },
          now,
          signal,
        ),
    });
  },
});
