import { isWithin, RESOURCE_CODES, type ResourceCode, SUPER_ADMIN_ONLY_CODES } from '@boreline/contracts';
import type { AccessPolicy, AuthSession } from '../../core/auth.js';
import type { PermissionRepo } from './permission.repo.js';

/**
 * The decision rule of spec §6: a super administrator may do everything; anyone else may use a
 * resource at an organization path when one of their roles grants it, the role's organization is
 * that path or above it, and the organization at that path may use the resource (its own set, or
 * the nearest set above it). Read from the database at every request: changes apply at once.
 */
export class RoleGrantPolicy implements AccessPolicy {
  constructor(private readonly repo: PermissionRepo) {}

  // A request's session object lives as long as the request: the gate and the service's object
  // checks share one read of the caller's grants and organization, and the next request reads again.
  private readonly grantsOfRequest = new WeakMap<AuthSession, ReturnType<PermissionRepo['userGrants']>>();
  private readonly orgOfRequest = new WeakMap<AuthSession, ReturnType<PermissionRepo['userOrg']>>();

  private grants(session: AuthSession): ReturnType<PermissionRepo['userGrants']> {
    let grants = this.grantsOfRequest.get(session);
    if (!grants) {
      grants = this.repo.userGrants(session.userId);
      this.grantsOfRequest.set(session, grants);
    }
    return grants;
  }

  private org(session: AuthSession): ReturnType<PermissionRepo['userOrg']> {
    let org = this.orgOfRequest.get(session);
    if (!org) {
      org = this.repo.userOrg(session.userId);
      this.orgOfRequest.set(session, org);
    }
    return org;
  }

  /** The resources the organization at `path` may use. */
  async usableAt(path: string): Promise<Set<string>> {
    const sets = await this.repo.orgSetsAlong(path);
    return sets.at(-1)?.codes ?? new Set();
  }

  async codesAt(session: AuthSession, path: string): Promise<Set<string>> {
    if (session.sa) return new Set(RESOURCE_CODES);
    const [grants, usable] = await Promise.all([this.grants(session), this.usableAt(path)]);
    const reserved = new Set<string>(SUPER_ADMIN_ONLY_CODES);
    return new Set(
      grants.flatMap((g) => (g.code && usable.has(g.code) && !reserved.has(g.code) && isWithin(path, g.orgPath) ? [g.code] : [])),
    );
  }

  /** Route-level check: at the caller's own organization. */
  async isAllowed(session: AuthSession, code: ResourceCode): Promise<boolean> {
    if (session.sa) return true;
    const org = await this.org(session);
    return org ? (await this.codesAt(session, org.path)).has(code) : false;
  }

  /** Whether the caller belongs to an organization at all (one detached by a deletion holds nothing). */
  async hasOrg(session: AuthSession): Promise<boolean> {
    return session.sa || (await this.org(session)) !== undefined;
  }

  /** Object-level check: at the organization path of the object (a run's deptPath, a record's org). */
  async isAllowedAt(session: AuthSession, code: ResourceCode, path: string): Promise<boolean> {
    return session.sa || (await this.codesAt(session, path)).has(code);
  }

  async resourcesOf(session: AuthSession): Promise<string[]> {
    if (session.sa) return [...RESOURCE_CODES];
    const org = await this.org(session);
    return org ? [...(await this.codesAt(session, org.path))].sort() : [];
  }

  async rolesOf(session: AuthSession): Promise<{ id: number; name: string }[]> {
    const grants = await this.grants(session);
    const roles = new Map(grants.map((g) => [g.roleId, g.roleName]));
    return [...roles].map(([id, name]) => ({ id, name })).sort((a, b) => a.id - b.id);
  }
}
