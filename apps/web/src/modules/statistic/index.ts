import { defineWebModule } from '../../core/webModule.js';
import { statisticRoutesFw1 } from './routes.js';

/** The statistics tabs, for the statistics pages other modules bring (segment, tail). */
export { StatisticNav } from './components/StatisticNav.js';

/** Statistics of the current run: progress, efficiency, ring curves, history, ring statistics. */
export const statisticModule = defineWebModule({
  name: 'statistic',
  routes: { fw1: statisticRoutesFw1 },
  menu: [
    { section: 'construction', key: 'statistics', label: 'shell.menu.statistics', path: '/fw1/statistic/process', resource: 'menu.statistics', order: 180 },
  ],
  resources: ['menu.statistics', 'statistic.read'],
});
