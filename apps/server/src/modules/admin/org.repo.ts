import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { OrgTable } from '../../db/schema/admin.js';

export type OrgRow = Selectable<OrgTable>;

/** SQL of the organization tree. Paths hold only digits and slashes, so a LIKE prefix is exact. */
export class OrgRepo {
  constructor(private readonly db: Kysely<Database> | Transaction<Database>) {}

  transaction<T>(work: (repo: OrgRepo) => Promise<T>): Promise<T> {
    if (this.db.isTransaction) return work(this);
    return this.db.transaction().execute((trx) => work(new OrgRepo(trx)));
  }

  find(id: number): Promise<OrgRow | undefined> {
    return this.db.selectFrom('orgs').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Every organization at or below `path` (all of them for null), in tree order. */
  subtree(path: string | null): Promise<OrgRow[]> {
    let query = this.db.selectFrom('orgs').selectAll();
    if (path) query = query.where('path', 'like', `${path}%`);
    return query.orderBy('sort').orderBy('id').execute();
  }

  async nextSort(parentId: number): Promise<number> {
    const row = await this.db
      .selectFrom('orgs')
      .select((eb) => eb.fn.max('sort').as('max'))
      .where('parent_id', '=', parentId)
      .executeTakeFirst();
    return Number(row?.max ?? 0) + 1;
  }

  async insert(org: { name: string; type: string; parentId: number; parentPath: string; sort: number; adminUserId: number | null }, now: number): Promise<number> {
    const row = await this.db
      .insertInto('orgs')
      .values({ name: org.name, type: org.type, parent_id: org.parentId, path: org.parentPath, sort: org.sort, admin_user_id: org.adminUserId, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await this.db.updateTable('orgs').set({ path: `${org.parentPath}${row.id}/` }).where('id', '=', row.id).execute();
    return row.id;
  }

  /** `adminUserId` left undefined keeps the organization's administrator. */
  async update(id: number, fields: { name: string; type: string; sort: number; adminUserId: number | null | undefined }): Promise<void> {
    await this.db
      .updateTable('orgs')
      .set({ name: fields.name, type: fields.type, sort: fields.sort, ...(fields.adminUserId === undefined ? {} : { admin_user_id: fields.adminUserId }) })
      .where('id', '=', id)
      .execute();
  }

  async move(id: number, parentId: number, paths: { id: number; path: string }[]): Promise<void> {
    await this.db.updateTable('orgs').set({ parent_id: parentId }).where('id', '=', id).execute();
    for (const { id: orgId, path } of paths) await this.db.updateTable('orgs').set({ path }).where('id', '=', orgId).execute();
  }

  /** Users of the organizations below `path`; they lose the organization. Returns their ids. */
  async detachUsers(path: string): Promise<number[]> {
    const users = await this.db
      .selectFrom('users')
      .innerJoin('orgs', 'orgs.id', 'users.org_id')
      .select('users.id')
      .where('orgs.path', 'like', `${path}%`)
      .execute();
    const ids = users.map((u) => u.id);
    if (ids.length > 0) await this.db.updateTable('users').set({ org_id: null }).where('id', 'in', ids).execute();
    return ids;
  }

  /** Deletes the subtree; counted first, as the parent's cascade may remove children before the statement reaches them. */
  async deleteSubtree(path: string): Promise<number> {
    const count = await this.db
      .selectFrom('orgs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('path', 'like', `${path}%`)
      .executeTakeFirst();
    await this.db.deleteFrom('orgs').where('path', 'like', `${path}%`).execute();
    return Number(count?.n ?? 0);
  }

  /** Runs of the organizations at or below `path`: they keep their organization from being deleted. */
  async runCount(path: string): Promise<number> {
    const row = await this.db
      .selectFrom('runs')
      .innerJoin('orgs', 'orgs.id', 'runs.org_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('orgs.path', 'like', `${path}%`)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** A user's organization path (null when they have none); undefined when there is no such user. */
  async userPath(id: number): Promise<{ path: string | null } | undefined> {
    return this.db.selectFrom('users').leftJoin('orgs', 'orgs.id', 'users.org_id').select('orgs.path').where('users.id', '=', id).executeTakeFirst();
  }
}
