import { BellOutlined, EditOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { DATE_FORMATS, mtcePlanContract as p } from '@boreline/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Select, Space, Tooltip } from 'antd';
import { useState } from 'react';
import { z } from 'zod';
import { formatInstant } from '../../../core/format.js';
import { useT } from '../../../core/i18n.js';
import { ListParamsSchema, listParamsOf, tableStateOf, useQueryParams } from '../../../core/queryParams.js';
import { canUse, type CurrentRun, useFramework } from '../../../core/session.js';
import { useMutationWithNotice } from '../../../core/useMutationWithNotice.js';
import { ChooseProject } from '../../../ui/ChooseProject.js';
import { DeleteButton } from '../../../ui/ConfirmDelete.js';
import { DataTable } from '../../../ui/DataTable.js';
import { ImportDialog } from '../../../ui/ImportDialog.js';
import { QueryForm } from '../../../ui/QueryForm.js';
import {
  addPlan,
  deletePlan,
  downloadPlanTemplate,
  editPlan,
  importPlans,
  type MaintenancePlan,
  MTCE_KEYS,
  PLAN_IMPORT_MAX_BYTES,
  type PlanQueryInput,
  saveRemind,
  usePlanRemind,
  usePlans,
  usePlanUnits,
} from '../api.js';
import { MaintenanceNav } from '../components/MaintenanceNav.js';
import { CycleFilter, KeywordFilter, SystemFilter } from '../components/PlanFilters.js';
import { PlanDialog } from '../components/PlanDialog.js';
import { CounterCell, StateTag } from '../components/PlanTags.js';
import { RemindDialog } from '../components/RemindDialog.js';
import { CYCLE_LABELS, STATE_LABELS, TRIGGER_LABELS } from '../labels.js';
import { choicesOf, options } from '../options.js';
import '../maintenance.css';

const NONE = '—';

/** The plan list's address: filters and page. */
export const PlanFilterSchema = ListParamsSchema.extend({
  keyword: z.string().trim().max(100).optional(),
  system: z.string().max(50).optional(),
  cycle: z.enum(choicesOf(CYCLE_LABELS)).optional().catch(undefined),
  trigger: z.enum(choicesOf(TRIGGER_LABELS)).optional().catch(undefined),
  state: z.enum(choicesOf(STATE_LABELS)).optional().catch(undefined),
});

type Dialog = { kind: 'add' } | { kind: 'edit'; plan: MaintenancePlan } | null;

/** The maintenance plans of the current run (spec §2 stm_smtce/plan). */
export function PlanPage() {
  const run = useFramework((s) => s.run);
  return run ? <Plans key={run.runId} run={run} /> : <ChooseProject />;
}

function Plans({ run }: { run: CurrentRun }) {
  const t = useT();
  const client = useQueryClient();
  const canWrite = useFramework((s) => canUse(s, 'maintenance.plan.write'));
  const params = useQueryParams(PlanFilterSchema);
  const { page, pageSize, keyword, system, cycle, trigger, state } = params.values;
  const input: PlanQueryInput = {
    runId: run.runId,
    ...(keyword ? { keyword } : {}),
    ...(system ? { system } : {}),
    ...(cycle ? { cycle } : {}),
    ...(trigger ? { trigger } : {}),
    ...(state ? { state } : {}),
    page,
    pageSize,
  };
  const plans = usePlans(input);
  const { page: _page, pageSize: _pageSize, ...filters } = input;
  const units = usePlanUnits(run.runId);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [reminding, setReminding] = useState<MaintenancePlan | null>(null);
  const [importing, setImporting] = useState(false);
  const remind = usePlanRemind(run.runId, reminding?.id ?? null);
  const refresh = () => client.invalidateQueries({ queryKey: MTCE_KEYS.run(run.runId) });
  const remove = useMutationWithNotice({ mutationFn: (id: number) => deletePlan(run.runId, id), success: t('maintenanceWeb.plan.deleted'), invalidate: [MTCE_KEYS.run(run.runId)] });
  const editing = dialog?.kind === 'edit' ? dialog.plan : null;
  const time = (ts: number | null) => (ts === null ? NONE : formatInstant(ts, run.timeZone, DATE_FORMATS.dateTime));

  const toolbar = canWrite ? (
    <>
      <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'add' })} data-testid="plan-add">
        {t('maintenanceWeb.plan.add')}
      </Button>
      <Button icon={<UploadOutlined />} onClick={() => setImporting(true)} data-testid="plan-import">
        {t('maintenanceWeb.plan.import')}
      </Button>
    </>
  ) : null;

  return (
    <div className="mtce-page" data-testid="mtce-plan">
      <MaintenanceNav />
      <Card size="small">
        <QueryForm params={params} searchOnChange={['system', 'cycle', 'trigger', 'state']} data-testid="plan-filters">
          <KeywordFilter />
          <SystemFilter units={units.data} />
          <CycleFilter />
          <Form.Item name="trigger">
            <Select allowClear style={{ width: 190 }} popupMatchSelectWidth={false} placeholder={t('maintenanceWeb.filter.allTriggers')} aria-label={t('maintenanceWeb.field.trigger')} options={options(TRIGGER_LABELS, t)} data-testid="filter-trigger" />
          </Form.Item>
          <Form.Item name="state">
            <Select allowClear style={{ width: 150 }} placeholder={t('maintenanceWeb.filter.allStates')} aria-label={t('maintenanceWeb.field.state')} options={options(STATE_LABELS, t)} data-testid="filter-state" />
          </Form.Item>
        </QueryForm>
        <DataTable<MaintenancePlan>
          source={plans}
          rowKey="id"
          size="middle"
          state={tableStateOf(params.values)}
          onStateChange={(next) => params.set(listParamsOf({ ...next, sort: null }))}
          emptyText={t('maintenanceWeb.plan.empty')}
          toolbar={toolbar}
          exportButton={{
            endpoint: p.mtcePlanExport,
            // Every plan the filters keep, not only this page.
            input: { ...filters },
            empty: plans.data?.total === 0,
            fallbackName: 'maintenance-plans.xlsx',
            label: t('maintenanceWeb.plan.export'),
            'data-testid': 'plan-export',
          }}
          data-testid="plan-table"
          columns={[
            { key: 'title', title: t('maintenanceWeb.field.title'), dataIndex: 'title' },
            { key: 'cycle', title: t('maintenanceWeb.field.cycle'), width: 110, render: (_: unknown, plan) => plan.cycleName },
            { key: 'system', title: t('maintenanceWeb.field.system'), width: 130, dataIndex: 'system' },
            { key: 'component', title: t('maintenanceWeb.field.component'), width: 130, render: (_: unknown, plan) => plan.component ?? NONE },
            { key: 'content', title: t('maintenanceWeb.field.content'), dataIndex: 'content' },
            { key: 'items', title: t('maintenanceWeb.field.items'), width: 80, render: (_: unknown, plan) => plan.items.length },
            {
              key: 'trigger',
              title: t('maintenanceWeb.field.trigger'),
              width: 200,
              render: (_: unknown, plan) =>
                plan.trigger === 'calendar' ? (
                  t(TRIGGER_LABELS.calendar)
                ) : (
                  <>
                    {plan.trigger === 'whicheverFirst' ? <div>{t(TRIGGER_LABELS.whicheverFirst)}</div> : null}
                    <CounterCell plan={plan} timeZone={run.timeZone} />
                  </>
                ),
            },
            { key: 'nextTime', title: t('maintenanceWeb.field.nextTime'), width: 150, render: (_: unknown, plan) => time(plan.nextTime) },
            { key: 'state', title: t('maintenanceWeb.field.state'), width: 110, render: (_: unknown, plan) => <StateTag state={plan.state} /> },
            {
              key: 'actions',
              title: '',
              width: 150,
              render: (_: unknown, plan) =>
                canWrite ? (
                  <Space size={4}>
                    <Tooltip title={t('maintenanceWeb.plan.edit')}>
                      <Button size="small" icon={<EditOutlined />} aria-label={t('maintenanceWeb.plan.edit')} onClick={() => setDialog({ kind: 'edit', plan })} data-testid="plan-edit" />
                    </Tooltip>
                    <Tooltip title={t('maintenanceWeb.plan.remind')}>
                      <Button
                        size="small"
                        icon={<BellOutlined />}
                        type={plan.reminder?.enabled ? 'primary' : 'default'}
                        aria-label={t('maintenanceWeb.plan.remind')}
                        onClick={() => setReminding(plan)}
                        data-testid="plan-remind"
                      />
                    </Tooltip>
                    <DeleteButton size="small" title={t('maintenanceWeb.plan.deleteConfirm', { title: plan.title })} onConfirm={() => remove.mutateAsync(plan.id)} data-testid="plan-delete" />
                  </Space>
                ) : null,
            },
          ]}
        />
      </Card>
      <PlanDialog
        run={run}
        open={dialog !== null}
        plan={editing}
        onSave={({ id: _id, ...fields }) => (editing ? editPlan({ ...fields, id: editing.id }) : addPlan(fields)).then(refresh)}
        onClose={() => setDialog(null)}
      />
      <RemindDialog
        key={reminding?.id ?? 'none'}
        run={run}
        plan={reminding !== null && !remind.isPending ? reminding : null}
        current={remind.data}
        onSave={(saved) => saveRemind(saved).then(refresh)}
        onClose={() => setReminding(null)}
      />
      <ImportDialog
        open={importing}
        title={t('maintenanceWeb.plan.importTitle')}
        onClose={() => setImporting(false)}
        onDownloadTemplate={downloadPlanTemplate}
        maxBytes={PLAN_IMPORT_MAX_BYTES}
        upload={(file, onProgress) => importPlans(run.runId, file, 'all', onProgress)}
        onImportValid={(file, onProgress) => importPlans(run.runId, file, 'validOnly', onProgress)}
        onImported={() => void refresh()}
      />
    </div>
  );
}
