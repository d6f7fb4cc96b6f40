import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { CollectionItemTable } from '../../db/schema/collection.js';

export type CollectionRow = Selectable<CollectionItemTable>;

/** Users' collection entries. */
export class CollectionRepo {
  constructor(private readonly db: Kysely<Database>) {}

  ofUser(userId: number): Promise<CollectionRow[]> {
    return this.db.selectFrom('collection_items').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  }

  find(id: number): Promise<CollectionRow | undefined> {
    return this.db.selectFrom('collection_items').selectAll().where('id', '=', id).executeTakeFirst();
  }

  same(userId: number, kind: string, runId: number | null, target: string): Promise<CollectionRow | undefined> {
    let query = this.db.selectFrom('collection_items').selectAll().where('user_id', '=', userId).where('kind', '=', kind).where('target', '=', target);
    query = runId === null ? query.where('run_id', 'is', null) : query.where('run_id', '=', runId);
    return query.executeTakeFirst();
  }

  async countOf(userId: number): Promise<number> {
    const row = await this.db.selectFrom('collection_items').select((eb) => eb.fn.countAll<string | number>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async insert(row: Insertable<CollectionItemTable>): Promise<CollectionRow> {
    return this.db.insertInto('collection_items').values(row).returningAll().executeTakeFirstOrThrow();
  }

  async rename(id: number, title: string): Promise<void> {
    await this.db.updateTable('collection_items').set({ title }).where('id', '=', id).execute();
  }

  async remove(id: number): Promise<void> {
    await this.db.deleteFrom('collection_items').where('id', '=', id).execute();
  }

  /** Whether an alarm is one of the run's (read from the alarm records, never written). */
  async alarmOfRun(alarmId: number, runId: number): Promise<boolean> {
    return (await this.db.selectFrom('alarms').select('id').where('id', '=', alarmId).where('run_id', '=', runId).executeTakeFirst()) !== undefined;
  }
}
