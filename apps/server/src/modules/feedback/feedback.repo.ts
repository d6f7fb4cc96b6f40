import { type Insertable, type Kysely, type Selectable, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { FeedbackTable } from '../../db/schema/feedback.js';

export type FeedbackRow = Selectable<FeedbackTable> & { user_name: string | null; replier_name: string | null };

/** Which feedback a reader reaches: all of it, or that of the users of organizations under a path. */
export type FeedbackReach = { kind: 'all' } | { kind: 'under'; path: string } | { kind: 'none' };

export interface FeedbackFilter {
  state?: string | undefined;
  text?: string | undefined;
  from?: number | undefined;
  to?: number | undefined;
}

const likeOf = (text: string): string => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The feedback table, read through a reader's reach. */
export class FeedbackRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: Insertable<FeedbackTable>): Promise<number> {
    const inserted = await this.db.insertInto('feedback_items').values(row).returning('id').executeTakeFirstOrThrow();
    return inserted.id;
  }

  private reached(reach: FeedbackReach) {
    let query = this.db
      .selectFrom('feedback_items')
      .leftJoin('users as sender', 'sender.id', 'feedback_items.user_id')
      .leftJoin('orgs', 'orgs.id', 'sender.org_id')
      .leftJoin('users as replier', 'replier.id', 'feedback_items.replied_by');
    // A visitor's feedback (no sender) and that of users outside the reader's organizations stay out.
    if (reach.kind === 'under') query = query.where('orgs.path', 'like', `${reach.path}%`);
    if (reach.kind === 'none') query = query.where(sql<boolean>`1 = 0`);
    return query;
  }

  private filtered(reach: FeedbackReach, filter: FeedbackFilter) {
    let query = this.reached(reach);
    if (filter.state) query = query.where('feedback_items.state', '=', filter.state);
    if (filter.from !== undefined) query = query.where('feedback_items.submitted_at', '>=', filter.from);
    if (filter.to !== undefined) query = query.where('feedback_items.submitted_at', '<=', filter.to);
    if (filter.text) {
      const like = likeOf(filter.text);
      query = query.where((eb) =>
        eb.or([
          eb(sql`lower(${sql.ref('feedback_items.name')})`, 'like', sql`${like} escape '\\'`),
          eb(sql`lower(${sql.ref('feedback_items.contact')})`, 'like', sql`${like} escape '\\'`),
          eb(sql`lower(${sql.ref('feedback_items.content')})`, 'like', sql`${like} escape '\\'`),
        ]),
      );
    }
    return query;
  }

  async page(reach: FeedbackReach, filter: FeedbackFilter, page: number, pageSize: number): Promise<{ total: number; rows: FeedbackRow[] }> {
    const counted = await this.filtered(reach, filter).select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst();
    const rows = await this.filtered(reach, filter)
      .selectAll('feedback_items')
      .select(['sender.nickname as user_name', 'replier.nickname as replier_name'])
      .orderBy('feedback_items.submitted_at', 'desc')
      .orderBy('feedback_items.id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute();
    return { total: Number(counted?.n ?? 0), rows };
  }

  all(reach: FeedbackReach, filter: FeedbackFilter, max: number): Promise<FeedbackRow[]> {
    return this.filtered(reach, filter)
      .selectAll('feedback_items')
      .select(['sender.nickname as user_name', 'replier.nickname as replier_name'])
      .orderBy('feedback_items.submitted_at', 'desc')
      .orderBy('feedback_items.id', 'desc')
      .limit(max)
      .execute();
  }

  find(reach: FeedbackReach, id: number): Promise<FeedbackRow | undefined> {
    return this.reached(reach)
      .selectAll('feedback_items')
      .select(['sender.nickname as user_name', 'replier.nickname as replier_name'])
      .where('feedback_items.id', '=', id)
      .executeTakeFirst();
  }

  async reply(id: number, text: string, by: number, now: number): Promise<void> {
    await this.db.updateTable('feedback_items').set({ reply: text, replied_at: now, replied_by: by, state: 'answered', updated_at: now }).where('id', '=', id).execute();
  }

  async setState(id: number, state: string, now: number): Promise<void> {
    await this.db.updateTable('feedback_items').set({ state, updated_at: now }).where('id', '=', id).execute();
  }
}
