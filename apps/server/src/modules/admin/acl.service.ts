import { adminContract, type Role, type EndpointArgs } from '@boreline/contracts';
import type { AuthSession } from '../../core/auth.js';
import { errors } from '../../core/errors.js';
import type { RoleGrantPolicy } from './access.policy.js';
import { OrgScope } from './orgScope.js';
import type { PermissionRepo, RoleRow } from './permission.repo.js';

type Input<E> = EndpointArgs<E>;

const presentRole = (row: RoleRow): Role => ({
  id: row.id,
  name: row.name,
  kind: adminContract.ROLE_KINDS.find((k) => k === row.kind) ?? 'custom',
  orgId: row.org_id,
  orgName: row.org_name,
  creatorOrgId: row.creator_org_id,
  sort: row.sort,
  createdAt: row.created_at,
});

/**
 * Roles, their resources (srLinker), the resources organizations may use (sdLinker) and the roles
 * of users. Everyone but a super administrator works at or below their own organization and
 * cannot hand out a resource their organization may not use.
 */
export class AclService {
  constructor(
    private readonly repo: PermissionRepo,
    private readonly scope: OrgScope,
    private readonly policy: RoleGrantPolicy,
  ) {}

  private requireOrg(session: AuthSession, orgId: number) {
    return this.scope.requireOrg(session, orgId);
  }

  private async requireRole(session: AuthSession, roleId: number): Promise<RoleRow> {
    const [role, scope] = await Promise.all([this.repo.findRole(roleId), this.scope.of(session)]);
    if (!role || !OrgScope.contains(scope, role.org_path)) throw errors.business('admin.role.notFound');
    return role;
  }

  /** Known codes only; each must be usable where it is given (and by the giver, unless super administrator). */
  private async resolveCodes(codes: readonly string[], usable: Set<string>): Promise<number[]> {
    const unique = [...new Set(codes)];
    const ids = await this.repo.resourceIds(unique);
    const unknown = unique.filter((c) => !ids.has(c));
    if (unknown.length > 0) throw errors.business('admin.acl.unknownCode', { codes: unknown.join(', ') });
    const notUsable = unique.filter((c) => !usable.has(c));
    if (notUsable.length > 0) throw errors.business('admin.acl.notUsable', { codes: notUsable.join(', ') });
    return unique.map((c) => ids.get(c) ?? 0);
  }

  // roles

  async listRoles(session: AuthSession, input: Input<typeof adminContract.roleList>): Promise<Role[]> {
    const scope = await this.scope.of(session);
    if (scope.kind === 'none') return [];
    const under = input.orgId ? (await this.requireOrg(session, input.orgId)).path : OrgScope.filterPath(scope);
    return (await this.repo.listRoles(under, input.name)).map(presentRole);
  }

  async addRole(session: AuthSession, input: Input<typeof adminContract.roleAdd>): Promise<Role> {
    await this.requireOrg(session, input.orgId);
    if (await this.repo.roleNameTaken(input.orgId, input.name, null)) throw errors.business('admin.role.nameTaken');
    const creator = session.sa ? null : session.orgId;
    const id = await this.repo.insertRole({ name: input.name, kind: input.kind, orgId: input.orgId, creatorOrgId: creator, sort: input.sort }, Date.now());
    return this.presentRoleById(id);
  }

  async editRole(session: AuthSession, input: Input<typeof adminContract.roleEdit>): Promise<Role> {
    await this.requireRole(session, input.id);
    await this.requireOrg(session, input.orgId);
    if (await this.repo.roleNameTaken(input.orgId, input.name, input.id)) throw errors.business('admin.role.nameTaken');
    await this.repo.updateRole(input.id, input);
    return this.presentRoleById(input.id);
  }

  async deleteRole(session: AuthSession, id: number): Promise<void> {
    await this.requireRole(session, id);
    await this.repo.deleteRole(id);
  }

  async roleUsers(session: AuthSession, roleId: number) {
    await this.requireRole(session, roleId);
    return this.repo.roleUsers(roleId);
  }

  async roleResources(session: AuthSession, roleId: number) {
    const role = await this.requireRole(session, roleId);
    const usable = await this.policy.usableAt(role.org_path);
    const all = await this.repo.allResources();
    return {
      granted: await this.repo.roleCodes(roleId),
      available: all
        .filter((r) => usable.has(r.code))
        .map((r) => ({ id: r.id, code: r.code, name: r.name, group: r.group_name, level: r.level, sort: r.sort, parentId: r.parent_id })),
    };
  }

  async setRoleResources(session: AuthSession, input: Input<typeof adminContract.roleResourcesUpdate>) {
    const role = await this.requireRole(session, input.roleId);
    const usable = await this.policy.usableAt(role.org_path);
    const ids = await this.resolveCodes(input.codes, usable);
    await this.repo.transaction((repo) => repo.setRoleResources(role.id, ids));
    return { granted: await this.repo.roleCodes(role.id) };
  }

  // organization ACL

  async orgResources(session: AuthSession, orgId: number) {
    const org = await this.requireOrg(session, orgId);
    const sets = await this.repo.orgSetsAlong(org.path);
    const nearest = sets.at(-1);
    return { codes: nearest ? [...nearest.codes].sort() : [], inheritedFrom: nearest && nearest.orgId !== org.id ? nearest.orgId : null };
  }

  async setOrgResources(session: AuthSession, input: Input<typeof adminContract.orgResourcesEdit>) {
    const org = await this.requireOrg(session, input.orgId);
    const giver = session.sa ? null : await this.repo.userOrg(session.userId);
    const allowed = giver ? await this.policy.usableAt(giver.path) : new Set(await this.allCodes());
    const ids = await this.resolveCodes(input.codes, allowed);
    const overwritten = await this.repo.transaction(async (repo) => {
      await repo.setOrgResources(org.id, ids);
      if (!input.overwriteLower) return 0;
      const lower = await repo.lowerOrgsWithSets(org.path);
      for (const id of lower) await repo.setOrgResources(id, []);
      return lower.length;
    });
    return { codes: [...new Set(input.codes)].sort(), overwritten };
  }

  async setOrgResource(session: AuthSession, input: Input<typeof adminContract.orgResourcesEditSingle>) {
    const current = await this.orgResources(session, input.orgId);
    const codes = new Set(current.codes);
    if (input.granted) codes.add(input.resource);
    else codes.delete(input.resource);
    return this.setOrgResources(session, { orgId: input.orgId, codes: [...codes], overwriteLower: false });
  }

  // users

  async assignRoles(session: AuthSession, input: Input<typeof adminContract.userAssignRoles>) {
    const [user, scope] = await Promise.all([this.repo.userExists(input.userId), this.scope.of(session)]);
    if (!user || !OrgScope.contains(scope, user.path)) throw errors.business('auth.user.notFound');
    const roleIds = [...new Set(input.roleIds)];
    for (const roleId of roleIds) await this.requireRole(session, roleId);
    await this.repo.transaction((repo) => repo.setUserRoles(input.userId, roleIds));
    return { roleIds: await this.repo.userRoleIds(input.userId) };
  }

  private async allCodes(): Promise<string[]> {
    return (await this.repo.allResources()).map((r) => r.code);
  }

  private async presentRoleById(id: number): Promise<Role> {
    const row = await this.repo.findRole(id);
    if (!row) throw errors.business('admin.role.notFound');
    return presentRole(row);
  }
}
