import { demoModule } from './demo/index.js';
import { adminModule } from './modules/admin/index.js';
import { adminCentreModule } from './modules/adminCentre/index.js';
import { alarmModule } from './modules/alarm/index.js';
import { announcementModule } from './modules/announcement/index.js';
import { authModule } from './modules/auth/index.js';
import { collectionModule } from './modules/collection/index.js';
import { connectionModule } from './modules/connection/index.js';
import { deliveryModule } from './modules/delivery/index.js';
import { filesModule } from './modules/files/index.js';
import { feedbackModule } from './modules/feedback/index.js';
import { graphModule } from './modules/graph/index.js';
import { importsModule } from './modules/imports/index.js';
import { maintenanceModule } from './modules/maintenance/index.js';
import { messagesModule } from './modules/messages/index.js';
import { monitorModule } from './modules/monitor/index.js';
import { projectModule } from './modules/project/index.js';
import { repairModule } from './modules/repair/index.js';
import { reportModule } from './modules/report/index.js';
import { riskModule } from './modules/risk/index.js';
import { segmentModule } from './modules/segment/index.js';
import { ringHistoryModule } from './modules/ringHistory/index.js';
import { statisticModule } from './modules/statistic/index.js';
import { stockModule } from './modules/stock/index.js';
import { systemModule } from './modules/system/index.js';
import { telemetryModule } from './modules/telemetry/index.js';
import type { ServerModule } from './platform/module.js';

/**
 * The server's modules, in the order they register: a module may use the services of those listed
 * before it. Adding a module is adding its folder and one line here (ARCHITECTURE.md §11).
 */
export const SERVER_MODULES: readonly ServerModule[] = [
  systemModule,
  filesModule,
  authModule,
  adminModule,
  projectModule,
  // Before telemetry: the tag-mapping import goes through it.
  importsModule,
  telemetryModule,
  connectionModule,
  monitorModule,
  reportModule,
  statisticModule,
  ringHistoryModule,
  messagesModule,
  // After messages: publishing an announcement tells its audience through the message centre.
  announcementModule,
  collectionModule,
  feedbackModule,
  // After messages: reminders and overdue notices go through the message centre.
  maintenanceModule,
  // After messages: alarms are announced through the message centre.
  alarmModule,
  // After the message centre: risk zones are announced through it.
  riskModule,
  // After messages (stock warnings) and maintenance (a stock-out may name a maintenance record).
  stockModule,
  // After alarms: a ring out of its tolerance band raises an alarm.
  segmentModule,
  // After alarms and maintenance: a repair is made from an alarm or an abnormal maintenance record.
  repairModule,
  // After risk zones and segments: the drawings show them along the alignment.
  graphModule,
  // After every module whose tables its read-only overview reads (sessions, runs, connections, files, machine data).
  adminCentreModule,
  // After every module whose pages its tool pages show, and the message centre it delivers to.
  deliveryModule,
  demoModule,
];
