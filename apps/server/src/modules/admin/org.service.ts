import { type adminContract, childPath, type Org, type OrgNode, isWithin, type EndpointArgs } from '@boreline/contracts';
import type { AuthSession } from '../../core/auth.js';
import { errors } from '../../core/errors.js';
import { REVOKE_REASON, type SessionService } from '../auth/index.js';
import { buildTree, flattenTree, presentOrg, toCascade } from './org.presenter.js';
import type { OrgRepo, OrgRow } from './org.repo.js';
import { OrgScope } from './orgScope.js';

type Input<E> = EndpointArgs<E>;

/**
 * The organization tree (spec §3, §5, §6). A super administrator works on the whole tree; anyone
 * else only at or below their own organization. An organization outside that scope answers as
 * missing, so its existence is not told either.
 */
export class OrgService {
  constructor(
    private readonly repo: OrgRepo,
    private readonly scope: OrgScope,
    private readonly sessions: SessionService,
  ) {}

  private async visible(session: AuthSession): Promise<OrgRow[]> {
    const scope = await this.scope.of(session);
    return scope.kind === 'none' ? [] : this.repo.subtree(OrgScope.filterPath(scope));
  }

  private requireInScope(session: AuthSession, id: number): Promise<OrgRow> {
    return this.scope.requireOrg(session, id);
  }

  async tree(session: AuthSession, name?: string): Promise<OrgNode[]> {
    const rows = await this.visible(session);
    if (!name) return buildTree(rows);
    const needle = name.toLowerCase();
    const matches = rows.filter((r) => r.name.toLowerCase().includes(needle));
    const keep = new Set(rows.filter((r) => matches.some((m) => isWithin(m.path, r.path))).map((r) => r.id));
    return buildTree(rows.filter((r) => keep.has(r.id)));
  }

  async cascade(session: AuthSession) {
    return toCascade(await this.tree(session));
  }

  async flat(session: AuthSession, maxDepth?: number) {
    const rows = await this.visible(session);
    return flattenTree(buildTree(rows)).filter((o) => maxDepth === undefined || o.depth <= maxDepth);
  }

  async nextSort(session: AuthSession, parentId: number): Promise<{ sort: number }> {
    await this.requireInScope(session, parentId);
    return { sort: await this.repo.nextSort(parentId) };
  }

  async add(session: AuthSession, input: Input<typeof adminContract.orgAdd>): Promise<Org> {
    const parent = await this.requireInScope(session, input.parentId);
    await this.requireUser(session, input.adminUserId);
    const id = await this.repo.transaction((repo) =>
      repo.insert(
        { name: input.name, type: input.type, parentId: parent.id, parentPath: parent.path, sort: input.sort, adminUserId: input.adminUserId ?? null },
        Date.now(),
      ),
    );
    return this.present(id);
  }

  async edit(session: AuthSession, input: Input<typeof adminContract.orgEdit>): Promise<Org> {
    await this.requireInScope(session, input.id);
    await this.requireUser(session, input.adminUserId);
    // An administrator left out of the request stays; null removes them.
    await this.repo.update(input.id, { name: input.name, type: input.type, sort: input.sort, adminUserId: input.adminUserId });
    return this.present(input.id);
  }

  /** Deletes the organization and everything below it; their users are signed out and detached. */
  async remove(session: AuthSession, id: number): Promise<{ deletedOrgs: number; signedOutUsers: number }> {
    const org = await this.requireInScope(session, id);
    await this.refuseTopOf(session, org);
    // A project's record must never vanish with an organization: its runs are moved first.
    if ((await this.repo.runCount(org.path)) > 0) throw errors.business('admin.org.hasRuns');
    const { deletedOrgs, users } = await this.repo.transaction(async (repo) => {
      const detached = await repo.detachUsers(org.path);
      return { deletedOrgs: await repo.deleteSubtree(org.path), users: detached };
    });
    await this.sessions.revokeUsers(users, REVOKE_REASON.orgDeleted);
    return { deletedOrgs, signedOutUsers: users.length };
  }

  /** Moves the organization and its subtree under another superior (never under itself). */
  async transfer(session: AuthSession, input: Input<typeof adminContract.orgTransfer>): Promise<Org> {
    const org = await this.requireInScope(session, input.id);
    const parent = await this.requireInScope(session, input.parentId);
    await this.refuseTopOf(session, org);
    if (isWithin(parent.path, org.path)) throw errors.business('admin.org.cycle');
    await this.repo.transaction(async (repo) => {
      const newPath = childPath(parent.path, org.id);
      const subtree = await repo.subtree(org.path);
      await repo.move(org.id, parent.id, subtree.map((r) => ({ id: r.id, path: newPath + r.path.slice(org.path.length) })));
    });
    return this.present(org.id);
  }

  /** The top of the tree, and an administrator's own organization, stay where they are. */
  private async refuseTopOf(session: AuthSession, org: OrgRow): Promise<void> {
    const scope = await this.scope.of(session);
    if (org.parent_id === null || (scope.kind === 'under' && org.path === scope.path)) throw errors.business('admin.org.topLocked');
  }

  /** The administrator named must be a user the caller administers; anyone else answers as a missing user. */
  private async requireUser(session: AuthSession, userId: number | null | undefined): Promise<void> {
    if (userId) await this.scope.requireUser(session, userId);
  }

  private async present(id: number): Promise<Org> {
    const row = await this.repo.find(id);
    if (!row) throw errors.business('admin.org.notFound');
    return presentOrg(row);
  }
}
