import { pathIds, type ResourcePlace } from '@boreline/contracts';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { ResourceTable, RoleTable } from '../../db/schema/admin.js';

export type RoleRow = Selectable<RoleTable> & { org_name: string; org_path: string };
export type ResourceRow = Selectable<ResourceTable> & { group_name: string };

/** SQL of resources, roles and the linkers between them, organizations and users. */
export class PermissionRepo {
  constructor(private readonly db: Kysely<Database> | Transaction<Database>) {}

  transaction<T>(work: (repo: PermissionRepo) => Promise<T>): Promise<T> {
    if (this.db.isTransaction) return work(this);
    return this.db.transaction().execute((trx) => work(new PermissionRepo(trx)));
  }

  // resources

  /**
   * Adds the built-in codes the database does not have yet, each at its place in the tree (under
   * its superior, a group per first segment); returns how many. `places` lists superiors first.
   */
  async seedResources(places: ReadonlyMap<string, ResourcePlace>, now: number): Promise<number> {
    const rows = await this.db.selectFrom('resources').select(['id', 'code', 'path']).execute();
    const byCode = new Map(rows.map((r) => [r.code, r]));
    let added = 0;
    for (const [code, place] of places) {
      if (byCode.has(code)) continue;
      const groupName = code.split('.')[0] ?? code;
      let group = await this.db.selectFrom('resource_groups').select('id').where('name', '=', groupName).executeTakeFirst();
      if (!group) {
        group = await this.db
          .insertInto('resource_groups')
          .values({ name: groupName, description: groupName, sort: added + 1, created_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
      }
      const superior = place.parent === null ? undefined : byCode.get(place.parent);
      const parentPath = superior?.path ?? '/';
      const row = await this.db
        .insertInto('resources')
        .values({
          group_id: group.id,
          parent_id: superior?.id ?? null,
          code,
          name: code,
          description: code,
          level: parentPath.split('/').filter(Boolean).length + 1,
          sort: place.sort,
          path: parentPath,
          page_path: place.path,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const path = `${parentPath}${row.id}/`;
      await this.db.updateTable('resources').set({ path }).where('id', '=', row.id).execute();
      byCode.set(code, { id: row.id, code, path });
      added += 1;
    }
    return added;
  }

  allResources(): Promise<ResourceRow[]> {
    return this.db
      .selectFrom('resources')
      .innerJoin('resource_groups', 'resource_groups.id', 'resources.group_id')
      .selectAll('resources')
      .select('resource_groups.name as group_name')
      .orderBy('resources.sort')
      .orderBy('resources.id')
      .execute();
  }

  findResource(id: number): Promise<ResourceRow | undefined> {
    return this.db
      .selectFrom('resources')
      .innerJoin('resource_groups', 'resource_groups.id', 'resources.group_id')
      .selectAll('resources')
      .select('resource_groups.name as group_name')
      .where('resources.id', '=', id)
      .executeTakeFirst();
  }

  async codeTaken(code: string, exceptId: number | null): Promise<boolean> {
    let query = this.db.selectFrom('resources').select('id').where('code', '=', code);
    if (exceptId !== null) query = query.where('id', '!=', exceptId);
    return (await query.executeTakeFirst()) !== undefined;
  }

  /** The id of a resource group by name, created when new. */
  async groupId(name: string, now: number): Promise<number> {
    const existing = await this.db.selectFrom('resource_groups').select('id').where('name', '=', name).executeTakeFirst();
    if (existing) return existing.id;
    const row = await this.db
      .insertInto('resource_groups')
      .values({ name, description: name, sort: 1000, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async insertResource(
    r: { groupId: number; parentId: number; parentPath: string; code: string; name: string; description: string; level: number; sort: number; pagePath: string | null },
    now: number,
  ): Promise<number> {
    const row = await this.db
      .insertInto('resources')
      .values({
        group_id: r.groupId,
        parent_id: r.parentId,
        code: r.code,
        name: r.name,
        description: r.description,
        level: r.level,
        sort: r.sort,
        path: r.parentPath,
        page_path: r.pagePath,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await this.db.updateTable('resources').set({ path: `${r.parentPath}${row.id}/` }).where('id', '=', row.id).execute();
    return row.id;
  }

  async updateResource(id: number, r: { groupId: number; code: string; name: string; description: string; level: number; sort: number; pagePath: string | null }): Promise<void> {
    await this.db
      .updateTable('resources')
      .set({ group_id: r.groupId, code: r.code, name: r.name, description: r.description, level: r.level, sort: r.sort, page_path: r.pagePath })
      .where('id', '=', id)
      .execute();
  }

  resourceSubtree(path: string) {
    return this.db.selectFrom('resources').select(['id', 'code', 'path']).where('path', 'like', `${path}%`).execute();
  }

  async deleteResources(ids: readonly number[]): Promise<void> {
    if (ids.length > 0) await this.db.deleteFrom('resources').where('id', 'in', [...ids]).execute();
  }

  /** Puts a resource under `parentId` (null: at the top) and rewrites the paths of its subtree. */
  async moveResource(id: number, parentId: number | null, paths: { id: number; path: string }[]): Promise<void> {
    await this.db.updateTable('resources').set({ parent_id: parentId }).where('id', '=', id).execute();
    for (const p of paths) await this.db.updateTable('resources').set({ path: p.path }).where('id', '=', p.id).execute();
  }

  async resourceIds(codes: readonly string[]): Promise<Map<string, number>> {
    if (codes.length === 0) return new Map();
    const rows = await this.db.selectFrom('resources').select(['id', 'code']).where('code', 'in', [...codes]).execute();
    return new Map(rows.map((r) => [r.code, r.id]));
  }

  // organization ACL (sdLinker)

  /** The explicit resource sets of the organizations on a path, deepest last. */
  async orgSetsAlong(path: string): Promise<{ orgId: number; codes: Set<string> }[]> {
    const ids = pathIds(path);
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('org_resources')
      .innerJoin('resources', 'resources.id', 'org_resources.resource_id')
      .select(['org_resources.org_id as orgId', 'resources.code as code'])
      .where('org_resources.org_id', 'in', ids)
      .execute();
    return ids.flatMap((orgId) => {
      const codes = rows.filter((r) => r.orgId === orgId).map((r) => r.code);
      return codes.length > 0 ? [{ orgId, codes: new Set(codes) }] : [];
    });
  }

  async setOrgResources(orgId: number, resourceIds: readonly number[]): Promise<void> {
    await this.db.deleteFrom('org_resources').where('org_id', '=', orgId).execute();
    if (resourceIds.length > 0) {
      await this.db.insertInto('org_resources').values(resourceIds.map((resource_id) => ({ org_id: orgId, resource_id }))).execute();
    }
  }

  /** Organizations strictly below `path` that have a set of their own. */
  async lowerOrgsWithSets(path: string): Promise<number[]> {
    const rows = await this.db
      .selectFrom('org_resources')
      .innerJoin('orgs', 'orgs.id', 'org_resources.org_id')
      .select('orgs.id')
      .distinct()
      .where('orgs.path', 'like', `${path}_%`)
      .execute();
    return rows.map((r) => r.id);
  }

  // roles

  private roles() {
    return this.db
      .selectFrom('roles')
      .innerJoin('orgs', 'orgs.id', 'roles.org_id')
      .selectAll('roles')
      .select(['orgs.name as org_name', 'orgs.path as org_path']);
  }

  listRoles(underPath: string | null, name?: string): Promise<RoleRow[]> {
    let query = this.roles();
    if (underPath) query = query.where('orgs.path', 'like', `${underPath}%`);
    if (name) query = query.where('roles.name', 'like', `%${name.replace(/[%_]/g, '')}%`);
    return query.orderBy('roles.sort').orderBy('roles.id').execute();
  }

  findRole(id: number): Promise<RoleRow | undefined> {
    return this.roles().where('roles.id', '=', id).executeTakeFirst();
  }

  async insertRole(role: { name: string; kind: string; orgId: number; creatorOrgId: number | null; sort: number }, now: number): Promise<number> {
    const row = await this.db
      .insertInto('roles')
      .values({ name: role.name, kind: role.kind, org_id: role.orgId, creator_org_id: role.creatorOrgId, sort: role.sort, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async updateRole(id: number, role: { name: string; kind: string; orgId: number; sort: number }): Promise<void> {
    await this.db.updateTable('roles').set({ name: role.name, kind: role.kind, org_id: role.orgId, sort: role.sort }).where('id', '=', id).execute();
  }

  /** Whether another role of the organization has this name, compared case-insensitively. */
  async roleNameTaken(orgId: number, name: string, exceptId: number | null): Promise<boolean> {
    const rows = await this.db.selectFrom('roles').select(['id', 'name']).where('org_id', '=', orgId).execute();
    const wanted = name.trim().toLowerCase();
    return rows.some((r) => r.id !== exceptId && r.name.trim().toLowerCase() === wanted);
  }

  async deleteRole(id: number): Promise<void> {
    await this.db.deleteFrom('roles').where('id', '=', id).execute();
  }

  roleUsers(roleId: number) {
    return this.db
      .selectFrom('user_roles')
      .innerJoin('users', 'users.id', 'user_roles.user_id')
      .select(['users.id', 'users.nickname', 'users.phone', 'users.email'])
      .where('user_roles.role_id', '=', roleId)
      .orderBy('users.id')
      .execute();
  }

  async roleCodes(roleId: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('role_resources')
      .innerJoin('resources', 'resources.id', 'role_resources.resource_id')
      .select('resources.code')
      .where('role_resources.role_id', '=', roleId)
      .orderBy('resources.code')
      .execute();
    return rows.map((r) => r.code);
  }

  async setRoleResources(roleId: number, resourceIds: readonly number[]): Promise<void> {
    await this.db.deleteFrom('role_resources').where('role_id', '=', roleId).execute();
    if (resourceIds.length > 0) {
      await this.db.insertInto('role_resources').values(resourceIds.map((resource_id) => ({ role_id: roleId, resource_id }))).execute();
    }
  }

  // users

  async setUserRoles(userId: number, roleIds: readonly number[]): Promise<void> {
    await this.db.deleteFrom('user_roles').where('user_id', '=', userId).execute();
    if (roleIds.length > 0) await this.db.insertInto('user_roles').values(roleIds.map((role_id) => ({ user_id: userId, role_id }))).execute();
  }

  async userRoleIds(userId: number): Promise<number[]> {
    const rows = await this.db.selectFrom('user_roles').select('role_id').where('user_id', '=', userId).orderBy('role_id').execute();
    return rows.map((r) => r.role_id);
  }

  /** The user's roles with their organization path and granted codes. */
  async userGrants(userId: number): Promise<{ roleId: number; roleName: string; orgPath: string; code: string | null }[]> {
    return this.db
      .selectFrom('user_roles')
      .innerJoin('roles', 'roles.id', 'user_roles.role_id')
      .innerJoin('orgs', 'orgs.id', 'roles.org_id')
      .leftJoin('role_resources', 'role_resources.role_id', 'roles.id')
      .leftJoin('resources', 'resources.id', 'role_resources.resource_id')
      .select(['roles.id as roleId', 'roles.name as roleName', 'orgs.path as orgPath', 'resources.code as code'])
      .where('user_roles.user_id', '=', userId)
      .execute();
  }

  async userOrg(userId: number): Promise<{ path: string } | undefined> {
    return this.db
      .selectFrom('users')
      .innerJoin('orgs', 'orgs.id', 'users.org_id')
      .select('orgs.path')
      .where('users.id', '=', userId)
      .executeTakeFirst();
  }

  async userExists(userId: number): Promise<{ path: string | null } | undefined> {
    return this.db
      .selectFrom('users')
      .leftJoin('orgs', 'orgs.id', 'users.org_id')
      .select('orgs.path')
      .where('users.id', '=', userId)
      .executeTakeFirst();
  }
}
