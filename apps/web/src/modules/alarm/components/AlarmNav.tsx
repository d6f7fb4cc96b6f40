import type { ReactNode } from 'react';
import { canUse, useFramework } from '../../../core/session.js';
import { type RouteTab, RouteTabs } from '../../../ui/RouteTabs.js';

const TABS: readonly RouteTab[] = [
  { path: '/fw1/alarm/present_alarm', label: 'alarmWeb.nav.present', testId: 'alarm-tab-present' },
  { path: '/fw1/alarm/history_alarm', label: 'alarmWeb.nav.history', testId: 'alarm-tab-history' },
  { path: '/fw1/alarm/performance', label: 'alarmWeb.nav.performance', testId: 'alarm-tab-performance' },
];
/** The risk points page (risk module), for those who may read it. */
const RISK_TAB: RouteTab = { path: '/fw1/alarm/risk', label: 'alarmWeb.nav.risk', testId: 'alarm-tab-risk' };

/** Tabs between the alarm pages, with the page's actions on the right. */
export function AlarmNav({ extra }: { extra?: ReactNode }) {
  const risk = useFramework((s) => canUse(s, 'alarm.risk.read'));
  return <RouteTabs tabs={risk ? [...TABS, RISK_TAB] : TABS} extra={extra} className="alarm-nav" data-testid="alarm-nav" />;
}
