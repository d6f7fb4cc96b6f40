import type { ResourceCode } from '@boreline/contracts';
import type { MessageKey } from '@boreline/i18n';
import { type AppRoute, lazyPage, type RouteHandle } from '../../core/routing.js';

const pages = () => import('./pages.js');
const posePage = lazyPage(async () => (await pages()).loadSegmentPosePage(), (m) => m.SegmentPosePage);
const tailPage = lazyPage(async () => (await pages()).loadTailSpacePage(), (m) => m.TailSpacePage);
const segmentStatPage = lazyPage(async () => (await pages()).loadSegmentStatisticPage(), (m) => m.SegmentStatisticPage);
const tailStatPage = lazyPage(async () => (await pages()).loadTailStatisticPage(), (m) => m.TailStatisticPage);

const SEGMENTS: ResourceCode = 'menu.segments';
const STATISTICS: ResourceCode = 'menu.statistics';
const handle = (name: string, resource: ResourceCode, title: MessageKey): RouteHandle => ({ name, resource, title });

/**
 * The segment pages of the current run (spec §2 segment): the attitude (the "Segment" menu page,
 * named after its menu item) and the tail clearance; and the two statistics pages, tabs of the
 * statistics navigation under its resource.
 */
export const segmentRoutesFw1: AppRoute[] = [
  { path: 'segment/segmentPose', handle: handle('segment', SEGMENTS, 'shell.menu.segment'), lazy: posePage },
  { path: 'segment/tailSpace', handle: handle('segmentTail', SEGMENTS, 'shell.menu.segment'), lazy: tailPage },
  { path: 'statistic/segment', handle: handle('statisticSegment', STATISTICS, 'shell.menu.statistics'), lazy: segmentStatPage },
  { path: 'statistic/tail', handle: handle('statisticTail', STATISTICS, 'shell.menu.statistics'), lazy: tailStatPage },
];
