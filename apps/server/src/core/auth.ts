import { createHash, randomBytes } from 'node:crypto';
import { filesContract, toolPagesContract, H5_SESSION_CODES, isResourceCode, type Permission, type ResourceCode } from '@boreline/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errors } from './errors.js';

/** What a request knows about its caller once the session token is checked. */
export interface AuthSession {
  sessionId: number;
  userId: number;
  sa: boolean;
  zb: boolean;
  orgId: number | null;
  expiresAt: number;
  /** Set for a session opened from an H5 link or a render ticket: it reaches only this run. */
  runId: number | null;
  /** Set for a session opened from a render ticket: the tool page whose reads it may make. */
  scopeTool?: toolPagesContract.ToolPage | null;
}

/**
 * The only codes a run-scoped session may use, whatever its account holds: the real-time reads for
 * an H5 link, its tool's reads for a render ticket; null for an ordinary session.
 */
export function scopedCodes(session: AuthSession): readonly ResourceCode[] | null {
  if (session.runId === null) return null;
  return session.scopeTool ? toolPagesContract.TOOL_SESSION_CODES[session.scopeTool] : H5_SESSION_CODES;
}

/**
 * Calls a run-scoped session may make beyond its codes: a stored file and its thumbnail, which
 * authorize by the object the file belongs to through RunScope, and RunScope holds such a session
 * to its run and its codes (a tool page shows its drawing's picture; nothing else opens).
 */
const SCOPED_BY_OBJECT: ReadonlySet<string> = new Set([filesContract.download.id, filesContract.thumb.id]);

export interface RouteEntry {
  method: string;
  url: string;
  permission: Permission;
  endpointId: string | undefined;
}

export interface SessionAuthenticator {
  /** Resolves a token or throws code 1 (expired, revoked, or forced offline). */
  authenticate(token: string): Promise<AuthSession>;
}

/** A machine (gateway) sending data: the run its ingest key belongs to. */
export interface MachineCaller {
  runId: number;
}

export interface MachineAuthenticator {
  /** The run of an ingest key, or null for an unknown key. */
  authenticate(key: string): Promise<MachineCaller | null>;
}

export interface AccessPolicy {
  isAllowed(session: AuthSession, code: ResourceCode): Promise<boolean>;
  resourcesOf(session: AuthSession): Promise<string[]>;
  rolesOf(session: AuthSession): Promise<{ id: number; name: string }[]>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Declared access of the route; routes without one are refused at start-up. */
    permission?: Permission;
    endpointId?: string;
  }
  interface FastifyRequest {
    auth: AuthSession | null;
    machine: MachineCaller | null;
  }
  interface FastifyInstance {
    /** Every route registered, with its declared access (for the route gate and tooling). */
    routeTable: RouteEntry[];
  }
}

/** 256 random bits, base64url; only its SHA-256 is stored. */
export const newSessionToken = (): string => randomBytes(32).toString('base64url');
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const token = header.startsWith('Bearer ') ? header.slice(7) : header;
  return /^[A-Za-z0-9_-]{20,128}$/.test(token.trim()) ? token.trim() : null;
}

/**
 * The one access gate: reads the permission declared on the matched route (never the raw URL),
 * authenticates when the route is not public and checks resource codes against the policy.
 */
export function registerAccessGate(
  app: FastifyInstance,
  deps: { sessions: SessionAuthenticator; policy: AccessPolicy; machines: MachineAuthenticator; publicStaticPrefixes?: readonly string[] },
): void {
  app.decorateRequest('auth', null);
  app.decorateRequest('machine', null);
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);

  app.addHook('onRoute', (route) => {
    // Routes made by the static-file plugin cannot carry config; their prefix is declared public here.
    if (!route.config?.permission && deps.publicStaticPrefixes?.some((p) => route.url.startsWith(p))) {
      route.config = { ...route.config, permission: 'public' };
    }
    const permission = route.config?.permission;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!permission) throw new Error(`Route ${methods.join(',')} ${route.url} declares no access`);
    for (const method of methods) routeTable.push({ method, url: route.url, permission, endpointId: route.config?.endpointId });
  });

  app.addHook('preHandler', async (request) => {
    if (request.is404) return;
    const permission = request.routeOptions.config.permission;
    if (!permission) throw errors.forbidden();
    if (permission === 'public') return;
    const token = bearerToken(request);
    if (!token) throw errors.sessionExpired();
    if (permission === 'machine') {
      // A machine key is not a session: it opens only the routes declared for machines.
      const machine = await deps.machines.authenticate(token);
      if (!machine) throw errors.sessionExpired();
      request.machine = machine;
      return;
    }
    const session = await deps.sessions.authenticate(token);
    request.auth = session;
    // A run-scoped session (H5 link, tool page) opens nothing but its own reads, whatever its account holds.
    const scoped = scopedCodes(session);
    const byObject = SCOPED_BY_OBJECT.has(request.routeOptions.config.endpointId ?? '');
    if (scoped !== null && !byObject && !(isResourceCode(permission) && scoped.includes(permission))) throw errors.forbidden();
    if (permission === 'authenticated') return;
    if (!isResourceCode(permission) || !(await deps.policy.isAllowed(session, permission))) {
      throw errors.forbidden();
    }
  });
}

/** The machine calling a `machine` route. */
export function requireMachine(request: FastifyRequest): MachineCaller {
  if (!request.machine) throw errors.sessionExpired();
  return request.machine;
}

/** The caller's session on a route that is not public. */
export function requireAuth(request: FastifyRequest): AuthSession {
  if (!request.auth) throw errors.sessionExpired();
  return request.auth;
}
