import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { setLogoutNavigator } from './app/logout.js';
import { Providers } from './app/providers.js';
import { routes } from './app/routes.js';
import { BASENAME } from './core/config.js';
import { initI18n } from './core/i18n.js';

const router = createBrowserRouter(routes, { basename: BASENAME });
setLogoutNavigator((to, options) => router.navigate(to, options));

await initI18n();

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
}
