import { type EndpointArgs, type Language, LIMITS, type shiftReportContract as c } from '@boreline/contracts';
import type { AuthSession } from '../../core/auth.js';
import { errors } from '../../core/errors.js';
import type { RingSegmentData } from './ringReport.js';
import { presentRecord, spanOfReport } from './shiftReport.presenter.js';
import type { ShiftReportScope } from './shiftReportScope.js';

type Input<E> = EndpointArgs<E>;
type ShiftReport = c.ShiftReport;

/**
 * Shift reports (spec §3, §4): finding and reading a shift's report, its main part, its time bar
 * and statistics, the rings of the shift, and deleting a report while it can still be edited.
 */
export class ShiftReportService {
  constructor(private readonly scope: ShiftReportScope) {}

  async query(session: AuthSession, input: Input<typeof c.shiftReportQuery>, language: Language): Promise<ShiftReport> {
    const run = await this.scope.run(session, input.runId, 'report.shift.read');
    return this.scope.viewById(run, input.shiftRecId, language);
  }

  async day(session: AuthSession, input: Input<typeof c.shiftDayList>, language: Language): Promise<c.ShiftDay> {
    const run = await this.scope.run(session, input.runId, 'report.shift.read');
    const [spans, rows] = await Promise.all([this.scope.spansOfDate(run, input.date, language), this.scope.reports.onDate(run.id, input.date)]);
    const reportAt = new Map(rows.map((r) => [r.start_ts, r.id]));
    const records = await this.scope.reports.recordsOfReports(rows.map((r) => r.id));
    return {
      date: input.date,
      timeZone: run.time_zone,
      shifts: spans.map((span) => {
        const shiftRecId = reportAt.get(span.start) ?? null;
        const own = records.filter((r) => r.report_id === shiftRecId);
        return {
          ...this.scope.slot(span, run),
          shiftRecId,
          recordCount: own.length,
          unexplainedStops: own.filter((r) => r.kind === 'stop' && r.stop_reason === null).length,
        };
      }),
    };
  }

  async find(session: AuthSession, input: Input<typeof c.findShiftMain>, language: Language): Promise<ShiftReport | null> {
    const run = await this.scope.run(session, input.runId, 'report.shift.read');
    const span = await this.scope.span(run, input.date, input.shiftNo, language);
    const row = await this.scope.reports.at(run.id, span.start);
    return row ? this.scope.view(run, row, language) : null;
  }

  /** Creates the slot's report on first save; the same slot never gets two (unique run + start). */
  async saveMain(session: AuthSession, input: Input<typeof c.saveShiftMain>, language: Language): Promise<ShiftReport> {
    const run = await this.scope.run(session, input.runId, 'report.shift.write');
    const span = await this.scope.span(run, input.date, input.shiftNo, language);
    const now = this.scope.now();
    this.scope.assertEditable(span.end, now);
    const id = await this.scope.reports.transaction(async (repo) => {
      await repo.ensureMain(run.id, span, session.userId, now);
      const main = await repo.lockMain(run.id, span.start);
      if (!main) throw errors.business('report.shift.notFound');
      await repo.updateMain(main.id, input, session.userId, now);
      return main.id;
    });
    return this.scope.viewById(run, id, language);
  }

  async graph(session: AuthSession, input: Input<typeof c.listShiftRecordForGraph>, language: Language) {
    const run = await this.scope.run(session, input.runId, 'report.shift.read');
    const row = await this.scope.report(run, input.shiftRecId);
    const span = spanOfReport(row, language);
    const [records, machine] = await Promise.all([this.scope.reports.records(row.id), this.scope.machine(run, span)]);
    return { slot: this.scope.slot(span, run), records: records.map((r) => presentRecord(r, span.end - span.start)), states: machine.states };
  }

  async stats(session: AuthSession, input: Input<typeof c.listShiftStatData>, language: Language): Promise<c.ShiftStats> {
    const run = await this.scope.run(session, input.runId, 'report.shift.read');
    return (await this.scope.viewById(run, input.shiftRecId, language)).stats;
  }

  async dates(session: AuthSession, input: Input<typeof c.listDateSelForRecord>) {
    const run = await this.scope.run(session, input.runId, 'report.shift.read');
    return this.scope.reports.countsByDate(run.id, `${input.month}-01`, `${input.month}-31`);
  }

  /** Deletes the report and its records for good, within the edit window. */
  async remove(session: AuthSession, input: Input<typeof c.deleteShiftReport>): Promise<null> {
    const run = await this.scope.run(session, input.runId, 'report.shift.write');
    const row = await this.scope.report(run, input.shiftRecId);
    this.scope.assertEditable(row.end_ts);
    await this.scope.reports.transaction((repo) => repo.deleteReport(row.id));
    return null;
  }

  async ringOptions(session: AuthSession, input: Input<typeof c.getRingReportSel>) {
    const run = await this.scope.run(session, input.runId, 'report.shift.read');
    const rows = await this.scope.reports.machine.ringList(run.id, { from: input.from ?? null, to: input.to ?? null, limit: LIMITS.ringReportMax });
    return rows.map((r) => ({ ringNo: r.ring_no, start: r.start_ts, end: r.end_ts }));
  }

  /** The rings completed within the report's shift, with what is known of their erection. */
  async ringSegments(session: AuthSession, input: Input<typeof c.getRingSegmentSel>): Promise<c.RingSegment[]> {
    const run = await this.scope.run(session, input.runId, 'report.shift.read');
    const row = await this.scope.report(run, input.shiftRecId);
    // Only the rings: the shift's state intervals are not needed here.
    const rings = await this.scope.reports.machine.ringsEndingIn(run.id, row.start_ts, row.end_ts);
    const ringNos = rings.map((r) => r.ring_no);
    const segments = ringNos.length > 0 ? await this.scope.reports.segments.of(run.id, Math.min(...ringNos), Math.max(...ringNos)) : new Map<number, RingSegmentData>();
    return rings.map((r) => {
      const segment = segments.get(r.ring_no);
      return {
      ringNo: r.ring_no,
      start: r.start_ts,
      end: r.end_ts,
      ringBuildMs: r.ring_build_ms,
      advanceMs: r.advance_ms,
      // Segment type, K position and clearances from the segment records (confirmed or the machine's draft); else the machine's tail-gap tags.
      segmentType: segment?.segmentType ?? null,
      keyPosition: segment?.kPosition ?? null,
      tailGap: segment?.gap ?? { top: r.tail_gap_top, bottom: r.tail_gap_bottom, left: r.tail_gap_left, right: r.tail_gap_right },
      tailHorizontal: r.tail_horizontal,
      tailVertical: r.tail_vertical,
      };
    });
  }
}
