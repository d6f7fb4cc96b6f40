import { canUse, useFramework } from '../../../core/session.js';
import { type RouteTab, RouteTabs } from '../../../ui/RouteTabs.js';

/** The "Maintenance management" pages, as the maintenance pages' tab bar shows them (the same list, the same order). */
const MANAGEMENT_TABS: readonly RouteTab[] = [
  { path: '/fw1/stm_smtce/dashboard', label: 'maintenanceWeb.nav.dashboard', testId: 'mtce-tab-dashboard' },
  { path: '/fw1/stm_smtce/plan', label: 'maintenanceWeb.nav.plan', testId: 'mtce-tab-plan' },
  { path: '/fw1/stm_smtce/calendar', label: 'maintenanceWeb.nav.calendar', testId: 'mtce-tab-calendar' },
  { path: '/fw1/stm_smtce/repair', label: 'repairWeb.nav.repair', testId: 'mtce-tab-repair' },
  { path: '/fw1/stm_smtce/case', label: 'repairWeb.nav.case', testId: 'mtce-tab-case' },
  { path: '/fw1/stm_smtce/knowledge', label: 'repairWeb.nav.knowledge', testId: 'mtce-tab-knowledge' },
];
const CONTENT_TABS: readonly RouteTab[] = [
  { path: '/fw1/maintain/content', label: 'maintenanceWeb.nav.content', testId: 'mtce-tab-content' },
  { path: '/fw1/maintain/record', label: 'maintenanceWeb.nav.record', testId: 'mtce-tab-record' },
];

/** Tabs across the maintenance and repair pages the user may open (a module uses another only through its entry, so the bar is kept here too). */
export function RepairNav() {
  const management = useFramework((s) => canUse(s, 'menu.maintenance.management'));
  const content = useFramework((s) => canUse(s, 'menu.maintenance.content'));
  const tabs = [...(management ? MANAGEMENT_TABS : []), ...(content ? CONTENT_TABS : [])];
  return <RouteTabs tabs={tabs} className="mtce-nav" data-testid="mtce-nav" />;
}
