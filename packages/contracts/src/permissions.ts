/**
 * Resource codes ('domain.resource.action') that endpoints, menu items and buttons are granted by.
 * The administration issue seeds them as the resource tree; the server checks them on every route.
 */
/** Menu items and pages of the web app (spec §2); the route of each page requires its code. */
export const MENU_RESOURCE_CODES = [
  'menu.statsBoard',
  'menu.projectList',
  'menu.enterSystem',
  'menu.admin.user',
  'menu.admin.role',
  'menu.admin.resource',
  'menu.admin.organization',
  'menu.admin.partSetting',
  'menu.adminCenter',
  'menu.project.home',
  'menu.project.collection',
  'menu.messages.announcement',
  'menu.feedback.submit',
  'menu.messages.announcementHistory',
  'menu.graph.horizontal',
  'menu.graph.vertical',
  'menu.graph.gis',
  'menu.stock',
  'menu.maintenance.content',
  'menu.project.basicInfo',
  'menu.project.ringHistory',
  'menu.alarms',
  'menu.reports',
  'menu.statistics',
  'menu.segments',
  'menu.monitoring.realTime',
  'menu.monitoring.connection',
  'menu.feedback.list',
  'menu.messages.reminder',
  'menu.maintenance.management',
] as const;

/** The menu's sections (spec §2): nodes of the resource tree that group the pages, not routes. */
export const MENU_SECTION_CODES = ['menu.systemSetting', 'menu.intelligentConstruction'] as const;

export const RESOURCE_CODES = [
  'admin.org.read',
  'admin.org.write',
  'admin.role.read',
  'admin.role.write',
  'admin.acl.read',
  'admin.acl.write',
  'admin.user.assignRoles',
  'admin.user.read',
  'admin.user.write',
  'admin.resource.read',
  'admin.resource.write',
  'admin.user.resetPassword',
  'admin.smsOutbox.read',
  'admin.warnSetting.read',
  'admin.warnSetting.write',
  'messages.loginLog.readAll',
  'messages.announcement.write',
  'telemetry.series.read',
  'telemetry.ingestKey.write',
  'telemetry.tagMapping.read',
  'telemetry.tagMapping.write',
  'telemetry.cycle.recompute',
  'connection.status.read',
  'project.run.read',
  'project.run.write',
  'project.run.delete',
  'project.basicInfo.read',
  'project.basicInfo.write',
  'project.ringHistory.read',
  'project.ringHistory.write',
  'project.shift.read',
  'project.shift.write',
  'monitor.realData.read',
  'monitor.connectState.read',
  'monitor.h5Link.write',
  'report.shift.read',
  'report.shift.write',
  'report.period.read',
  'report.subscription.write',
  'statistic.read',
  'alarm.message.read',
  'alarm.record.read',
  'alarm.record.handle',
  'alarm.settings.write',
  'maintenance.message.read',
  // Files of the later modules (files.contract.ts FILE_PURPOSES): a run's file is uploaded with the
  // write code and read with the read code of the module that owns it, at the file's run.
  'graph.drawing.read',
  'graph.drawing.write',
  'alarm.risk.read',
  'alarm.risk.write',
  'maintenance.repair.read',
  'maintenance.repair.write',
  'maintenance.knowledge.read',
  'maintenance.knowledge.write',
  'maintenance.case.publish',
  'maintenance.plan.read',
  'maintenance.plan.write',
  'maintenance.record.read',
  'maintenance.record.write',
  'segment.data.write',
  'segment.data.read',
  'stock.record.write',
  'stock.record.read',
  'stock.part.write',
  'feedback.record.read',
  'feedback.record.write',
  ...MENU_RESOURCE_CODES,
  ...MENU_SECTION_CODES,
] as const;
export type ResourceCode = (typeof RESOURCE_CODES)[number];

/**
 * What a route asks of its caller: nothing, a valid session, a granted resource, or — for the
 * ingest of machine data — a machine's ingest key instead of a user session.
 */
export type Permission = 'public' | 'authenticated' | 'machine' | ResourceCode;

export const isResourceCode = (value: string): value is ResourceCode =>
  (RESOURCE_CODES as readonly string[]).includes(value);

/** Resources only a super administrator holds, whatever roles say (they span every tenant: the SMS outbox, the resource tree). */
/**
 * What a session opened from an H5 link (scoped to one run) may use: the real-time view of that
 * run, whatever else the account's roles grant.
 */
export const H5_SESSION_CODES: readonly ResourceCode[] = ['monitor.realData.read', 'monitor.connectState.read', 'telemetry.series.read', 'alarm.record.read'];

export const SUPER_ADMIN_ONLY_CODES: readonly ResourceCode[] = ['admin.smsOutbox.read', 'admin.resource.write'];
