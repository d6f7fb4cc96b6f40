import type { JobDefinition, JobRegistry } from './job.js';
import type { JobRunsRepo } from './jobRuns.repo.js';

export interface JobRunnerDeps {
  registry: JobRegistry;
  repo: JobRunsRepo;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  now: () => number;
}

export interface JobRunnerOptions {
  /** This instance, as written in the lease rows. */
  owner: string;
  /** How often the runner looks for due jobs. */
  tickMs?: number;
  /** A running pass renews its lease at a third of this; an instance that died loses it after it. */
  leaseMs?: number;
}

/** What one attempt at a job did. */
export type JobOutcome = { ran: false } | { ran: true; count: number } | { ran: true; error: string };

const slotOf = (now: number, intervalMs: number) => Math.floor(now / intervalMs) * intervalMs;

/**
 * Runs the declared jobs (ARCHITECTURE.md §11). Each job's time is cut into slots of its interval;
 * a slot's run is claimed in the job's lease row, so across instances one instance runs each due
 * time, however many run the scheduler. A failed pass is logged, written down and tried again
 * after its retry delay (by whichever instance looks first), never lost; a pass whose instance
 * died is taken over once its lease has run out. Passes of one job never overlap on an instance,
 * and `stop()` aborts the passes' signal and waits for them to end.
 */
export class JobRunner {
  private timer: NodeJS.Timeout | null = null;
  private readonly running = new Map<string, Promise<JobOutcome>>();
  /** When this instance looks at a job again (the next slot, or a retry). */
  private readonly nextLook = new Map<string, number>();
  private abort = new AbortController();
  private readonly tickMs: number;
  private readonly leaseMs: number;

  constructor(
    private readonly deps: JobRunnerDeps,
    private readonly options: JobRunnerOptions,
  ) {
    this.tickMs = options.tickMs ?? 1_000;
    this.leaseMs = options.leaseMs ?? 5 * 60_000;
  }

  async start(): Promise<void> {
    if (this.timer) return;
    this.abort = new AbortController();
    await this.deps.repo.ensure(this.deps.registry.list().filter((j) => j.scope !== 'instance').map((j) => j.name));
    this.timer = setInterval(() => this.tick(), this.tickMs);
    this.timer.unref();
    this.tick();
  }

  /** No new pass starts; the passes in progress are told to stop and awaited. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.abort.abort();
    await Promise.allSettled(this.running.values());
  }

  /** Starts every job this instance should look at now (their passes run in the background). */
  tick(now: number = this.deps.now()): void {
    for (const job of this.deps.registry.list()) {
      if (this.running.has(job.name) || now < (this.nextLook.get(job.name) ?? 0)) continue;
      void this.attempt(job, now);
    }
  }

  /**
   * Runs `name` for the slot of `now` if that slot is still free (tests and tools; the schedule uses
   * it too). Resolves when the pass has ended; a pass already running on this instance is shared.
   */
  runDue(name: string, now: number = this.deps.now()): Promise<JobOutcome> {
    const job = this.deps.registry.get(name);
    if (!job) return Promise.reject(new Error(`no job '${name}'`));
    return this.running.get(name) ?? this.attempt(job, now);
  }

  private attempt(job: JobDefinition, now: number): Promise<JobOutcome> {
    const work = this.claimAndRun(job, now).finally(() => this.running.delete(job.name));
    this.running.set(job.name, work);
    return work;
  }

  private async claimAndRun(job: JobDefinition, now: number): Promise<JobOutcome> {
    const dueAt = slotOf(now, job.intervalMs);
    this.nextLook.set(job.name, dueAt + job.intervalMs);
    const cluster = job.scope !== 'instance';
    const { repo, log } = this.deps;
    try {
      if (cluster && !(await repo.claim(job.name, dueAt, this.options.owner, now, this.leaseMs))) return { ran: false };
    } catch (error) {
      log.warn({ err: error, job: job.name }, 'job could not be claimed');
      return { ran: false };
    }
    const renewal = cluster ? setInterval(() => void this.renew(job.name), Math.max(1_000, this.leaseMs / 3)) : null;
    renewal?.unref();
    try {
      const count = await job.run({ now, signal: this.abort.signal });
      if (cluster) await repo.succeed(job.name, this.options.owner, this.deps.now(), count);
      if (count > 0) log.info({ job: job.name, count }, 'job done');
      return { ran: true, count };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const retryAt = Math.max(now, this.deps.now()) + (job.retryMs ?? Math.min(job.intervalMs, 60_000));
      log.warn({ err: error, job: job.name, retryAt }, 'job failed; it will be tried again');
      this.nextLook.set(job.name, Math.min(retryAt, dueAt + job.intervalMs));
      if (cluster) await repo.fail(job.name, this.options.owner, this.deps.now(), retryAt, message).catch((e: unknown) => log.warn({ err: e, job: job.name }, 'job failure could not be written'));
      return { ran: true, error: message };
    } finally {
      if (renewal) clearInterval(renewal);
    }
  }

  private async renew(name: string): Promise<void> {
    try {
      const held = await this.deps.repo.renew(name, this.options.owner, this.deps.now() + this.leaseMs);
      if (!held) this.deps.log.warn({ job: name }, 'job lease was taken over by another instance');
    } catch (error) {
      this.deps.log.warn({ err: error, job: name }, 'job lease could not be renewed');
    }
  }
}
