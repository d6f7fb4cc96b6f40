import type { messagesContract } from '@boreline/contracts';
import { type Expression, type ExpressionBuilder, type Insertable, type Kysely, type Selectable, type SqlBool, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { MessageTable } from '../../db/schema/messages.js';

type MessageType = messagesContract.MessageType;
export type MessageRow = Selectable<MessageTable>;
export type NewMessageRow = Insertable<MessageTable>;

/**
 * Which of a user's messages a read may touch: the run-less ones (when `runless`) and those of
 * `runIds` (the runs the user may still see), of `types` when given. Every query of this repo that
 * reads or marks a user's messages goes through it.
 */
export interface MessageScope {
  userId: number;
  runIds: readonly number[];
  runless: boolean;
  types?: readonly MessageType[];
}

export interface MessageFilter {
  read?: boolean | undefined;
  from?: number | undefined;
  to?: number | undefined;
}

/** Unread messages per user, type and run (the caller sums those the user may see). */
export interface UnreadGroup {
  user_id: number;
  type: string;
  run_id: number | null;
  n: number;
}

/** Rows per insert statement: far below either dialect's bound on statement parameters. */
const INSERT_CHUNK = 500;

function scoped(scope: MessageScope, filter: MessageFilter = {}) {
  return (eb: ExpressionBuilder<Database, 'messages'>): Expression<SqlBool> => {
    const runs: Expression<SqlBool>[] = [];
    if (scope.runless) runs.push(eb('run_id', 'is', null));
    if (scope.runIds.length > 0) runs.push(eb('run_id', 'in', [...scope.runIds]));
    const all: Expression<SqlBool>[] = [eb('user_id', '=', scope.userId), runs.length > 0 ? eb.or(runs) : sql<SqlBool>`1 = 0`];
    if (scope.types) all.push(scope.types.length > 0 ? eb('type', 'in', [...scope.types]) : sql<SqlBool>`1 = 0`);
    if (filter.read !== undefined) all.push(eb('read_at', filter.read ? 'is not' : 'is', null));
    if (filter.from !== undefined) all.push(eb('at', '>=', filter.from));
    if (filter.to !== undefined) all.push(eb('at', '<=', filter.to));
    return eb.and(all);
  };
}

/** The only SQL of the message centre's table. */
export class MessagesRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** Writes rows in one transaction; a row whose (dedupe key, user) is taken is skipped. Answers the rows written. */
  async insert(rows: readonly NewMessageRow[]): Promise<{ id: number; user_id: number }[]> {
    if (rows.length === 0) return [];
    return this.db.transaction().execute(async (trx: Transaction<Database>) => {
      const written: { id: number; user_id: number }[] = [];
      for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
        const chunk = rows.slice(i, i + INSERT_CHUNK);
        written.push(
          ...(await trx
            .insertInto('messages')
            .values(chunk)
            .onConflict((oc) => oc.columns(['dedupe_key', 'user_id']).doNothing())
            .returning(['id', 'user_id'])
            .execute()),
        );
      }
      return written;
    });
  }

  /** Unread messages of these users per type and run. */
  async unreadGroups(userIds: readonly number[]): Promise<UnreadGroup[]> {
    if (userIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('messages')
      .select(['user_id', 'type', 'run_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('user_id', 'in', [...userIds])
      .where('read_at', 'is', null)
      .groupBy(['user_id', 'type', 'run_id'])
      .execute();
    return rows.map((r) => ({ ...r, n: Number(r.n) }));
  }

  /** A page of the scope's messages, newest first. */
  async page(scope: MessageScope, filter: MessageFilter, page: number, pageSize: number): Promise<{ total: number; rows: MessageRow[] }> {
    const where = scoped(scope, filter);
    const [count, rows] = await Promise.all([
      this.db.selectFrom('messages').select((eb) => eb.fn.countAll<number>().as('n')).where(where).executeTakeFirstOrThrow(),
      this.db
        .selectFrom('messages')
        .selectAll()
        .where(where)
        .orderBy('at', 'desc')
        .orderBy('id', 'desc')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute(),
    ]);
    return { total: Number(count.n), rows };
  }

  /** The newest `limit` messages of the scope. */
  latest(scope: MessageScope, filter: MessageFilter, limit: number): Promise<MessageRow[]> {
    return this.db.selectFrom('messages').selectAll().where(scoped(scope, filter)).orderBy('at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  }

  /** Which of `ids` are messages of the scope. */
  async within(scope: MessageScope, ids: readonly number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db.selectFrom('messages').select('id').where(scoped(scope)).where('id', 'in', [...ids]).execute();
    return new Set(rows.map((r) => r.id));
  }

  /** Marks unread messages of the scope read (only `ids` when given); answers how many changed. */
  async markRead(scope: MessageScope, now: number, ids?: readonly number[]): Promise<number> {
    let query = this.db.updateTable('messages').set({ read_at: now }).where(scoped(scope, { read: false }));
    if (ids) query = query.where('id', 'in', [...ids]);
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Per type of the scope: messages, unread ones, and the newest time. */
  async stats(scope: MessageScope): Promise<{ type: string; total: number; unread: number; latest: number | null }[]> {
    const rows = await this.db
      .selectFrom('messages')
      .select((eb) => [
        'type',
        eb.fn.countAll<number>().as('total'),
        eb.fn.count<number>('read_at').as('read'),
        eb.fn.max<number | null>('at').as('latest'),
      ])
      .where(scoped(scope))
      .groupBy('type')
      .execute();
    return rows.map((r) => ({ type: r.type, total: Number(r.total), unread: Number(r.total) - Number(r.read), latest: r.latest === null ? null : Number(r.latest) }));
  }

  /** Frees a dedupe key (of some users, or all): the next message with it is sent again. */
  async clearDedupe(dedupeKey: string, userIds?: readonly number[]): Promise<number> {
    let query = this.db.updateTable('messages').set({ dedupe_key: null }).where('dedupe_key', '=', dedupeKey);
    if (userIds) query = userIds.length > 0 ? query.where('user_id', 'in', [...userIds]) : query.where(sql<SqlBool>`1 = 0`);
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** The users holding a dedupe key (sent, not reset since). */
  async holdersOf(dedupeKey: string): Promise<number[]> {
    const rows = await this.db.selectFrom('messages').select('user_id').where('dedupe_key', '=', dedupeKey).orderBy('user_id').execute();
    return rows.map((r) => r.user_id);
  }
}
