import { type AppRoute, lazyPage, type RouteHandle } from '../../core/routing.js';

const pages = () => import('./pages.js');
const presentPage = lazyPage(async () => (await pages()).loadPresentPage(), (m) => m.PresentAlarmPage);
const historyPage = lazyPage(async () => (await pages()).loadHistoryPage(), (m) => m.HistoryAlarmPage);
const performancePage = lazyPage(async () => (await pages()).loadPerformancePage(), (m) => m.PerformancePage);

const handle = (name: string): RouteHandle => ({ name, resource: 'menu.alarms', title: 'shell.menu.alarm' });

/**
 * The alarms of the current run (spec §2 alarm): the history (the menu's page), the current alarms
 * and the alarm performance figures. The risk points page (alarm/risk) belongs to the risk module;
 * every page shares the alarm tabs (AlarmNav).
 */
export const alarmRoutesFw1: AppRoute[] = [
  { path: 'alarm/history_alarm', handle: handle('alarmHistory'), lazy: historyPage },
  { path: 'alarm/present_alarm', handle: handle('alarmPresent'), lazy: presentPage },
  { path: 'alarm/performance', handle: handle('alarmPerformance'), lazy: performancePage },
];
