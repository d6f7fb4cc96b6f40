import type { WebModule } from '../core/webModule.js';
import { accountModule } from '../modules/account/index.js';
import { adminModule } from '../modules/admin/index.js';
import { adminCentreModule } from '../modules/adminCentre/index.js';
import { alarmModule } from '../modules/alarm/index.js';
import { announcementModule } from '../modules/announcement/index.js';
import { authModule } from '../modules/auth/index.js';
import { collectionModule } from '../modules/collection/index.js';
import { connectionModule } from '../modules/connection/index.js';
import { deliveryModule } from '../modules/delivery/index.js';
import { feedbackModule } from '../modules/feedback/index.js';
import { maintenanceModule } from '../modules/maintenance/index.js';
import { messagesModule } from '../modules/messages/index.js';
import { monitorModule } from '../modules/monitor/index.js';
import { projectModule } from '../modules/project/index.js';
import { repairModule } from '../modules/repair/index.js';
import { reportModule } from '../modules/report/index.js';
import { ringHistoryModule } from '../modules/ringHistory/index.js';
import { riskModule } from '../modules/risk/index.js';
import { screenToolsModule } from '../modules/screenTools/index.js';
import { segmentModule } from '../modules/segment/index.js';
import { graphModule } from '../modules/graph/index.js';
import { statisticModule } from '../modules/statistic/index.js';
import { stockModule } from '../modules/stock/index.js';
import { systemModule } from '../modules/system/index.js';
import { tagMappingModule } from '../modules/tagMapping/index.js';

/** Every web module, once: the router and the side menu are built from this list. */
export const MODULES: readonly WebModule[] = [
  authModule,
  systemModule,
  screenToolsModule,
  accountModule,
  adminModule,
  adminCentreModule,
  projectModule,
  ringHistoryModule,
  monitorModule,
  connectionModule,
  tagMappingModule,
  alarmModule,
  reportModule,
  deliveryModule,
  statisticModule,
  messagesModule,
  announcementModule,
  collectionModule,
  feedbackModule,
  riskModule,
  maintenanceModule,
  repairModule,
  stockModule,
  segmentModule,
  graphModule,
];
