import { adminCentreContract } from '@boreline/contracts';
import { type ExpressionBuilder, type Kysely, type RawBuilder, sql } from 'kysely';
import type { DialectName } from '../../db/database.js';
import type { Database } from '../../db/schema.js';

const { ADMIN_CENTRE_LIST_MAX, ADMIN_CENTRE_SMS_ROWS } = adminCentreContract;

/** The sign-in outcomes that count against the throttle of an account (and so may lock it). */
const LOCKING_RESULTS = ['bad_credentials', 'bad_code', 'throttled'] as const;

const num = (value: unknown): number => Number(value ?? 0);

/**
 * The read-only queries of the administrator's centre over other modules' tables (users, sessions,
 * the login log, roles, files, machine data, jobs, the SMS outbox). `path` is the caller's
 * organization path: only rows of that organization and those below it; null for everything.
 */
export class AdminCentreRepo {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
  ) {}

  /** Ids of the users at or below `path` (a subquery). */
  private usersUnder(path: string) {
    return this.db.selectFrom('users').innerJoin('orgs', 'orgs.id', 'users.org_id').select('users.id').where('orgs.path', 'like', `${path}%`);
  }

  async userCounts(path: string | null): Promise<{ total: number; enabled: number }> {
    let query = this.db
      .selectFrom('users')
      .leftJoin('orgs', 'orgs.id', 'users.org_id')
      .select((eb) => [eb.fn.countAll<number | string>().as('total'), eb.fn.sum<number | string>('users.enabled').as('enabled')]);
    if (path) query = query.where('orgs.path', 'like', `${path}%`);
    const row = await query.executeTakeFirst();
    return { total: num(row?.total), enabled: num(row?.enabled) };
  }

  /** Sessions open now: not signed out, not past their end, used within the idle limit; sessions of H5 links left out. */
  async openSessions(path: string | null, now: number, idleMs: number) {
    let query = this.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .leftJoin('orgs', 'orgs.id', 'users.org_id')
      .where('sessions.revoked_at', 'is', null)
      .where('sessions.scope_run_id', 'is', null)
      .where('sessions.expires_at', '>', now)
      .where('sessions.last_seen_at', '>', now - idleMs)
      .where('users.enabled', '=', 1);
    if (path) query = query.where('orgs.path', 'like', `${path}%`);
    const [count, rows] = await Promise.all([
      query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst(),
      query
        .select(['users.id as userId', 'users.nickname', 'users.phone', 'orgs.name as orgName', 'sessions.created_at', 'sessions.last_seen_at', 'sessions.ip', 'sessions.user_agent'])
        .orderBy('sessions.last_seen_at', 'desc')
        .orderBy('sessions.id', 'desc')
        .limit(ADMIN_CENTRE_LIST_MAX)
        .execute(),
    ]);
    return { total: num(count?.n), rows };
  }

  /** Login log rows of accounts at or below `path`: by the user it names, or, for rows naming none, by the phone or e-mail signed in with. */
  private scopedLog(path: string | null) {
    const query = this.db.selectFrom('login_logs');
    if (!path) return query;
    return query.where((eb) =>
      eb.or([
        eb('login_logs.user_id', 'in', this.usersUnder(path)),
        eb.and([
          eb('login_logs.user_id', 'is', null),
          eb.or([
            eb('login_logs.account', 'in', this.usersUnder(path).clearSelect().select('users.phone')),
            // E-mail addresses are stored in lower case; the log keeps the account as it was typed.
            eb(eb.fn<string>('lower', ['login_logs.account']), 'in', this.usersUnder(path).clearSelect().select('users.email').where('users.email', 'is not', null).$narrowType<{ email: string }>()),
          ]),
        ]),
      ]),
    );
  }

  async signInFailures(path: string | null, since: number) {
    const query = this.scopedLog(path).where('login_logs.created_at', '>=', since).where('login_logs.result', '!=', 'success');
    const [count, rows] = await Promise.all([
      query.select((eb) => [eb.fn.countAll<number | string>().as('n'), eb.fn.count<number | string>('login_logs.account').distinct().as('accounts')]).executeTakeFirst(),
      query
        .select(['login_logs.id', 'login_logs.created_at', 'login_logs.account', 'login_logs.ip', 'login_logs.result'])
        .orderBy('login_logs.created_at', 'desc')
        .orderBy('login_logs.id', 'desc')
        .limit(ADMIN_CENTRE_LIST_MAX)
        .execute(),
    ]);
    return { total: num(count?.n), accounts: num(count?.accounts), rows };
  }

  /**
   * The (account, address) pairs that failed since `since` and may be locked now: each with the
   * user it names (by id, or by the phone or e-mail signed in with), in the caller's scope.
   */
  async lockCandidates(path: string | null, since: number) {
    let query = this.db
      .selectFrom('login_logs')
      .innerJoin('users', (join) =>
        join.on((eb: ExpressionBuilder<Database, 'login_logs' | 'users'>) =>
          eb.or([eb('users.id', '=', eb.ref('login_logs.user_id')), eb.and([eb('login_logs.user_id', 'is', null), eb.or([eb('users.phone', '=', eb.ref('login_logs.account')), eb('users.email', '=', eb.fn<string>('lower', ['login_logs.account']))])])]),
        ),
      )
      .leftJoin('orgs', 'orgs.id', 'users.org_id')
      .where('login_logs.created_at', '>=', since)
      .where('login_logs.result', 'in', LOCKING_RESULTS)
      .select(['users.id as userId', 'users.nickname', 'login_logs.ip'])
      .select((eb) => eb.fn.max('login_logs.account').as('account'))
      .groupBy(['users.id', 'users.nickname', 'login_logs.ip']);
    if (path) query = query.where('orgs.path', 'like', `${path}%`);
    return query.orderBy('users.id').limit(500).execute();
  }

  async rolesWithoutUsers(path: string | null) {
    let query = this.db
      .selectFrom('roles')
      .innerJoin('orgs', 'orgs.id', 'roles.org_id')
      .where((eb) => eb.not(eb.exists(eb.selectFrom('user_roles').select('user_roles.role_id').whereRef('user_roles.role_id', '=', 'roles.id'))));
    if (path) query = query.where('orgs.path', 'like', `${path}%`);
    const [count, rows] = await Promise.all([
      query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst(),
      query.select(['roles.id', 'roles.name', 'orgs.name as orgName']).orderBy('orgs.path').orderBy('roles.sort').orderBy('roles.id').limit(ADMIN_CENTRE_LIST_MAX).execute(),
    ]);
    return { total: num(count?.n), rows };
  }

  /** When the newest frame of each run arrived, as the connection module recorded it, and the newest stored frame's time. */
  async lastFrames(runIds: readonly number[]): Promise<Map<number, number>> {
    const found = new Map<number, number>();
    if (runIds.length === 0) return found;
    const note = (runId: number, at: unknown) => {
      if (at === null || at === undefined) return;
      found.set(runId, Math.max(found.get(runId) ?? 0, num(at)));
    };
    const [arrivals, chunks, pending] = await Promise.all([
      this.db.selectFrom('ingest_connections').select(['run_id', 'last_frame_at']).where('run_id', 'in', runIds).execute(),
      this.db.selectFrom('tele_chunks').select((eb) => ['run_id', eb.fn.max('end_ts').as('at')]).where('run_id', 'in', runIds).groupBy('run_id').execute(),
      this.db.selectFrom('tele_pending').select((eb) => ['run_id', eb.fn.max('window_ts').as('at')]).where('run_id', 'in', runIds).groupBy('run_id').execute(),
    ]);
    for (const row of arrivals) note(row.run_id, row.last_frame_at);
    for (const row of chunks) note(row.run_id, row.at);
    for (const row of pending) note(row.run_id, row.at);
    return found;
  }

  /** Bytes of a binary column, as each database counts them. */
  private bytes(column: string): RawBuilder<number | string> {
    return this.dialect === 'postgres' ? sql<string>`coalesce(sum(octet_length(${sql.ref(column)})), 0)` : sql<number>`coalesce(sum(length(${sql.ref(column)})), 0)`;
  }

  /** Per run: complete files (count, bytes) and stored machine data (bytes of chunks, minute and hour rollups, pending windows; frames). */
  async storage(runIds: readonly number[]) {
    const result = new Map<number, { fileCount: number; fileBytes: number; machineBytes: number; frames: number }>();
    if (runIds.length === 0) return result;
    const of = (runId: number) => {
      let entry = result.get(runId);
      if (!entry) {
        entry = { fileCount: 0, fileBytes: 0, machineBytes: 0, frames: 0 };
        result.set(runId, entry);
      }
      return entry;
    };
    const [files, chunks, hourly, pending] = await Promise.all([
      this.db
        .selectFrom('files')
        .select((eb) => ['run_id', eb.fn.countAll<number | string>().as('n'), eb.fn.sum<number | string>('size').as('bytes')])
        .where('state', '=', 'complete')
        .where('run_id', 'in', runIds)
        .groupBy('run_id')
        .execute(),
      this.db
        .selectFrom('tele_chunks')
        .select(['run_id', this.bytes('data').as('data'), this.bytes('minutes').as('minutes')])
        .select((eb) => eb.fn.sum<number | string>('frames').as('frames'))
        .where('run_id', 'in', runIds)
        .groupBy('run_id')
        .execute(),
      this.db.selectFrom('tele_hourly').select(['run_id', this.bytes('data').as('data')]).where('run_id', 'in', runIds).groupBy('run_id').execute(),
      this.db
        .selectFrom('tele_pending')
        .select(['run_id', this.bytes('data').as('data')])
        .select((eb) => eb.fn.sum<number | string>('frames').as('frames'))
        .where('run_id', 'in', runIds)
        .groupBy('run_id')
        .execute(),
    ]);
    for (const row of files) {
      if (row.run_id === null) continue;
      Object.assign(of(row.run_id), { fileCount: num(row.n), fileBytes: num(row.bytes) });
    }
    for (const row of chunks) {
      const entry = of(row.run_id);
      entry.machineBytes += num(row.data) + num(row.minutes);
      entry.frames += num(row.frames);
    }
    for (const row of hourly) of(row.run_id).machineBytes += num(row.data);
    for (const row of pending) {
      const entry = of(row.run_id);
      entry.machineBytes += num(row.data);
      entry.frames += num(row.frames);
    }
    return result;
  }

  jobs() {
    return this.db.selectFrom('job_runs').selectAll().orderBy('name').execute();
  }

  async smsOutbox(since: number) {
    const [counts, rows] = await Promise.all([
      this.db
        .selectFrom('sms_outbox')
        .select((eb) => [eb.fn.countAll<number | string>().as('n'), eb.fn.sum<number | string>(eb.case().when('created_at', '>=', since).then(1).else(0).end()).as('recent')])
        .executeTakeFirst(),
      this.db.selectFrom('sms_outbox').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(ADMIN_CENTRE_SMS_ROWS).execute(),
    ]);
    return { total: num(counts?.n), lastDay: num(counts?.recent), rows };
  }
}
