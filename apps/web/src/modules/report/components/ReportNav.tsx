import type { MessageKey } from '@boreline/i18n';
import { Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useT } from '../../../core/i18n.js';

/** The report pages of spec §2, in menu order; each tab is a route of its own (bookmarkable, back button works). */
const REPORT_TABS: readonly { path: string; label: MessageKey }[] = [
  { path: '/fw1/report/turn_over', label: 'report.nav.shift' },
  { path: '/fw1/report/ring', label: 'report.nav.ring' },
  { path: '/fw1/report/day', label: 'report.nav.day' },
  { path: '/fw1/report/day2', label: 'report.nav.day2' },
  { path: '/fw1/report/week', label: 'report.nav.week' },
  { path: '/fw1/report/month', label: 'report.nav.month' },
];

/** The tab of a path: the shift report's segment view (…/turn_over/sg) belongs to the shift tab. */
export function activeReportTab(pathname: string): string {
  const tab = REPORT_TABS.find((t) => pathname === t.path || pathname.startsWith(`${t.path}/`));
  return tab?.path ?? REPORT_TABS[0]?.path ?? '';
}

/** Tabs between the report pages, with page actions (export, print) on the right. Hidden when printing. */
export function ReportNav({ extra }: { extra?: ReactNode }) {
  const t = useT();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (
    <Tabs
      className="report-nav no-print"
      activeKey={activeReportTab(pathname)}
      onChange={(key) => void navigate(key)}
      items={REPORT_TABS.map((tab) => ({ key: tab.path, label: t(tab.label) }))}
      tabBarExtraContent={extra}
      data-testid="report-nav"
    />
  );
}
