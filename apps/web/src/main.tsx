import './core/zodSetup.js';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { setUpClient } from './app/clientSetup.js';
import { setLogoutNavigator } from './core/logout.js';
import { routes } from './app/routes.js';
import { BASENAME } from './core/config.js';
import { initI18n } from './core/i18n.js';
import { Notifications } from './ui/Notifications.js';

const router = createBrowserRouter(routes, { basename: BASENAME });
setLogoutNavigator((to, options) => router.navigate(to, options));
setUpClient();

await initI18n();

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <RouterProvider router={router} />
      <Notifications />
    </StrictMode>,
  );
}
