import type { ServerMessage } from '@boreline/contracts';
import type { Bus } from '../../core/bus.js';
import type { DomainEvents, LatestValues } from '../../telemetry/index.js';
import type { ConnectionRepo } from './connection.repo.js';

/** Connected when the newest frame arrived less than `disconnectedAfterMs` ago. */
export const isConnected = (receivedAt: number | null, now: number, disconnectedAfterMs: number): boolean =>
  receivedAt !== null && now - receivedAt < disconnectedAfterMs;

/**
 * Watches the arrival of frames per machine and keeps the history of disconnections (spec §4
 * connection state): a silence longer than `disconnectedAfterMs` is recorded from the last frame's
 * arrival, and closed at the arrival of frames again. Each transition is announced once on the
 * bus (`state` topic) and as a `connectionChanged` event by the instance that recorded it. Run as a
 * job (one instance per due time); what an instance remembers is re-read from the records on first
 * sight of a run, and a transition another instance recorded first is not announced twice.
 */
export class ConnectionMonitor {
  /** Whether each run has an open disconnection on record, as this instance last saw it. */
  private readonly open = new Map<number, boolean>();

  constructor(
    private readonly deps: { repo: ConnectionRepo; latest: LatestValues; bus: Bus; events?: DomainEvents; runIds: () => Promise<number[]> },
    private readonly options: { disconnectedAfterMs: number },
  ) {}

  /** One look at every run at `now`; answers how many transitions it recorded. */
  async pass(now: number): Promise<number> {
    let recorded = 0;
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
        if (closed) {
          this.announce(runId, true, receivedAt);
          recorded += 1;
        }
      } else if (!connected && !wasOpen) {
        const opened = await this.deps.repo.open(runId, receivedAt);
        this.open.set(runId, true);
        if (opened) {
          this.announce(runId, false, receivedAt);
          recorded += 1;
        }
      }
    }
    return recorded;
  }

  private announce(runId: number, connected: boolean, at: number): void {
    const message: ServerMessage = { type: 'state', runId, event: { kind: 'connection', connected, at } };
    this.deps.bus.publish(JSON.stringify(message));
    this.deps.events?.emit('connectionChanged', { runId, connected, at });
  }
}
