import type { ReactNode } from 'react';
import { type RouteTab, RouteTabs } from '../../../ui/RouteTabs.js';

const TABS: readonly RouteTab[] = [
  { path: '/fw1/stock/stockCurrent', label: 'stockWeb.nav.current', testId: 'stock-tab-current' },
  { path: '/fw1/stock/in', label: 'stockWeb.nav.in', testId: 'stock-tab-in' },
  { path: '/fw1/stock/out', label: 'stockWeb.nav.out', testId: 'stock-tab-out' },
  { path: '/fw1/stock/stats', label: 'stockWeb.nav.stats', testId: 'stock-tab-stats' },
];

/** Tabs across the stock pages, with the page's actions on the right. */
export function StockNav({ extra }: { extra?: ReactNode }) {
  return <RouteTabs tabs={TABS} extra={extra} className="stock-nav" data-testid="stock-nav" />;
}
