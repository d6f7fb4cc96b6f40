import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { UserTable } from '../../db/schema/auth.js';

export type UserRow = Selectable<UserTable>;

export interface NewUser {
  phone: string;
  email: string | null;
  nickname: string;
  passwordHash: string;
  sa?: boolean;
  orgId?: number | null;
  enabled?: boolean;
  zb?: boolean;
  /** The runs the account is limited to (none: every run its grants reach). */
  runIds?: readonly number[];
}

export interface LoginLogFilter {
  userId?: number;
  /** Only sign-ins of accounts in organizations at or below this path. */
  orgPath?: string;
  account?: string;
  result?: string;
  from?: number;
  to?: number;
}

/** The only place with SQL for accounts, sessions, login log, challenges and the SMS outbox. */
export class AuthRepo {
  constructor(private readonly db: Kysely<Database>) {}

  transaction<T>(work: (repo: AuthRepo, trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new AuthRepo(trx), trx));
  }

  // accounts

  findUserByAccount(account: string): Promise<UserRow | undefined> {
    const value = account.trim();
    const column = value.includes('@') ? 'email' : 'phone';
    return this.db
      .selectFrom('users')
      .selectAll()
      .where(column, '=', column === 'email' ? value.toLowerCase() : value)
      .executeTakeFirst();
  }

  findUserById(id: number): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async userExists(phone: string, email: string | null): Promise<boolean> {
    let query = this.db.selectFrom('users').select('id').where('phone', '=', phone);
    if (email) query = query.union(this.db.selectFrom('users').select('id').where('email', '=', email));
    return (await query.executeTakeFirst()) !== undefined;
  }

  /** The organization path of a user, or null when the user has none. */
  async userOrgPath(userId: number): Promise<string | null> {
    const row = await this.db
      .selectFrom('users')
      .leftJoin('orgs', 'orgs.id', 'users.org_id')
      .select('orgs.path')
      .where('users.id', '=', userId)
      .executeTakeFirst();
    return row?.path ?? null;
  }

  async countUsers(): Promise<number> {
    const row = await this.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async insertUser(user: NewUser, now: number): Promise<number> {
    const runIds = user.runIds ?? [];
    if (runIds.length > 0 && !this.db.isTransaction) return this.transaction((repo) => repo.insertUser(user, now));
    const row = await this.db
      .insertInto('users')
      .values({
        phone: user.phone,
        email: user.email,
        nickname: user.nickname,
        password_hash: user.passwordHash,
        enabled: user.enabled === false ? 0 : 1,
        is_sa: user.sa ? 1 : 0,
        is_zb: user.zb ? 1 : 0,
        org_id: user.orgId ?? null,
        lang: 'en_US',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (runIds.length > 0) await this.db.insertInto('user_runs').values(runIds.map((runId) => ({ user_id: row.id, run_id: runId }))).execute();
    return row.id;
  }

  async updatePassword(userId: number, passwordHash: string, now: number): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: now })
      .where('id', '=', userId)
      .execute();
  }

  async updateProfile(userId: number, profile: { nickname: string; email: string; phone: string; lang: string }, now: number) {
    await this.db
      .updateTable('users')
      .set({ ...profile, updated_at: now })
      .where('id', '=', userId)
      .execute();
  }

  /** Whether another account already uses this phone or e-mail. */
  async contactTaken(userId: number, phone: string, email: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('users')
      .select('id')
      .where('id', '!=', userId)
      .where((eb) => eb.or([eb('phone', '=', phone), eb('email', '=', email)]))
      .executeTakeFirst();
    return row !== undefined;
  }

  async setAvatar(userId: number, key: string | null, now: number): Promise<void> {
    await this.db.updateTable('users').set({ avatar_key: key, updated_at: now }).where('id', '=', userId).execute();
  }

  async insertRootOrg(name: string, now: number): Promise<number> {
    const row = await this.db
      .insertInto('orgs')
      .values({ name, type: 'company', parent_id: null, path: '/', sort: 1, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await this.db.updateTable('orgs').set({ path: `/${row.id}/` }).where('id', '=', row.id).execute();
    return row.id;
  }

  // sessions

  async insertSession(s: {
    tokenHash: string;
    userId: number;
    now: number;
    expiresAt: number;
    ip: string;
    userAgent: string;
    scopeRunId?: number;
    scopeTool?: string;
  }): Promise<number> {
    const row = await this.db
      .insertInto('sessions')
      .values({
        token_hash: s.tokenHash,
        user_id: s.userId,
        created_at: s.now,
        last_seen_at: s.now,
        expires_at: s.expiresAt,
        revoked_at: null,
        revoke_reason: null,
        ip: s.ip,
        user_agent: s.userAgent,
        scope_run_id: s.scopeRunId ?? null,
        scope_tool: s.scopeTool ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  findSessionByTokenHash(tokenHash: string) {
    return this.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select([
        'sessions.id as sessionId',
        'sessions.user_id as userId',
        'sessions.last_seen_at as lastSeenAt',
        'sessions.expires_at as expiresAt',
        'sessions.revoked_at as revokedAt',
        'sessions.revoke_reason as revokeReason',
        'sessions.scope_run_id as scopeRunId',
        'sessions.scope_tool as scopeTool',
        'users.enabled as enabled',
        'users.is_sa as sa',
        'users.is_zb as zb',
        'users.org_id as orgId',
      ])
      .where('sessions.token_hash', '=', tokenHash)
      .executeTakeFirst();
  }

  async touchSession(sessionId: number, now: number): Promise<void> {
    await this.db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', sessionId).execute();
  }

  /** Revokes the user's open sessions; returns how many were open. */
  async revokeUserSessions(userId: number, reason: string, now: number): Promise<number> {
    const rows = await this.db
      .updateTable('sessions')
      .set({ revoked_at: now, revoke_reason: reason })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .returning('id')
      .execute();
    return rows.length;
  }

  /** Revokes one session; returns its account when it was open. */
  async revokeSession(tokenHash: string, reason: string, now: number): Promise<number | null> {
    const row = await this.db
      .updateTable('sessions')
      .set({ revoked_at: now, revoke_reason: reason })
      .where('token_hash', '=', tokenHash)
      .where('revoked_at', 'is', null)
      .returning('user_id')
      .executeTakeFirst();
    return row?.user_id ?? null;
  }

  // login log

  async insertLoginLog(entry: {
    userId: number | null;
    account: string;
    ip: string;
    userAgent: string;
    method: string;
    result: string;
    now: number;
  }): Promise<void> {
    await this.db
      .insertInto('login_logs')
      .values({
        user_id: entry.userId,
        account: entry.account,
        ip: entry.ip,
        user_agent: entry.userAgent,
        method: entry.method,
        result: entry.result,
        created_at: entry.now,
      })
      .execute();
  }

  async pageLoginLog(filter: LoginLogFilter, page: number, pageSize: number) {
    let query = this.db.selectFrom('login_logs');
    if (filter.userId !== undefined) query = query.where('user_id', '=', filter.userId);
    if (filter.orgPath !== undefined) {
      const orgPath = filter.orgPath;
      query = query.where('user_id', 'in', (eb) =>
        eb.selectFrom('users').innerJoin('orgs', 'orgs.id', 'users.org_id').select('users.id').where('orgs.path', 'like', `${orgPath}%`),
      );
    }
    if (filter.account) query = query.where('account', '=', filter.account);
    if (filter.result) query = query.where('result', '=', filter.result);
    if (filter.from !== undefined) query = query.where('created_at', '>=', filter.from);
    if (filter.to !== undefined) query = query.where('created_at', '<=', filter.to);
    const [count, records] = await Promise.all([
      query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
      query
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute(),
    ]);
    return { total: Number(count?.n ?? 0), records };
  }

  // challenges

  async putChallenge(c: { id: string; kind: string; answer: string; expiresAt: number; now: number }): Promise<void> {
    await this.db.deleteFrom('challenges').where((eb) => eb.or([eb('id', '=', c.id), eb('expires_at', '<', c.now)])).execute();
    await this.db
      .insertInto('challenges')
      .values({ id: c.id, kind: c.kind, answer: c.answer, expires_at: c.expiresAt, attempts: 0, created_at: c.now })
      .execute();
  }

  /**
   * Writes a challenge unless one of the same id, still valid, was created after `notAfter`; in one
   * statement, so of two requests racing for the same phone only one gets a code. True when written.
   */
  async claimChallenge(c: { id: string; kind: string; answer: string; expiresAt: number; now: number; notAfter: number }): Promise<boolean> {
    await this.db.deleteFrom('challenges').where('expires_at', '<', c.now).execute();
    const written = await this.db
      .insertInto('challenges')
      .values({ id: c.id, kind: c.kind, answer: c.answer, expires_at: c.expiresAt, attempts: 0, created_at: c.now })
      .onConflict((oc) =>
        oc
          .column('id')
          .doUpdateSet({ kind: c.kind, answer: c.answer, expires_at: c.expiresAt, attempts: 0, created_at: c.now })
          .where((eb) => eb.or([eb('challenges.created_at', '<=', c.notAfter), eb('challenges.expires_at', '<=', c.now)])),
      )
      .returning('id')
      .executeTakeFirst();
    return written !== undefined;
  }

  findChallenge(id: string) {
    return this.db.selectFrom('challenges').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Removes and returns a challenge in one statement, so two requests cannot both use it. */
  takeChallenge(id: string) {
    return this.db.deleteFrom('challenges').where('id', '=', id).returningAll().executeTakeFirst();
  }

  async countChallengeAttempt(id: string): Promise<void> {
    await this.db
      .updateTable('challenges')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .execute();
  }

  // SMS outbox

  async insertSms(phone: string, text: string, now: number): Promise<void> {
    await this.db.insertInto('sms_outbox').values({ phone, text, created_at: now }).execute();
  }

  async pageSms(phone: string | undefined, page: number, pageSize: number) {
    let query = this.db.selectFrom('sms_outbox');
    if (phone) query = query.where('phone', '=', phone);
    const [count, records] = await Promise.all([
      query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
      query.selectAll().orderBy('id', 'desc').limit(pageSize).offset((page - 1) * pageSize).execute(),
    ]);
    return { total: Number(count?.n ?? 0), records };
  }
}

