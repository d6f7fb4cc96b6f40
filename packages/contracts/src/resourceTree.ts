import type { ResourceCode } from './permissions.js';

/** A node of the product's own resource tree: a section, a page (with its route) or a code checked by the server. */
export interface ResourceBranch {
  code: ResourceCode;
  /** The page's route in the web app (page resources only). */
  path?: string;
  children?: readonly ResourceBranch[];
}

const page = (code: ResourceCode, path: string, children: readonly ResourceCode[] = []): ResourceBranch => ({
  code,
  path,
  children: children.map((c) => ({ code: c })),
});

/**
 * Where each built-in resource sits, grouped like the side menu (spec §2): the overview pages at
 * the top, then the two sections with their pages, each page holding the codes its screens and
 * endpoints check. Every code of RESOURCE_CODES appears exactly once (a test holds it).
 */
export const RESOURCE_TREE: readonly ResourceBranch[] = [
  page('menu.statsBoard', '/fw0/projectBoard'),
  page('menu.projectList', '/fw0/stsRun/list', ['project.run.read', 'project.run.write', 'project.run.delete']),
  page('menu.enterSystem', '/fw0/dp'),
  {
    code: 'menu.systemSetting',
    children: [
      page('menu.admin.user', '/fw0/sys/user/list', ['admin.user.read', 'admin.user.write', 'admin.user.assignRoles', 'admin.user.resetPassword']),
      page('menu.admin.role', '/fw0/sys/role/list', ['admin.role.read', 'admin.role.write']),
      page('menu.admin.resource', '/fw0/sys/src/list', ['admin.resource.read', 'admin.resource.write']),
      page('menu.admin.organization', '/fw0/sys/dept/list', ['admin.org.read', 'admin.org.write', 'admin.acl.read', 'admin.acl.write']),
      page('menu.admin.partSetting', '/fw0/sys/sys_warn_setting', ['admin.warnSetting.read', 'admin.warnSetting.write']),
    ],
  },
  {
    code: 'menu.intelligentConstruction',
    children: [
      page('menu.adminCenter', '/fw0/sys/dp', ['admin.smsOutbox.read', 'messages.loginLog.readAll']),
      page('menu.project.home', '/fw1/home'),
      page('menu.project.collection', '/fw1/collection'),
      page('menu.messages.announcement', '/fw1/announcement', ['messages.announcement.write']),
      page('menu.feedback.submit', '/fw1/feedback'),
      page('menu.messages.announcementHistory', '/fw1/announcement/history'),
      page('menu.graph.horizontal', '/fw1/graph/plan', ['graph.drawing.read', 'graph.drawing.write']),
      page('menu.graph.vertical', '/fw1/graph/section'),
      page('menu.graph.gis', '/fw1/graph/map'),
      page('menu.stock', '/fw1/stock/stockCurrent', ['stock.record.write', 'stock.record.read', 'stock.part.write']),
      page('menu.maintenance.content', '/fw1/maintain/content', ['maintenance.knowledge.read', 'maintenance.knowledge.write', 'maintenance.record.read', 'maintenance.record.write']),
      page('menu.project.basicInfo', '/fw1/basic_info/project_info', [
        'project.basicInfo.read',
        'project.basicInfo.write',
        'project.shift.read',
        'project.shift.write',
        'telemetry.ingestKey.write',
        'telemetry.tagMapping.read',
        'telemetry.tagMapping.write',
        'telemetry.cycle.recompute',
      ]),
      page('menu.project.ringHistory', '/fw1/ringHistory', ['project.ringHistory.read', 'project.ringHistory.write']),
      page('menu.alarms', '/fw1/alarm/history_alarm', ['alarm.record.read', 'alarm.record.handle', 'alarm.settings.write', 'alarm.message.read', 'alarm.risk.read', 'alarm.risk.write']),
      page('menu.reports', '/fw1/report/turn_over', ['report.shift.read', 'report.shift.write', 'report.period.read', 'report.subscription.write']),
      page('menu.statistics', '/fw1/statistic/process', ['statistic.read']),
      page('menu.segments', '/fw1/segment/segmentPose', ['segment.data.write', 'segment.data.read']),
      page('menu.monitoring.realTime', '/fw1/rta', ['monitor.realData.read', 'monitor.connectState.read', 'monitor.h5Link.write', 'telemetry.series.read']),
      page('menu.monitoring.connection', '/fw1/connection', ['connection.status.read']),
      page('menu.feedback.list', '/fw1/feedback/list', ['feedback.record.read', 'feedback.record.write']),
      page('menu.messages.reminder', '/fw1/stm_smtce_message', ['maintenance.message.read']),
      page('menu.maintenance.management', '/fw1/stm_smtce/dashboard', ['maintenance.repair.read', 'maintenance.repair.write', 'maintenance.plan.read', 'maintenance.plan.write', 'maintenance.case.publish']),
    ],
  },
];

/** A built-in resource's place: its superior's code (null at the top), level, sort number among its siblings, page route. */
export interface ResourcePlace {
  parent: ResourceCode | null;
  level: number;
  sort: number;
  path: string | null;
}

/** Every built-in code with its place, parents before their children. */
export function resourcePlaces(tree: readonly ResourceBranch[] = RESOURCE_TREE): Map<ResourceCode, ResourcePlace> {
  const places = new Map<ResourceCode, ResourcePlace>();
  const walk = (nodes: readonly ResourceBranch[], parent: ResourceCode | null, level: number) => {
    nodes.forEach((n, index) => {
      places.set(n.code, { parent, level, sort: index + 1, path: n.path ?? null });
      walk(n.children ?? [], n.code, level + 1);
    });
  };
  walk(tree, null, 1);
  return places;
}
