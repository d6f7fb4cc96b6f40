import { EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { DATE_FORMATS, mtceRecordContract as r } from '@boreline/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, DatePicker, Form, Select, Tag } from 'antd';
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
import { addRecord, type MaintenanceRecord, MTCE_KEYS, type RecordQueryInput, usePlanUnits, useRecords } from '../api.js';
import { MaintenanceNav } from '../components/MaintenanceNav.js';
import { CycleFilter, KeywordFilter, SystemFilter } from '../components/PlanFilters.js';
import { RecordDialog } from '../components/RecordDialog.js';
import { ConditionTag, RecordDetail } from '../components/RecordDetail.js';
import { instantOf, pickerValueOf } from '../../../ui/form/zonedInputs.js';
import { CONDITION_LABELS, CYCLE_LABELS } from '../labels.js';
import { choicesOf, options } from '../options.js';
import '../maintenance.css';

const NONE = '—';

/** The record list's address: time range (epoch ms), type, system, condition, done, keyword, page. */
export const RecordFilterSchema = ListParamsSchema.extend({
  from: z.coerce.number().int().optional(),
  to: z.coerce.number().int().optional(),
  type: z.enum(choicesOf(CYCLE_LABELS)).optional().catch(undefined),
  system: z.string().max(50).optional(),
  condition: z.enum(choicesOf(CONDITION_LABELS)).optional().catch(undefined),
  done: z.enum(['yes', 'no']).optional().catch(undefined),
  keyword: z.string().trim().max(100).optional(),
});
type RecordFilters = z.output<typeof RecordFilterSchema>;

/** The filters of the address as the record query takes them (only those set). */
export function recordInputOf(runId: number, f: RecordFilters): RecordQueryInput {
  return {
    runId,
    ...(f.from !== undefined ? { from: f.from } : {}),
    ...(f.to !== undefined ? { to: f.to } : {}),
    ...(f.type ? { type: f.type } : {}),
    ...(f.system ? { system: f.system } : {}),
    ...(f.condition ? { condition: f.condition } : {}),
    ...(f.done ? { done: f.done === 'yes' } : {}),
    ...(f.keyword ? { keyword: f.keyword } : {}),
    page: f.page,
    pageSize: f.pageSize,
  };
}

/** The maintenance records of the current run (spec §2 maintain/record). */
export function RecordPage() {
  const run = useFramework((s) => s.run);
  return run ? <Records key={run.runId} run={run} /> : <ChooseProject />;
}

function Records({ run }: { run: CurrentRun }) {
  const t = useT();
  const client = useQueryClient();
  const canWrite = useFramework((s) => canUse(s, 'maintenance.record.write'));
  const params = useQueryParams(RecordFilterSchema);
  const input = recordInputOf(run.runId, params.values);
  const checked = r.mtceRecordPage.input.safeParse(input);
  const records = useRecords(input, checked.success);
  const units = usePlanUnits(run.runId);
  const [adding, setAdding] = useState<number | null>(null);
  const [detailId, setDetailId] = useState<number | null>(null);
  const time = (ts: number) => formatInstant(ts, run.timeZone, DATE_FORMATS.dateTime);

  const { from, to, ...rest } = params.values;
  const formParams = {
    values: { ...rest, range: from !== undefined || to !== undefined ? [from === undefined ? null : pickerValueOf(from, run.timeZone), to === undefined ? null : pickerValueOf(to, run.timeZone)] : undefined },
    apply: (values: Record<string, unknown>) => {
      const range = Array.isArray(values.range) ? values.range : [];
      const start: unknown = range[0];
      const end: unknown = range[1];
      params.apply({
        ...values,
        from: dayjs.isDayjs(start) ? instantOf(start.startOf('day'), run.timeZone) : undefined,
        to: dayjs.isDayjs(end) ? instantOf(end.endOf('day'), run.timeZone) : undefined,
      });
    },
  };

  return (
    <div className="mtce-page" data-testid="mtce-record">
      <MaintenanceNav />
      <Card size="small">
        <QueryForm params={formParams} searchOnChange={['type', 'system', 'condition', 'done']} data-testid="record-filters">
          <Form.Item name="range">
            <DatePicker.RangePicker format={DATE_FORMATS.date} allowEmpty={[true, true]} placeholder={[t('maintenanceWeb.filter.from'), t('maintenanceWeb.filter.to')]} data-testid="filter-range" />
          </Form.Item>
          <KeywordFilter width={180} />
          <CycleFilter name="type" />
          <SystemFilter units={units.data} />
          <Form.Item name="condition">
            <Select allowClear style={{ width: 150 }} placeholder={t('maintenanceWeb.filter.allConditions')} aria-label={t('maintenanceWeb.field.condition')} options={options(CONDITION_LABELS, t)} data-testid="filter-condition" />
          </Form.Item>
          <Form.Item name="done">
            <Select
              allowClear
              style={{ width: 130 }}
              placeholder={t('maintenanceWeb.field.done')}
              aria-label={t('maintenanceWeb.field.done')}
              options={[
                { value: 'yes', label: t('maintenanceWeb.common.yes') },
                { value: 'no', label: t('maintenanceWeb.common.no') },
              ]}
              data-testid="filter-done"
            />
          </Form.Item>
        </QueryForm>
        {checked.success ? null : <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={issueText(checked.error.issues[0], t)} data-testid="record-invalid" />}
        <DataTable<MaintenanceRecord>
          source={checked.success ? records : { data: undefined, isPending: false, error: null, refetch: () => undefined }}
          rowKey="id"
          size="middle"
          state={tableStateOf(params.values)}
          onStateChange={(next) => params.set(listParamsOf({ ...next, sort: null }))}
          emptyText={t('maintenanceWeb.record.empty')}
          toolbar={
            canWrite ? (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(Date.now())} data-testid="record-add">
                {t('maintenanceWeb.record.add')}
              </Button>
            ) : null
          }
          data-testid="record-table"
          columns={[
            { key: 'time', title: t('maintenanceWeb.field.time'), width: 140, render: (_: unknown, record) => time(record.time) },
            { key: 'type', title: t('maintenanceWeb.field.type'), width: 90, dataIndex: 'typeName' },
            { key: 'system', title: t('maintenanceWeb.field.system'), width: 120, dataIndex: 'system' },
            { key: 'component', title: t('maintenanceWeb.field.component'), width: 120, render: (_: unknown, record) => record.component ?? NONE },
            { key: 'content', title: t('maintenanceWeb.field.content'), dataIndex: 'content' },
            { key: 'done', title: t('maintenanceWeb.field.done'), width: 70, render: (_: unknown, record) => (record.done ? t('maintenanceWeb.common.yes') : t('maintenanceWeb.common.no')) },
            {
              key: 'condition',
              title: t('maintenanceWeb.field.condition'),
              width: 130,
              render: (_: unknown, record) => (
                <>
                  <ConditionTag condition={record.condition} />
                  {record.late ? <Tag color="purple">{t('maintenance.state.doneLate')}</Tag> : null}
                </>
              ),
            },
            { key: 'maintainedBy', title: t('maintenanceWeb.field.maintainedBy'), width: 100, dataIndex: 'maintainedBy' },
            { key: 'checkedBy', title: t('maintenanceWeb.field.checkedBy'), width: 100, dataIndex: 'checkedBy' },
            { key: 'reviewedBy', title: t('maintenanceWeb.field.reviewedBy'), width: 100, dataIndex: 'reviewedBy' },
            {
              key: 'actions',
              title: '',
              width: 90,
              render: (_: unknown, record) => (
                <Button size="small" icon={<EyeOutlined />} onClick={() => setDetailId(record.id)} data-testid="record-detail-open">
                  {t('maintenanceWeb.record.detail')}
                </Button>
              ),
            },
          ]}
        />
      </Card>
      <RecordDialog
        key={adding ?? 'closed'}
        run={run}
        open={adding !== null}
        plan={null}
        now={adding ?? 0}
        onSave={(saved) => addRecord(saved).then(() => client.invalidateQueries({ queryKey: MTCE_KEYS.run(run.runId) }))}
        onClose={() => setAdding(null)}
      />
      <RecordDetail runId={run.runId} timeZone={run.timeZone} recordId={detailId} onClose={() => setDetailId(null)} />
    </div>
  );
}
