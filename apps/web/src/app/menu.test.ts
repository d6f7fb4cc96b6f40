import { resourcePlaces } from '@boreline/contracts';
import { describe, expect, it } from 'vitest';
import { defineWebModule } from '../core/webModule.js';
import { buildHeaderItems, buildMenu, HEADER_ITEMS, MENU, menuKeyOf, startPath, visibleMenu } from './menu.js';
import { MODULES } from './modules.js';

const paths = MENU.flatMap((s) => s.items.map((i) => i.path));

describe('the side menu', () => {
  it('has the sections and items of spec §2, in their order, whichever module brings them', () => {
    const shape = MENU.map((s) => [s.key, s.label, s.items.map((i) => [i.key, i.label, i.path, i.resource])]);
    expect(shape).toEqual([
      [
        'overview',
        'shell.menu.statsBoard',
        [
          ['statsBoard', 'shell.menu.statsBoard', '/fw0/projectBoard', 'menu.statsBoard'],
          ['projectList', 'shell.menu.projectList', '/fw0/stsRun/list', 'menu.projectList'],
          ['enterSystem', 'shell.menu.enterSystem', '/fw0/dp', 'menu.enterSystem'],
        ],
      ],
      [
        'system',
        'shell.menu.systemSetting',
        [
          ['user', 'shell.menu.user', '/fw0/sys/user/list', 'menu.admin.user'],
          ['role', 'shell.menu.role', '/fw0/sys/role/list', 'menu.admin.role'],
          ['resource', 'shell.menu.resource', '/fw0/sys/src/list', 'menu.admin.resource'],
          ['organization', 'shell.menu.organization', '/fw0/sys/dept/list', 'menu.admin.organization'],
          ['partSetting', 'shell.menu.partSetting', '/fw0/sys/sys_warn_setting', 'menu.admin.partSetting'],
        ],
      ],
      [
        'construction',
        'shell.menu.intelligentConstruction',
        [
          ['adminCenter', 'shell.menu.adminCenter', '/fw0/sys/dp', 'menu.adminCenter'],
          ['home', 'shell.menu.homePage', '/fw1/home', 'menu.project.home'],
          ['collection', 'shell.menu.collection', '/fw1/collection', 'menu.project.collection'],
          ['personalSettings', 'shell.menu.personalSettings', '/fw0/sys/userSetting', 'authenticated'],
          ['changePassword', 'shell.menu.changePassword', '/fw0/sys/userSetting/password', 'authenticated'],
          ['loginLog', 'shell.menu.loginLog', '/fw0/sys/userSetting/loginLog', 'authenticated'],
          ['announcement', 'shell.menu.announcement', '/fw1/announcement', 'menu.messages.announcement'],
          ['feedback', 'shell.menu.feedback', '/fw1/feedback', 'menu.feedback.submit'],
          ['announcementHistory', 'shell.menu.announcementHistory', '/fw1/announcement/history', 'menu.messages.announcementHistory'],
          ['graphHorizontal', 'shell.menu.graphHorizontal', '/fw1/graph/plan', 'menu.graph.horizontal'],
          ['graphVertical', 'shell.menu.graphVertical', '/fw1/graph/section', 'menu.graph.vertical'],
          ['graphGis', 'shell.menu.graphGis', '/fw1/graph/map', 'menu.graph.gis'],
          ['spareParts', 'shell.menu.spareParts', '/fw1/stock/stockCurrent', 'menu.stock'],
          ['maintenance', 'shell.menu.maintenance', '/fw1/maintain/content', 'menu.maintenance.content'],
          ['basicInfo', 'shell.menu.basicInfo', '/fw1/basic_info/project_info', 'menu.project.basicInfo'],
          ['ringHistory', 'ringHistory.menu', '/fw1/ringHistory', 'menu.project.ringHistory'],
          ['tagMapping', 'tagMapping.menu', '/fw1/tagMapping', 'telemetry.tagMapping.read'],
          ['alarm', 'shell.menu.alarm', '/fw1/alarm/history_alarm', 'menu.alarms'],
          ['reports', 'shell.menu.reports', '/fw1/report/turn_over', 'menu.reports'],
          ['statistics', 'shell.menu.statistics', '/fw1/statistic/process', 'menu.statistics'],
          ['segment', 'shell.menu.segment', '/fw1/segment/segmentPose', 'menu.segments'],
          ['realTime', 'shell.menu.realTime', '/fw1/rta', 'menu.monitoring.realTime'],
          ['connection', 'connection.menu', '/fw1/connection', 'menu.monitoring.connection'],
          ['feedbackList', 'shell.menu.feedbackList', '/fw1/feedback/list', 'menu.feedback.list'],
          ['messageReminder', 'shell.menu.messageReminder', '/fw1/stm_smtce_message', 'menu.messages.reminder'],
          ['maintenanceManagement', 'shell.menu.maintenanceManagement', '/fw1/stm_smtce/dashboard', 'menu.maintenance.management'],
        ],
      ],
    ]);
  });

  it('takes every side-menu item from the module that builds its page (none is left under development)', () => {
    const owner = (key: string) => MODULES.find((m) => (m.menu ?? []).some((i) => i.key === key))?.name;
    expect(
      ['maintenance', 'maintenanceManagement', 'segment', 'adminCenter', 'spareParts', 'graphHorizontal', 'graphGis', 'feedback', 'feedbackList', 'announcement', 'announcementHistory', 'collection'].map(owner),
    ).toEqual(['maintenance', 'maintenance', 'segment', 'adminCentre', 'stock', 'graph', 'graph', 'feedback', 'feedback', 'announcement', 'announcement', 'collection']);
    expect(MODULES.map((m) => m.name)).not.toContain('pending');
  });

  it('takes each item from exactly one module, under a key and a path of its own', () => {
    const items = MODULES.flatMap((m) => m.menu ?? []);
    expect(new Set(items.map((i) => i.key)).size).toBe(items.length);
    expect(new Set(items.map((i) => i.path)).size).toBe(items.length);
  });

  it('places a later module’s item by its order, between the items of other modules', () => {
    const later = defineWebModule({
      name: 'later',
      routes: {},
      menu: [{ section: 'construction', key: 'later', label: 'shell.menu.alarm', path: '/fw1/later', resource: 'menu.alarms', order: 25 }],
      resources: ['menu.alarms'],
    });
    const construction = buildMenu([...MODULES, later]).find((s) => s.key === 'construction');
    expect(construction?.items.slice(0, 4).map((i) => i.key)).toEqual(['adminCenter', 'home', 'later', 'collection']);
  });

  it('shows only permitted items, leaves out empty sections, and starts at "Enter system" when granted', () => {
    const granted = new Set(['authenticated', 'menu.reports', 'menu.admin.role']);
    const visible = visibleMenu((resource) => granted.has(resource));
    expect(visible.map((s) => [s.key, s.items.map((i) => i.key)])).toEqual([
      ['system', ['role']],
      ['construction', ['personalSettings', 'changePassword', 'loginLog', 'reports']],
    ]);
    expect(startPath((resource) => granted.has(resource))).toBe('/fw0/sys/role/list');
    expect(startPath((resource) => granted.has(resource) || resource === 'menu.enterSystem')).toBe('/fw0/dp');
  });
});

describe('the header items', () => {
  it('come from the modules, left to right by their order', () => {
    expect(HEADER_ITEMS.map((item) => item.key)).toEqual(['collectionStar', 'announcements', 'messageBell']);
    const Nothing = () => null;
    const later = defineWebModule({ name: 'later', routes: {}, headerItems: [{ key: 'help', order: 7, component: Nothing }], resources: [] });
    expect(buildHeaderItems([...MODULES, later]).map((item) => item.key)).toEqual(['collectionStar', 'announcements', 'help', 'messageBell']);
  });
});

describe('the side menu item of a location', () => {
  it('is the item itself, or the item whose page holds the location', () => {
    expect(menuKeyOf('/fw1/home', paths)).toBe('/fw1/home');
    // Every tab of basic info highlights "Basic info", whose menu link opens the first tab.
    expect(menuKeyOf('/fw1/basic_info/shift_info', paths)).toBe('/fw1/basic_info/project_info');
    expect(menuKeyOf('/fw0/sys/userSetting/password', paths)).toBe('/fw0/sys/userSetting/password');
    // A location outside every item highlights nothing.
    expect(menuKeyOf('/fw1/nowhere', paths)).toBe('/fw1/nowhere');
  });
});

describe('the resource tree the administrator grants from', () => {
  it('holds every menu item as a page with the item’s route, in the item’s section', () => {
    const places = resourcePlaces();
    const sectionCode = { overview: null, system: 'menu.systemSetting', construction: 'menu.intelligentConstruction' } as const;
    // Items every signed-in user sees (personal settings) need no resource of the tree.
    const items = MENU.flatMap((s) => s.items).filter((i) => i.resource.startsWith('menu.'));
    expect(items.map((i) => [i.resource, places.get(i.resource as never)?.path, places.get(i.resource as never)?.parent])).toEqual(
      items.map((i) => [i.resource, i.path, sectionCode[i.section]]),
    );
  });
});
