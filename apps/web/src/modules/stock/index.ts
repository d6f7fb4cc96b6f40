import { defineWebModule } from '../../core/webModule.js';
import { stockRoutesFw1 } from './routes.js';

/**
 * The spare-part store of the current run (issue 21): current stock with warning lines, stock-in
 * and stock-out sheets with their corrections, and consumption per ring, metre and 100 m³. The
 * menu item left the pending pages with its key, path, resource and order.
 */
export const stockModule = defineWebModule({
  name: 'stock',
  routes: { fw1: stockRoutesFw1 },
  menu: [{ section: 'construction', key: 'spareParts', label: 'shell.menu.spareParts', path: '/fw1/stock/stockCurrent', resource: 'menu.stock', order: 130 }],
  resources: ['menu.stock', 'stock.record.read', 'stock.record.write', 'stock.part.write'],
});
