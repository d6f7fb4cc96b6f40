import { type AppRoute, lazyPage } from '../../core/routing.js';

/**
 * The screen tools (spec §2 public routes, names and paths unchanged): pages made to be captured
 * as pictures, opened with a one-time render ticket in the address.
 */
export const screenToolRoutes: AppRoute[] = [
  {
    path: 'screenshotTool/bMapTool',
    handle: { name: 'screenshot', resource: 'public', title: 'screenTools.route.bMapTool' },
    lazy: lazyPage(() => import('./pages/MapTool.js'), (m) => m.MapToolPage),
  },
  {
    path: 'graphTool',
    handle: { name: 'screenGraph', resource: 'public', title: 'screenTools.route.graphTool' },
    lazy: lazyPage(() => import('./pages/GraphTool.js'), (m) => m.GraphToolPage),
  },
  {
    path: 'shiftReportTool',
    handle: { name: 'screenShift', resource: 'public', title: 'screenTools.route.shiftReportTool' },
    lazy: lazyPage(() => import('./pages/ShiftReportTool.js'), (m) => m.ShiftReportToolPage),
  },
  {
    path: 'guideTool',
    handle: { name: 'screenGuide', resource: 'public', title: 'screenTools.route.guideTool' },
    lazy: lazyPage(() => import('./pages/GuideTool.js'), (m) => m.GuideToolPage),
  },
  {
    path: 'shiftDailyTool',
    handle: { name: 'screenShiftDaily', resource: 'public', title: 'screenTools.route.shiftDailyTool' },
    lazy: lazyPage(() => import('./pages/ShiftDailyTool.js'), (m) => m.ShiftDailyToolPage),
  },
];
