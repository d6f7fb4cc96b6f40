import { type Language, type ResourceCode, RESULT_CODE, type shiftReportContract } from '@boreline/contracts';
import type { AuthSession } from '../../core/auth.js';
import { AppError, errors } from '../../core/errors.js';
import type { ShiftRepo, RunScope, ScopedRun } from '../project/index.js';
import { presentMain, presentRecord, draftOf, spanOfReport } from './shiftReport.presenter.js';
import type { RingRow } from '../../telemetry/index.js';
import type { ShiftReportRepo, ShiftReportRow } from './shiftReport.repo.js';
import { clipStates, machineFigures, type MachineFigures, shiftStats, type StateInterval } from './shiftRecords.js';
import { editableUntil, presentSlot, shiftDefinitions, type SlotSpan, slotOf, slotsOfDate } from './shiftSlots.js';

type ShiftReport = shiftReportContract.ShiftReport;

export interface ShiftReportScopeDeps {
  reports: ShiftReportRepo;
  shifts: ShiftRepo;
  runs: RunScope;
  now: () => number;
  /** How long after its end a shift report can still be changed. */
  editWindowMs: number;
}

/** What the machine data says about one shift, clipped to it. */
export interface MachineView {
  states: StateInterval[];
  rings: RingRow[];
  figures: MachineFigures;
}

/**
 * What every shift-report call shares: the run the caller may touch, the slot a date and shift
 * number name, the report of a run, the edit window, and the full view of a report.
 */
export class ShiftReportScope {
  constructor(private readonly deps: ShiftReportScopeDeps) {}

  get reports(): ShiftReportRepo {
    return this.deps.reports;
  }

  now(): number {
    return this.deps.now();
  }

  run(session: AuthSession, runId: number, code: ResourceCode): Promise<ScopedRun> {
    return this.deps.runs.require(session, runId, code);
  }

  /** Shift `shiftNo` of the run on a local date, cut in the project's zone. */
  async span(run: ScopedRun, date: string, shiftNo: number, language: Language): Promise<SlotSpan> {
    const definitions = shiftDefinitions(await this.deps.shifts.ofRun(run.id), language);
    const span = slotOf(definitions, date, shiftNo, run.time_zone);
    if (span === null) throw errors.business('report.shift.noShift', { shiftNo });
    return span;
  }

  async spansOfDate(run: ScopedRun, date: string, language: Language): Promise<SlotSpan[]> {
    return slotsOfDate(shiftDefinitions(await this.deps.shifts.ofRun(run.id), language), date, run.time_zone);
  }

  /** A report of this run; another run's report answers exactly like a missing one. */
  async report(run: ScopedRun, shiftRecId: number): Promise<ShiftReportRow> {
    const row = await this.deps.reports.byId(run.id, shiftRecId);
    if (!row) throw errors.business('report.shift.notFound');
    return row;
  }

  /** Refuses any change once the shift's end plus the edit window has passed (spec §4). */
  assertEditable(end: number, now: number = this.now()): void {
    if (now >= editableUntil(end, this.deps.editWindowMs)) throw new AppError(RESULT_CODE.business, 400, 'report.shift.editExpired', {}, {}, { editExpired: true });
  }

  slot(span: SlotSpan, run: ScopedRun): shiftReportContract.ShiftSlot {
    return presentSlot(span, run, this.now(), this.deps.editWindowMs);
  }

  /** Machine states clipped to the shift and the rings completed in [start, end). */
  async machine(run: ScopedRun, span: SlotSpan): Promise<MachineView> {
    const [states, rings] = await Promise.all([
      this.deps.reports.machine.states(run.id, span.start, span.end),
      this.deps.reports.machine.ringsEndingIn(run.id, span.start, span.end),
    ]);
    const clipped = clipStates(states, span.start, span.end);
    return { states: clipped, rings, figures: machineFigures(clipped, rings.length, run.ring_width_mm) };
  }

  async view(run: ScopedRun, row: ShiftReportRow, language: Language): Promise<ShiftReport> {
    const span = spanOfReport(row, language);
    const shiftMs = span.end - span.start;
    const [records, machine] = await Promise.all([this.deps.reports.records(row.id), this.machine(run, span)]);
    return {
      slot: this.slot(span, run),
      main: presentMain(row),
      records: records.map((r) => presentRecord(r, shiftMs)),
      stats: shiftStats(records.map(draftOf), shiftMs, machine.figures),
    };
  }

  /** The view of a report just written (it exists: the caller holds its run and wrote it). */
  async viewById(run: ScopedRun, shiftRecId: number, language: Language): Promise<ShiftReport> {
    return this.view(run, await this.report(run, shiftRecId), language);
  }
}
