import { defineWebModule } from '../../core/webModule.js';
import { maintenanceRoutesFw1 } from './routes.js';

/**
 * Maintenance of the current run (issue 20): the dashboard with compliance, the plans with their
 * reminders, import and counters, the calendar, the records of work done and the maintenance
 * contents. Both menu items left the pending pages with their key, path, resource and order.
 */
export const maintenanceModule = defineWebModule({
  name: 'maintenance',
  routes: { fw1: maintenanceRoutesFw1 },
  menu: [
    { section: 'construction', key: 'maintenance', label: 'shell.menu.maintenance', path: '/fw1/maintain/content', resource: 'menu.maintenance.content', order: 140 },
    {
      section: 'construction',
      key: 'maintenanceManagement',
      label: 'shell.menu.maintenanceManagement',
      path: '/fw1/stm_smtce/dashboard',
      resource: 'menu.maintenance.management',
      order: 230,
    },
  ],
  resources: ['menu.maintenance.content', 'menu.maintenance.management', 'maintenance.plan.write'],
});
