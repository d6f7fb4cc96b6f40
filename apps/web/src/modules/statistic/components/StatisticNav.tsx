import type { MessageKey } from '@boreline/i18n';
import { Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useT } from '../../../core/i18n.js';

/** The statistics pages of spec §2, in menu order; each tab is a route of its own (bookmarkable, back button works). */
const STATISTIC_TABS: readonly { path: string; label: MessageKey }[] = [
  { path: '/fw1/statistic/process', label: 'statistic.nav.progress' },
  { path: '/fw1/statistic/process/efficiency', label: 'statistic.nav.efficiency' },
  { path: '/fw1/statistic/singleRing', label: 'statistic.nav.singleRing' },
  { path: '/fw1/statistic/multipleRing', label: 'statistic.nav.multipleRing' },
  { path: '/fw1/statistic/staticAnalysis', label: 'statistic.nav.history' },
  { path: '/fw1/statistic/staticAnalysis/rings', label: 'statistic.nav.ringTable' },
];

/** The tab of a path: the longest tab path the address is, or lies under (…/process/efficiency is not progress). */
export function activeStatisticTab(pathname: string): string {
  const path = pathname.replace(/\/+$/, '');
  const tab = [...STATISTIC_TABS].sort((a, b) => b.path.length - a.path.length).find((t) => path === t.path || path.startsWith(`${t.path}/`));
  return tab?.path ?? STATISTIC_TABS[0]?.path ?? '';
}

/** Tabs between the statistics pages, with the page's actions (export) on the right. */
export function StatisticNav({ extra }: { extra?: ReactNode }) {
  const t = useT();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (
    <Tabs
      className="stat-nav"
      activeKey={activeStatisticTab(pathname)}
      onChange={(key) => void navigate(key)}
      items={STATISTIC_TABS.map((tab) => ({ key: tab.path, label: <span data-testid={`stat-tab-${tab.path.split('/').slice(3).join('-')}`}>{t(tab.label)}</span> }))}
      tabBarExtraContent={extra}
      data-testid="stat-nav"
    />
  );
}
