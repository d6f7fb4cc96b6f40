import { defineWebModule } from '../../core/webModule.js';
import { graphRoutesFw1, graphPublicRoutes } from './routes.js';

/** The long section (section page, home board) and its home board card. */
export { LongSection } from './components/LongSection.js';
export { LongSectionCard } from './components/LongSectionCard.js';

/** The drawings and the map as pictures, for the screen tools: loaded with the tool's page, never with the app's entry. */
export const loadGraphToolParts = () => import('./toolParts.js');
export type { DrawingPictureProps, MapPictureProps } from './toolParts.js';

/**
 * Drawings and maps of the current run (issue 24): the floor plan and the section with the
 * machine's live position, built rings and risk zones, their calibration and settings, the long
 * section, and the GIS map. The three menu items left the pending pages with their key, path,
 * resource and order.
 */
export const graphModule = defineWebModule({
  name: 'graph',
  routes: { public: graphPublicRoutes, fw1: graphRoutesFw1 },
  menu: [
    { section: 'construction', key: 'graphHorizontal', label: 'shell.menu.graphHorizontal', path: '/fw1/graph/plan', resource: 'menu.graph.horizontal', order: 100 },
    { section: 'construction', key: 'graphVertical', label: 'shell.menu.graphVertical', path: '/fw1/graph/section', resource: 'menu.graph.vertical', order: 110 },
    { section: 'construction', key: 'graphGis', label: 'shell.menu.graphGis', path: '/fw1/graph/map', resource: 'menu.graph.gis', order: 120 },
  ],
  resources: ['menu.graph.horizontal', 'menu.graph.vertical', 'menu.graph.gis', 'graph.drawing.read', 'graph.drawing.write'],
});
