import { BellOutlined, EditOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { DATE_FORMATS, mtcePlanContract as p } from '@boreline/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Space, Tooltip } from 'antd';
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
import { QueryForm } from '../../../ui/QueryForm.js';
import { type ContentQueryInput, deleteContent, type MaintenancePlan, MTCE_KEYS, saveContent, saveContentRemind, useContents, usePlanRemind, usePlanUnits } from '../api.js';
import { ContentDetail } from '../components/ContentDetail.js';
import { MaintenanceNav } from '../components/MaintenanceNav.js';
import { CycleFilter, KeywordFilter, SystemFilter } from '../components/PlanFilters.js';
import { PlanDialog } from '../components/PlanDialog.js';
import { StateTag } from '../components/PlanTags.js';
import { RemindDialog } from '../components/RemindDialog.js';
import { CYCLE_LABELS } from '../labels.js';
import { choicesOf } from '../options.js';
import '../maintenance.css';

const NONE = '—';

/** The content list's address: system, cycle, keyword, page. */
export const ContentFilterSchema = ListParamsSchema.extend({
  keyword: z.string().trim().max(100).optional(),
  system: z.string().max(50).optional(),
  cycle: z.enum(choicesOf(CYCLE_LABELS)).optional().catch(undefined),
});

type Dialog = { kind: 'add' } | { kind: 'edit'; plan: MaintenancePlan } | null;

/** The maintenance contents of the current run (spec §2 maintain/content): the items catalogue with its history. */
export function ContentPage() {
  const run = useFramework((s) => s.run);
  return run ? <Contents key={run.runId} run={run} /> : <ChooseProject />;
}

function Contents({ run }: { run: CurrentRun }) {
  const t = useT();
  const client = useQueryClient();
  const canWrite = useFramework((s) => canUse(s, 'maintenance.plan.write'));
  const canRecord = useFramework((s) => canUse(s, 'maintenance.record.write'));
  const params = useQueryParams(ContentFilterSchema);
  const { page, pageSize, keyword, system, cycle } = params.values;
  const input: ContentQueryInput = { runId: run.runId, ...(keyword ? { keyword } : {}), ...(system ? { system } : {}), ...(cycle ? { cycle } : {}), page, pageSize };
  const contents = useContents(input);
  const { page: _page, pageSize: _pageSize, ...filters } = input;
  const units = usePlanUnits(run.runId);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [detailId, setDetailId] = useState<number | null>(null);
  const [reminding, setReminding] = useState<MaintenancePlan | null>(null);
  const remind = usePlanRemind(run.runId, reminding?.id ?? null);
  const refresh = () => client.invalidateQueries({ queryKey: MTCE_KEYS.run(run.runId) });
  const remove = useMutationWithNotice({ mutationFn: (id: number) => deleteContent(run.runId, id), success: t('maintenanceWeb.content.deleted'), invalidate: [MTCE_KEYS.run(run.runId)] });
  const editing = dialog?.kind === 'edit' ? dialog.plan : null;
  const time = (ts: number | null) => (ts === null ? NONE : formatInstant(ts, run.timeZone, DATE_FORMATS.dateTime));

  return (
    <div className="mtce-page" data-testid="mtce-content">
      <MaintenanceNav />
      <Card size="small">
        <QueryForm params={params} searchOnChange={['system', 'cycle']} data-testid="content-filters">
          <KeywordFilter />
          <SystemFilter units={units.data} />
          <CycleFilter />
        </QueryForm>
        <DataTable<MaintenancePlan>
          source={contents}
          rowKey="id"
          size="middle"
          state={tableStateOf(params.values)}
          onStateChange={(next) => params.set(listParamsOf({ ...next, sort: null }))}
          emptyText={t('maintenanceWeb.content.empty')}
          toolbar={
            canWrite ? (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'add' })} data-testid="content-add">
                {t('maintenanceWeb.content.add')}
              </Button>
            ) : null
          }
          exportButton={{
            endpoint: p.mtcePlanExport,
            // Every plan the filters keep, not only this page.
            input: { ...filters, order: 'catalogue' },
            empty: contents.data?.total === 0,
            fallbackName: 'maintenance-plans.xlsx',
            label: t('maintenanceWeb.plan.export'),
            'data-testid': 'content-export',
          }}
          data-testid="content-table"
          columns={[
            { key: 'system', title: t('maintenanceWeb.field.system'), width: 130, dataIndex: 'system' },
            { key: 'component', title: t('maintenanceWeb.field.component'), width: 130, render: (_: unknown, plan) => plan.component ?? NONE },
            { key: 'content', title: t('maintenanceWeb.field.content'), dataIndex: 'content' },
            { key: 'cycle', title: t('maintenanceWeb.field.cycle'), width: 110, dataIndex: 'cycleName' },
            { key: 'items', title: t('maintenanceWeb.field.items'), width: 80, render: (_: unknown, plan) => plan.items.length },
            { key: 'lastDoneAt', title: t('maintenanceWeb.field.lastDoneAt'), width: 150, render: (_: unknown, plan) => time(plan.lastDoneAt) },
            { key: 'nextTime', title: t('maintenanceWeb.field.nextTime'), width: 150, render: (_: unknown, plan) => time(plan.nextTime) },
            { key: 'state', title: t('maintenanceWeb.field.state'), width: 110, render: (_: unknown, plan) => <StateTag state={plan.state} /> },
            {
              key: 'actions',
              title: '',
              width: 200,
              render: (_: unknown, plan) => (
                <Space size={4}>
                  <Button size="small" icon={<EyeOutlined />} onClick={() => setDetailId(plan.id)} data-testid="content-detail-open">
                    {t('maintenanceWeb.content.detail')}
                  </Button>
                  {canWrite ? (
                    <>
                      <Tooltip title={t('maintenanceWeb.content.edit')}>
                        <Button size="small" icon={<EditOutlined />} aria-label={t('maintenanceWeb.content.edit')} onClick={() => setDialog({ kind: 'edit', plan })} data-testid="content-edit" />
                      </Tooltip>
                      <Tooltip title={t('maintenanceWeb.plan.remind')}>
                        <Button
                          size="small"
                          icon={<BellOutlined />}
                          type={plan.reminder?.enabled ? 'primary' : 'default'}
                          aria-label={t('maintenanceWeb.plan.remind')}
                          onClick={() => setReminding(plan)}
                          data-testid="content-remind"
                        />
                      </Tooltip>
                      <DeleteButton size="small" title={t('maintenanceWeb.content.deleteConfirm', { content: plan.content })} onConfirm={() => remove.mutateAsync(plan.id)} data-testid="content-delete" />
                    </>
                  ) : null}
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <PlanDialog
        run={run}
        open={dialog !== null}
        plan={editing}
        titles={{ add: t('maintenanceWeb.content.add'), edit: t('maintenanceWeb.content.edit') }}
        onSave={({ id: _id, ...fields }) => saveContent(editing ? { ...fields, id: editing.id } : fields).then(refresh)}
        onClose={() => setDialog(null)}
      />
      <RemindDialog
        key={reminding?.id ?? 'none'}
        run={run}
        plan={reminding !== null && !remind.isPending ? reminding : null}
        current={remind.data}
        onSave={(saved) => saveContentRemind(saved).then(refresh)}
        onClose={() => setReminding(null)}
      />
      <ContentDetail run={run} id={detailId} canRecord={canRecord} onClose={() => setDetailId(null)} />
    </div>
  );
}
