import { messagesContract, pathIds, type ResourceCode } from '@boreline/contracts';
import type { AuthSession } from '../../core/auth.js';
import type { MessageScope, UnreadGroup } from './messages.repo.js';
import type { RecipientRow } from './recipients.repo.js';

type MessageType = messagesContract.MessageType;
type UnreadCounts = messagesContract.UnreadCounts;

/** A run as the message centre shows it beside a message. */
export interface RunLabel {
  id: number;
  project_name: string;
  tbm_code: string;
}

/**
 * The project module's run scope, as the message centre uses it (the `runScope` service): whether
 * a caller holds a resource at a run, and the runs a caller may see at all.
 */
export interface RunAccess {
  /** The run, or the no-permission error (code 2). */
  require(session: AuthSession, runId: number, code: ResourceCode): Promise<RunLabel>;
  visible(session: AuthSession): Promise<readonly RunLabel[]>;
}

/** What a read of the caller's messages may touch, with the runs to label them. */
export interface ReaderScope {
  scope: MessageScope;
  runs: ReadonlyMap<number, RunLabel>;
}

/**
 * The session a user would have on the console (no H5 limit): how the message centre asks the run
 * scope about users who are not calling (recipients of an audience, counts pushed to a socket).
 */
export function consoleSession(user: RecipientRow): AuthSession {
  return { sessionId: 0, userId: user.id, sa: user.is_sa === 1, zb: user.is_zb === 1, orgId: user.org_id, expiresAt: Number.MAX_SAFE_INTEGER, runId: null };
}

/** Everything a user may read: the run-less messages and those of every run they may still see. */
export async function personalScope(runs: RunAccess, session: AuthSession, types?: readonly MessageType[]): Promise<ReaderScope> {
  const visible = await runs.visible(session);
  return {
    scope: { userId: session.userId, runIds: visible.map((r) => r.id), runless: true, ...(types ? { types } : {}) },
    runs: new Map(visible.map((r) => [r.id, r])),
  };
}

export function emptyCounts(): UnreadCounts {
  const byType = Object.fromEntries(messagesContract.MESSAGE_TYPES.map((t) => [t, 0]));
  const parsed = messagesContract.UnreadCountsSchema.shape.byType.parse(byType);
  return { total: 0, byType: parsed };
}

/** A user's unread counts from the grouped rows: the groups the scope lets them see. */
export function countsOf(groups: readonly UnreadGroup[], scope: MessageScope): UnreadCounts {
  const counts = emptyCounts();
  const runs = new Set(scope.runIds);
  const types = scope.types ? new Set<string>(scope.types) : null;
  for (const group of groups) {
    if (group.user_id !== scope.userId || (types && !types.has(group.type))) continue;
    if (group.run_id === null ? !scope.runless : !runs.has(group.run_id)) continue;
    const type = messagesContract.MessageTypeSchema.safeParse(group.type);
    if (!type.success) continue;
    counts.byType[type.data] += group.n;
    counts.total += group.n;
  }
  return counts;
}

/** Ancestor-or-self paths of an organization path (`/1/5/12/` → `/1/`, `/1/5/`, `/1/5/12/`). */
export function pathsAbove(path: string): string[] {
  const ids = pathIds(path);
  return ids.map((_, i) => `/${ids.slice(0, i + 1).join('/')}/`);
}
