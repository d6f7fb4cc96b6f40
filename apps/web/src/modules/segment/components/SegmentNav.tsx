import { RouteTabs, type RouteTab } from '../../../ui/RouteTabs.js';

const TABS: readonly RouteTab[] = [
  { path: '/fw1/segment/segmentPose', label: 'segmentWeb.nav.pose', testId: 'seg-tab-pose' },
  { path: '/fw1/segment/tailSpace', label: 'segmentWeb.nav.tail', testId: 'seg-tab-tail' },
];

/** Tabs between the segment attitude and the tail clearance pages. */
export function SegmentNav() {
  return <RouteTabs tabs={TABS} className="seg-nav" data-testid="seg-nav" />;
}
