/** Route names whose guard failure sends to login without the session-expired warning (spec §2). */
const SILENT_ROUTE_NAMES = new Set(['sts2']);

export type GuardDecision =
  | { kind: 'allow' }
  | { kind: 'notFound' }
  | { kind: 'login'; warnExpired: boolean; logout: true };

/**
 * The route guard of spec §2: a protected route needs the stored web-auth flag or a token in the
 * query string; otherwise embedded H5 mode goes to not-found and normal mode to login, with the
 * session-expired warning unless the route is `sts2`, and a logout.
 */
export function decideGuard(input: {
  routeName: string;
  isPublic: boolean;
  hasWebAuth: boolean;
  queryToken: string | null;
  h5: boolean;
}): GuardDecision {
  if (input.isPublic || input.hasWebAuth || input.queryToken) return { kind: 'allow' };
  if (input.h5) return { kind: 'notFound' };
  return { kind: 'login', warnExpired: !SILENT_ROUTE_NAMES.has(input.routeName), logout: true };
}
