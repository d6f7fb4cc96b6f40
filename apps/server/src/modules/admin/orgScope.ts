import { isWithin } from '@boreline/contracts';
import type { AuthSession } from '../../core/auth.js';
import { errors } from '../../core/errors.js';
import type { OrgRepo, OrgRow } from './org.repo.js';

/** Where a caller administers: everything, one organization and all below it, or nothing. */
export type Scope = { kind: 'all' } | { kind: 'under'; path: string } | { kind: 'none' };

/**
 * The one place that decides which organizations a caller may administer: a super administrator
 * all of them, anyone else their own organization and those below it. Objects outside answer as
 * missing, so their existence is not told either.
 */
export class OrgScope {
  constructor(
    private readonly orgs: OrgRepo,
    private readonly users: { userOrgPath(userId: number): Promise<string | null> },
  ) {}

  async of(session: AuthSession): Promise<Scope> {
    if (session.sa) return { kind: 'all' };
    const path = await this.users.userOrgPath(session.userId);
    return path ? { kind: 'under', path } : { kind: 'none' };
  }

  static contains(scope: Scope, path: string | null | undefined): boolean {
    if (scope.kind === 'all') return true;
    return scope.kind === 'under' && !!path && isWithin(path, scope.path);
  }

  /** The path to filter lists by: null for everything. Callers handle `none` first. */
  static filterPath(scope: Scope): string | null {
    return scope.kind === 'under' ? scope.path : null;
  }

  async requireOrg(session: AuthSession, orgId: number): Promise<OrgRow> {
    const [org, scope] = await Promise.all([this.orgs.find(orgId), this.of(session)]);
    if (!org || !OrgScope.contains(scope, org.path)) throw errors.business('admin.org.notFound');
    return org;
  }

  /** A user the caller administers: one of an organization in their scope (any user for a super administrator); others answer as missing. */
  async requireUser(session: AuthSession, userId: number): Promise<void> {
    const [user, scope] = await Promise.all([this.orgs.userPath(userId), this.of(session)]);
    if (!user || (scope.kind !== 'all' && !OrgScope.contains(scope, user.path))) throw errors.business('auth.user.notFound');
  }
}
