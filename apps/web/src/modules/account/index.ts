import { defineWebModule } from '../../core/webModule.js';
import { accountRoutesFw0, accountRoutesFw1 } from './routes.js';

/** The signed-in user's own pages: personal settings, password, login log (every signed-in user). */
export const accountModule = defineWebModule({
  name: 'account',
  routes: { fw0: accountRoutesFw0, fw1: accountRoutesFw1 },
  menu: [
    { section: 'construction', key: 'personalSettings', label: 'shell.menu.personalSettings', path: '/fw0/sys/userSetting', resource: 'authenticated', order: 40 },
    { section: 'construction', key: 'changePassword', label: 'shell.menu.changePassword', path: '/fw0/sys/userSetting/password', resource: 'authenticated', order: 50 },
    { section: 'construction', key: 'loginLog', label: 'shell.menu.loginLog', path: '/fw0/sys/userSetting/loginLog', resource: 'authenticated', order: 60 },
  ],
  resources: [],
});
