import type { MatrixObjects, MatrixSamples } from '../../../test/matrix.js';

/** A plan and a record of it in each of A's runs (the canary in their texts), for the samples to aim at. */
export const matrixObjects: MatrixObjects = async ({ db, a, canary }) => {
  const made: Record<string, number> = {};
  const now = Date.now();
  for (const [name, runId] of [['run', a.run], ['run2', a.run2]] as const) {
    const plan = await db.kysely
      .insertInto('mtce_plans')
      .values({
        run_id: runId,
        title: `${canary} plan`,
        cycle: 'weekly',
        system: 'Main drive',
        component: 'Main bearing',
        content: `${canary} grease the main bearing`,
        items: JSON.stringify([`${canary} item`]),
        remark: null,
        trigger: 'calendar',
        counter_kind: null,
        counter_interval: null,
        counter_base: null,
        anchor_mode: 'floating',
        anchor_at: now + 86_400_000,
        next_due: now + 86_400_000,
        last_done_at: null,
        remind_enabled: 1,
        remind_content: `${canary} reminder`,
        remind_days_ahead: 1,
        remind_push_time: '07:30',
        remind_repeat: null,
        remind_weekday: null,
        created_by: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const record = await db.kysely
      .insertInto('mtce_records')
      .values({
        run_id: runId,
        plan_id: plan.id,
        type: 'weekly',
        time: now - 86_400_000,
        system: 'Main drive',
        component: 'Main bearing',
        content: `${canary} greased`,
        done: 1,
        items: JSON.stringify([{ text: `${canary} item`, condition: 'abnormal', note: null }]),
        abnormal: 1,
        remark: null,
        maintained_by: `${canary} fitter`,
        checked_by: 'Checker',
        reviewed_by: 'Reviewer',
        entered_at: now,
        entered_by: null,
        due_at: now - 86_400_000,
        late: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    made[`maintenancePlan:${name}`] = plan.id;
    made[`maintenanceRecord:${name}`] = record.id;
  }
  return made;
};

/** Valid-shaped requests of the maintenance calls for the authorization matrix (the plan import is multipart: its JSON body is refused as a missing file). */
export const matrixSamples: MatrixSamples = (c) => {
  const runId = c.a.run;
  const plan = c.objects['maintenancePlan:run'] ?? 0;
  const record = c.objects['maintenanceRecord:run'] ?? 0;
  const now = Date.now();
  const fields = { runId, title: 'Matrix plan', cycle: 'weekly', system: 'Matrix', component: null, content: `Matrix ${c.actor}`, items: ['Check'] };
  const recordFields = { runId, type: 'weekly', time: now - 3_600_000, system: 'Main drive', content: 'Matrix work', maintainedBy: 'A', checkedBy: 'B', reviewedBy: 'C', items: [] };
  const reminder = { content: 'Matrix reminder', daysAhead: 1, pushTime: '07:30' };
  return {
    'maintenance.planQueryPage': { runId, page: 1, pageSize: 20 },
    'maintenance.planAdd': fields,
    'maintenance.planEdit': { ...fields, id: c.target(plan) },
    'maintenance.planDelete': { runId, id: c.target(plan) },
    'maintenance.planRemindEdit': { runId, id: c.target(plan), ...reminder },
    'maintenance.planRemindQuery': { runId, id: plan },
    'maintenance.planImport': {},
    'maintenance.planUnits': { runId },
    'maintenance.planParts': { runId, system: 'Main drive' },
    'maintenance.planUnique': { runId, id: plan, system: 'Main drive', component: 'Main bearing', content: 'Other' },
    'maintenance.planOverdue': { runId },
    'maintenance.planGroup': { runId },
    'maintenance.planDashboard': { runId },
    'maintenance.complianceExport': { runId, from: '2026-01-01', to: '2026-12-31' },
    'maintenance.planExport': { runId, keyword: 'plan' },
    'maintenance.calendar': { runId, from: now - 7 * 86_400_000, to: now + 7 * 86_400_000 },
    'maintenance.recordPage': { runId, planId: plan, page: 1, pageSize: 20 },
    'maintenance.recordAdd': { ...recordFields, planId: c.target(plan) },
    'maintenance.recordDetail': { runId, id: record },
    'maintenance.recordDashboard': { runId },
    'maintenance.contentQueryList': { runId, page: 1, pageSize: 20 },
    'maintenance.contentQueryDetail': { runId, id: plan },
    'maintenance.contentAddOrEdit': { ...fields, id: c.target(plan) },
    'maintenance.contentDelete': { runId, id: c.target(plan) },
    'maintenance.contentRemindList': { runId },
    'maintenance.contentSetRemind': { runId, id: c.target(plan), ...reminder },
    'maintenance.contentHistoryTemplate': { runId, id: plan },
    'maintenance.contentHistoryList': { runId, id: plan, page: 1, pageSize: 20 },
    'maintenance.contentHistoryDetail': { runId, id: record },
    'maintenance.contentAddHistory': { ...recordFields, planId: c.target(plan) },
  };
};
