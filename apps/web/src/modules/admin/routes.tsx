import { type AppRoute, lazyPage } from '../../core/routing.js';

/** Administration pages of /fw0/sys (spec §2); each needs its menu resource. */
export const adminRoutes: AppRoute[] = [
  {
    path: 'sys/dept/list',
    handle: { name: 'dept', resource: 'menu.admin.organization', title: 'shell.menu.organization' },
    lazy: lazyPage(() => import('./pages/OrgPage.js'), (m) => m.OrgPage),
  },
  {
    path: 'sys/role/list',
    handle: { name: 'role', resource: 'menu.admin.role', title: 'shell.menu.role' },
    lazy: lazyPage(() => import('./pages/RolePage.js'), (m) => m.RolePage),
  },
  {
    path: 'sys/src/list',
    handle: { name: 'src', resource: 'menu.admin.resource', title: 'shell.menu.resource' },
    lazy: lazyPage(() => import('./pages/ResourcePage.js'), (m) => m.ResourcePage),
  },
  {
    path: 'sys/user/list',
    handle: { name: 'user', resource: 'menu.admin.user', title: 'shell.menu.user' },
    lazy: lazyPage(() => import('./pages/UserPage.js'), (m) => m.UserPage),
  },
  {
    path: 'sys/sys_warn_setting',
    handle: { name: 'sys_warn_setting', resource: 'menu.admin.partSetting', title: 'shell.menu.partSetting' },
    lazy: lazyPage(() => import('./pages/WarnSettingPage.js'), (m) => m.WarnSettingPage),
  },
];
