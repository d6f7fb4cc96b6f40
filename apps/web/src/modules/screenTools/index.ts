import { defineWebModule } from '../../core/webModule.js';
import { screenToolRoutes } from './routes.js';

/**
 * The screen tools (issue 26): the map, the drawing, a shift's report, the guidance view and the
 * shift/daily summary as chromeless pages of a fixed width, opened with a one-time render ticket
 * and captured as pictures by the server's renderer (or opened by a user from a subscription).
 */
export const screenToolsModule = defineWebModule({ name: 'screenTools', routes: { public: screenToolRoutes }, resources: [] });
