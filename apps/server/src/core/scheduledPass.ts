/** What a scheduled job needs besides its work: its interval, a clock and where failures go. */
export interface PassSchedule {
  intervalMs: number;
  now: () => number;
  log: { warn(obj: object, msg: string): void };
  /** The log line of a pass that failed as a whole. */
  failure: string;
}

/**
 * A job of the server's scheduler: every interval one pass, never two at once (a tick while a
 * pass runs shares it), a failed pass logged without stopping the schedule, and `stop()` waiting
 * for the pass in progress. Passes that loop over many items check `stopped` between them.
 */
export abstract class ScheduledPass {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  protected stopped = false;

  constructor(private readonly schedule: PassSchedule) {}

  /** One pass over what is due at `now`; answers how many items it handled. */
  protected abstract pass(now: number): Promise<number>;

  start(): void {
    if (this.timer) return;
    this.stopped = false;
    this.timer = setInterval(() => void this.tick(), this.schedule.intervalMs);
    this.timer.unref();
  }

  /** No new pass starts; resolves once the pass in progress has finished. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** One pass now (tests and the schedule); answers how many items it handled. */
  tick(now: number = this.schedule.now()): Promise<number> {
    if (this.running) return this.running;
    this.running = this.pass(now)
      .catch((error: unknown) => {
        this.schedule.log.warn({ err: error }, this.schedule.failure);
        return 0;
      })
      .finally(() => (this.running = null));
    return this.running;
  }
}
