import { type ResourceCode, resourcePlaces } from '@boreline/contracts';
import type { MessageKey } from '@boreline/i18n';
import type { Translate } from '../../core/i18n.js';

/** The name of each built-in resource in the reader's language: the menu's own label for sections and pages. */
const NAMES: Record<ResourceCode, MessageKey> = {
  'menu.statsBoard': 'shell.menu.statsBoard',
  'menu.projectList': 'shell.menu.projectList',
  'menu.enterSystem': 'shell.menu.enterSystem',
  'menu.admin.user': 'shell.menu.user',
  'menu.admin.role': 'shell.menu.role',
  'menu.admin.resource': 'shell.menu.resource',
  'menu.admin.organization': 'shell.menu.organization',
  'menu.admin.partSetting': 'shell.menu.partSetting',
  'menu.adminCenter': 'shell.menu.adminCenter',
  'menu.project.home': 'shell.menu.homePage',
  'menu.project.collection': 'shell.menu.collection',
  'menu.messages.announcement': 'shell.menu.announcement',
  'menu.feedback.submit': 'shell.menu.feedback',
  'menu.messages.announcementHistory': 'shell.menu.announcementHistory',
  'menu.graph.horizontal': 'shell.menu.graphHorizontal',
  'menu.graph.vertical': 'shell.menu.graphVertical',
  'menu.graph.gis': 'shell.menu.graphGis',
  'menu.stock': 'shell.menu.spareParts',
  'menu.maintenance.content': 'shell.menu.maintenance',
  'menu.project.basicInfo': 'shell.menu.basicInfo',
  'menu.project.ringHistory': 'ringHistory.menu',
  'menu.alarms': 'shell.menu.alarm',
  'menu.reports': 'shell.menu.reports',
  'menu.statistics': 'shell.menu.statistics',
  'menu.segments': 'shell.menu.segment',
  'menu.monitoring.realTime': 'shell.menu.realTime',
  'menu.monitoring.connection': 'connection.menu',
  'menu.feedback.list': 'shell.menu.feedbackList',
  'menu.messages.reminder': 'shell.menu.messageReminder',
  'menu.maintenance.management': 'shell.menu.maintenanceManagement',
  'menu.systemSetting': 'shell.menu.systemSetting',
  'menu.intelligentConstruction': 'shell.menu.intelligentConstruction',
  'admin.org.read': 'admin.resourceName.orgRead',
  'admin.org.write': 'admin.resourceName.orgWrite',
  'admin.role.read': 'admin.resourceName.roleRead',
  'admin.role.write': 'admin.resourceName.roleWrite',
  'admin.acl.read': 'admin.resourceName.aclRead',
  'admin.acl.write': 'admin.resourceName.aclWrite',
  'admin.user.assignRoles': 'admin.resourceName.userAssignRoles',
  'admin.user.read': 'admin.resourceName.userRead',
  'admin.user.write': 'admin.resourceName.userWrite',
  'admin.resource.read': 'admin.resourceName.resourceRead',
  'admin.resource.write': 'admin.resourceName.resourceWrite',
  'admin.user.resetPassword': 'admin.resourceName.userResetPassword',
  'admin.smsOutbox.read': 'admin.resourceName.smsOutboxRead',
  'admin.warnSetting.read': 'admin.resourceName.warnSettingRead',
  'admin.warnSetting.write': 'admin.resourceName.warnSettingWrite',
  'messages.loginLog.readAll': 'admin.resourceName.loginLogReadAll',
  'messages.announcement.write': 'admin.resourceName.announcementWrite',
  'telemetry.series.read': 'admin.resourceName.seriesRead',
  'telemetry.ingestKey.write': 'admin.resourceName.ingestKeyWrite',
  'telemetry.tagMapping.read': 'admin.resourceName.tagMappingRead',
  'telemetry.tagMapping.write': 'admin.resourceName.tagMappingWrite',
  'telemetry.cycle.recompute': 'admin.resourceName.cycleRecompute',
  'connection.status.read': 'connection.resourceName.statusRead',
  'project.run.read': 'admin.resourceName.runRead',
  'project.run.write': 'admin.resourceName.runWrite',
  'project.run.delete': 'admin.resourceName.runDelete',
  'project.basicInfo.read': 'admin.resourceName.basicInfoRead',
  'project.basicInfo.write': 'admin.resourceName.basicInfoWrite',
  'project.ringHistory.read': 'ringHistory.resource.read',
  'project.ringHistory.write': 'ringHistory.resource.write',
  'project.shift.read': 'admin.resourceName.shiftRead',
  'project.shift.write': 'admin.resourceName.shiftWrite',
  'monitor.realData.read': 'admin.resourceName.realDataRead',
  'monitor.connectState.read': 'admin.resourceName.connectStateRead',
  'monitor.h5Link.write': 'admin.resourceName.h5LinkWrite',
  'report.shift.read': 'admin.resourceName.shiftReportRead',
  'report.shift.write': 'admin.resourceName.shiftReportWrite',
  'report.period.read': 'admin.resourceName.periodReportRead',
  'statistic.read': 'admin.resourceName.statisticRead',
  'alarm.message.read': 'admin.resourceName.alarmMessageRead',
  'alarm.record.read': 'admin.resourceName.alarmRecordRead',
  'alarm.record.handle': 'admin.resourceName.alarmRecordHandle',
  'alarm.settings.write': 'admin.resourceName.alarmSettingsWrite',
  'maintenance.message.read': 'admin.resourceName.maintenanceMessageRead',
  'graph.drawing.read': 'admin.resourceName.drawingRead',
  'graph.drawing.write': 'admin.resourceName.drawingWrite',
  'alarm.risk.read': 'admin.resourceName.riskRead',
  'alarm.risk.write': 'admin.resourceName.riskWrite',
  'maintenance.repair.read': 'admin.resourceName.repairRead',
  'maintenance.repair.write': 'admin.resourceName.repairWrite',
  'maintenance.knowledge.read': 'admin.resourceName.knowledgeRead',
  'maintenance.knowledge.write': 'admin.resourceName.knowledgeWrite',
  'maintenance.plan.read': 'admin.resourceName.planRead',
  'maintenance.plan.write': 'admin.resourceName.planWrite',
  'maintenance.record.read': 'admin.resourceName.recordRead',
  'maintenance.record.write': 'admin.resourceName.recordWrite',
  'segment.data.write': 'admin.resourceName.segmentWrite',
  'segment.data.read': 'admin.resourceName.segmentRead',
  'maintenance.case.publish': 'admin.resourceName.casePublish',
  'stock.record.write': 'admin.resourceName.stockWrite',
  'stock.record.read': 'admin.resourceName.stockRead',
  'stock.part.write': 'admin.resourceName.stockPartWrite',
  'feedback.record.read': 'admin.resourceName.feedbackRead',
  'feedback.record.write': 'admin.resourceName.feedbackWrite',
  'report.subscription.write': 'admin.resourceName.reportSubscription',
};

const PLACES = resourcePlaces();
const isBuiltIn = (code: string): code is ResourceCode => code in NAMES;

/** A resource as the administration screens show it (the tree's nodes, the codes of a grant). */
export interface NamedResource {
  code: string;
  name: string;
  description: string;
}

/**
 * A resource's name in the reader's language: a built-in resource whose name nobody changed (the
 * stored name is its code) is named by the product's text, any other by what was written.
 */
export function resourceName(t: Translate, resource: Pick<NamedResource, 'code' | 'name'>): string {
  return isBuiltIn(resource.code) && resource.name === resource.code ? t(NAMES[resource.code]) : resource.name;
}

/** A built-in code's name in the reader's language (the grant lists, which hold codes only). */
export const codeName = (t: Translate, code: string): string => resourceName(t, { code, name: code });

/** A resource's description in the reader's language, on the same rule as its name. */
export function resourceDescription(t: Translate, resource: NamedResource): string {
  if (!isBuiltIn(resource.code) || resource.description !== resource.code) return resource.description;
  const place = PLACES.get(resource.code);
  const name = t(NAMES[resource.code]);
  if (place?.path) return t('admin.resourceDescription.page', { path: place.path });
  if (!place?.parent) return t('admin.resourceDescription.section', { name });
  return t('admin.resourceDescription.action', { name, page: t(NAMES[place.parent]) });
}
