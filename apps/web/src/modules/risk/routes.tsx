import { type AppRoute, lazyPage } from '../../core/routing.js';

/** The risk points page of /fw1, in the alarm section (its menu item and tabs belong to the alarm pages). */
export const riskRoutesFw1: AppRoute[] = [
  {
    path: 'alarm/risk',
    handle: { name: 'alarmRisk', resource: 'alarm.risk.read', title: 'risk.title' },
    lazy: lazyPage(() => import('./pages/RiskPage.js'), (m) => m.RiskPage),
  },
];
