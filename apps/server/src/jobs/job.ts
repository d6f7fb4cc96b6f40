/** What a job's pass is given. */
export interface JobContext {
  /** The instant the pass is for (the due time's clock, moved by tests). */
  now: number;
  /** Aborted when the server stops: a pass looping over many items checks it between them. */
  signal: AbortSignal;
}

/**
 * A scheduled job (ARCHITECTURE.md §11): declared by a module (or the platform) and run by the
 * job runner every `intervalMs`, by one instance at a time across instances.
 */
export interface JobDefinition {
  /** Unique and stable (`<module>.<job>`): the key of its lease row. */
  name: string;
  intervalMs: number;
  /** One pass; answers how many items it handled (logged when more than none). */
  run(context: JobContext): Promise<number>;
  /** How long after a failed pass it is tried again (default: the interval, at most a minute). */
  retryMs?: number;
  /**
   * `cluster` (default): one instance runs each due time. `instance`: every instance runs it for
   * its own memory (closing its own open ingest windows), without a lease.
   */
  scope?: 'cluster' | 'instance';
}

/** The jobs of a server, declared by modules while they register. */
export class JobRegistry {
  private readonly jobs = new Map<string, JobDefinition>();

  declare(job: JobDefinition): void {
    if (this.jobs.has(job.name)) throw new Error(`job '${job.name}' is declared twice`);
    if (!(job.intervalMs > 0)) throw new Error(`job '${job.name}' needs a positive interval`);
    this.jobs.set(job.name, job);
  }

  get(name: string): JobDefinition | undefined {
    return this.jobs.get(name);
  }

  list(): JobDefinition[] {
    return [...this.jobs.values()];
  }
}
