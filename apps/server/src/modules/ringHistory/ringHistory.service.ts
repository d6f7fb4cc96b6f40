import type { Readable } from 'node:stream';
import { DATE_FORMATS, formatInstant, type importsContract, type ImportRowOf, type Language, ringHistoryContract } from '@boreline/contracts';
import type { MessageKey, MessageParams } from '@boreline/i18n';
import type { Kysely } from 'kysely';
import type { AuthSession } from '../../core/auth.js';
import { t } from '../../core/i18n.js';
import { zonedToUtc } from '../../core/timeZone.js';
import type { Database } from '../../db/schema.js';
import { type DomainEvents, ImportedHistory, type ImportedRingInput, type MachineHistory, type StoredSpan } from '../../telemetry/index.js';
import { ImportRowsRefused, type ImportedRow, type ImportService } from '../imports/index.js';
import type { RunScope, ScopedRun } from '../project/index.js';
import type { BackfillTally } from './backfillTally.js';

type Refusal = importsContract.ImportRefusal;
type Row = ImportedRow<'ringhist'>;

const MINUTE_MS = 60_000;

/** The instant a `YYYY-MM-DD HH:mm:ss` wall-clock text names in a time zone. */
export function instantOf(text: string, timeZone: string): number {
  const [date = '', time = ''] = text.split(' ');
  const [y, m, d] = date.split('-').map(Number);
  const [h, min, s] = time.split(':').map(Number);
  return zonedToUtc({ y: y ?? 0, m: m ?? 1, d: d ?? 1, h: h ?? 0, min: min ?? 0, s: s ?? 0 }, timeZone);
}

/** A checked row as the ring it stands for, its times read in the run's zone. */
function ringOf(values: ImportRowOf<'ringhist'>, timeZone: string): ImportedRingInput {
  const ms = (minutes: number | null) => Math.round((minutes ?? 0) * MINUTE_MS);
  return {
    ringNo: values.ringNo,
    start: instantOf(values.start, timeZone),
    end: instantOf(values.end, timeZone),
    startChainage: values.startChainage,
    endChainage: values.endChainage,
    advanceMs: ms(values.advanceMinutes),
    ringBuildMs: ms(values.ringBuildMinutes),
    waitingMs: ms(values.waitingMinutes),
    thrustAvg: values.thrustAvg,
    torqueAvg: values.torqueAvg,
    speedAvg: values.speedAvg,
  };
}

/** Spans sorted by start, with the largest end up to each: which of them a span meets, by binary search. */
class SpanIndex<S extends { start: number; end: number }> {
  private readonly spans: S[];
  private readonly maxEnd: number[];

  constructor(spans: readonly S[]) {
    this.spans = [...spans].sort((a, b) => a.start - b.start);
    let max = Number.NEGATIVE_INFINITY;
    this.maxEnd = this.spans.map((s) => (max = Math.max(max, s.end)));
  }

  /** A span overlapping [start, end), the latest-starting one; undefined when none does. */
  overlapping(start: number, end: number): S | undefined {
    let lo = 0;
    let hi = this.spans.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((this.spans[mid]?.start ?? 0) < end) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo - 1; i >= 0 && (this.maxEnd[i] ?? 0) > start; i -= 1) {
      const span = this.spans[i];
      if (span && span.end > start) return span;
    }
    return undefined;
  }
}

/**
 * Ring history of a run: the import of the rings built before the console (rules of the sheet in
 * the template; here the ones only the stored history can judge), the summary beside it, the list
 * of imported rings and their removal. Every id is checked against the caller's scope first.
 */
export class RingHistoryService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly scope: RunScope,
    private readonly imports: ImportService,
    private readonly machine: MachineHistory,
    private readonly events: DomainEvents,
    private readonly tally: BackfillTally,
  ) {}

  async importRings(
    session: AuthSession,
    input: { runId: number; mode: importsContract.ImportMode; progressKey?: string | undefined; file: Uint8Array | Readable; language: Language },
  ): Promise<importsContract.ImportReport> {
    const run = await this.scope.require(session, input.runId, 'project.ringHistory.write');
    const written = { from: 0, rings: 0 };
    const report = await this.imports.run({
      kind: 'ringhist',
      file: input.file,
      language: input.language,
      mode: input.mode,
      ...(input.progressKey ? { progress: { userId: session.userId, progressKey: input.progressKey } } : {}),
      review: async (rows) => (await this.judge(run, rows, new ImportedHistory(this.db), input.language)).refused,
      write: async (rows, trx) => {
        // Judged again inside the transaction: another import or the machine may have added rings meanwhile.
        const { accepted, refused } = await this.judge(run, rows, new ImportedHistory(trx), input.language);
        if (refused.length > 0) throw new ImportRowsRefused(refused);
        await new ImportedHistory(trx).write(run.id, accepted);
        written.from = accepted.reduce((min, r) => Math.min(min, r.start), Number.POSITIVE_INFINITY);
        written.rings = accepted.length;
      },
    });
    // Once committed: every screen that remembers figures of the run reads them again.
    if (written.rings > 0) this.events.emit('historyRewritten', { runId: run.id, from: written.from, cause: 'import', rings: written.rings });
    return report;
  }

  /**
   * The rules only the stored history can judge: a ring recorded from the machine's data keeps its
   * number; no ring may overlap another ring of the file, a ring recorded from the machine, a state
   * the machine recorded, or a ring imported before that this file does not replace; the durations
   * fit the ring's span as the run's clock reads it.
   */
  private async judge(run: ScopedRun, rows: readonly Row[], history: ImportedHistory, language: Language): Promise<{ accepted: ImportedRingInput[]; refused: Refusal[] }> {
    const say = (key: MessageKey, params?: MessageParams) => t(language, key, params);
    const at = (ts: number) => formatInstant(ts, run.time_zone, DATE_FORMATS.dateTime);
    const ringColumn = say('imports.column.ringNo');
    // Reading a time in a zone costs a few microseconds: a large sheet hands the event loop back now and then.
    const rings: { row: number; ring: ImportedRingInput }[] = [];
    for (const row of rows) {
      rings.push({ row: row.row, ring: ringOf(row.values, run.time_zone) });
      if (rings.length % 2_000 === 0) await new Promise<void>((resolve) => setImmediate(resolve));
    }
    const refused: Refusal[] = [];
    const refuse = (row: number, column: string | null, key: MessageKey, params?: MessageParams) => refused.push({ row, column, message: say(key, params) });
    if (rings.length === 0) return { accepted: [], refused };

    const numbers = new Set(rings.map((r) => r.ring.ringNo));
    const origins = await history.originsOf(run.id, [...numbers]);
    // A sheet holds up to 100,000 rows: no spread of them into one call's arguments.
    const from = rings.reduce((min, r) => Math.min(min, r.ring.start), Number.POSITIVE_INFINITY);
    const to = rings.reduce((max, r) => Math.max(max, r.ring.end), Number.NEGATIVE_INFINITY);
    const stored = (await history.spansBetween(run.id, from, to)).filter((s) => !(s.kind === 'ring' && s.origin === 'import' && s.ringNo !== null && numbers.has(s.ringNo)));
    const liveRings = new SpanIndex(stored.filter((s) => s.kind === 'ring' && s.origin === 'live'));
    const importedRings = new SpanIndex(stored.filter((s) => s.kind === 'ring' && s.origin === 'import'));
    const liveStates = new SpanIndex(stored.filter((s): s is StoredSpan => s.kind === 'state'));
    // Rows of the file among themselves: by start, each meets the earlier row reaching furthest.
    const clashes = new Map<number, { row: number; ringNo: number }>();
    let reach: { end: number; row: number; ringNo: number } | null = null;
    for (const { row, ring } of [...rings].sort((a, b) => a.ring.start - b.ring.start || a.row - b.row)) {
      if (reach && ring.start < reach.end) clashes.set(row, { row: reach.row, ringNo: reach.ringNo });
      if (!reach || ring.end > reach.end) reach = { end: ring.end, row, ringNo: ring.ringNo };
    }

    const bad = new Set<number>();
    for (const { row, ring } of rings) {
      const before = refused.length;
      const span = ring.end - ring.start;
      if (ring.advanceMs + ring.ringBuildMs + ring.waitingMs > span) refuse(row, null, 'ringHistory.refused.durations', { minutes: Math.round(span / MINUTE_MS) });
      if (origins.get(ring.ringNo) === 'live') refuse(row, ringColumn, 'ringHistory.refused.liveNumber', { ring: ring.ringNo });
      const live = liveRings.overlapping(ring.start, ring.end);
      if (live) refuse(row, null, 'ringHistory.refused.overlapsLiveRing', { ring: live.ringNo ?? '', from: at(live.start), to: at(live.end) });
      else {
        const state = liveStates.overlapping(ring.start, ring.end);
        if (state) refuse(row, null, 'ringHistory.refused.overlapsLiveData', { from: at(state.start), to: at(state.end) });
      }
      const earlier = importedRings.overlapping(ring.start, ring.end);
      if (earlier) refuse(row, null, 'ringHistory.refused.overlapsImported', { ring: earlier.ringNo ?? '', from: at(earlier.start), to: at(earlier.end) });
      const other = clashes.get(row);
      if (other) refuse(row, null, 'ringHistory.refused.overlapsRow', { ring: other.ringNo, row: other.row });
      if (refused.length > before) bad.add(row);
    }
    return { accepted: rings.filter((r) => !bad.has(r.row)).map((r) => r.ring), refused };
  }

  async summary(session: AuthSession, runId: number): Promise<ringHistoryContract.RingHistorySummary> {
    const run = await this.scope.require(session, runId, 'project.ringHistory.read');
    const history = new ImportedHistory(this.db);
    const [imported, live, built, backfill] = await Promise.all([
      history.span(run.id, 'import'),
      history.span(run.id, 'live'),
      this.machine.ringsBuilt(run.id, run.start_ring),
      this.tally.figures(run.id, ringHistoryContract.BACKFILL_HOURS),
    ]);
    return { timeZone: run.time_zone, startRing: run.start_ring, builtRings: built, imported, live, backfill: { hours: ringHistoryContract.BACKFILL_HOURS, ...backfill } };
  }

  async list(session: AuthSession, input: { runId: number; page: number; pageSize: number }) {
    const run = await this.scope.require(session, input.runId, 'project.ringHistory.read');
    const { total, rows } = await new ImportedHistory(this.db).page(run.id, input.page, input.pageSize);
    const minutes = (ms: number) => Math.round((ms / MINUTE_MS) * 10) / 10;
    return {
      total,
      page: input.page,
      pageSize: input.pageSize,
      records: rows.map((r) => {
        // A ring takes time: three zero durations are durations the sheet did not give.
        const given = r.advanceMs + r.ringBuildMs + r.waitingMs > 0;
        return {
          ringNo: r.ringNo,
          start: r.start,
          end: r.end,
          startChainage: r.startChainage,
          endChainage: r.endChainage,
          advanceMinutes: given ? minutes(r.advanceMs) : null,
          ringBuildMinutes: given ? minutes(r.ringBuildMs) : null,
          waitingMinutes: given ? minutes(r.waitingMs) : null,
          thrustAvg: r.thrustAvg,
          torqueAvg: r.torqueAvg,
          speedAvg: r.speedAvg,
        };
      }),
    };
  }

  async remove(session: AuthSession, runId: number): Promise<{ deleted: number }> {
    const run = await this.scope.require(session, runId, 'project.ringHistory.write');
    const removed = await this.db.transaction().execute((trx) => new ImportedHistory(trx).removeAll(run.id));
    if (removed.deleted > 0 && removed.from !== null) this.events.emit('historyRewritten', { runId: run.id, from: removed.from, cause: 'import', rings: 0 });
    return { deleted: removed.deleted };
  }
}
