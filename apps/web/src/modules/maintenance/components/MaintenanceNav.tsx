import type { ReactNode } from 'react';
import { canUse, useFramework } from '../../../core/session.js';
import { type RouteTab, RouteTabs } from '../../../ui/RouteTabs.js';

/** The management pages (menu "Maintenance management"). */
const MANAGEMENT_TABS: readonly RouteTab[] = [
  { path: '/fw1/stm_smtce/dashboard', label: 'maintenanceWeb.nav.dashboard', testId: 'mtce-tab-dashboard' },
  { path: '/fw1/stm_smtce/plan', label: 'maintenanceWeb.nav.plan', testId: 'mtce-tab-plan' },
  { path: '/fw1/stm_smtce/calendar', label: 'maintenanceWeb.nav.calendar', testId: 'mtce-tab-calendar' },
  { path: '/fw1/stm_smtce/repair', label: 'repairWeb.nav.repair', testId: 'mtce-tab-repair' },
  { path: '/fw1/stm_smtce/case', label: 'repairWeb.nav.case', testId: 'mtce-tab-case' },
  { path: '/fw1/stm_smtce/knowledge', label: 'repairWeb.nav.knowledge', testId: 'mtce-tab-knowledge' },
];
/** The pages of the menu "Maintenance": contents and records. */
const CONTENT_TABS: readonly RouteTab[] = [
  { path: '/fw1/maintain/content', label: 'maintenanceWeb.nav.content', testId: 'mtce-tab-content' },
  { path: '/fw1/maintain/record', label: 'maintenanceWeb.nav.record', testId: 'mtce-tab-record' },
];

/** Tabs across the maintenance pages the user may open, with the page's actions on the right. */
export function MaintenanceNav({ extra }: { extra?: ReactNode }) {
  const management = useFramework((s) => canUse(s, 'menu.maintenance.management'));
  const content = useFramework((s) => canUse(s, 'menu.maintenance.content'));
  const tabs = [...(management ? MANAGEMENT_TABS : []), ...(content ? CONTENT_TABS : [])];
  return <RouteTabs tabs={tabs} extra={extra} className="mtce-nav" data-testid="mtce-nav" />;
}
