import { authContract } from '@boreline/contracts';
import { call } from './api/client.js';
import { session, useFramework } from './session.js';

const signOutHooks = new Set<() => void>();
/** Lets parts loaded later (the frame's data cache) forget what they hold at sign-out. */
export const onSignOut = (hook: () => void): void => {
  signOutHooks.add(hook);
};

type Navigate = (to: string, options?: { replace?: boolean }) => unknown;
let navigate: Navigate = (to) => window.location.assign(`/client_web${to}`);
export const setLogoutNavigator = (next: Navigate): void => {
  navigate = next;
};

/**
 * Ends the session here and on the server (best effort), forgets cached data and returns to the
 * sign-in page, or to message login when the session came from a message link (spec §4).
 */
export async function logout(options: { callServer?: boolean } = {}): Promise<void> {
  const target = session.fromMessage() ? '/msglogin' : '/login';
  if (options.callServer !== false && useFramework.getState().token) {
    await call(authContract.logout, {}).catch(() => undefined);
  }
  useFramework.getState().signOut();
  for (const hook of signOutHooks) hook();
  navigate(target, { replace: true });
}
