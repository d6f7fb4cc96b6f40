import { type ReactNode, Suspense, useEffect, useRef } from 'react';
import { Navigate, useLocation } from 'react-router';
import { notify } from '../core/notify.js';
import { canUse, session, useFramework } from '../core/session.js';
import { decideGuard } from './guard.js';
import { logout } from '../core/logout.js';
import { lazyComponent, useRouteHandle } from '../core/routing.js';
import { useT } from '../core/i18n.js';

const NoPermission = lazyComponent(() => import('./NoPermission.js'), (m) => m.NoPermission);

/** Applies the guard of spec §2 to every protected route, then the route's resource. */
export function RequireSession({ children }: { children: ReactNode }) {
  const t = useT();
  const location = useLocation();
  const handle = useRouteHandle();
  const warned = useRef(false);
  const queryToken = new URLSearchParams(location.search).get('token');
  const decision = decideGuard({
    routeName: handle?.name ?? '',
    isPublic: handle?.resource === 'public',
    hasWebAuth: session.hasWebAuth(),
    queryToken,
    h5: session.isH5(),
  });

  useEffect(() => {
    if (queryToken && !session.hasWebAuth()) {
      session.adoptToken(queryToken);
      session.markFromMessage(true);
    }
  }, [queryToken]);

  useEffect(() => {
    if (decision.kind !== 'login' || warned.current) return;
    warned.current = true;
    if (decision.warnExpired) notify.show('warning', t('common.error.sessionExpired'));
    void logout({ callServer: false });
  }, [decision, t]);

  if (decision.kind === 'notFound') return <Navigate to="/notfound" replace />;
  if (decision.kind === 'login') return null;
  return <>{children}</>;
}

/** Inside the frame: the page, or no-permission when none of the user's resources grants it. */
export function RequireResource({ children }: { children: ReactNode }) {
  const handle = useRouteHandle();
  const state = useFramework();
  if (handle && handle.resource !== 'public' && !canUse(state, handle.resource)) {
    return (
      <Suspense fallback={null}>
        <NoPermission />
      </Suspense>
    );
  }
  // A page whose code loads on rendering (a deep link opened before signing in) waits here, inside the frame.
  return <Suspense fallback={null}>{children}</Suspense>;
}
