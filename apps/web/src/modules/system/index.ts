import { lazyComponent } from '../../core/routing.js';
import { defineWebModule } from '../../core/webModule.js';
import { systemRoutes } from './routes.js';

/** Public pages that are not about signing in: privacy and not found. */
export const systemModule = defineWebModule({ name: 'system', routes: { public: systemRoutes }, resources: [] });

/** The not-found page as a component, for pages that show it in place (a tool page whose ticket is gone); its code loads when shown. */
export const NotFoundView = lazyComponent(() => import('./pages/NotFoundPage.js'), (m) => m.NotFoundPage);
