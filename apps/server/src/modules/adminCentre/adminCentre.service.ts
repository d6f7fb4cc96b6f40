import { adminCentreContract, type AdminCentreOverview, authContract, isWithin, type Language } from '@boreline/contracts';
import type { AuthSession } from '../../core/auth.js';
import { errors } from '../../core/errors.js';
import { t } from '../../core/i18n.js';
import type { RoleGrantPolicy } from '../admin/index.js';
import { OrgScope } from '../admin/index.js';
import { SIGN_IN_LIMITS, type SignInLocks } from '../auth/index.js';
import type { RunScope } from '../project/index.js';
import type { AdminCentreRepo } from './adminCentre.repo.js';

const { ADMIN_CENTRE_LIST_MAX, ADMIN_CENTRE_SILENT_MS, ADMIN_CENTRE_WINDOW_MS, JOB_STATES } = adminCentreContract;
const { LOGIN_RESULTS } = authContract;

/** How long a pair's failures can keep it locked: the throttle's window. */
const LOCK_WINDOW_MS = SIGN_IN_LIMITS.windowMs;

export interface AdminCentreDeps {
  repo: AdminCentreRepo;
  orgScope: OrgScope;
  runScope: RunScope;
  policy: RoleGrantPolicy;
  locks: SignInLocks;
  /** When the newest frame of a run reached this instance or another (null when unknown). */
  receivedAt: (runId: number) => Promise<number | null>;
  idleMs: number;
  now: () => number;
}

const isResult = (value: string): value is (typeof LOGIN_RESULTS)[number] => (LOGIN_RESULTS as readonly string[]).includes(value);
const isJobState = (value: string): value is (typeof JOB_STATES)[number] => (JOB_STATES as readonly string[]).includes(value);
const orNull = (value: number | string | null): number | null => (value === null ? null : Number(value));

/**
 * The administrator's centre: one read over the caller's organization and those below it (every
 * organization for a super administrator). Sections behind a code of their own answer null without
 * it: sign-ins (`messages.loginLog.readAll`); the platform's jobs and the SMS outbox, which serve
 * every organization, only to a super administrator.
 */
export class AdminCentreService {
  constructor(private readonly deps: AdminCentreDeps) {}

  async overview(session: AuthSession, language: Language): Promise<AdminCentreOverview> {
    const { repo } = this.deps;
    const scope = await this.deps.orgScope.of(session);
    if (scope.kind === 'none') throw errors.business('adminCentre.noOrganization');
    const path = OrgScope.filterPath(scope);
    const now = this.deps.now();
    const readsSignIns = await this.deps.policy.isAllowed(session, 'messages.loginLog.readAll');

    const [counts, sessions, signIn, roles, runs, jobs, sms] = await Promise.all([
      repo.userCounts(path),
      repo.openSessions(path, now, this.deps.idleMs),
      readsSignIns ? this.signIns(path, now) : Promise.resolve(null),
      repo.rolesWithoutUsers(path),
      this.runs(session, path, now),
      session.sa ? repo.jobs() : Promise.resolve(null),
      session.sa ? repo.smsOutbox(now - ADMIN_CENTRE_WINDOW_MS) : Promise.resolve(null),
    ]);

    return {
      at: now,
      scope: scope.kind === 'all' ? 'all' : 'organization',
      users: {
        total: counts.total,
        enabled: counts.enabled,
        signedInNow: sessions.total,
        sessions: sessions.rows.map((r) => ({
          userId: r.userId,
          nickname: r.nickname,
          phone: r.phone,
          orgName: r.orgName,
          signedInAt: Number(r.created_at),
          lastSeenAt: Number(r.last_seen_at),
          ip: r.ip,
          client: r.user_agent,
        })),
      },
      signIn,
      rolesWithoutUsers: { total: roles.total, roles: roles.rows.map((r) => ({ id: r.id, name: r.name, orgName: r.orgName })) },
      runs: { open: runs.open, silent: runs.silent },
      jobs:
        jobs?.map((j) => ({
          name: j.name,
          state: isJobState(j.state) ? j.state : 'idle',
          dueAt: Number(j.due_at),
          startedAt: orNull(j.started_at),
          finishedAt: orNull(j.finished_at),
          attempts: Number(j.attempts),
          lastError: j.last_error,
          retryAt: orNull(j.retry_at),
          lastCount: orNull(j.last_count),
        })) ?? null,
      storage: {
        runs: runs.storage,
        fileBytes: runs.storage.reduce((sum, r) => sum + r.fileBytes, 0),
        machineBytes: runs.storage.reduce((sum, r) => sum + r.machineBytes, 0),
        method: t(language, 'adminCentre.storageMethod'),
      },
      smsOutbox: sms ? { total: sms.total, lastDay: sms.lastDay, recent: sms.rows.map((r) => ({ id: r.id, phone: r.phone, text: r.text, time: Number(r.created_at) })) } : null,
    };
  }

  private async signIns(path: string | null, now: number): Promise<AdminCentreOverview['signIn']> {
    const [failures, candidates] = await Promise.all([
      this.deps.repo.signInFailures(path, now - ADMIN_CENTRE_WINDOW_MS),
      this.deps.repo.lockCandidates(path, now - LOCK_WINDOW_MS),
    ]);
    const locked = (
      await Promise.all(
        candidates.map(async (c) => {
          const until = await this.deps.locks.lockedUntil(c.userId, c.ip);
          return until === null ? null : { userId: c.userId, nickname: c.nickname, account: String(c.account ?? ''), ip: c.ip, until };
        }),
      )
    ).filter((x) => x !== null);
    return {
      failures: failures.total,
      failedAccounts: failures.accounts,
      recentFailures: failures.rows.map((r) => ({ id: r.id, time: Number(r.created_at), account: r.account, ip: r.ip, result: isResult(r.result) ? r.result : 'bad_credentials' })),
      locked: locked.slice(0, ADMIN_CENTRE_LIST_MAX),
    };
  }

  /** The runs the caller sees in the scope: open ones silent for an hour, and every one's storage. */
  private async runs(session: AuthSession, path: string | null, now: number) {
    const visible = (await this.deps.runScope.visible(session)).filter((r) => path === null || isWithin(r.org_path, path));
    const ids = visible.map((r) => r.id);
    const open = visible.filter((r) => r.finished_at === null);
    const [lastFrames, storage, arrivals] = await Promise.all([
      this.deps.repo.lastFrames(open.map((r) => r.id)),
      this.deps.repo.storage(ids),
      Promise.all(open.map(async (r) => [r.id, await this.deps.receivedAt(r.id)] as const)),
    ]);
    for (const [runId, at] of arrivals) if (at !== null) lastFrames.set(runId, Math.max(lastFrames.get(runId) ?? 0, at));
    const silent = open
      .map((r) => ({ run: r, last: lastFrames.get(r.id) ?? null }))
      // A run that never had data counts from its creation: a run made a minute ago is not silent yet.
      .filter(({ run, last }) => (last ?? Number(run.created_at)) <= now - ADMIN_CENTRE_SILENT_MS)
      .sort((x, y) => (x.last ?? 0) - (y.last ?? 0) || x.run.id - y.run.id)
      .slice(0, ADMIN_CENTRE_LIST_MAX)
      .map(({ run, last }) => ({ runId: run.id, projectName: run.project_name, tbmCode: run.tbm_code, source: run.source, lastFrameAt: last, createdAt: Number(run.created_at) }));
    const runStorage = visible
      .map((r) => ({ runId: r.id, projectName: r.project_name, tbmCode: r.tbm_code, fileCount: 0, fileBytes: 0, machineBytes: 0, frames: 0, ...storage.get(r.id) }))
      .sort((x, y) => y.fileBytes + y.machineBytes - (x.fileBytes + x.machineBytes) || x.runId - y.runId)
      .slice(0, ADMIN_CENTRE_LIST_MAX);
    return { open: open.length, silent, storage: runStorage };
  }
}
