import type { FastifyBaseLogger } from 'fastify';

/**
 * The risk module's own queue: a run asked for while it waits is evaluated once; one run at a time,
 * so the event handlers that ask (inside the ingest queue) return at once and the database work
 * never holds up machine data.
 */
export class RiskWatch {
  private readonly pending = new Set<number>();
  private running: Promise<void> | null = null;

  constructor(
    private readonly evaluate: (runId: number) => Promise<number>,
    private readonly log: Pick<FastifyBaseLogger, 'error'>,
  ) {}

  schedule(runId: number): void {
    this.pending.add(runId);
    this.running ??= this.drain().finally(() => {
      this.running = null;
    });
  }

  private async drain(): Promise<void> {
    // Let the emitter return first.
    await Promise.resolve();
    for (;;) {
      const [runId] = this.pending;
      if (runId === undefined) return;
      this.pending.delete(runId);
      await this.evaluate(runId).catch((error: unknown) => this.log.error({ err: error, runId }, 'risk evaluation failed'));
    }
  }

  /** Resolves once every queued evaluation has run. */
  async settled(): Promise<void> {
    while (this.running) await this.running;
  }
}
