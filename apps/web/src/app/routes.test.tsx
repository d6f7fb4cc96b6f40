import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { RouteHandle } from '../core/routing.js';
import { MENU } from './menu.js';
import { MODULES } from './modules.js';
import { routes } from './routes.js';

/** The handle the guard and the title read: the deepest matched route's. */
function handleAt(path: string): RouteHandle | undefined {
  return matchRoutes(routes, path)?.at(-1)?.route.handle;
}

describe('the route tree built from the modules', () => {
  it('opens every menu page under the item’s resource and title', () => {
    for (const item of MENU.flatMap((s) => s.items)) {
      const handle = handleAt(item.path);
      expect(handle?.resource, item.path).toBe(item.resource);
      expect(handle?.title, item.path).toBeDefined();
    }
  });

  it('keeps the route names the guard and the remembered path know', () => {
    expect(handleAt('/fw0/stsRun/list')?.name).toBe('sts2');
    expect(handleAt('/fw0/sys/user/list')?.name).toBe('user');
    expect(handleAt('/fw1/report/turn_over/sg')?.name).toBe('reportShiftSg');
    // The report subscriptions: a tab of the reports, for those who may subscribe.
    expect(handleAt('/fw1/report/subscriptions')).toEqual({ name: 'reportSubscriptions', resource: 'report.subscription.write', title: 'deliveryWeb.page.title' });
    // The alarm pages: the menu's history, the current alarms and the performance figures.
    expect(handleAt('/fw1/alarm/history_alarm')).toEqual({ name: 'alarmHistory', resource: 'menu.alarms', title: 'shell.menu.alarm' });
    expect(handleAt('/fw1/alarm/present_alarm')?.name).toBe('alarmPresent');
    expect(handleAt('/fw1/alarm/performance')?.name).toBe('alarmPerformance');
    // The maintenance pages: the two menu pages keep their items' names, the tabs have their own.
    expect(handleAt('/fw1/stm_smtce/dashboard')).toEqual({ name: 'maintenanceManagement', resource: 'menu.maintenance.management', title: 'shell.menu.maintenanceManagement' });
    expect(handleAt('/fw1/stm_smtce/plan')).toMatchObject({ name: 'maintenancePlan', resource: 'menu.maintenance.management' });
    expect(handleAt('/fw1/stm_smtce/calendar')).toMatchObject({ name: 'maintenanceCalendar', resource: 'menu.maintenance.management' });
    expect(handleAt('/fw1/stm_smtce/repair')).toMatchObject({ name: 'repairRecords', resource: 'menu.maintenance.management' });
    expect(handleAt('/fw1/stm_smtce/case')).toMatchObject({ name: 'repairCases', resource: 'menu.maintenance.management' });
    expect(handleAt('/fw1/stm_smtce/knowledge')).toMatchObject({ name: 'repairKnowledge', resource: 'menu.maintenance.management' });
    expect(handleAt('/fw1/maintain/content')).toEqual({ name: 'maintenance', resource: 'menu.maintenance.content', title: 'shell.menu.maintenance' });
    expect(handleAt('/fw1/maintain/record')).toMatchObject({ name: 'maintenanceRecord', resource: 'menu.maintenance.content' });
    // The segment pages: the menu page keeps its item's name; the statistics tabs are under the statistics.
    expect(handleAt('/fw1/segment/segmentPose')).toEqual({ name: 'segment', resource: 'menu.segments', title: 'shell.menu.segment' });
    expect(handleAt('/fw1/segment/tailSpace')).toMatchObject({ name: 'segmentTail', resource: 'menu.segments' });
    expect(handleAt('/fw1/statistic/segment')).toMatchObject({ name: 'statisticSegment', resource: 'menu.statistics' });
    expect(handleAt('/fw1/statistic/tail')).toMatchObject({ name: 'statisticTail', resource: 'menu.statistics' });
    // The stock pages: the current stock keeps its menu item's name, the tabs have their own.
    expect(handleAt('/fw1/stock/stockCurrent')).toEqual({ name: 'spareParts', resource: 'menu.stock', title: 'shell.menu.spareParts' });
    expect(handleAt('/fw1/stock/in')).toMatchObject({ name: 'stockIn', resource: 'menu.stock' });
    expect(handleAt('/fw1/stock/out')).toMatchObject({ name: 'stockOut', resource: 'menu.stock' });
    expect(handleAt('/fw1/stock/stats')).toMatchObject({ name: 'stockStats', resource: 'menu.stock' });
    // Pages still under development are named after their menu item.
    expect(handleAt('/fw0/sys/dp')?.name).toBe('adminCenter');
  });

  it('keeps public pages outside the guard and sends unknown paths to not-found', () => {
    expect(handleAt('/login')).toMatchObject({ name: 'login', resource: 'public' });
    expect(handleAt('/h5/rta/1/abc')).toMatchObject({ name: 'h5RealTime', resource: 'public' });
    expect(handleAt('/privacy')).toMatchObject({ name: 'privacy', resource: 'public' });
    expect(handleAt('/fw1/nowhere/at/all')?.name).toBe('unknown');
  });

  it('has each module declare the resource codes its routes and menu items need', () => {
    for (const module of MODULES) {
      const used = [...Object.values(module.routes).flat().map((r) => r.handle.resource), ...(module.menu ?? []).map((i) => i.resource)];
      const undeclared = used.filter((r) => r !== 'public' && r !== 'authenticated' && !module.resources.includes(r));
      expect(undeclared, module.name).toEqual([]);
    }
  });
});
