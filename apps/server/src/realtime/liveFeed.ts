import { type DataMessage, isMachineState, type ServerMessage } from '@boreline/contracts';
import type { Bus } from '../core/bus.js';
import type { Frame } from '../telemetry/frame.js';
import type { IngestService } from '../telemetry/ingest.js';
import type { LatestValues } from '../telemetry/latestValues.js';

interface RunFeed {
  ts: number;
  values: Float64Array;
  state: string | null;
  since: number | null;
}

const same = (a: number, b: number) => a === b || (Number.isNaN(a) && Number.isNaN(b));

/**
 * Turns what the ingest pipeline accepted on this instance into messages on the bus: a `data`
 * message per newest frame with only the values that changed since the run's previous frame, and
 * `state` messages when the machine enters a state or completes a ring. Serialized once here;
 * every instance forwards the same string to its sockets.
 */
export class LiveFeed {
  private readonly runs = new Map<number, RunFeed>();

  constructor(
    private readonly bus: Bus,
    private readonly ingest: IngestService,
    private readonly latest: LatestValues,
  ) {}

  start(): void {
    this.ingest.events.on('frameReceived', (e) => this.onFrame(e.runId, e.frame, e.codes));
    this.ingest.events.on('ringCompleted', (e) => this.publish({ type: 'state', runId: e.runId, event: { kind: 'ring', ringNo: e.ring.ringNo, endedAt: e.ring.end } }));
  }

  private publish(message: ServerMessage): void {
    this.bus.publish(JSON.stringify(message));
  }

  private onFrame(runId: number, frame: Frame, codes: readonly string[]): void {
    const before = this.runs.get(runId);
    if (before && before.ts >= frame.ts) return;
    const values: DataMessage['values'] = {};
    for (let i = 0; i < codes.length; i += 1) {
      const v = frame.values[i] ?? Number.NaN;
      if (before && same(v, before.values[i] ?? Number.NaN)) continue;
      const code = codes[i];
      if (code !== undefined) values[code] = Number.isNaN(v) ? null : v;
    }
    const engine = this.ingest.engineState(runId);
    const feed: RunFeed = { ts: frame.ts, values: frame.values, state: engine?.state ?? null, since: engine?.since ?? null };
    this.runs.set(runId, feed);
    this.publish({ type: 'data', runId, ts: frame.ts, prevTs: before?.ts ?? null, values });
    if (isMachineState(feed.state) && feed.since !== null && (feed.state !== before?.state || feed.since !== before.since)) {
      this.latest.setState(runId, { state: feed.state, since: feed.since, ringNo: engine?.ringNo ?? null });
      this.publish({ type: 'state', runId, event: { kind: 'machineState', state: feed.state, since: feed.since } });
    }
  }
}
