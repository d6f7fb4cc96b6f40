import { createHash, randomBytes } from 'node:crypto';
import { tagCatalogue, type telemetryContract, type EndpointArgs } from '@boreline/contracts';
import type { AuthSession, MachineAuthenticator, MachineCaller } from '../../core/auth.js';
import { errors } from '../../core/errors.js';
import { FrameDecoder, type IngestService, type MachineHistory, recomputeCycles, type TagMappingRepo } from '../../telemetry/index.js';
import { machineTypeOf, type RunRepo, type RunRow, type RunScope } from '../project/index.js';

type Input<E> = EndpointArgs<E>;

/** How long an instance trusts what it read of a run's finish (a finish on another instance reaches it within this). */
export const FINISH_RECHECK_MS = 5_000;

const keyHash = (key: string) => createHash('sha256').update(key).digest('hex');

export const telemetryOf = (run: RunRow) => ({
  runId: run.id,
  machineType: machineTypeOf(run),
  ringWidthMm: run.ring_width_mm,
  endChainage: run.end_chainage,
});

/** Machine data in and out over HTTP: gateway batches, chart series, and the gateways' keys. */
export class TelemetryService implements MachineAuthenticator {
  private readonly decoders = new Map<number, FrameDecoder>();
  private readonly keyListeners: ((runId: number) => void)[] = [];
  /** When each run's finish state was last read, and what it was (instances learn of a finish elsewhere within FINISH_RECHECK_MS). */
  private readonly finished = new Map<number, { finished: boolean; checkedAt: number }>();

  constructor(
    private readonly runs: RunRepo,
    private readonly scope: RunScope,
    private readonly ingest: IngestService,
    private readonly machine: MachineHistory,
    private readonly mappings: TagMappingRepo,
  ) {}

  async authenticate(key: string): Promise<MachineCaller | null> {
    const run = await this.runs.findByIngestKey(keyHash(key));
    return run ? { runId: run.id } : null;
  }

  /** Whether the run's drive was declared over (read again after FINISH_RECHECK_MS). */
  async isFinished(runId: number, now = Date.now()): Promise<boolean> {
    const known = this.finished.get(runId);
    if (known && now - known.checkedAt < FINISH_RECHECK_MS) return known.finished;
    const run = await this.runs.find(runId);
    const finished = run?.finished_at !== null && run?.finished_at !== undefined;
    this.finished.set(runId, { finished, checkedAt: now });
    return finished;
  }

  /** Forgets what is known of a run (it was edited, finished, reopened or deleted here). */
  forget(runId: number): void {
    this.decoders.delete(runId);
    this.finished.delete(runId);
  }

  /**
   * The decoder of a run, opening it for ingest on first use; null for a run that does not exist or
   * whose drive is finished. Every machine source (HTTP batches, MQTT) asks here first, so a
   * finished run's frames are refused by every one of them.
   */
  async decoderOf(runId: number): Promise<FrameDecoder | null> {
    if (await this.isFinished(runId)) return null;
    const known = this.decoders.get(runId);
    if (known) return known;
    const run = await this.runs.find(runId);
    if (!run) return null;
    const layout = await this.ingest.open(telemetryOf(run));
    const linker = await this.mappings.of(runId);
    const decoder = new FrameDecoder(layout, new Map(linker.map((m) => [m.rawName, m.tagCode])));
    this.decoders.set(runId, decoder);
    return decoder;
  }

  async ingestBatch(machine: MachineCaller, input: Input<typeof telemetryContract.ingestFrames>) {
    const decoder = await this.decoderOf(machine.runId);
    // The gateway is told plainly: a finished drive takes no more data until it is reopened.
    if (!decoder && (await this.isFinished(machine.runId))) throw errors.business('runAdmin.error.ingestRefused');
    if (!decoder) return { accepted: 0, duplicates: 0, late: 0, replayed: false, unknownTags: [] };
    const { frames, unknownTags } = decoder.decode(machine.runId, input.frames);
    const result = await this.ingest.ingest(machine.runId, frames, input.batchId);
    return { ...result, unknownTags };
  }

  async series(session: AuthSession, input: Input<typeof telemetryContract.seriesQuery>) {
    const run = await this.scope.require(session, input.runId, 'telemetry.series.read');
    return this.machine.series(run.id, input.tags, input.from, input.to, input.maxPoints);
  }

  async tagMappings(session: AuthSession, runId: number) {
    const run = await this.scope.require(session, runId, 'telemetry.tagMapping.read');
    return this.mappings.of(run.id);
  }

  async saveTagMappings(session: AuthSession, input: Input<typeof telemetryContract.tagMappingSave>) {
    const run = await this.scope.require(session, input.runId, 'telemetry.tagMapping.write');
    const catalogue = new Set(tagCatalogue(telemetryOf(run).machineType).map((t) => t.code));
    const unknown = [...new Set(input.mappings.map((m) => m.tagCode).filter((code) => !catalogue.has(code)))];
    if (unknown.length > 0) throw errors.business('admin.telemetry.unknownTags', { codes: unknown.slice(0, 10).join(', ') });
    await this.mappings.replace(run.id, input.mappings);
    // The next frame of this machine is read with the new names.
    this.decoders.delete(run.id);
    return this.mappings.of(run.id);
  }

  async recompute(session: AuthSession, input: Input<typeof telemetryContract.cycleRecompute>) {
    const run = await this.scope.require(session, input.runId, 'telemetry.cycle.recompute');
    await this.decoderOf(run.id);
    const result = await recomputeCycles(this.ingest.database, this.ingest, run.id, input.from);
    if (!result) throw errors.business('admin.telemetry.noFrames');
    return result;
  }

  async rotateKey(session: AuthSession, runId: number): Promise<{ key: string }> {
    const run = await this.scope.require(session, runId, 'telemetry.ingestKey.write');
    const key = `bk${randomBytes(32).toString('base64url')}`;
    await this.runs.setIngestKey(run.id, keyHash(key));
    for (const listener of this.keyListeners) listener(run.id);
    return { key };
  }

  /** Called once a run's key is replaced (the previous key is refused from then on). */
  onKeyRotated(listener: (runId: number) => void): void {
    this.keyListeners.push(listener);
  }
}
