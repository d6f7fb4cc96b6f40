import { lazyComponent } from '../../core/routing.js';
import { defineWebModule } from '../../core/webModule.js';
import { reportRoutesFw1 } from './routes.js';

/** The report tabs, for a page of another module under the reports (loaded with that page). */
export const ReportTabs = lazyComponent(() => import('./components/ReportNav.js'), (m) => m.ReportNav);

/** Reports of the current run: shift, ring, daily, weekly and monthly. */
export const reportModule = defineWebModule({
  name: 'report',
  routes: { fw1: reportRoutesFw1 },
  menu: [{ section: 'construction', key: 'reports', label: 'shell.menu.reports', path: '/fw1/report/turn_over', resource: 'menu.reports', order: 170 }],
  resources: ['menu.reports', 'report.shift.read', 'report.shift.write', 'report.period.read'],
});

/** The report's parts the screen tools draw (the shift's time bar), loaded with the tool's page. */
export const loadReportToolParts = () => import('./toolParts.js');
