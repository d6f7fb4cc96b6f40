import type { ResourceCode } from '@boreline/contracts';
import type { MessageKey } from '@boreline/i18n';
import { type AppRoute, lazyPage, type RouteHandle } from '../../core/routing.js';

const pages = () => import('./pages.js');
const planPage = lazyPage(async () => (await pages()).loadPlanPage(), (m) => m.PlanPage);
const sectionPage = lazyPage(async () => (await pages()).loadSectionPage(), (m) => m.SectionPage);
const mapPage = lazyPage(async () => (await pages()).loadMapPage(), (m) => m.MapPage);

const handle = (name: string, resource: ResourceCode, title: MessageKey, chromeless = false): RouteHandle => ({ name, resource, title, ...(chromeless ? { chromeless } : {}) });

/** The graph pages of the current run (spec §2 graph: plan, section, the maps-service map), named after their menu items. */
export const graphRoutesFw1: AppRoute[] = [
  { path: 'graph/plan', handle: handle('graphHorizontal', 'menu.graph.horizontal', 'shell.menu.graphHorizontal', true), lazy: planPage },
  { path: 'graph/section', handle: handle('graphVertical', 'menu.graph.vertical', 'shell.menu.graphVertical', true), lazy: sectionPage },
  { path: 'graph/map', handle: handle('graphGis', 'menu.graph.gis', 'shell.menu.graphGis'), lazy: mapPage },
];

/**
 * Chromeless drawing views for the H5 view and the tool pages: for now the plan and section pages
 * show without the frame at `?variant=mobile` or `?variant=screenshot` (signed in); public routes none.
 */
export const graphPublicRoutes: AppRoute[] = [];
