import type { ReactNode } from 'react';
import { canUse, useFramework } from '../../../core/session.js';
import { type RouteTab, RouteTabs } from '../../../ui/RouteTabs.js';

/** The report pages of spec §2, in menu order; the shift report's segment view (…/turn_over/sg) is in the shift tab. */
const REPORT_TABS: readonly RouteTab[] = [
  { path: '/fw1/report/turn_over', label: 'report.nav.shift' },
  { path: '/fw1/report/ring', label: 'report.nav.ring' },
  { path: '/fw1/report/day', label: 'report.nav.day' },
  { path: '/fw1/report/day2', label: 'report.nav.day2' },
  { path: '/fw1/report/week', label: 'report.nav.week' },
  { path: '/fw1/report/month', label: 'report.nav.month' },
];

/** The run's report subscriptions (the delivery module's page), for those who may subscribe. */
const SUBSCRIPTIONS_TAB: RouteTab = { path: '/fw1/report/subscriptions', label: 'deliveryWeb.page.tab', testId: 'report-tab-subscriptions' };

/** Tabs between the report pages, with page actions (export, print) on the right. Hidden when printing. */
export function ReportNav({ extra }: { extra?: ReactNode }) {
  const subscribes = useFramework((s) => canUse(s, 'report.subscription.write'));
  return <RouteTabs tabs={subscribes ? [...REPORT_TABS, SUBSCRIPTIONS_TAB] : REPORT_TABS} extra={extra} className="report-nav no-print" data-testid="report-nav" />;
}
