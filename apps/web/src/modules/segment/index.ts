import { defineWebModule } from '../../core/webModule.js';
import { segmentRoutesFw1 } from './routes.js';

/**
 * Segment attitude and tail clearance of the current run (issue 23): the three datasets with
 * import, export, drafts to confirm and tolerance bands, the clearance chart with the next-ring
 * advisor, and the statistics pages of segment and tail. The menu item left the pending pages with
 * its key, path, resource and order.
 */
export const segmentModule = defineWebModule({
  name: 'segment',
  routes: { fw1: segmentRoutesFw1 },
  menu: [{ section: 'construction', key: 'segment', label: 'shell.menu.segment', path: '/fw1/segment/segmentPose', resource: 'menu.segments', order: 190 }],
  resources: ['menu.segments', 'menu.statistics', 'segment.data.read', 'segment.data.write', 'statistic.read'],
});
