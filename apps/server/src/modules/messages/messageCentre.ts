import { messagesContract, type ResourceCode } from '@boreline/contracts';
import { hasMessage, type MessageKey } from '@boreline/i18n';
import type { FastifyBaseLogger } from 'fastify';
import type { AuthSession } from '../../core/auth.js';
import type { Bus } from '../../core/bus.js';
import type { PersonalBusMessage, PersonalDelivery } from '../../realtime/personalChannel.js';
import { consoleSession, countsOf, emptyCounts, pathsAbove, personalScope, type RunAccess } from './messageScope.js';
import { MessageInbox } from './inbox.js';
import type { MessagesRepo, NewMessageRow } from './messages.repo.js';
import type { RecipientRow, RecipientsRepo } from './recipients.repo.js';

type MessageType = messagesContract.MessageType;
type UnreadCounts = messagesContract.UnreadCounts;

/** Who gets a message: named users, or everyone who may see a run and holds a resource there. */
export type Addressees =
  | { userIds: readonly number[]; audience?: undefined }
  | {
      /**
       * Every enabled user who may see the run and holds `resourceCode` at it (their roles, their
       * organization's grants, their assigned runs, `zb`), computed when sending. Super
       * administrators see every run; they get run messages only when assigned to the run.
       */
      audience: { runId: number; resourceCode: ResourceCode };
      userIds?: undefined;
    };

export type SendInput = Addressees & {
  type: MessageType;
  /** The run the message belongs to (taken from the audience when there is one). */
  runId?: number | null;
  /** A text key (checked by the compiler), rendered in each reader's language with `params`. */
  key: MessageKey;
  params?: messagesContract.MessageParams;
  /** Text a user wrote (an announcement's body), stored and shown as written. */
  text?: string | null;
  object?: messagesContract.MessageObject | null;
  /** The alarm's or reminder's time (now when not given). */
  at?: number;
  /**
   * Send once per user: a user who already holds a message with this key gets no other until the
   * sender calls `resetDedupe` (a stock warning until the stock is back above its line).
   */
  dedupeKey?: string;
};

export interface SendResult {
  /** Users a message was written for, ascending. */
  recipients: number[];
  /** Addressees skipped because they hold the dedupe key. */
  deduplicated: number;
}

export interface MessageCentreDeps {
  messages: MessagesRepo;
  recipients: RecipientsRepo;
  runs: RunAccess;
  bus: Bus;
  now: () => number;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

/** Deliveries per bus message: one message to a large audience travels in a few bounded pieces. */
const DELIVERIES_PER_PUBLISH = 200;

/**
 * Between two recipients the event loop takes a turn: embedded SQLite answers synchronously, and a
 * large audience must not hold up live data meanwhile (as the socket server's sweep does).
 */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * One session object per recipient for the whole send: the access policy remembers a session's
 * grants and organization for as long as the object lives, so the audience check and the push's
 * counts read them once.
 */
class SessionsOfSend {
  private readonly sessions = new Map<number, AuthSession>();

  of(user: RecipientRow): AuthSession {
    let session = this.sessions.get(user.id);
    if (!session) {
      session = consoleSession(user);
      this.sessions.set(user.id, session);
    }
    return session;
  }
}

/**
 * The message centre (ARCHITECTURE.md §11): every module that tells users something sends through
 * `send`; it writes one row per recipient in one transaction, then pushes the message live to
 * each recipient's sockets on every instance (through the bus) with their new unread counts.
 * Reads and marks of the routes are in `inbox`.
 */
export class MessageCentre {
  readonly inbox: MessageInbox;

  constructor(private readonly deps: MessageCentreDeps) {
    this.inbox = new MessageInbox({ messages: deps.messages, runs: deps.runs, now: deps.now, pushCounts: (session) => this.pushCounts(session) });
  }

  async send(input: SendInput): Promise<SendResult> {
    const content = messagesContract.MessageContentSchema.safeParse({ key: input.key, params: input.params ?? {}, text: input.text ?? null });
    if (!content.success || !hasMessage(input.key)) throw new Error(`message centre: invalid content for ${input.type} (${input.key})`);
    const object = input.object ? messagesContract.MessageObjectSchema.parse(input.object) : null;
    if (input.dedupeKey !== undefined && (input.dedupeKey.length === 0 || input.dedupeKey.length > messagesContract.MESSAGE_LIMITS.dedupeKeyMaxLength)) {
      throw new Error('message centre: the dedupe key must have 1 to 200 characters');
    }
    const runId = input.audience ? input.audience.runId : (input.runId ?? null);
    if (input.audience && input.runId !== undefined && input.runId !== null && input.runId !== input.audience.runId) throw new Error('message centre: the run and the audience run differ');
    const run = runId === null ? null : await this.deps.recipients.run(runId);
    if (runId !== null && !run) throw new Error(`message centre: no run ${runId}`);

    const sessions = new SessionsOfSend();
    const addressees = input.audience && run ? await this.audience(run, input.audience.resourceCode, sessions) : [...new Set(input.userIds ?? [])].sort((a, b) => a - b);
    if (addressees.length === 0) return { recipients: [], deduplicated: 0 };
    const now = this.deps.now();
    const at = input.at ?? now;
    const row = (userId: number): NewMessageRow => ({
      user_id: userId,
      type: input.type,
      run_id: runId,
      content_key: content.data.key,
      content_params: JSON.stringify(content.data.params),
      text: content.data.text,
      object_kind: object?.kind ?? null,
      object_id: object?.id ?? null,
      at,
      created_at: now,
      read_at: null,
      dedupe_key: input.dedupeKey ?? null,
    });
    const written = await this.deps.messages.insert(addressees.map(row));
    const message: NonNullable<PersonalBusMessage['message']> = {
      type: input.type,
      runId,
      projectName: run?.project_name ?? null,
      tbmCode: run?.tbm_code ?? null,
      content: content.data,
      object,
      at,
      createdAt: now,
    };
    // Written is written: a failed push (a broker down) costs the live update, never the message.
    await this.push(message, written, sessions).catch((error: unknown) => this.deps.log.warn({ err: error }, 'message push failed'));
    return { recipients: written.map((w) => w.user_id).sort((a, b) => a - b), deduplicated: addressees.length - written.length };
  }

  /** Frees a dedupe key (for some users, or all): the next `send` with it reaches them again. */
  resetDedupe(dedupeKey: string, userIds?: readonly number[]): Promise<number> {
    return this.deps.messages.clearDedupe(dedupeKey, userIds);
  }

  /** The users who hold a dedupe key: sent to and not reset since. */
  sentTo(dedupeKey: string): Promise<number[]> {
    return this.deps.messages.holdersOf(dedupeKey);
  }

  /** A user's unread counts, as they would see them on the console now. */
  async counts(userId: number): Promise<UnreadCounts> {
    const [user] = await this.deps.recipients.users([userId]);
    if (!user) return emptyCounts();
    const { scope } = await personalScope(this.deps.runs, consoleSession(user));
    return countsOf(await this.deps.messages.unreadGroups([userId]), scope);
  }

  /** Every user who may see the run and holds the code there, decided by the run scope. */
  private async audience(run: { id: number; path: string }, code: ResourceCode, sessions: SessionsOfSend): Promise<number[]> {
    const candidates = await this.deps.recipients.candidates(run.id, pathsAbove(run.path));
    const allowed = new Set<number>();
    for (const user of candidates) {
      await yieldToEventLoop();
      const granted = await this.deps.runs.require(sessions.of(user), run.id, code).then(
        () => true,
        () => false,
      );
      if (granted) allowed.add(user.id);
    }
    return [...allowed].sort((a, b) => a - b);
  }

  /**
   * Pushes a new message to its recipients with each one's new counts. A recipient who may not see
   * the message's run (any more) gets nothing: a socket never shows what the lists would hide.
   */
  private async push(message: NonNullable<PersonalBusMessage['message']>, written: readonly { id: number; user_id: number }[], sessions: SessionsOfSend): Promise<void> {
    if (written.length === 0) return;
    const users = await this.deps.recipients.users(written.map((w) => w.user_id));
    const groups = await this.deps.messages.unreadGroups(users.map((u) => u.id));
    const byUser = new Map(users.map((u) => [u.id, u]));
    const deliveries: PersonalDelivery[] = [];
    for (const w of written) {
      await yieldToEventLoop();
      const user = byUser.get(w.user_id);
      if (!user || user.enabled !== 1) continue;
      const { scope } = await personalScope(this.deps.runs, sessions.of(user));
      if (message.runId !== null && !scope.runIds.includes(message.runId)) continue;
      deliveries.push({ userId: w.user_id, id: w.id, unread: countsOf(groups, scope) });
    }
    this.publish(message, deliveries);
  }

  /** Tells a user's other sockets (other tabs, other instances) their counts after a read. */
  private async pushCounts(session: AuthSession): Promise<void> {
    try {
      const { scope } = await personalScope(this.deps.runs, session);
      const unread = countsOf(await this.deps.messages.unreadGroups([session.userId]), scope);
      this.publish(null, [{ userId: session.userId, id: null, unread }]);
    } catch (error) {
      this.deps.log.warn({ err: error }, 'message counts push failed');
    }
  }

  private publish(message: PersonalBusMessage['message'], deliveries: readonly PersonalDelivery[]): void {
    for (let i = 0; i < deliveries.length; i += DELIVERIES_PER_PUBLISH) {
      const bus: PersonalBusMessage = { type: 'personal', message, deliveries: deliveries.slice(i, i + DELIVERIES_PER_PUBLISH) };
      this.deps.bus.publish(JSON.stringify(bus));
    }
  }
}
