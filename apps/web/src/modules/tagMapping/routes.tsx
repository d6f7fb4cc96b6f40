import { type AppRoute, lazyPage } from '../../core/routing.js';

/** The tag-mapping page of the current run (beside its basic info). */
export const tagMappingRoutesFw1: AppRoute[] = [
  {
    path: 'tagMapping',
    handle: { name: 'tagMapping', resource: 'telemetry.tagMapping.read', title: 'tagMapping.menu' },
    lazy: lazyPage(() => import('./pages/TagMappingPage.js'), (m) => m.TagMappingPage),
  },
];
