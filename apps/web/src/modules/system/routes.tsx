import { type AppRoute, lazyPage } from '../../core/routing.js';

const underDevelopment = lazyPage(() => import('./pages/UnderDevelopmentPage.js'), (m) => m.UnderDevelopmentPage);

/** Public pages that are not about signing in: privacy, not found, screen tools. */
export const systemRoutes: AppRoute[] = [
  {
    path: 'privacy',
    handle: { name: 'privacy', resource: 'public', title: 'account.privacy.title' },
    lazy: lazyPage(() => import('./pages/PrivacyPage.js'), (m) => m.PrivacyPage),
  },
  {
    path: 'notfound',
    handle: { name: 'notFound', resource: 'public', title: 'shell.page.notFoundTitle' },
    lazy: lazyPage(() => import('./pages/NotFoundPage.js'), (m) => m.NotFoundPage),
  },
  { path: 'screenshotTool/bMapTool', handle: { name: 'screenshot', resource: 'public', title: 'shell.tools.bMapTool' }, lazy: underDevelopment },
  { path: 'graphTool', handle: { name: 'screenGraph', resource: 'public', title: 'shell.tools.graphTool' }, lazy: underDevelopment },
  { path: 'shiftReportTool', handle: { name: 'screenShift', resource: 'public', title: 'shell.tools.shiftReportTool' }, lazy: underDevelopment },
  { path: 'guideTool', handle: { name: 'screenGuide', resource: 'public', title: 'shell.tools.guideTool' }, lazy: underDevelopment },
  { path: 'shiftDailyTool', handle: { name: 'screenShiftDaily', resource: 'public', title: 'shell.tools.shiftDailyTool' }, lazy: underDevelopment },
];

export { underDevelopment };
