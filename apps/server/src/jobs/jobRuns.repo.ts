import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { JobRunTable } from '../db/schema/jobs.js';

export type JobRunRow = JobRunTable;

/**
 * The lease rows of scheduled jobs. Claiming a due time is one conditional UPDATE, so on
 * PostgreSQL two instances racing for the same due time serialize on the row and exactly one sees
 * its condition still true; SQLite has one writer anyway. The same SQL serves both dialects.
 */
export class JobRunsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** Creates the rows of jobs seen for the first time (never due before). */
  async ensure(names: readonly string[]): Promise<void> {
    if (names.length === 0) return;
    await this.db
      .insertInto('job_runs')
      .values(names.map((name) => ({ name, due_at: 0, state: 'idle', owner: null, lease_until: null, retry_at: null, attempts: 0, started_at: null, finished_at: null, last_error: null, last_count: null })))
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
  }

  /**
   * Claims the run of `name` for the slot `dueAt`: when that slot was not claimed yet, when its
   * failed run is due to be retried, or when the instance running it stopped renewing its lease.
   */
  async claim(name: string, dueAt: number, owner: string, now: number, leaseMs: number): Promise<boolean> {
    const result = await this.db
      .updateTable('job_runs')
      .set((eb) => ({
        due_at: dueAt,
        state: 'running',
        owner,
        lease_until: now + leaseMs,
        retry_at: null,
        started_at: now,
        attempts: eb.case().when('due_at', '=', dueAt).then(eb('attempts', '+', 1)).else(1).end(),
      }))
      .where('name', '=', name)
      .where((eb) =>
        eb.or([
          eb('due_at', '<', dueAt),
          eb.and([eb('state', '=', 'failed'), eb('retry_at', '<=', now)]),
          eb.and([eb('state', '=', 'running'), eb('lease_until', '<', now)]),
        ]),
      )
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Extends the lease of a run still in progress (answers false when another instance took it over). */
  async renew(name: string, owner: string, leaseUntil: number): Promise<boolean> {
    const result = await this.db.updateTable('job_runs').set({ lease_until: leaseUntil }).where('name', '=', name).where('owner', '=', owner).where('state', '=', 'running').executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async succeed(name: string, owner: string, now: number, count: number): Promise<void> {
    await this.db
      .updateTable('job_runs')
      .set({ state: 'idle', lease_until: null, finished_at: now, last_error: null, last_count: count, attempts: 0 })
      .where('name', '=', name)
      .where('owner', '=', owner)
      .execute();
  }

  async fail(name: string, owner: string, now: number, retryAt: number, error: string): Promise<void> {
    await this.db
      .updateTable('job_runs')
      .set({ state: 'failed', lease_until: null, finished_at: now, retry_at: retryAt, last_error: error.slice(0, 500) })
      .where('name', '=', name)
      .where('owner', '=', owner)
      .execute();
  }

  find(name: string): Promise<JobRunRow | undefined> {
    return this.db.selectFrom('job_runs').selectAll().where('name', '=', name).executeTakeFirst();
  }
}
