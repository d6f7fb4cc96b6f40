import type { ServerMessage } from '@boreline/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from '../core/bus.js';
import type { ConnectionRepo } from '../modules/monitor/connection.repo.js';
import type { LatestValues } from '../telemetry/latestValues.js';

/** Connected when the newest frame arrived less than `disconnectedAfterMs` ago. */
export const isConnected = (receivedAt: number | null, now: number, disconnectedAfterMs: number): boolean =>
  receivedAt !== null && now - receivedAt < disconnectedAfterMs;

/**
 * Watches the arrival of frames per machine and keeps the history of disconnections (spec §4
 * connection state): a silence longer than `disconnectedAfterMs` is recorded from the last frame's
 * arrival, and closed at the arrival of frames again. Each transition is announced once on the
 * bus (`state` topic) by the instance that recorded it.
 */
export class ConnectionMonitor {
  /** Whether each run has an open disconnection on record, as this instance last saw it. */
  private readonly open = new Map<number, boolean>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly deps: { repo: ConnectionRepo; latest: LatestValues; bus: Bus; runIds: () => Promise<number[]>; log: FastifyBaseLogger; now?: () => number },
    private readonly options: { intervalMs: number; disconnectedAfterMs: number },
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.tick(), this.options.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  /** One look at every run; overlapping ticks are skipped. */
  tick(now = (this.deps.now ?? Date.now)()): Promise<void> {
    if (this.running) return this.running;
    this.running = this.check(now)
      .catch((error: unknown) => this.deps.log.warn({ err: error }, 'connection check failed'))
      .finally(() => (this.running = null));
    return this.running;
  }

  private async check(now: number): Promise<void> {
    const runIds = await this.deps.runIds();
    const unknown = runIds.filter((id) => !this.open.has(id));
    if (unknown.length > 0) {
      const latest = await this.deps.repo.latestOf(unknown);
      for (const id of unknown) this.open.set(id, latest.get(id)?.reconnected_at === null);
    }
    for (const runId of runIds) {
      const receivedAt = await this.deps.latest.receivedAt(runId);
      if (receivedAt === null) continue;
      const connected = isConnected(receivedAt, now, this.options.disconnectedAfterMs);
      const wasOpen = this.open.get(runId) === true;
      // Remembered only once written: a failed write is tried again at the next tick.
      if (connected && wasOpen) {
        const closed = await this.deps.repo.close(runId, receivedAt);
        this.open.set(runId, false);
        if (closed) this.announce(runId, true, receivedAt);
      } else if (!connected && !wasOpen) {
        const opened = await this.deps.repo.open(runId, receivedAt);
        this.open.set(runId, true);
        if (opened) this.announce(runId, false, receivedAt);
      }
    }
  }

  private announce(runId: number, connected: boolean, at: number): void {
    const message: ServerMessage = { type: 'state', runId, event: { kind: 'connection', connected, at } };
    this.deps.bus.publish(JSON.stringify(message));
  }
}
