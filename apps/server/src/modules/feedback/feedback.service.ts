import { type feedbackContract, LIMITS } from '@boreline/contracts';
import type { z } from 'zod';
import type { AuthSession } from '../../core/auth.js';
import type { CounterStore } from '../../core/rateLimit.js';
import { errors } from '../../core/errors.js';
import type { FilesService } from '../files/index.js';
import type { MessageCentre } from '../messages/index.js';
import type { FeedbackFilter, FeedbackReach, FeedbackRepo, FeedbackRow } from './feedback.repo.js';

type FeedbackItem = feedbackContract.FeedbackItem;
type FeedbackState = feedbackContract.FeedbackState;
type ListInput = z.output<typeof feedbackContract.FeedbackListInputSchema>;

/** What a sender sends: the short form leaves name and contact out. */
export interface FeedbackSend {
  name: string | null;
  contact: string | null;
  content: string;
  state: string;
  captcha: string;
  screenshotIds?: string[] | undefined;
}

export interface FeedbackDeps {
  repo: FeedbackRepo;
  files: FilesService;
  captcha: { verifyImage(state: string, answer: string): Promise<boolean> };
  counters: CounterStore;
  /** Where a reader administers (the admin module's organization scope). */
  scope: (session: AuthSession) => Promise<{ kind: 'all' } | { kind: 'under'; path: string } | { kind: 'none' }>;
  messages: () => MessageCentre;
  now: () => number;
}

const HOUR_MS = 3_600_000;
/** Rows one export may hold. */
export const FEEDBACK_EXPORT_MAX = 10_000;
/** A reply's opening words in the message's text (the whole reply travels as the message's text). */
const EXCERPT_MAX = 200;

const excerpt = (text: string): string => (text.length > EXCERPT_MAX ? `${text.slice(0, EXCERPT_MAX - 1)}…` : text);

export function presentFeedback(row: FeedbackRow, screenshotIds: string[]): FeedbackItem {
  return {
    id: row.id,
    name: row.name,
    contact: row.contact,
    content: row.content,
    submittedAt: row.submitted_at,
    state: row.state as FeedbackState,
    userId: row.user_id,
    userName: row.user_name,
    reply: row.reply,
    repliedAt: row.replied_at,
    repliedBy: row.replier_name,
    screenshotIds,
  };
}

/**
 * Feedback: the open send (captcha, per-address limit, sizes of the contract), the administrators'
 * list within their reach (contract summary), replies through the message centre, states, export.
 */
export class FeedbackService {
  constructor(private readonly deps: FeedbackDeps) {}

  /**
   * Stores a feedback. The per-address count is taken first (captcha failures count too, so the
   * captcha cannot be tried without end); a visitor without a session sends no screenshots.
   */
  async send(input: FeedbackSend, sender: AuthSession | null, address: string): Promise<{ id: number; submittedAt: number }> {
    const counter = await this.deps.counters.increment(`feedback:ip:${address}`, HOUR_MS);
    if (counter.count > LIMITS.feedbackPerAddressPerHour) throw errors.tooManyAttempts(counter.resetAt - this.deps.now());
    if (!(await this.deps.captcha.verifyImage(input.state, input.captcha))) throw errors.business('auth.login.captchaWrong');
    const screenshots = [...new Set(input.screenshotIds ?? [])];
    if (screenshots.length > 0 && !sender) throw errors.business('feedback.error.screenshotNeedsSignIn');
    const now = this.deps.now();
    const id = await this.deps.repo.insert({
      user_id: sender?.userId ?? null,
      name: input.name,
      contact: input.contact,
      content: input.content,
      state: 'new',
      reply: null,
      replied_at: null,
      replied_by: null,
      submitted_at: now,
      updated_at: now,
    });
    if (sender && screenshots.length > 0) await this.deps.files.attach(screenshots, { kind: 'feedback', id }, { by: sender.userId });
    return { id, submittedAt: now };
  }

  private async reach(session: AuthSession): Promise<FeedbackReach> {
    return this.deps.scope(session);
  }

  private async present(rows: readonly FeedbackRow[]): Promise<FeedbackItem[]> {
    return Promise.all(rows.map(async (row) => presentFeedback(row, (await this.deps.files.filesOf({ kind: 'feedback', id: row.id }, 'feedbackScreenshot')).map((f) => f.id))));
  }

  async list(session: AuthSession, input: ListInput) {
    const { total, rows } = await this.deps.repo.page(await this.reach(session), filterOf(input), input.page, input.pageSize);
    return { total, page: input.page, pageSize: input.pageSize, records: await this.present(rows) };
  }

  async filtered(session: AuthSession, filter: FeedbackFilter): Promise<FeedbackItem[]> {
    return this.present(await this.deps.repo.all(await this.reach(session), filterOf(filter), FEEDBACK_EXPORT_MAX));
  }

  /** A feedback within the reader's reach; others answer as missing. */
  private async require(session: AuthSession, id: number): Promise<{ row: FeedbackRow; reach: FeedbackReach }> {
    const reach = await this.reach(session);
    const row = await this.deps.repo.find(reach, id);
    if (!row) throw errors.business('feedback.error.notFound');
    return { row, reach };
  }

  /** Answers a feedback (state answered) and tells a signed-in sender through the message centre. */
  async reply(session: AuthSession, id: number, text: string): Promise<FeedbackItem> {
    const { row, reach } = await this.require(session, id);
    if (row.state === 'closed') throw errors.business('feedback.error.closed');
    await this.deps.repo.reply(id, text, session.userId, this.deps.now());
    if (row.user_id !== null) {
      await this.deps.messages().send({
        type: 'system',
        userIds: [row.user_id],
        key: 'feedback.message.replied',
        params: { reply: excerpt(text) },
        text,
      });
    }
    return this.presentOne(reach, id);
  }

  async setState(session: AuthSession, id: number, state: FeedbackState): Promise<FeedbackItem> {
    const { row, reach } = await this.require(session, id);
    if (state === 'answered' && row.reply === null) throw errors.business('feedback.error.answerNeedsReply');
    await this.deps.repo.setState(id, state, this.deps.now());
    return this.presentOne(reach, id);
  }

  /** A screenshot of a feedback within the reader's reach. */
  async screenshot(session: AuthSession, id: number, fileId: string) {
    await this.require(session, id);
    const file = (await this.deps.files.filesOf({ kind: 'feedback', id }, 'feedbackScreenshot')).find((f) => f.id === fileId);
    if (!file) throw errors.business('feedback.error.notFound');
    const parts: Buffer[] = [];
    for await (const part of this.deps.files.open(file).body) parts.push(Buffer.from(part as Uint8Array));
    return { contentType: file.content_type, body: Buffer.concat(parts) };
  }

  private async presentOne(reach: FeedbackReach, id: number): Promise<FeedbackItem> {
    const row = await this.deps.repo.find(reach, id);
    if (!row) throw errors.business('feedback.error.notFound');
    const [item] = await this.present([row]);
    if (!item) throw errors.business('feedback.error.notFound');
    return item;
  }
}

const filterOf = (input: FeedbackFilter): FeedbackFilter => ({ state: input.state, text: input.text, from: input.from, to: input.to });
