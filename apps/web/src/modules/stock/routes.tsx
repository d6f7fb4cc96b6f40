import type { ResourceCode } from '@boreline/contracts';
import { type AppRoute, lazyPage, type RouteHandle } from '../../core/routing.js';

const pages = () => import('./pages.js');
const currentPage = lazyPage(async () => (await pages()).loadCurrentPage(), (m) => m.CurrentStockPage);
const inPage = lazyPage(async () => (await pages()).loadInPage(), (m) => m.StockInPage);
const outPage = lazyPage(async () => (await pages()).loadOutPage(), (m) => m.StockOutPage);
const statsPage = lazyPage(async () => (await pages()).loadStatsPage(), (m) => m.ConsumptionPage);

const STOCK: ResourceCode = 'menu.stock';
const handle = (name: string): RouteHandle => ({ name, resource: STOCK, title: 'shell.menu.spareParts' });

/**
 * The spare-part pages of the current run (spec §2 `fw1/stock/*`): the current stock (the menu
 * page, named after its menu item), stock-in, stock-out and consumption.
 */
export const stockRoutesFw1: AppRoute[] = [
  { path: 'stock/stockCurrent', handle: handle('spareParts'), lazy: currentPage },
  { path: 'stock/in', handle: handle('stockIn'), lazy: inPage },
  { path: 'stock/out', handle: handle('stockOut'), lazy: outPage },
  { path: 'stock/stats', handle: handle('stockStats'), lazy: statsPage },
];
