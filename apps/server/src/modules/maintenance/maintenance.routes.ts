import { mtceContentContract as content, mtcePlanContract as plan, mtceRecordContract as record, importsContract } from '@boreline/contracts';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../core/auth.js';
import { attachmentHeader } from '../../core/excel.js';
import { registerEndpoint, registerRawEndpoint, ValidationFailed } from '../../core/http.js';
import { t } from '../../core/i18n.js';
import { type ImportService, readImportUpload } from '../imports/index.js';
import { complianceWorkbook } from './complianceWorkbook.js';
import type { MaintenanceService } from './maintenance.service.js';
import type { MaintenanceViews } from './maintenanceViews.js';
import { importPlans } from './planImport.js';
import { planWorkbook } from './planWorkbook.js';

/** The maintenance calls of spec §7: plans, calendar and dashboard (`mtce/*`), records, and the content page's views (`maintenance/*`). */
export function registerMaintenanceRoutes(app: FastifyInstance, service: MaintenanceService, views: MaintenanceViews, imports: ImportService, options: { validateResponses: boolean }): void {
  // Plans -----------------------------------------------------------------------------------------
  registerEndpoint(app, plan.mtcePlanQueryPage, async ({ input, request, language }) => service.planPage(requireAuth(request), input, language), options);
  registerEndpoint(app, plan.mtcePlanAdd, async ({ input, request, language }) => service.addPlan(requireAuth(request), input, language), options);
  registerEndpoint(app, plan.mtcePlanEdit, async ({ input, request, language }) => service.editPlan(requireAuth(request), input, language), options);
  registerEndpoint(app, plan.mtcePlanDelete, async ({ input, request }) => service.deletePlan(requireAuth(request), input.runId, input.id), options);
  registerEndpoint(app, plan.mtcePlanRemindEdit, async ({ input, request, language }) => service.setReminder(requireAuth(request), input, language), options);
  registerEndpoint(app, plan.mtcePlanRemindQuery, async ({ input, request }) => service.reminder(requireAuth(request), input.runId, input.id), options);
  registerEndpoint(
    app,
    plan.mtcePlanImport,
    async ({ request, language }) => {
      const session = requireAuth(request);
      const upload = await readImportUpload(request);
      const form = plan.PlanImportFormSchema.safeParse(upload.fields);
      if (!form.success) {
        const field = String(form.error.issues[0]?.path[0] ?? '');
        const message = form.error.issues[0]?.message;
        throw new ValidationFailed([{ field, message: t(language, message === 'validation.required' ? 'validation.required' : 'validation.invalid') }]);
      }
      const { runId, mode, progressKey } = form.data;
      return importPlans(service, imports, session, { runId, mode, progressKey, file: upload.file, language });
    },
    options,
  );
  registerEndpoint(app, plan.mtcePlanUnits, async ({ input, request }) => service.units(requireAuth(request), input.runId), options);
  registerEndpoint(app, plan.mtcePlanParts, async ({ input, request }) => service.parts(requireAuth(request), input.runId, input.system), options);
  registerEndpoint(app, plan.mtcePlanUnique, async ({ input, request }) => service.unique(requireAuth(request), input), options);
  registerEndpoint(app, plan.mtcePlanOverdue, async ({ input, request, language }) => service.overdue(requireAuth(request), input.runId, language), options);
  registerEndpoint(app, plan.mtcePlanGroup, async ({ input, request, language }) => service.groups(requireAuth(request), input.runId, language), options);
  registerEndpoint(app, plan.mtcePlanDashboard, async ({ input, request, language }) => views.dashboard(requireAuth(request), input.runId, language), options);
  registerEndpoint(app, plan.mtceCalendar, async ({ input, request, language }) => views.calendar(requireAuth(request), input, language), options);
  registerRawEndpoint(app, plan.mtceComplianceExport, async ({ input, request, reply, language }) => {
    const { run, rows } = await views.complianceExport(requireAuth(request), input, language);
    const title = `${t(language, 'maintenance.export.sheet')} — ${run.project_name} ${run.tbm_code}`;
    const body = await complianceWorkbook(title, rows, language);
    reply.header('content-disposition', attachmentHeader(`${t(language, 'maintenance.export.sheet')} ${input.from.slice(0, 7)}_${input.to.slice(0, 7)}.xlsx`));
    return { contentType: importsContract.XLSX_CONTENT_TYPE, body };
  });
  registerRawEndpoint(app, plan.mtcePlanExport, async ({ input, request, reply, language }) => {
    const { run, plans, now } = await service.planExport(requireAuth(request), input, language);
    const file = await planWorkbook(run, plans, language, now);
    reply.header('content-disposition', attachmentHeader(file.fileName));
    return { contentType: importsContract.XLSX_CONTENT_TYPE, body: file.body };
  });

  // Records ---------------------------------------------------------------------------------------
  registerEndpoint(app, record.mtceRecordPage, async ({ input, request, language }) => service.recordPage(requireAuth(request), input, language), options);
  registerEndpoint(app, record.mtceRecordAdd, async ({ input, request, language }) => service.addRecord(requireAuth(request), input, language), options);
  registerEndpoint(app, record.mtceRecordDetail, async ({ input, request, language }) => service.record(requireAuth(request), input.runId, input.id, language), options);
  registerEndpoint(app, record.mtceRecordDashboard, async ({ input, request }) => views.recordDashboard(requireAuth(request), input), options);

  // The content page: views over the same plans and records ----------------------------------------
  registerEndpoint(
    app,
    content.mtceContentQueryList,
    async ({ input, request, language }) => service.planPage(requireAuth(request), { ...input, trigger: undefined, state: undefined }, language, 'catalogue'),
    options,
  );
  registerEndpoint(app, content.mtceContentQueryDetail, async ({ input, request, language }) => service.plan(requireAuth(request), input.runId, input.id, language), options);
  registerEndpoint(
    app,
    content.mtceContentAddOrEdit,
    async ({ input, request, language }) => {
      const session = requireAuth(request);
      const { id, ...fields } = input;
      return id === undefined ? service.addPlan(session, fields, language) : service.editPlan(session, { ...fields, id }, language);
    },
    options,
  );
  registerEndpoint(app, content.mtceContentDelete, async ({ input, request }) => service.deletePlan(requireAuth(request), input.runId, input.id), options);
  registerEndpoint(app, content.mtceContentRemindList, async ({ input, request, language }) => service.remindList(requireAuth(request), input.runId, language), options);
  registerEndpoint(app, content.mtceContentSetRemind, async ({ input, request, language }) => service.setReminder(requireAuth(request), input, language), options);
  registerEndpoint(app, content.mtceContentHistoryTemplate, async ({ input, request }) => service.historyTemplate(requireAuth(request), input.runId, input.id), options);
  registerEndpoint(
    app,
    content.mtceContentHistoryList,
    async ({ input, request, language }) => service.recordPage(requireAuth(request), { runId: input.runId, planId: input.id, page: input.page, pageSize: input.pageSize }, language),
    options,
  );
  registerEndpoint(app, content.mtceContentHistoryDetail, async ({ input, request, language }) => service.record(requireAuth(request), input.runId, input.id, language), options);
  registerEndpoint(app, content.mtceContentAddHistory, async ({ input, request, language }) => service.addRecord(requireAuth(request), input, language), options);
}
