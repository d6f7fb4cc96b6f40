import { type EndpointArgs, type Language, RESULT_CODE, type shiftReportContract as c } from '@boreline/contracts';
import type { AuthSession } from '../../core/auth.js';
import { AppError, errors } from '../../core/errors.js';
import type { DictionaryService } from '../project/index.js';
import { draftOf, spanOfReport } from './shiftReport.presenter.js';
import type { ShiftRecordRow, ShiftReportRepo } from './shiftReport.repo.js';
import type { ShiftReportScope } from './shiftReportScope.js';
import { findOutside, findOverlap, type RecordDraft, recordsFromStates } from './shiftRecords.js';
import { type SlotSpan, wallClock } from './shiftSlots.js';

type Input<E> = EndpointArgs<E>;
type ShiftReport = c.ShiftReport;
type RecordInput = c.RecordInput;

/** The answer that asks the caller to confirm replacing records people may have worked on (spec §4). */
const overwriteConfirmation = () =>
  new AppError(RESULT_CODE.business, 409, 'report.shift.overwriteConfirm', {}, {}, { needsConfirmation: true });

/**
 * Generates a shift's records over [span.start, until) inside the caller's transaction: creates the
 * slot's main row if needed and locks it, so concurrent generations of one shift (two people, or
 * people and the scheduler on any instance) run one after another and leave one set of records.
 * Answers the report's id, or null without writing when records exist and `overwrite` is false.
 * `userId` null marks a generation by the scheduler.
 */
export async function generateInto(
  repo: ShiftReportRepo,
  runId: number,
  span: SlotSpan,
  until: number,
  userId: number | null,
  now: number,
  overwrite: boolean,
): Promise<number | null> {
  await repo.ensureMain(runId, span, userId, now);
  const main = await repo.lockMain(runId, span.start);
  if (!main) throw errors.business('report.shift.notFound');
  if ((await repo.records(main.id)).length > 0 && !overwrite) return null;
  const [states, rings, status] = await Promise.all([repo.machine.states(runId, span.start, until), repo.machine.ringsEndingIn(runId, span.start, until), repo.machine.stateAt(runId, until)]);
  await repo.replaceRecords(main.id, recordsFromStates(states, span.start, until));
  // What people wrote stays; only empty fields take what the machine says.
  const ringsEmpty = main.ring_start === null && main.ring_end === null;
  await repo.markGenerated(
    main.id,
    {
      ringStart: ringsEmpty ? (rings[0]?.ring_no ?? null) : main.ring_start,
      ringEnd: ringsEmpty ? (rings.at(-1)?.ring_no ?? null) : main.ring_end,
      machineStatus: main.machine_status ?? status,
    },
    userId,
    now,
  );
  return main.id;
}

/**
 * The records of a shift report: generated from the machine's state intervals, then completed by
 * people within the shift's edit window. Primary processes (advance, ring building from the
 * machine) are only ever replaced by a new generation.
 */
export class ShiftRecordsService {
  constructor(
    private readonly scope: ShiftReportScope,
    private readonly dictionary: DictionaryService,
  ) {}

  /**
   * Generates the shift's records up to its end, or up to now while it runs. Existing records are
   * replaced only with `overwrite`; the main row is locked first, so concurrent generations of one
   * shift run one after another and leave exactly one set of records.
   */
  async autoGenerate(session: AuthSession, input: Input<typeof c.autoGenShiftRecord>, language: Language): Promise<ShiftReport> {
    const run = await this.scope.run(session, input.runId, 'report.shift.write');
    const span = await this.scope.span(run, input.date, input.shiftNo, language);
    const now = this.scope.now();
    this.scope.assertEditable(span.end, now);
    if (now <= span.start) throw errors.business('report.shift.notStarted');
    const until = Math.min(span.end, now);
    const id = await this.scope.reports.transaction((repo) => generateInto(repo, run.id, span, until, session.userId, now, input.overwrite));
    if (id === null) throw overwriteConfirmation();
    return this.scope.viewById(run, id, language);
  }

  /**
   * Makes `records` the report's non-primary records: rows naming a record edit it, the others
   * are new, unnamed ones are deleted. Every record lies within the shift and none overlaps
   * another, primary processes included.
   */
  async save(session: AuthSession, input: Input<typeof c.saveShiftRecords>, language: Language): Promise<ShiftReport> {
    const run = await this.scope.run(session, input.runId, 'report.shift.write');
    const row = await this.scope.report(run, input.shiftRecId);
    const span = spanOfReport(row, language);
    const now = this.scope.now();
    this.scope.assertEditable(span.end, now);
    await this.scope.reports.transaction(async (repo) => {
      const main = await repo.lockMain(run.id, span.start);
      if (main?.id !== row.id) throw errors.business('report.shift.notFound');
      const stored = new Map((await repo.records(row.id)).map((r) => [r.id, r]));
      const rows = input.records.map((record) => ({ id: record.recordId ?? null, draft: this.draft(record, stored) }));
      const named = rows.flatMap((r) => (r.id === null ? [] : [r.id]));
      if (new Set(named).size !== named.length) throw errors.business('report.shift.recordNotFound');

      const drafts = rows.map((r) => r.draft);
      if (findOutside(drafts, span.start, span.end)) {
        throw errors.business('report.shift.outsideShift', { start: wallClock(span.start, run.time_zone), end: wallClock(span.end, run.time_zone) });
      }
      const primaries = [...stored.values()].filter((r) => r.is_primary === 1).map(draftOf);
      const overlap = findOverlap([...primaries, ...drafts]);
      if (overlap) {
        const [first, second] = overlap;
        throw errors.business('report.shift.overlap', { first: this.label(first, run.time_zone, language), second: this.label(second, run.time_zone, language) });
      }

      const gone = [...stored.values()].filter((r) => r.is_primary === 0 && !named.includes(r.id)).map((r) => r.id);
      await repo.deleteRecords(row.id, gone);
      for (const r of rows) if (r.id !== null) await repo.updateRecord(row.id, r.id, r.draft);
      await repo.insertRecords(row.id, rows.filter((r) => r.id === null).map((r) => r.draft));
      await repo.touch(row.id, session.userId, now);
    });
    return this.scope.viewById(run, row.id, language);
  }

  /** A record as it will be stored; the contract's rules are checked again, the stored record is looked up. */
  private draft(record: RecordInput, stored: ReadonlyMap<number, ShiftRecordRow>): RecordDraft {
    if (record.kind === 'stop' && record.stopReason === null) throw errors.business('report.shift.stopReasonRequired');
    if (record.kind === 'process' && record.process === null) throw errors.business('report.shift.processRequired');
    if (!(record.end > record.start)) throw errors.business('report.shift.endBeforeStart');
    let generated = false;
    if (record.recordId !== null && record.recordId !== undefined) {
      const before = stored.get(record.recordId);
      if (!before) throw errors.business('report.shift.recordNotFound');
      if (before.is_primary === 1) throw errors.business('report.shift.primaryLocked');
      // A generated stop that only gains its reason is still the machine's span; re-timed, it is a person's.
      generated = before.generated === 1 && before.start_ts === record.start && before.end_ts === record.end && before.kind === record.kind;
    }
    return {
      kind: record.kind,
      process: record.kind === 'process' ? record.process : null,
      stopReason: record.kind === 'stop' ? record.stopReason : null,
      start: record.start,
      end: record.end,
      primary: false,
      generated,
      remark: record.remark,
    };
  }

  /** "Advance (07:00–09:30)": a record as messages name it, in the caller's language and the project's clock. */
  private label(record: RecordDraft, timeZone: string, language: Language): string {
    const type = record.kind === 'process' ? 'workProcess' : 'stopReason';
    const code = record.kind === 'process' ? record.process : record.stopReason;
    const [list] = this.dictionary.list([type], language);
    const name = list?.items.find((item) => item.code === code)?.name ?? '';
    return `${name} (${wallClock(record.start, timeZone)}–${wallClock(record.end, timeZone)})`.trim();
  }
}
