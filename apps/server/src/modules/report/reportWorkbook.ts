import type { Language, periodReportContract } from '@boreline/contracts';
import type { AuthSession } from '../../core/auth.js';
import { errors } from '../../core/errors.js';
import type { PeriodReportRepo } from './periodReport.repo.js';
import { clipStates, machineFigures } from './shiftRecords.js';
import type { PeriodReportService } from './periodReport.service.js';
import { day2Workbook } from './reportWorkbookDay2.js';
import { periodWorkbook } from './reportWorkbookPeriod.js';
import { ringWorkbook } from './reportWorkbookRing.js';
import { fileStem } from './reportWorkbookShared.js';
import { shiftWorkbook } from './reportWorkbookShift.js';

export interface ExportedWorkbook {
  fileName: string;
  body: Buffer;
}

type ExportInput = periodReportContract.ReportExport;
type PeriodReport = periodReportContract.PeriodReport;

/** Nothing to put in a period's workbook: no ring, no machine state and no shift report in it. */
const isEmptyPeriod = (report: PeriodReport) =>
  report.actual.rings === 0 && report.times.advanceMs + report.times.ringBuildMs + report.times.waitingMs + report.times.finishMs === 0 && report.shifts.every((s) => s.shiftRecId === null);

const FILE_KINDS = { day: 'daily-report', day2: 'daily-summary', week: 'weekly-report', month: 'monthly-report' } as const;

/**
 * The export of every report as an .xlsx workbook in the caller's language: the same figures as the
 * screens (the same service computes them), laid out for printing and for further work in Excel.
 */
export class ReportExporter {
  constructor(
    private readonly reports: PeriodReportService,
    private readonly repo: PeriodReportRepo,
  ) {}

  async export(session: AuthSession, input: ExportInput, language: Language): Promise<ExportedWorkbook> {
    if (input.report === 'shift') {
      // A shift report is read under its own resource as well as the export's.
      const run = await this.reports.requireRun(session, input.runId);
      await this.reports.requireShiftRead(session, input.runId);
      const report = await this.repo.shiftReports.byId(run.id, input.shiftRecId);
      if (!report) throw errors.business('report.shift.notFound');
      const [records, states, rings] = await Promise.all([
        this.repo.shiftReports.records(report.id),
        this.repo.machine.states(run.id, report.start_ts, report.end_ts),
        this.repo.machine.ringsEndingIn(run.id, report.start_ts, report.end_ts),
      ]);
      // The same figures the shift report's statistics show.
      const figures = machineFigures(clipStates(states, report.start_ts, report.end_ts), rings.length, run.ring_width_mm);
      const machine = { advanceMs: figures.advanceMs, ringBuildMs: figures.ringBuildMs, waitingMs: figures.waitingMs, rings: figures.ringsCompleted, metres: figures.metres };
      const body = await shiftWorkbook({ head: this.reports.head(run), report, records, machine }, language);
      return { fileName: `${fileStem('shift-report', run.tbm_code)}_${report.date}_${report.shift_no}.xlsx`, body };
    }
    const run = await this.reports.requireRun(session, input.runId);
    if (input.report === 'ring') {
      const report = await this.reports.ringsOf(run, input.ringStart, input.ringEnd);
      if (report.rows.length === 0) throw errors.business('common.notice.noExportData');
      const body = await ringWorkbook(report, input, language);
      return { fileName: `${fileStem('ring-report', run.tbm_code)}_${input.ringStart}-${input.ringEnd}.xlsx`, body };
    }
    const unit = input.report === 'day2' ? 'day' : input.report;
    const report = await this.reports.periodOf(run, unit, input.date, language);
    if (isEmptyPeriod(report)) throw errors.business('common.notice.noExportData');
    const body = input.report === 'day2' ? await day2Workbook(report, language) : await periodWorkbook(report, language);
    const span = unit === 'month' ? report.firstDate.slice(0, 7) : unit === 'week' ? `${report.firstDate}_${report.lastDate}` : report.firstDate;
    return { fileName: `${fileStem(FILE_KINDS[input.report], run.tbm_code)}_${span}.xlsx`, body };
  }
}
