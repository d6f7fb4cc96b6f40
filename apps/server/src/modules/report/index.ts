import { defineModule } from '../../platform/module.js';
import { ShiftRepo } from '../project/index.js';
import { registerPeriodReportRoutes } from './periodReport.routes.js';
import type { NotableAlarmsSource } from './periodReport.service.js';
import { ShiftAutoGeneration } from './shiftAutoGeneration.js';
import { ShiftReportRepo } from './shiftReport.repo.js';
import { registerShiftReportRoutes } from './shiftReport.routes.js';

export { PeriodReportRepo, type StopRow } from './periodReport.repo.js';
export { type NotableAlarmsSource, rankStopReasons } from './periodReport.service.js';

declare module '../../core/services.js' {
  interface Services {
    /** The notable alarms of a span: provided by the alarm module (registered later) where the server keeps alarms. */
    alarmDigest: NotableAlarmsSource;
  }
}
export type { ExportedWorkbook } from './reportWorkbook.js';
export { fileStem, type ReportHead, TITLE_BLOCK_ROWS, titleBlock } from './reportWorkbookShared.js';
export { languageOfCountry, ShiftAutoGeneration, slotsEndingIn } from './shiftAutoGeneration.js';
export { recordRow, ShiftReportRepo } from './shiftReport.repo.js';
export { generateInto } from './shiftRecords.service.js';
export { clipStates, type RecordDraft, recordsFromStates, type StateInterval } from './shiftRecords.js';
export { shiftDefinitions, type SlotSpan, slotsOfDate } from './shiftSlots.js';

/** Shift reports (records generated from the machine's states), ring, daily, weekly and monthly reports, their exports. */
export const reportModule = defineModule({
  name: 'report',
  register(ctx) {
    const runs = ctx.services.get('runScope');
    const editWindowMs = ctx.config.reports.editWindowMs;
    registerShiftReportRoutes(ctx.app, { db: ctx.db, runs, now: ctx.now, editWindowMs }, ctx.endpoints);
    // The alarm module registers later: its digest is looked up when a report is asked for.
    const alarms = () => (ctx.services.has('alarmDigest') ? ctx.services.get('alarmDigest') : null);
    registerPeriodReportRoutes(ctx.app, { db: ctx.db, runs, figures: ctx.services.get('projectFigures'), now: ctx.now, alarms }, ctx.endpoints);

    const generation = new ShiftAutoGeneration({
      reports: new ShiftReportRepo(ctx.db),
      shifts: new ShiftRepo(ctx.db),
      runs: () => ctx.services.get('runs').under(null),
      log: ctx.log,
      now: Date.now,
      editWindowMs,
    });
    ctx.jobs.declare({ name: 'report.shiftAutoGeneration', intervalMs: ctx.config.reports.autoGenerateIntervalMs, run: ({ now, signal }) => generation.pass(now, signal) });
  },
});
