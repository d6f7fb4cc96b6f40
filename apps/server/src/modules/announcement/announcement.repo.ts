import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { AnnouncementTable } from '../../db/schema/announcement.js';

export type AnnouncementRow = Selectable<AnnouncementTable>;
export interface AnnouncementWithAudience extends AnnouncementRow {
  orgIds: number[];
  runIds: number[];
}

/** Announcements, their audience and read marks. */
export class AnnouncementRepo {
  constructor(private readonly db: Kysely<Database>) {}

  private async withAudience(rows: AnnouncementRow[]): Promise<AnnouncementWithAudience[]> {
    if (rows.length === 0) return [];
    const targets = await this.db
      .selectFrom('announcement_targets')
      .selectAll()
      .where(
        'announcement_id',
        'in',
        rows.map((r) => r.id),
      )
      .execute();
    return rows.map((row) => {
      const own = targets.filter((t) => t.announcement_id === row.id);
      return {
        ...row,
        orgIds: own.filter((t) => t.kind === 'org').map((t) => t.target_id).sort((a, b) => a - b),
        runIds: own.filter((t) => t.kind === 'run').map((t) => t.target_id).sort((a, b) => a - b),
      };
    });
  }

  async find(id: number): Promise<AnnouncementWithAudience | undefined> {
    const row = await this.db.selectFrom('announcements').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? (await this.withAudience([row]))[0] : undefined;
  }

  /** Every announcement, pinned first, newest first. */
  async all(): Promise<AnnouncementWithAudience[]> {
    return this.withAudience(await this.db.selectFrom('announcements').selectAll().orderBy('pinned', 'desc').orderBy('created_at', 'desc').orderBy('id', 'desc').execute());
  }

  /** Announcements that have started by `now` (current ones only when `currentOnly`). */
  async started(now: number, currentOnly: boolean): Promise<AnnouncementWithAudience[]> {
    let query = this.db.selectFrom('announcements').selectAll().where('start_at', '<=', now);
    if (currentOnly) query = query.where('end_at', '>', now);
    return this.withAudience(await query.orderBy('start_at', 'desc').orderBy('id', 'desc').execute());
  }

  async insert(row: Insertable<AnnouncementTable>, orgIds: readonly number[], runIds: readonly number[]): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const { id } = await trx.insertInto('announcements').values(row).returning('id').executeTakeFirstOrThrow();
      await this.writeTargets(trx, id, orgIds, runIds);
      return id;
    });
  }

  async update(id: number, changes: Omit<Insertable<AnnouncementTable>, 'created_at' | 'created_by'>, orgIds: readonly number[], runIds: readonly number[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('announcements').set(changes).where('id', '=', id).execute();
      await trx.deleteFrom('announcement_targets').where('announcement_id', '=', id).execute();
      await this.writeTargets(trx, id, orgIds, runIds);
    });
  }

  private async writeTargets(trx: Kysely<Database>, id: number, orgIds: readonly number[], runIds: readonly number[]): Promise<void> {
    const rows = [...new Set(orgIds)].map((target_id) => ({ announcement_id: id, kind: 'org', target_id })).concat([...new Set(runIds)].map((target_id) => ({ announcement_id: id, kind: 'run', target_id })));
    if (rows.length > 0) await trx.insertInto('announcement_targets').values(rows).execute();
  }

  async remove(id: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('announcement_reads').where('announcement_id', '=', id).execute();
      await trx.deleteFrom('announcement_targets').where('announcement_id', '=', id).execute();
      await trx.deleteFrom('announcements').where('id', '=', id).execute();
    });
  }

  async readIds(userId: number, ids: readonly number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db.selectFrom('announcement_reads').select('announcement_id').where('user_id', '=', userId).where('announcement_id', 'in', [...ids]).execute();
    return new Set(rows.map((r) => r.announcement_id));
  }

  /** Marks read once: answers 1 when the mark is new, 0 when it was there. */
  async markRead(id: number, userId: number, now: number): Promise<number> {
    const rows = await this.db
      .insertInto('announcement_reads')
      .values({ announcement_id: id, user_id: userId, read_at: now })
      .onConflict((oc) => oc.columns(['announcement_id', 'user_id']).doNothing())
      .returning('user_id')
      .execute();
    return rows.length;
  }

  /** A user's organization path (null without organization). */
  async userOrgPath(userId: number): Promise<string | null> {
    const row = await this.db.selectFrom('users').innerJoin('orgs', 'orgs.id', 'users.org_id').select('orgs.path').where('users.id', '=', userId).executeTakeFirst();
    return row?.path ?? null;
  }

  async orgs(ids: readonly number[]): Promise<{ id: number; name: string; path: string }[]> {
    if (ids.length === 0) return [];
    return this.db.selectFrom('orgs').select(['id', 'name', 'path']).where('id', 'in', [...ids]).execute();
  }

  /** Organizations within a path (all of them for null), parents first. */
  orgsUnder(path: string | null): Promise<{ id: number; name: string; path: string }[]> {
    let query = this.db.selectFrom('orgs').select(['id', 'name', 'path']);
    if (path !== null) query = query.where('path', 'like', `${path}%`);
    return query.orderBy('path').execute();
  }

  async runNames(ids: readonly number[]): Promise<{ id: number; name: string }[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.selectFrom('runs').select(['id', 'project_name', 'tbm_code']).where('id', 'in', [...ids]).execute();
    return rows.map((r) => ({ id: r.id, name: `${r.project_name} · ${r.tbm_code}` }));
  }

  /** Enabled users of organizations within any of these paths (an organization and those below it). */
  async usersUnder(paths: readonly string[]): Promise<number[]> {
    if (paths.length === 0) return [];
    const rows = await this.db
      .selectFrom('users')
      .innerJoin('orgs', 'orgs.id', 'users.org_id')
      .select('users.id')
      .where('users.enabled', '=', 1)
      .where((eb) => eb.or(paths.map((p) => eb('orgs.path', 'like', `${p}%`))))
      .execute();
    return [...new Set(rows.map((r) => r.id))].sort((a, b) => a - b);
  }
}
