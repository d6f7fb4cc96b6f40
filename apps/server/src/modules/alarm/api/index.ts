import { alarmContract as c, periodReportContract } from '@boreline/contracts';
import { requireAuth } from '../../../core/auth.js';
import { errors } from '../../../core/errors.js';
import { attachmentHeader } from '../../../core/excel.js';
import { registerEndpoint, registerRawEndpoint } from '../../../core/http.js';
import type { ModuleContext } from '../../../platform/module.js';
import type { AlarmRuntimeControl } from '../runtimeControl.js';
import { alarmWorkbook } from './alarm.export.js';
import { AlarmService } from './alarm.service.js';
import { escalationPass } from './escalation.js';

const MINUTE_MS = 60_000;

/** The alarm calls (spec §2, §7): current, history, export, detail, lifecycle actions, settings, performance; the escalation job. */
export function registerAlarmApi(ctx: ModuleContext, runtime: AlarmRuntimeControl): void {
  const runs = ctx.services.get('runScope');
  const sessions = ctx.services.get('sessions');
  const messages = () => ctx.services.get('messageCentre');
  const alarms = new AlarmService({ db: ctx.db, runs, machine: ctx.machine, messages, runtime, bus: ctx.bus, now: ctx.now });
  const options = ctx.endpoints;
  const { app } = ctx;

  registerEndpoint(app, c.alarmHistoryQuery, async ({ input, request, language }) => alarms.history(requireAuth(request), input, language), options);
  registerRawEndpoint(app, c.alarmHistoryExport, async ({ input, request, reply, language }) => {
    const { run, alarms: rows } = await alarms.exportRows(requireAuth(request), input, language);
    const file = await alarmWorkbook(run, rows, language);
    reply.header('content-disposition', attachmentHeader(file.fileName));
    return { contentType: periodReportContract.XLSX_CONTENT_TYPE, body: file.body };
  });
  registerEndpoint(app, c.alarmHistoryParams, async ({ input, request, language }) => alarms.params(requireAuth(request), input.runId, language), options);
  registerEndpoint(app, c.alarmCurrentQuery, async ({ input, request, language }) => alarms.current(requireAuth(request), input, language), options);
  // The mobile view's form: the H5 session's token in the path (code 1 when unknown or ended, code 2 off its run).
  registerEndpoint(
    app,
    c.alarmCurrentQueryByToken,
    async ({ input, language }) => {
      const session = await sessions.authenticate(input.token);
      // A console session's token never travels in an address: only H5 sessions use this form.
      if (session.runId === null) throw errors.noPermission();
      const { token: _token, ...query } = input;
      return alarms.current(session, query, language);
    },
    options,
  );
  registerEndpoint(app, c.alarmAvailableRings, async ({ input, request }) => alarms.rings(requireAuth(request), input), options);
  registerEndpoint(app, c.alarmQueryAlarmHis, async ({ input, request, language }) => alarms.byRings(requireAuth(request), input, language), options);
  registerEndpoint(app, c.alarmDetail, async ({ input, request, language }) => alarms.detail(requireAuth(request), input, language), options);
  registerEndpoint(
    app,
    c.alarmAck,
    async ({ input, request, setMessage }) => {
      const result = await alarms.ack(requireAuth(request), input);
      setMessage('alarm.outcome.acked');
      return result;
    },
    options,
  );
  registerEndpoint(app, c.alarmAssignees, async ({ input, request }) => alarms.assignees(requireAuth(request), input.runId), options);
  registerEndpoint(
    app,
    c.alarmAssign,
    async ({ input, request, language, setMessage }) => {
      const alarm = await alarms.assign(requireAuth(request), input, language);
      setMessage('alarm.outcome.assigned');
      return alarm;
    },
    options,
  );
  registerEndpoint(
    app,
    c.alarmShelve,
    async ({ input, request, language, setMessage }) => {
      const shelf = await alarms.shelve(requireAuth(request), input, language);
      setMessage('alarm.outcome.shelved');
      return shelf;
    },
    options,
  );
  registerEndpoint(
    app,
    c.alarmUnshelve,
    async ({ input, request, setMessage }) => {
      const result = await alarms.unshelve(requireAuth(request), input);
      if (result.unshelved) setMessage('alarm.outcome.unshelved');
      return result;
    },
    options,
  );
  registerEndpoint(app, c.alarmSettingsQuery, async ({ input, request }) => alarms.settings(requireAuth(request), input.runId), options);
  registerEndpoint(
    app,
    c.alarmSettingsEdit,
    async ({ input, request, setMessage }) => {
      const settings = await alarms.saveSettings(requireAuth(request), input);
      setMessage('common.outcome.editSuccess');
      return settings;
    },
    options,
  );
  registerEndpoint(app, c.alarmPerformance, async ({ input, request, language }) => alarms.performance(requireAuth(request), input, language), options);

  ctx.jobs.declare({
    name: 'alarm.escalation',
    intervalMs: MINUTE_MS,
    run: ({ now, signal }) => escalationPass({ db: ctx.db, runs: () => ctx.services.get('runs'), messages }, now, signal),
  });
}
