import { type AppRoute, lazyPage } from '../../core/routing.js';

const shiftPage = lazyPage(() => import('./pages/ShiftReportPage.js'), (m) => m.ShiftReportPage);
const periodPage = lazyPage(() => import('./pages/PeriodReportPage.js'), (m) => m.PeriodReportPage);
const ringPage = lazyPage(() => import('./pages/RingReportPage.js'), (m) => m.RingReportPage);

const handle = (name: string, title: 'shell.menu.reports') => ({ name, resource: 'menu.reports' as const, title });

/**
 * Reports of the current run (spec §2 report): the shift report (turn_over) with its segment
 * erection view (sg), the ring report, and the daily (with its client layout, day 2), weekly and
 * monthly reports. Every page shares the report tabs (ReportNav).
 */
export const reportRoutesFw1: AppRoute[] = [
  { path: 'report/turn_over', handle: handle('reportShift', 'shell.menu.reports'), lazy: shiftPage },
  { path: 'report/turn_over/sg', handle: handle('reportShiftSg', 'shell.menu.reports'), lazy: shiftPage },
  { path: 'report/ring', handle: handle('reportRing', 'shell.menu.reports'), lazy: ringPage },
  { path: 'report/day', handle: handle('reportDay', 'shell.menu.reports'), lazy: periodPage },
  { path: 'report/day2', handle: handle('reportDay2', 'shell.menu.reports'), lazy: periodPage },
  { path: 'report/week', handle: handle('reportWeek', 'shell.menu.reports'), lazy: periodPage },
  { path: 'report/month', handle: handle('reportMonth', 'shell.menu.reports'), lazy: periodPage },
];
