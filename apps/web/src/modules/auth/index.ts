import { defineWebModule } from '../../core/webModule.js';
import { authRoutes } from './routes.js';

/** Signing in (password, message code) and registering: public pages. */
export const authModule = defineWebModule({ name: 'auth', routes: { public: authRoutes }, resources: [] });
