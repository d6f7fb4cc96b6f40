import { defineWebModule } from '../../core/webModule.js';
import { adminRoutes } from './routes.js';

/** Administration (spec §2 /fw0/sys): users, roles, resources, organizations, part alarm settings. */
export const adminModule = defineWebModule({
  name: 'admin',
  routes: { fw0: adminRoutes },
  menu: [
    { section: 'system', key: 'user', label: 'shell.menu.user', path: '/fw0/sys/user/list', resource: 'menu.admin.user', order: 10 },
    { section: 'system', key: 'role', label: 'shell.menu.role', path: '/fw0/sys/role/list', resource: 'menu.admin.role', order: 20 },
    { section: 'system', key: 'resource', label: 'shell.menu.resource', path: '/fw0/sys/src/list', resource: 'menu.admin.resource', order: 30 },
    { section: 'system', key: 'organization', label: 'shell.menu.organization', path: '/fw0/sys/dept/list', resource: 'menu.admin.organization', order: 40 },
    { section: 'system', key: 'partSetting', label: 'shell.menu.partSetting', path: '/fw0/sys/sys_warn_setting', resource: 'menu.admin.partSetting', order: 50 },
  ],
  resources: [
    'menu.admin.user',
    'menu.admin.role',
    'menu.admin.resource',
    'menu.admin.organization',
    'menu.admin.partSetting',
    'admin.user.read',
    'admin.user.write',
    'admin.user.assignRoles',
    'admin.user.resetPassword',
    'admin.role.read',
    'admin.role.write',
    'admin.acl.read',
    'admin.acl.write',
    'admin.resource.read',
    'admin.resource.write',
    'admin.org.read',
    'admin.org.write',
    'admin.warnSetting.read',
    'admin.warnSetting.write',
  ],
});
