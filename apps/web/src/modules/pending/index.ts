import type { ResourceCode } from '@boreline/contracts';
import type { AppRoute } from '../../core/routing.js';
import { defineWebModule, type MenuItem } from '../../core/webModule.js';
import { underDevelopment } from '../system/index.js';

/**
 * Menu pages of spec §2 whose module has not landed yet. Each has its route, resource code and
 * place in the menu, and shows "under development" in the user's language. A module that brings
 * one of these pages takes its item from here into its own manifest (same key, path, resource and
 * order), so the menu and the route names stay as they are.
 */
const PENDING_ITEMS: MenuItem[] = [];

/** The route of a pending page: named after its menu item, guarded by the item's resource. */
function pendingRoutes(area: 'fw0' | 'fw1'): AppRoute[] {
  return PENDING_ITEMS.filter((item) => item.path.startsWith(`/${area}/`)).map((item) => ({
    path: item.path.slice(area.length + 2),
    handle: { name: item.key, resource: item.resource, title: item.label },
    lazy: underDevelopment,
  }));
}

const isResourceCode = (resource: ResourceCode | 'authenticated'): resource is ResourceCode => resource !== 'authenticated';

export const pendingModule = defineWebModule({
  name: 'pending',
  routes: { fw0: pendingRoutes('fw0'), fw1: pendingRoutes('fw1') },
  menu: PENDING_ITEMS,
  resources: PENDING_ITEMS.map((item) => item.resource).filter(isResourceCode),
});
