import { EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { DATE_FORMATS, repairContract as c } from '@boreline/contracts';
import { Alert, Button, Card, DatePicker, Form, Input, Select } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { z } from 'zod';
import { formatInstant } from '../../../core/format.js';
import { issueText } from '../../../core/forms.js';
import { useT } from '../../../core/i18n.js';
import { ListParamsSchema, listParamsOf, tableStateOf, useQueryParams } from '../../../core/queryParams.js';
import { canUse, type CurrentRun, useFramework } from '../../../core/session.js';
import { ChooseProject } from '../../../ui/ChooseProject.js';
import { DataTable } from '../../../ui/DataTable.js';
import { QueryForm } from '../../../ui/QueryForm.js';
import { RepairNav } from '../components/RepairNav.js';
import { instantOf, pickerValueOf } from '../../../ui/form/zonedInputs.js';
import { type Repair, type RepairPageInput, useRepairs } from '../api.js';
import { RepairDetail, StateTag } from '../components/RepairDetail.js';
import { RepairDialog } from '../components/RepairDialog.js';
import { CASE_STATE_LABELS, FAILURE_MODE_LABELS, STATE_LABELS } from '../labels.js';
import '../repair.css';

const NONE = '—';

/** The repair list's address: time range (epoch ms), system, state, case state, failure mode, words, page; `open` shows one repair. */
export const RepairFilterSchema = ListParamsSchema.extend({
  from: z.coerce.number().int().optional(),
  to: z.coerce.number().int().optional(),
  system: z.string().max(50).optional(),
  state: z.enum(c.REPAIR_STATES).optional().catch(undefined),
  caseState: z.enum(c.CASE_STATES).optional().catch(undefined),
  failureMode: z.enum(c.FAILURE_MODES).optional().catch(undefined),
  keyword: z.string().trim().max(500).optional(),
  open: z.coerce.number().int().positive().optional().catch(undefined),
});
type RepairFilters = z.output<typeof RepairFilterSchema>;

/** The filters of the address as the repair query takes them (only those set). */
export function repairInputOf(runId: number, f: RepairFilters): RepairPageInput {
  return {
    runId,
    ...(f.from !== undefined ? { from: f.from } : {}),
    ...(f.to !== undefined ? { to: f.to } : {}),
    ...(f.system ? { system: f.system } : {}),
    ...(f.state ? { state: f.state } : {}),
    ...(f.caseState ? { caseState: f.caseState } : {}),
    ...(f.failureMode ? { failureMode: f.failureMode } : {}),
    ...(f.keyword ? { keyword: f.keyword } : {}),
    page: f.page,
    pageSize: f.pageSize,
  };
}

/** The repair records of the current run (spec §2 stm_smtce repair records). */
export function RepairPage() {
  const run = useFramework((s) => s.run);
  return run ? <Repairs key={run.runId} run={run} /> : <ChooseProject />;
}

function Repairs({ run }: { run: CurrentRun }) {
  const t = useT();
  const canWrite = useFramework((s) => canUse(s, 'maintenance.repair.write'));
  const params = useQueryParams(RepairFilterSchema);
  const { open: openId, ...filters } = params.values;
  const input = repairInputOf(run.runId, filters);
  const checked = c.repairPage.input.safeParse(input);
  const repairs = useRepairs(input, checked.success);
  const [dialog, setDialog] = useState<{ repair: Repair | null; now: number } | null>(null);
  const [detailId, setDetailId] = useState<number | null>(openId ?? null);
  const time = (ts: number) => formatInstant(ts, run.timeZone, DATE_FORMATS.dateTime);

  const { from, to, ...rest } = filters;
  const formParams = {
    values: { ...rest, range: from !== undefined || to !== undefined ? [from === undefined ? null : pickerValueOf(from, run.timeZone), to === undefined ? null : pickerValueOf(to, run.timeZone)] : undefined },
    apply: (values: Record<string, unknown>) => {
      const range = Array.isArray(values.range) ? values.range : [];
      const start: unknown = range[0];
      const end: unknown = range[1];
      params.apply({
        ...values,
        range: undefined,
        from: dayjs.isDayjs(start) ? instantOf(start.startOf('day'), run.timeZone) : undefined,
        to: dayjs.isDayjs(end) ? instantOf(end.endOf('day'), run.timeZone) : undefined,
      });
    },
  };

  return (
    <div className="repair-page" data-testid="repair-page">
      <RepairNav />
      <Card size="small">
        <QueryForm params={formParams} searchOnChange={['state', 'caseState', 'failureMode']} data-testid="repair-filters">
          <Form.Item name="range">
            <DatePicker.RangePicker format={DATE_FORMATS.date} allowEmpty={[true, true]} placeholder={[t('repairWeb.filter.from'), t('repairWeb.filter.to')]} data-testid="filter-range" />
          </Form.Item>
          <Form.Item name="keyword">
            <Input allowClear style={{ width: 200 }} placeholder={t('repairWeb.filter.keyword')} aria-label={t('repairWeb.filter.keyword')} data-testid="filter-keyword" />
          </Form.Item>
          <Form.Item name="system">
            <Input allowClear style={{ width: 150 }} placeholder={t('repairWeb.field.system')} aria-label={t('repairWeb.field.system')} data-testid="filter-system" />
          </Form.Item>
          <Form.Item name="state">
            <Select allowClear style={{ width: 140 }} placeholder={t('repairWeb.filter.allStates')} aria-label={t('repairWeb.field.state')} options={c.REPAIR_STATES.map((s) => ({ value: s, label: t(STATE_LABELS[s]) }))} data-testid="filter-state" />
          </Form.Item>
          <Form.Item name="caseState">
            <Select allowClear style={{ width: 150 }} placeholder={t('repairWeb.filter.allCaseStates')} aria-label={t('repairWeb.field.caseState')} options={c.CASE_STATES.map((s) => ({ value: s, label: t(CASE_STATE_LABELS[s]) }))} data-testid="filter-case-state" />
          </Form.Item>
          <Form.Item name="failureMode">
            <Select allowClear style={{ width: 170 }} placeholder={t('repairWeb.filter.allFailureModes')} aria-label={t('repairWeb.field.failureMode')} options={c.FAILURE_MODES.map((m) => ({ value: m, label: t(FAILURE_MODE_LABELS[m]) }))} data-testid="filter-failure-mode" />
          </Form.Item>
        </QueryForm>
        {checked.success ? null : <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={issueText(checked.error.issues[0], t)} data-testid="repair-invalid" />}
        <DataTable<Repair>
          source={checked.success ? repairs : { data: undefined, isPending: false, error: null, refetch: () => undefined }}
          rowKey="id"
          size="middle"
          state={tableStateOf(params.values)}
          onStateChange={(next) => params.set(listParamsOf({ ...next, sort: null }))}
          emptyText={t('repairWeb.repair.empty')}
          toolbar={
            canWrite ? (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ repair: null, now: Date.now() })} data-testid="repair-add">
                {t('repairWeb.repair.add')}
              </Button>
            ) : null
          }
          data-testid="repair-table"
          columns={[
            { key: 'foundAt', title: t('repairWeb.field.foundAt'), width: 140, render: (_: unknown, repair) => time(repair.foundAt) },
            { key: 'system', title: t('repairWeb.field.system'), width: 120, dataIndex: 'system' },
            { key: 'component', title: t('repairWeb.field.component'), width: 120, dataIndex: 'component' },
            { key: 'title', title: t('repairWeb.field.title'), dataIndex: 'title' },
            { key: 'failureMode', title: t('repairWeb.field.failureMode'), width: 120, render: (_: unknown, repair) => (repair.failureMode ? t(FAILURE_MODE_LABELS[repair.failureMode]) : NONE) },
            { key: 'finder', title: t('repairWeb.field.finder'), width: 110, dataIndex: 'finder' },
            { key: 'state', title: t('repairWeb.field.state'), width: 170, render: (_: unknown, repair) => <StateTag repair={repair} /> },
            {
              key: 'actions',
              title: '',
              width: 90,
              render: (_: unknown, repair) => (
                <Button size="small" icon={<EyeOutlined />} onClick={() => setDetailId(repair.id)} data-testid="repair-detail-open">
                  {t('repairWeb.repair.detail')}
                </Button>
              ),
            },
          ]}
        />
      </Card>
      <RepairDialog key={dialog?.now ?? 'closed'} run={run} open={dialog !== null} repair={dialog?.repair ?? null} now={dialog?.now ?? 0} onClose={() => setDialog(null)} />
      <RepairDetail runId={run.runId} timeZone={run.timeZone} repairId={detailId} onEdit={(repair) => setDialog({ repair, now: Date.now() })} onClose={() => setDetailId(null)} />
    </div>
  );
}
