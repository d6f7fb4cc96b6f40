import { type AppRoute, lazyPage } from '../../core/routing.js';

/** Sign-in pages: public. */
export const authRoutes: AppRoute[] = [
  {
    path: 'login',
    handle: { name: 'login', resource: 'public', title: 'account.login.title' },
    lazy: lazyPage(() => import('./pages/LoginPage.js'), (m) => m.LoginPage),
  },
  {
    path: 'msglogin',
    handle: { name: 'messageLogin', resource: 'public', title: 'account.messageLogin.title' },
    lazy: lazyPage(() => import('./pages/MessageLoginPage.js'), (m) => m.MessageLoginPage),
  },
  {
    path: 'register',
    handle: { name: 'register', resource: 'public', title: 'account.register.title' },
    lazy: lazyPage(() => import('./pages/RegisterPage.js'), (m) => m.RegisterPage),
  },
];
