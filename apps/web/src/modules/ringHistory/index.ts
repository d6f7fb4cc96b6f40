import { defineWebModule } from '../../core/webModule.js';
import { ringHistoryRoutesFw1 } from './routes.js';

/** Ring history of the current run: the rings built before the console, imported from a spreadsheet, and the backfill of late data. */
export const ringHistoryModule = defineWebModule({
  name: 'ringHistory',
  routes: { fw1: ringHistoryRoutesFw1 },
  menu: [{ section: 'construction', key: 'ringHistory', label: 'ringHistory.menu', path: '/fw1/ringHistory', resource: 'menu.project.ringHistory', order: 155 }],
  resources: ['menu.project.ringHistory', 'project.ringHistory.read', 'project.ringHistory.write', 'telemetry.cycle.recompute'],
});
