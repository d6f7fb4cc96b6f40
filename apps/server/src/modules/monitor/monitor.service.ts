import { type ConnectionState, type DeviceState, isMachineState, KEY_TAGS, type monitorContract, type RealData, REALTIME, type EndpointArgs } from '@boreline/contracts';
import type { AuthSession } from '../../core/auth.js';
import type { LatestValues } from '../../telemetry/index.js';
import { isConnected } from './connectionMonitor.js';
import { machineTypeOf, type RunScope } from '../project/index.js';
import type { ConnectionRepo, DisconnectionRow } from './connection.repo.js';
import { machineDiagramSvg } from './machineDiagram.js';

type Input<E> = EndpointArgs<E>;

export interface MonitorDeps {
  scope: RunScope;
  latest: LatestValues;
  connections: ConnectionRepo;
  /** The cycle engine's state when the run is ingested on this instance (fallback for the shared cache). */
  engineState: (runId: number) => { state: string | null; since: number | null; ringNo: number | null } | null;
  disconnectedAfterMs: number;
  now?: () => number;
}

const READ = 'monitor.realData.read';

/** The real-time reads (spec §7 monitoring and connection state), every one scoped to the caller's runs. */
export class MonitorService {
  constructor(private readonly deps: MonitorDeps) {}

  private now(): number {
    return this.deps.now?.() ?? Date.now();
  }

  async realData(session: AuthSession, runId: number, tags?: readonly string[]): Promise<RealData> {
    const run = await this.deps.scope.require(session, runId, READ);
    const latest = await this.deps.latest.get(run.id, tags);
    if (!latest) return { runId: run.id, ts: null, receivedAt: null, stale: true, values: {} };
    return { runId: run.id, ts: latest.ts, receivedAt: latest.receivedAt, stale: this.now() - latest.receivedAt > REALTIME.staleAfterMs, values: latest.values };
  }

  async deviceState(session: AuthSession, runId: number): Promise<DeviceState> {
    const run = await this.deps.scope.require(session, runId, READ);
    const [state] = await this.deviceStates([run.id]);
    if (!state) throw new Error('unreachable: a state per run');
    return state;
  }

  /** Several runs at once; those the caller may not read are left out, as if they did not exist. */
  async cachedDeviceStates(session: AuthSession, runIds: readonly number[]): Promise<DeviceState[]> {
    const allowed: number[] = [];
    for (const runId of new Set(runIds)) {
      const ok = await this.deps.scope.require(session, runId, READ).then(
        () => true,
        () => false,
      );
      if (ok) allowed.push(runId);
    }
    return this.deviceStates(allowed);
  }

  private async deviceStates(runIds: readonly number[]): Promise<DeviceState[]> {
    const history = await this.deps.connections.latestOf(runIds);
    const now = this.now();
    return Promise.all(
      runIds.map(async (runId) => {
        const [latest, shared, receivedAt] = await Promise.all([
          this.deps.latest.get(runId, [KEY_TAGS.ringNo, KEY_TAGS.chainage]),
          this.deps.latest.state(runId),
          this.deps.latest.receivedAt(runId),
        ]);
        const engine = shared ?? this.deps.engineState(runId);
        const newestAt = latest?.receivedAt ?? null;
        const connected = isConnected(receivedAt, now, this.deps.disconnectedAfterMs);
        const ring = latest?.values[KEY_TAGS.ringNo] ?? engine?.ringNo ?? null;
        return {
          runId,
          state: engine && isMachineState(engine.state) ? engine.state : null,
          stateSince: engine?.since ?? null,
          ringNo: ring === null ? null : Math.round(ring),
          chainage: latest?.values[KEY_TAGS.chainage] ?? null,
          connected,
          connectedSince: connectedSince(connected, history.get(runId), receivedAt),
          lastFrameAt: receivedAt,
          stale: newestAt === null || now - newestAt > REALTIME.staleAfterMs,
        };
      }),
    );
  }

  async diagram(session: AuthSession, runId: number): Promise<string> {
    const run = await this.deps.scope.require(session, runId, READ);
    return machineDiagramSvg(machineTypeOf(run));
  }

  async connectState(session: AuthSession, runId: number | undefined): Promise<ConnectionState[]> {
    const runs = runId === undefined ? await this.deps.scope.visible(session) : [await this.deps.scope.require(session, runId, 'monitor.connectState.read')];
    const history = await this.deps.connections.latestOf(runs.map((r) => r.id));
    const now = this.now();
    return Promise.all(
      runs.map(async (run) => {
        const receivedAt = await this.deps.latest.receivedAt(run.id);
        const connected = isConnected(receivedAt, now, this.deps.disconnectedAfterMs);
        return { runId: run.id, projectName: run.project_name, tbmCode: run.tbm_code, connected, since: connectedSince(connected, history.get(run.id), receivedAt), lastFrameAt: receivedAt };
      }),
    );
  }

  async connectStatePage(session: AuthSession, input: Input<typeof monitorContract.connectStatePage>) {
    const run = await this.deps.scope.require(session, input.runId, 'monitor.connectState.read');
    const { total, rows } = await this.deps.connections.page(run.id, { from: input.from, to: input.to }, input.page, input.pageSize);
    return {
      total,
      page: input.page,
      pageSize: input.pageSize,
      records: rows.map((r) => ({
        id: r.id,
        runId: r.run_id,
        tbmCode: run.tbm_code,
        disconnectedAt: r.disconnected_at,
        reconnectedAt: r.reconnected_at,
        durationMs: r.reconnected_at === null ? null : r.reconnected_at - r.disconnected_at,
      })),
    };
  }
}

/** Since when the connection is as it is: the end of the last silence, or its start. */
function connectedSince(connected: boolean, last: DisconnectionRow | undefined, receivedAt: number | null): number | null {
  if (connected) return last?.reconnected_at ?? null;
  return last && last.reconnected_at === null ? last.disconnected_at : receivedAt;
}
