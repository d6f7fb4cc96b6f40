import { createHash, randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { type importsContract, type Language, LIMITS, type telemetryContract, type EndpointArgs } from '@boreline/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { AuthSession, MachineAuthenticator, MachineCaller } from '../../core/auth.js';
import { errors } from '../../core/errors.js';
import { ValidationFailed } from '../../core/http.js';
import { t } from '../../core/i18n.js';
import {
  FrameDecoder,
  type IngestService,
  type MachineHistory,
  recomputeCycles,
  runTagList,
  RunTagsRepo,
  ownTagDef,
  type TagLayout,
  type TagMappingRepo,
  type UnknownName,
  type UnmappedTagsRepo,
} from '../../telemetry/index.js';
import { ImportRowsRefused, type ImportService } from '../imports/index.js';
import { machineTypeOf, type RunRepo, type RunRow, type RunScope } from '../project/index.js';
import { catalogueCandidates } from './tagCandidates.js';
import { suggestTags } from './tagSuggest.js';

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
    private readonly unmapped: UnmappedTagsRepo,
    private readonly imports: ImportService,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
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
    const layout = await this.openRun(run);
    const linker = await this.mappings.of(runId);
    const decoder = new FrameDecoder(layout, new Map(linker.map((m) => [m.rawName, m.tagCode])));
    this.decoders.set(runId, decoder);
    return decoder;
  }

  /** Opens a run for ingest with its catalogue and own tags (every opener asks here, so the layout is one). */
  async openRun(run: RunRow): Promise<TagLayout> {
    const own = await new RunTagsRepo(this.ingest.database).list(run.id);
    return this.ingest.open({ ...telemetryOf(run), ownTags: own.map((tag) => ownTagDef(tag)) });
  }

  /** The codes a gateway name may be mapped to: the catalogue's and the run's own tags. */
  private async tagCodes(run: RunRow): Promise<Set<string>> {
    return new Set((await runTagList(this.ingest.database, run.id, telemetryOf(run).machineType)).map((tag) => tag.code));
  }

  /** The run's tags changed (own tags): decoders are built again and open layouts follow at once. */
  async tagsChanged(runId: number): Promise<void> {
    this.decoders.delete(runId);
    const run = await this.runs.find(runId);
    if (run && this.ingest.engineState(runId) !== null) await this.openRun(run);
  }

  async ingestBatch(machine: MachineCaller, input: Input<typeof telemetryContract.ingestFrames>) {
    const decoder = await this.decoderOf(machine.runId);
    // The gateway is told plainly: a finished drive takes no more data until it is reopened.
    if (!decoder && (await this.isFinished(machine.runId))) throw errors.business('runAdmin.error.ingestRefused');
    if (!decoder) return { accepted: 0, duplicates: 0, late: 0, replayed: false, unknownTags: [] };
    const { frames, unknownTags, unknown } = decoder.decode(machine.runId, input.frames);
    const result = await this.ingest.ingest(machine.runId, frames, input.batchId, decoder.layout);
    if (!result.replayed) await this.noteUnknown(machine.runId, unknown);
    return { ...result, unknownTags };
  }

  /**
   * Records one stored batch's names that map to no tag (one statement per batch, never per frame).
   * The frames are durable already: a failure here is logged, not answered.
   */
  async noteUnknown(runId: number, unknown: ReadonlyMap<string, UnknownName>): Promise<void> {
    if (unknown.size === 0) return;
    try {
      const refused = await this.unmapped.record(runId, unknown, LIMITS.unmappedNamesKeptMax);
      if (refused > 0) this.log.warn({ runId, refused, kept: LIMITS.unmappedNamesKeptMax }, 'unmapped gateway names not recorded: the list is full');
    } catch (error) {
      this.log.warn({ err: error, runId }, 'unmapped gateway names not recorded');
    }
  }

  async series(session: AuthSession, input: Input<typeof telemetryContract.seriesQuery>) {
    const run = await this.scope.require(session, input.runId, 'telemetry.series.read');
    return this.machine.series(run.id, input.tags, input.from, input.to, input.maxPoints);
  }

  async tagMappings(session: AuthSession, runId: number) {
    const run = await this.scope.require(session, runId, 'telemetry.tagMapping.read');
    return this.mappings.of(run.id);
  }

  async saveTagMappings(session: AuthSession, input: Input<typeof telemetryContract.tagMappingSave>, language: Language) {
    const run = await this.scope.require(session, input.runId, 'telemetry.tagMapping.write');
    const catalogue = await this.tagCodes(run);
    // Refused at the row, each in the caller's language.
    const problems = input.mappings.flatMap((m, i) =>
      catalogue.has(m.tagCode) ? [] : [{ field: `mappings.${i}.tagCode`, message: t(language, 'tagMapping.error.notInCatalogue', { code: m.tagCode }) }],
    );
    if (problems.length > 0) throw new ValidationFailed(problems);
    await this.mappings.replace(run.id, input.mappings);
    await this.unmapped.forget(run.id, input.mappings.map((m) => m.rawName));
    // The next frame of this machine is read with the new names.
    this.decoders.delete(run.id);
    return this.mappings.of(run.id);
  }

  /** The names the machine sent that map to no tag, most recently seen first. */
  async unmappedNames(session: AuthSession, runId: number) {
    const run = await this.scope.require(session, runId, 'telemetry.tagMapping.read');
    const { total, items } = await this.unmapped.list(run.id, LIMITS.unmappedNamesListedMax);
    return { total, full: total >= LIMITS.unmappedNamesKeptMax, items: items.map((row) => ({ rawName: row.rawName, count: row.frames, firstSeen: row.firstSeen, lastSeen: row.lastSeen, lastValue: row.lastValue })) };
  }

  /** Catalogue tags alike in name (and unit) to each gateway name (texts of all six languages live here, not in the browser). */
  async suggest(session: AuthSession, input: Input<typeof telemetryContract.tagMappingSuggest>) {
    const run = await this.scope.require(session, input.runId, 'telemetry.tagMapping.read');
    const candidates = catalogueCandidates(telemetryOf(run).machineType);
    return input.names.map((n) => ({ rawName: n.rawName, suggestions: suggestTags(n.rawName, n.unit, candidates, LIMITS.tagSuggestionsPerName) }));
  }

  /**
   * A spreadsheet of names and tags merged into the saved linker through the platform import (kind
   * `tagmap`): every row checked, then written in one transaction, or nothing.
   */
  async importTagMappings(
    session: AuthSession,
    request: { runId: number; file: Uint8Array | Readable; mode: importsContract.ImportMode; language: Language; progressKey?: string | undefined },
  ): Promise<importsContract.ImportReport> {
    const run = await this.scope.require(session, request.runId, 'telemetry.tagMapping.write');
    const catalogue = await this.tagCodes(run);
    const report = await this.imports.run({
      kind: 'tagmap',
      file: request.file,
      language: request.language,
      mode: request.mode,
      ...(request.progressKey ? { progress: { userId: session.userId, progressKey: request.progressKey } } : {}),
      write: async (rows, trx) => {
        const column = t(request.language, 'tagMapping.import.tagCode');
        const refused = rows.flatMap((r) =>
          catalogue.has(r.values.tagCode) ? [] : [{ row: r.row, column, message: t(request.language, 'tagMapping.error.notInCatalogue', { code: r.values.tagCode }) }],
        );
        if (refused.length > 0) throw new ImportRowsRefused(refused);
        const mappings = this.mappings.within(trx);
        const merged = new Map((await mappings.of(run.id)).map((m) => [m.rawName, m.tagCode]));
        for (const r of rows) merged.set(r.values.rawName, r.values.tagCode);
        if (merged.size > LIMITS.tagMappingsMax) {
          throw new ImportRowsRefused([{ row: rows[0]?.row ?? 1, column: null, message: t(request.language, 'tagMapping.error.tooMany', { max: LIMITS.tagMappingsMax }) }]);
        }
        await mappings.upsert(run.id, rows.map((r) => ({ rawName: r.values.rawName, tagCode: r.values.tagCode })));
        await this.unmapped.within(trx).forget(run.id, rows.map((r) => r.values.rawName));
      },
    });
    if (report.imported > 0) this.decoders.delete(run.id);
    return report;
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
