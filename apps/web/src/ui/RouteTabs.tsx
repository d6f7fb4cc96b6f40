import type { MessageKey } from '@boreline/i18n';
import { Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useT } from '../core/i18n.js';

/** A tab that is a route of its own (bookmarkable, the back button works). */
export interface RouteTab {
  path: string;
  label: MessageKey;
  /** Put on the tab's label, for tests that pick a tab. */
  testId?: string;
}

/**
 * The tab of a location: the deepest tab the address is, or lies under — `…/process/efficiency` is
 * the efficiency tab, not progress; `…/turn_over/sg` belongs to the shift tab. The first tab when
 * none matches.
 */
export function activeRouteTab(pathname: string, paths: readonly string[]): string {
  const path = pathname.replace(/\/+$/, '');
  const tab = [...paths].sort((a, b) => b.length - a.length).find((p) => path === p || path.startsWith(`${p}/`));
  return tab ?? paths[0] ?? '';
}

export interface RouteTabsProps {
  tabs: readonly RouteTab[];
  /** Page actions on the right of the tab bar (export, print). */
  extra?: ReactNode;
  className?: string;
  'data-testid'?: string;
}

/** Tabs bound to child routes: choosing a tab navigates, the address chooses the tab. */
export function RouteTabs({ tabs, extra, className, 'data-testid': testId }: RouteTabsProps) {
  const t = useT();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (
    <Tabs
      className={className}
      activeKey={activeRouteTab(
        pathname,
        tabs.map((tab) => tab.path),
      )}
      onChange={(key) => void navigate(key)}
      items={tabs.map((tab) => ({ key: tab.path, label: tab.testId ? <span data-testid={tab.testId}>{t(tab.label)}</span> : t(tab.label) }))}
      tabBarExtraContent={extra}
      data-testid={testId}
    />
  );
}
