import { canUse, session, useFramework } from '../core/session.js';
import { startPath } from './menu.js';

/** Where to go after signing in: the signed-in page the user was on, else their start page. */
export function afterSignIn(): string {
  const last = session.lastPath();
  if (last?.startsWith('/fw')) return last;
  const state = useFramework.getState();
  return startPath((resource) => canUse(state, resource));
}
