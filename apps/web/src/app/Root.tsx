import { useEffect } from 'react';
import { Outlet, useLocation, useNavigation, useRouteError } from 'react-router';
import { session } from '../core/session.js';
import { NavigationProgress } from '../ui/NavigationProgress.js';
import { ChunkLoadError, useRouteHandle } from '../core/routing.js';
import { useT } from '../core/i18n.js';

/** Frame of every route: progress bar, scroll to top, remembered path, page title. */
export function Root() {
  const navigation = useNavigation();
  const location = useLocation();
  const handle = useRouteHandle();
  const t = useT();

  const isPublic = handle?.resource === 'public';
  useEffect(() => {
    window.scrollTo(0, 0);
    // Signed-in pages only: after signing in again the user returns to where they were.
    if (!isPublic) session.rememberPath(`${location.pathname}${location.search}`);
  }, [location.pathname, location.search, isPublic]);

  useEffect(() => {
    const title = handle?.title ? t(handle.title) : '';
    document.title = title ? `${title} · ${t('shell.appName')}` : t('shell.appName');
  }, [handle, t]);

  return (
    <>
      <NavigationProgress active={navigation.state !== 'idle'} label={t('shell.page.loading')} />
      <Outlet />
    </>
  );
}

/** What a route shows when its page failed: a chunk that did not load, or an error (kept light: no antd). */
export function RouteError() {
  const error = useRouteError();
  const t = useT();
  const chunk = error instanceof ChunkLoadError;
  return (
    <div role="alert" style={{ maxWidth: 560, margin: '15vh auto', textAlign: 'center', fontFamily: 'system-ui, sans-serif' }}>
      <p style={{ fontSize: 18 }}>{chunk ? t('shell.page.chunkFailed') : t('common.error.server500')}</p>
      <button type="button" onClick={() => window.location.reload()} style={{ padding: '6px 16px', cursor: 'pointer' }}>
        {t('shell.page.reload')}
      </button>
    </div>
  );
}
