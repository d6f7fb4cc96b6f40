/**
 * One row per scheduled job: the lease that makes one instance at a time run it, and what its last
 * run did (see `jobs/jobRuns.repo.ts`).
 */
export interface JobRunTable {
  name: string;
  /** The due time (start of the interval slot) last claimed; a slot is claimed once. */
  due_at: number;
  /** 'idle' | 'running' | 'failed' */
  state: string;
  owner: string | null;
  lease_until: number | null;
  /** When a failed run may be tried again. */
  retry_at: number | null;
  attempts: number;
  started_at: number | null;
  finished_at: number | null;
  last_error: string | null;
  /** What the last successful run handled (items), for the log and the README's figures. */
  last_count: number | null;
}

declare module '../schema.js' {
  interface Database {
    job_runs: JobRunTable;
  }
}
