import { shiftReportContract as c } from '@boreline/contracts';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { requireAuth } from '../../core/auth.js';
import { registerEndpoint } from '../../core/http.js';
import type { Database } from '../../db/schema.js';
import { DictionaryService, type RunScope, ShiftRepo } from '../project/index.js';
import { ShiftRecordsService } from './shiftRecords.service.js';
import { ShiftReportRepo } from './shiftReport.repo.js';
import { ShiftReportService } from './shiftReport.service.js';
import { ShiftReportScope } from './shiftReportScope.js';

export interface ShiftReportDeps {
  db: Kysely<Database>;
  runs: RunScope;
  now: () => number;
  /** How long after its end a shift report can still be changed. */
  editWindowMs: number;
}

/** Shift report calls of spec §7. */
export function registerShiftReportRoutes(app: FastifyInstance, deps: ShiftReportDeps, options: { validateResponses: boolean }): void {
  const scope = new ShiftReportScope({
    reports: new ShiftReportRepo(deps.db),
    shifts: new ShiftRepo(deps.db),
    runs: deps.runs,
    now: deps.now,
    editWindowMs: deps.editWindowMs,
  });
  const reports = new ShiftReportService(scope);
  const records = new ShiftRecordsService(scope, new DictionaryService());

  registerEndpoint(app, c.shiftReportQuery, async ({ input, request, language }) => reports.query(requireAuth(request), input, language), options);
  registerEndpoint(app, c.shiftDayList, async ({ input, request, language }) => reports.day(requireAuth(request), input, language), options);
  registerEndpoint(app, c.findShiftMain, async ({ input, request, language }) => reports.find(requireAuth(request), input, language), options);
  registerEndpoint(
    app,
    c.saveShiftMain,
    async ({ input, request, language, setMessage }) => {
      const saved = await reports.saveMain(requireAuth(request), input, language);
      setMessage('common.outcome.editSuccess');
      return saved;
    },
    options,
  );
  registerEndpoint(
    app,
    c.saveShiftRecords,
    async ({ input, request, language, setMessage }) => {
      const saved = await records.save(requireAuth(request), input, language);
      setMessage('common.outcome.editSuccess');
      return saved;
    },
    options,
  );
  registerEndpoint(app, c.listShiftRecordForGraph, async ({ input, request, language }) => reports.graph(requireAuth(request), input, language), options);
  registerEndpoint(app, c.listShiftStatData, async ({ input, request, language }) => reports.stats(requireAuth(request), input, language), options);
  registerEndpoint(
    app,
    c.autoGenShiftRecord,
    async ({ input, request, language, setMessage }) => {
      const generated = await records.autoGenerate(requireAuth(request), input, language);
      setMessage('report.shift.generated');
      return generated;
    },
    options,
  );
  registerEndpoint(app, c.listDateSelForRecord, async ({ input, request }) => reports.dates(requireAuth(request), input), options);
  registerEndpoint(
    app,
    c.deleteShiftReport,
    async ({ input, request, setMessage }) => {
      await reports.remove(requireAuth(request), input);
      setMessage('common.outcome.deleteSuccess');
      return null;
    },
    options,
  );
  registerEndpoint(app, c.getRingReportSel, async ({ input, request }) => reports.ringOptions(requireAuth(request), input), options);
  registerEndpoint(app, c.getRingSegmentSel, async ({ input, request }) => reports.ringSegments(requireAuth(request), input), options);
}
