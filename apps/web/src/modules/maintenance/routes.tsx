import type { ResourceCode } from '@boreline/contracts';
import type { MessageKey } from '@boreline/i18n';
import { type AppRoute, lazyPage, type RouteHandle } from '../../core/routing.js';

const pages = () => import('./pages.js');
const dashboardPage = lazyPage(async () => (await pages()).loadDashboardPage(), (m) => m.DashboardPage);
const planPage = lazyPage(async () => (await pages()).loadPlanPage(), (m) => m.PlanPage);
const calendarPage = lazyPage(async () => (await pages()).loadCalendarPage(), (m) => m.CalendarPage);
const recordPage = lazyPage(async () => (await pages()).loadRecordPage(), (m) => m.RecordPage);
const contentPage = lazyPage(async () => (await pages()).loadContentPage(), (m) => m.ContentPage);

const MANAGEMENT: ResourceCode = 'menu.maintenance.management';
const CONTENT: ResourceCode = 'menu.maintenance.content';
const handle = (name: string, resource: ResourceCode, title: MessageKey): RouteHandle => ({ name, resource, title });

/**
 * The maintenance pages of the current run (spec §2 stm_smtce and maintain): the dashboard (the
 * "Maintenance management" menu page), the plans, the calendar, the records and the maintenance
 * contents (the "Maintenance" menu page). The two menu pages keep the names of their menu items.
 */
export const maintenanceRoutesFw1: AppRoute[] = [
  { path: 'stm_smtce/dashboard', handle: handle('maintenanceManagement', MANAGEMENT, 'shell.menu.maintenanceManagement'), lazy: dashboardPage },
  { path: 'stm_smtce/plan', handle: handle('maintenancePlan', MANAGEMENT, 'shell.menu.maintenanceManagement'), lazy: planPage },
  { path: 'stm_smtce/calendar', handle: handle('maintenanceCalendar', MANAGEMENT, 'shell.menu.maintenanceManagement'), lazy: calendarPage },
  { path: 'maintain/content', handle: handle('maintenance', CONTENT, 'shell.menu.maintenance'), lazy: contentPage },
  { path: 'maintain/record', handle: handle('maintenanceRecord', CONTENT, 'shell.menu.maintenance'), lazy: recordPage },
];
