import type { ReactNode } from 'react';
import { type RouteTab, RouteTabs } from '../../../ui/RouteTabs.js';

/** The statistics pages of spec §2, in menu order (the tab test ids name the path after /fw1/statistic). */
const STATISTIC_TABS: readonly RouteTab[] = [
  { path: '/fw1/statistic/process', label: 'statistic.nav.progress', testId: 'stat-tab-process' },
  { path: '/fw1/statistic/process/efficiency', label: 'statistic.nav.efficiency', testId: 'stat-tab-process-efficiency' },
  { path: '/fw1/statistic/singleRing', label: 'statistic.nav.singleRing', testId: 'stat-tab-singleRing' },
  { path: '/fw1/statistic/multipleRing', label: 'statistic.nav.multipleRing', testId: 'stat-tab-multipleRing' },
  { path: '/fw1/statistic/staticAnalysis', label: 'statistic.nav.history', testId: 'stat-tab-staticAnalysis' },
  { path: '/fw1/statistic/staticAnalysis/rings', label: 'statistic.nav.ringTable', testId: 'stat-tab-staticAnalysis-rings' },
  // The segment module's statistics pages (segment attitude, tail clearance).
  { path: '/fw1/statistic/segment', label: 'segmentWeb.nav.statSegment', testId: 'stat-tab-segment' },
  { path: '/fw1/statistic/tail', label: 'segmentWeb.nav.statTail', testId: 'stat-tab-tail' },
];

/** Tabs between the statistics pages, with the page's actions (export) on the right. */
export function StatisticNav({ extra }: { extra?: ReactNode }) {
  return <RouteTabs tabs={STATISTIC_TABS} extra={extra} className="stat-nav" data-testid="stat-nav" />;
}
