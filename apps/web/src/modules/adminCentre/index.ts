import { defineWebModule } from '../../core/webModule.js';
import { adminCentreRoutes } from './routes.js';

/** The administrator's centre (spec §2, first item of the construction section): the organization's state on one page. */
export const adminCentreModule = defineWebModule({
  name: 'adminCentre',
  routes: { fw0: adminCentreRoutes },
  menu: [{ section: 'construction', key: 'adminCenter', label: 'shell.menu.adminCenter', path: '/fw0/sys/dp', resource: 'menu.adminCenter', order: 10 }],
  resources: ['menu.adminCenter', 'messages.loginLog.readAll', 'admin.smsOutbox.read'],
});
