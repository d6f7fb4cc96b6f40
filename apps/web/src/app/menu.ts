import type { ResourceCode } from '@boreline/contracts';
import { START_PATH } from '../core/config.js';

/** A page reachable from the side menu; it shows only when the user may use `resource`. */
export interface MenuItem {
  key: string;
  /** i18n key of the label. */
  label: string;
  path: string;
  /** 'authenticated': every signed-in user (their own settings). */
  resource: ResourceCode | 'authenticated';
}

export interface MenuSection {
  key: string;
  label: string;
  icon: 'overview' | 'system' | 'construction';
  items: MenuItem[];
}

/** The side-menu sections of spec §2, in their order. */
export const MENU: MenuSection[] = [
  {
    key: 'overview',
    label: 'shell.menu.statsBoard',
    icon: 'overview',
    items: [
      { key: 'statsBoard', label: 'shell.menu.statsBoard', path: '/fw0/projectBoard', resource: 'menu.statsBoard' },
      { key: 'projectList', label: 'shell.menu.projectList', path: '/fw0/stsRun/list', resource: 'menu.projectList' },
      { key: 'enterSystem', label: 'shell.menu.enterSystem', path: '/fw0/dp', resource: 'menu.enterSystem' },
    ],
  },
  {
    key: 'system',
    label: 'shell.menu.systemSetting',
    icon: 'system',
    items: [
      { key: 'user', label: 'shell.menu.user', path: '/fw0/sys/user/list', resource: 'menu.admin.user' },
      { key: 'role', label: 'shell.menu.role', path: '/fw0/sys/role/list', resource: 'menu.admin.role' },
      { key: 'resource', label: 'shell.menu.resource', path: '/fw0/sys/src/list', resource: 'menu.admin.resource' },
      { key: 'organization', label: 'shell.menu.organization', path: '/fw0/sys/dept/list', resource: 'menu.admin.organization' },
      { key: 'partSetting', label: 'shell.menu.partSetting', path: '/fw0/sys/sys_warn_setting', resource: 'menu.admin.partSetting' },
    ],
  },
  {
    key: 'construction',
    label: 'shell.menu.intelligentConstruction',
    icon: 'construction',
    items: [
      { key: 'adminCenter', label: 'shell.menu.adminCenter', path: '/fw0/sys/dp', resource: 'menu.adminCenter' },
      { key: 'home', label: 'shell.menu.homePage', path: '/fw1/home', resource: 'menu.project.home' },
      { key: 'collection', label: 'shell.menu.collection', path: '/fw1/collection', resource: 'menu.project.collection' },
      { key: 'personalSettings', label: 'shell.menu.personalSettings', path: '/fw0/sys/userSetting', resource: 'authenticated' },
      { key: 'changePassword', label: 'shell.menu.changePassword', path: '/fw0/sys/userSetting/password', resource: 'authenticated' },
      { key: 'loginLog', label: 'shell.menu.loginLog', path: '/fw0/sys/userSetting/loginLog', resource: 'authenticated' },
      { key: 'announcement', label: 'shell.menu.announcement', path: '/fw1/announcement', resource: 'menu.messages.announcement' },
      { key: 'feedback', label: 'shell.menu.feedback', path: '/fw1/feedback', resource: 'menu.feedback.submit' },
      {
        key: 'announcementHistory',
        label: 'shell.menu.announcementHistory',
        path: '/fw1/announcement/history',
        resource: 'menu.messages.announcementHistory',
      },
      { key: 'graphHorizontal', label: 'shell.menu.graphHorizontal', path: '/fw1/graph/plan', resource: 'menu.graph.horizontal' },
      { key: 'graphVertical', label: 'shell.menu.graphVertical', path: '/fw1/graph/section', resource: 'menu.graph.vertical' },
      { key: 'graphGis', label: 'shell.menu.graphGis', path: '/fw1/graph/map', resource: 'menu.graph.gis' },
      { key: 'spareParts', label: 'shell.menu.spareParts', path: '/fw1/stock/stockCurrent', resource: 'menu.stock' },
      { key: 'maintenance', label: 'shell.menu.maintenance', path: '/fw1/maintain/content', resource: 'menu.maintenance.content' },
      { key: 'basicInfo', label: 'shell.menu.basicInfo', path: '/fw1/basic_info/project_info', resource: 'menu.project.basicInfo' },
      { key: 'alarm', label: 'shell.menu.alarm', path: '/fw1/alarm/history_alarm', resource: 'menu.alarms' },
      { key: 'reports', label: 'shell.menu.reports', path: '/fw1/report/turn_over', resource: 'menu.reports' },
      { key: 'statistics', label: 'shell.menu.statistics', path: '/fw1/statistic/process', resource: 'menu.statistics' },
      { key: 'segment', label: 'shell.menu.segment', path: '/fw1/segment/segmentPose', resource: 'menu.segments' },
      { key: 'realTime', label: 'shell.menu.realTime', path: '/fw1/rta', resource: 'menu.monitoring.realTime' },
      { key: 'feedbackList', label: 'shell.menu.feedbackList', path: '/fw1/feedback/list', resource: 'menu.feedback.list' },
      { key: 'messageReminder', label: 'shell.menu.messageReminder', path: '/fw1/stm_smtce_message', resource: 'menu.messages.reminder' },
      {
        key: 'maintenanceManagement',
        label: 'shell.menu.maintenanceManagement',
        path: '/fw1/stm_smtce/dashboard',
        resource: 'menu.maintenance.management',
      },
    ],
  },
];

/** The sections as the user may see them: items without permission removed, empty sections too. */
export function visibleMenu(canUse: (resource: string) => boolean): MenuSection[] {
  return MENU.map((section) => ({ ...section, items: section.items.filter((item) => canUse(item.resource)) })).filter(
    (section) => section.items.length > 0,
  );
}

/** Where a user lands: "Enter system" when granted, else the first page of their menu. */
export function startPath(canUse: (resource: string) => boolean): string {
  const items = visibleMenu(canUse).flatMap((s) => s.items);
  return items.find((i) => i.path === START_PATH)?.path ?? items[0]?.path ?? START_PATH;
}

/**
 * The menu item a location belongs to: its own path, else the item whose page the location is
 * inside — a sub-path (`/fw0/sys/user/list/…`) or a sibling tab of the item's page
 * (`/fw1/basic_info/shift_info` belongs to `/fw1/basic_info/project_info`).
 */
export function menuKeyOf(pathname: string, paths: readonly string[]): string {
  if (paths.includes(pathname)) return pathname;
  const within = (prefix: string) => pathname.startsWith(`${prefix}/`);
  const parentOf = (path: string) => path.slice(0, path.lastIndexOf('/'));
  const byLength = [...paths].sort((a, b) => b.length - a.length);
  return byLength.find(within) ?? byLength.find((p) => parentOf(p).split('/').length > 2 && within(parentOf(p))) ?? pathname;
}
