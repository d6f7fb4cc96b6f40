import { type Language, messagesContract, type Page } from '@boreline/contracts';
import type { AuthSession } from '../../core/auth.js';
import { errors } from '../../core/errors.js';
import { messageTypeName } from '../../core/messageText.js';
import { countsOf, personalScope, type ReaderScope, type RunAccess } from './messageScope.js';
import type { MessageFilter, MessageScope, MessagesRepo } from './messages.repo.js';
import { presentRows } from './messages.presenter.js';

type Message = messagesContract.Message;
type MessageType = messagesContract.MessageType;
type ReadResult = messagesContract.ReadResult;
type RunScreenType = messagesContract.RunScreenType;
type UnreadCounts = messagesContract.UnreadCounts;

export interface InboxDeps {
  messages: MessagesRepo;
  runs: RunAccess;
  now: () => number;
  /** Tells the caller's other sockets their counts after a read (best effort). */
  pushCounts(session: AuthSession): Promise<void>;
}

interface ListQuery extends MessageFilter {
  messageTypes?: readonly MessageType[] | undefined;
}

/** The caller's filter on top of what they may read: types narrow the readable ones, never widen them. */
function narrowed(scope: MessageScope, types: readonly MessageType[] | undefined): MessageScope {
  if (!types) return scope;
  return { ...scope, types: scope.types ? scope.types.filter((t) => types.includes(t)) : types };
}

const filterOf = (q: ListQuery): MessageFilter => ({ read: q.read, from: q.from, to: q.to });

/**
 * The caller's side of the message centre: the lists, counts and read marks of the three families
 * of calls (see the contract). Every read is bounded by the caller's own messages of the runs they
 * may still see; every id named must be one of those, or the call changes nothing (code 2).
 */
export class MessageInbox {
  constructor(private readonly deps: InboxDeps) {}

  // ——— The message reminder list and the personal inbox: every run the caller may still see.

  async page(session: AuthSession, q: ListQuery & { page: number; pageSize: number; runId?: number | undefined }, language: Language): Promise<Page<Message>> {
    const reader = await personalScope(this.deps.runs, session);
    let scope = reader.scope;
    if (q.runId !== undefined) {
      if (!reader.runs.has(q.runId)) throw errors.noPermission();
      scope = { ...scope, runIds: [q.runId], runless: false };
    }
    const { total, rows } = await this.deps.messages.page(narrowed(scope, q.messageTypes), filterOf(q), q.page, q.pageSize);
    return { total, page: q.page, pageSize: q.pageSize, records: presentRows(rows, reader.runs, language) };
  }

  async counts(session: AuthSession): Promise<UnreadCounts> {
    const { scope } = await personalScope(this.deps.runs, session);
    return this.countsIn(scope);
  }

  async latest(session: AuthSession, q: { limit: number; unreadOnly: boolean; messageTypes?: readonly MessageType[] | undefined }, language: Language): Promise<{ records: Message[]; unread: UnreadCounts }> {
    const reader = await personalScope(this.deps.runs, session);
    const rows = await this.deps.messages.latest(narrowed(reader.scope, q.messageTypes), q.unreadOnly ? { read: false } : {}, q.limit);
    return { records: presentRows(rows, reader.runs, language), unread: await this.countsIn(reader.scope) };
  }

  async read(session: AuthSession, ids: readonly number[]): Promise<ReadResult> {
    return this.markIds(session, await personalScope(this.deps.runs, session), ids);
  }

  async readAll(session: AuthSession, types?: readonly MessageType[]): Promise<ReadResult> {
    const reader = await personalScope(this.deps.runs, session);
    return this.mark(session, reader.scope, narrowed(reader.scope, types));
  }

  // ——— The maintenance and alarm messages of one run.

  async runCounts(session: AuthSession, runId: number): Promise<UnreadCounts> {
    const { scope } = await this.runScreen(session, runId);
    return this.countsIn(scope);
  }

  async runStats(session: AuthSession, runId: number, language: Language): Promise<messagesContract.RunMessageStats> {
    const { scope } = await this.runScreen(session, runId);
    const rows = new Map((await this.deps.messages.stats(scope)).map((r) => [r.type, r]));
    const types = messagesContract.RUN_SCREEN_TYPES.filter((t) => scope.types?.includes(t));
    return {
      runId,
      types: types.map((type) => {
        const row = rows.get(type);
        return { type, typeName: messageTypeName(language, type), total: row?.total ?? 0, unread: row?.unread ?? 0, latestAt: row?.latest ?? null };
      }),
    };
  }

  async runPage(session: AuthSession, q: ListQuery & { runId: number; page: number; pageSize: number }, language: Language): Promise<Page<Message>> {
    const reader = await this.runScreen(session, q.runId);
    const { total, rows } = await this.deps.messages.page(narrowed(reader.scope, q.messageTypes), filterOf(q), q.page, q.pageSize);
    return { total, page: q.page, pageSize: q.pageSize, records: presentRows(rows, reader.runs, language) };
  }

  async runLatest(session: AuthSession, q: { runId: number; limit: number; unreadOnly: boolean; messageTypes?: readonly RunScreenType[] | undefined }, language: Language): Promise<{ records: Message[] }> {
    const reader = await this.runScreen(session, q.runId);
    const rows = await this.deps.messages.latest(narrowed(reader.scope, q.messageTypes), q.unreadOnly ? { read: false } : {}, q.limit);
    return { records: presentRows(rows, reader.runs, language) };
  }

  async runRead(session: AuthSession, runId: number, id: number): Promise<ReadResult> {
    return this.markIds(session, await this.runScreen(session, runId), [id]);
  }

  async runReadAll(session: AuthSession, runId: number, types?: readonly RunScreenType[]): Promise<ReadResult> {
    const { scope } = await this.runScreen(session, runId);
    return this.mark(session, scope, narrowed(scope, types));
  }

  /**
   * The run's screen for the caller: the run with `maintenance.message.read` (else code 2), its
   * maintenance reminders, and its component and monitoring alarms when the caller also holds
   * `alarm.message.read` there.
   */
  private async runScreen(session: AuthSession, runId: number): Promise<ReaderScope> {
    const run = await this.deps.runs.require(session, runId, 'maintenance.message.read');
    const alarms = await this.deps.runs.require(session, runId, 'alarm.message.read').then(
      () => true,
      () => false,
    );
    const types = messagesContract.RUN_SCREEN_TYPES.filter((t) => t === 'maintenanceReminder' || alarms);
    return { scope: { userId: session.userId, runIds: [runId], runless: false, types }, runs: new Map([[run.id, run]]) };
  }

  private async countsIn(scope: MessageScope): Promise<UnreadCounts> {
    return countsOf(await this.deps.messages.unreadGroups([scope.userId]), scope);
  }

  /** Marks the named messages: all must be the caller's readable ones, or nothing changes (code 2). */
  private async markIds(session: AuthSession, reader: ReaderScope, ids: readonly number[]): Promise<ReadResult> {
    const distinct = [...new Set(ids)];
    const found = await this.deps.messages.within(reader.scope, distinct);
    if (found.size !== distinct.length) throw errors.noPermission();
    return this.mark(session, reader.scope, reader.scope, distinct);
  }

  /** Marks unread messages of `target` read; the counts answered are those of `counted` (the call's whole scope). */
  private async mark(session: AuthSession, counted: MessageScope, target: MessageScope, ids?: readonly number[]): Promise<ReadResult> {
    const changed = await this.deps.messages.markRead(target, this.deps.now(), ids);
    if (changed > 0) await this.deps.pushCounts(session);
    return { changed, unread: await this.countsIn(counted) };
  }
}
