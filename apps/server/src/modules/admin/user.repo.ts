import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

export interface UserFilter {
  /** Organizations at or below this path; null: every user (super administrator). */
  underPath: string | null;
  keyword?: string;
  enabled?: boolean;
}

/** SQL of user administration. */
export class UserAdminRepo {
  constructor(private readonly db: Kysely<Database> | Transaction<Database>) {}

  private base(filter: UserFilter) {
    let query = this.db.selectFrom('users').leftJoin('orgs', 'orgs.id', 'users.org_id');
    if (filter.underPath !== null) query = query.where('orgs.path', 'like', `${filter.underPath}%`);
    if (filter.enabled !== undefined) query = query.where('users.enabled', '=', filter.enabled ? 1 : 0);
    if (filter.keyword) {
      const like = `%${filter.keyword.replace(/[%_]/g, '')}%`;
      query = query.where((eb) => eb.or([eb('users.nickname', 'like', like), eb('users.phone', 'like', like), eb('users.email', 'like', like)]));
    }
    return query;
  }

  async page(filter: UserFilter, page: number, pageSize: number) {
    const [count, rows] = await Promise.all([
      this.base(filter).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
      this.base(filter)
        .selectAll('users')
        .select(['orgs.name as org_name', 'orgs.path as org_path'])
        .orderBy('users.id')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute(),
    ]);
    return { total: Number(count?.n ?? 0), rows };
  }

  find(id: number) {
    return this.db
      .selectFrom('users')
      .leftJoin('orgs', 'orgs.id', 'users.org_id')
      .selectAll('users')
      .select(['orgs.name as org_name', 'orgs.path as org_path'])
      .where('users.id', '=', id)
      .executeTakeFirst();
  }

  async roleIdsOf(userIds: readonly number[]): Promise<Map<number, number[]>> {
    const map = new Map<number, number[]>(userIds.map((id) => [id, []]));
    if (userIds.length === 0) return map;
    const rows = await this.db.selectFrom('user_roles').select(['user_id', 'role_id']).where('user_id', 'in', [...userIds]).orderBy('role_id').execute();
    for (const row of rows) map.get(row.user_id)?.push(row.role_id);
    return map;
  }

  async contactTaken(phone: string, email: string, exceptId: number | null): Promise<boolean> {
    let query = this.db
      .selectFrom('users')
      .select('id')
      .where((eb) => eb.or([eb('phone', '=', phone), eb('email', '=', email)]));
    if (exceptId !== null) query = query.where('id', '!=', exceptId);
    return (await query.executeTakeFirst()) !== undefined;
  }

  transaction<T>(work: (repo: UserAdminRepo) => Promise<T>): Promise<T> {
    if (this.db.isTransaction) return work(this);
    return this.db.transaction().execute((trx) => work(new UserAdminRepo(trx)));
  }

  /** Updates the account and replaces the runs it is limited to (unless `runIds` is left undefined), in one transaction. */
  async update(
    id: number,
    user: { phone: string; email: string; nickname: string; orgId: number; enabled: boolean; zb: boolean; runIds?: readonly number[] | undefined },
    now: number,
  ): Promise<void> {
    await this.transaction(async (repo) => {
      await repo.db
        .updateTable('users')
        .set({ phone: user.phone, email: user.email, nickname: user.nickname, org_id: user.orgId, enabled: user.enabled ? 1 : 0, is_zb: user.zb ? 1 : 0, updated_at: now })
        .where('id', '=', id)
        .execute();
      if (user.runIds === undefined) return;
      await repo.db.deleteFrom('user_runs').where('user_id', '=', id).execute();
      if (user.runIds.length > 0) await repo.db.insertInto('user_runs').values(user.runIds.map((runId) => ({ user_id: id, run_id: runId }))).execute();
    });
  }

  async runIdsOf(userIds: readonly number[]): Promise<Map<number, number[]>> {
    const map = new Map<number, number[]>(userIds.map((id) => [id, []]));
    if (userIds.length === 0) return map;
    const rows = await this.db.selectFrom('user_runs').select(['user_id', 'run_id']).where('user_id', 'in', [...userIds]).orderBy('run_id').execute();
    for (const row of rows) map.get(row.user_id)?.push(row.run_id);
    return map;
  }

  async remove(id: number): Promise<void> {
    await this.db.deleteFrom('users').where('id', '=', id).execute();
  }
}
