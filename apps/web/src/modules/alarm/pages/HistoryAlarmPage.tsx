import { alarmContract as a, DATE_FORMATS } from '@boreline/contracts';
import { Alert, Button, Card, DatePicker, Form, Select, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { z } from 'zod';
import { formatInstant } from '../../../core/format.js';
import { issueText } from '../../../core/forms.js';
import { useT } from '../../../core/i18n.js';
import { ListParamsSchema, listParamsOf, tableStateOf, useQueryParams } from '../../../core/queryParams.js';
import { type CurrentRun, useFramework } from '../../../core/session.js';
import { ChooseProject } from '../../../ui/ChooseProject.js';
import { DataTable } from '../../../ui/DataTable.js';
import { QueryForm } from '../../../ui/QueryForm.js';
import { type Alarm, type ExportInput, type HistoryInput, useAlarmHistory, useAlarmRings, useHistoryParams } from '../api.js';
import { AlarmDetailDrawer } from '../components/AlarmDetailDrawer.js';
import { AlarmNav } from '../components/AlarmNav.js';
import { AlarmMarks, LevelTag, StateTag } from '../components/AlarmTags.js';
import { HistoryExport } from '../components/HistoryExport.js';
import { instantOf, pickerValueOf } from '../components/zonedPicker.js';
import { KIND_LABELS, LEVEL_LABELS, STATE_FILTER_LABELS } from '../labels.js';
import '../alarm.css';

const NONE = '—';

/** The history's address: time range (epoch ms), ring range, level, kind, subsystem, point, state, page. */
export const HistoryFilterSchema = ListParamsSchema.extend({
  from: z.coerce.number().int().optional(),
  to: z.coerce.number().int().optional(),
  ringStart: z.coerce.number().int().min(0).optional(),
  ringEnd: z.coerce.number().int().min(0).optional(),
  level: z.enum(a.ALARM_LEVELS).optional(),
  kind: z.enum(a.ALARM_KINDS).optional(),
  subsystem: z.string().max(64).optional(),
  point: z.string().max(64).optional(),
  state: z.enum(a.ALARM_STATE_FILTERS).optional(),
  /** An alarm to show at once (a diagnosis cites an alarm by this link). */
  open: z.coerce.number().int().positive().optional().catch(undefined),
});
type HistoryFilters = z.output<typeof HistoryFilterSchema>;

const FILTER_NAMES = ['from', 'to', 'ringStart', 'ringEnd', 'level', 'kind', 'subsystem', 'point', 'state'] as const;

/** The filters of the address as the endpoints take them (only those set). */
export function exportInputOf(runId: number, f: HistoryFilters): ExportInput {
  const input: Record<string, unknown> = { runId };
  for (const name of FILTER_NAMES) if (f[name] !== undefined) input[name] = f[name];
  return input as ExportInput;
}

const dayjsOf = (value: unknown): Dayjs | null => (value && typeof value === 'object' && 'format' in value ? (value as Dayjs) : null);

/** The alarm history of the current run (spec §2 alarm/history_alarm). */
export function HistoryAlarmPage() {
  const run = useFramework((s) => s.run);
  return run ? <History run={run} /> : <ChooseProject />;
}

function History({ run }: { run: CurrentRun }) {
  const t = useT();
  const params = useQueryParams(HistoryFilterSchema);
  const filters = exportInputOf(run.runId, params.values);
  const input: HistoryInput = { ...filters, page: params.values.page, pageSize: params.values.pageSize };
  const checked = a.alarmHistoryQuery.input.safeParse(input);
  const history = useAlarmHistory(input, checked.success);
  const choices = useHistoryParams(run.runId);
  const rings = useAlarmRings(run.runId);
  const [detailId, setDetailId] = useState<number | null>(params.values.open ?? null);
  const valid = checked.success;

  const { from, to, ...rest } = params.values;
  const formParams = {
    values: { ...rest, range: from !== undefined || to !== undefined ? [from === undefined ? null : pickerValueOf(from, run.timeZone), to === undefined ? null : pickerValueOf(to, run.timeZone)] : undefined },
    apply: (values: Record<string, unknown>) => {
      const range = Array.isArray(values.range) ? values.range : [];
      const start = dayjsOf(range[0]);
      const end = dayjsOf(range[1]);
      params.apply({ ...values, from: start ? instantOf(start, run.timeZone) : undefined, to: end ? instantOf(end, run.timeZone) : undefined });
    },
  };
  const ringOptions = (rings.data?.rings ?? []).map((ring) => ({ value: ring, label: String(ring) }));
  const subsystems = choices.data?.subsystems ?? [];
  const subsystemName = (code: string | null) => (code === null ? NONE : (subsystems.find((s) => s.code === code)?.name ?? code));
  const time = (ts: number | null) => (ts === null ? NONE : formatInstant(ts, run.timeZone, DATE_FORMATS.dateTimeSeconds));

  return (
    <div className="alarm-page" data-testid="alarm-history">
      <AlarmNav extra={<HistoryExport input={valid ? filters : null} total={history.data && !history.isPlaceholderData ? history.data.total : null} fallbackName={`${run.tbmCode}-alarms.xlsx`} />} />
      <Card size="small">
        <QueryForm params={formParams} data-testid="history-filters">
          <Form.Item name="range">
            <DatePicker.RangePicker
              showTime={{ format: 'HH:mm' }}
              format={DATE_FORMATS.dateTime}
              allowEmpty={[true, true]}
              aria-label={t('alarmWeb.filter.time')}
              placeholder={[t('alarmWeb.filter.from'), t('alarmWeb.filter.to')]}
              data-testid="filter-time"
            />
          </Form.Item>
          <Form.Item name="ringStart">
            <Select<number> allowClear showSearch style={{ width: 120 }} placeholder={t('alarmWeb.filter.ringStart')} aria-label={t('alarmWeb.filter.ringStart')} options={ringOptions} data-testid="filter-ring-start" />
          </Form.Item>
          <Form.Item name="ringEnd">
            <Select<number> allowClear showSearch style={{ width: 120 }} placeholder={t('alarmWeb.filter.ringEnd')} aria-label={t('alarmWeb.filter.ringEnd')} options={ringOptions} data-testid="filter-ring-end" />
          </Form.Item>
          <Form.Item name="level">
            <Select
              allowClear
              style={{ width: 120 }}
              placeholder={t('alarmWeb.filter.allLevels')}
              aria-label={t('alarmWeb.field.level')}
              options={a.ALARM_LEVELS.map((level) => ({ value: level, label: t(LEVEL_LABELS[level]) }))}
              data-testid="filter-level"
            />
          </Form.Item>
          <Form.Item name="kind">
            <Select
              allowClear
              style={{ width: 160 }}
              popupMatchSelectWidth={false}
              placeholder={t('alarmWeb.filter.allKinds')}
              aria-label={t('alarmWeb.field.kind')}
              options={a.ALARM_KINDS.map((kind) => ({ value: kind, label: t(KIND_LABELS[kind]) }))}
              data-testid="filter-kind"
            />
          </Form.Item>
          <Form.Item name="subsystem">
            <Select
              allowClear
              showSearch
              optionFilterProp="label"
              style={{ width: 170 }}
              popupMatchSelectWidth={false}
              placeholder={t('alarmWeb.filter.allSubsystems')}
              aria-label={t('alarmWeb.field.subsystem')}
              options={subsystems.map((s) => ({ value: s.code, label: s.name }))}
              data-testid="filter-subsystem"
            />
          </Form.Item>
          <Form.Item name="point">
            <Select
              allowClear
              showSearch
              optionFilterProp="label"
              style={{ width: 200 }}
              popupMatchSelectWidth={false}
              placeholder={t('alarmWeb.filter.allPoints')}
              aria-label={t('alarmWeb.field.point')}
              options={(choices.data?.points ?? []).map((p) => ({ value: p.code, label: p.name }))}
              data-testid="filter-point"
            />
          </Form.Item>
          <Form.Item name="state">
            <Select
              allowClear
              style={{ width: 150 }}
              popupMatchSelectWidth={false}
              placeholder={t('alarmWeb.filter.allStates')}
              aria-label={t('alarmWeb.field.state')}
              options={a.ALARM_STATE_FILTERS.map((state) => ({ value: state, label: t(STATE_FILTER_LABELS[state]) }))}
              data-testid="filter-state"
            />
          </Form.Item>
        </QueryForm>
        {checked.success ? null : <Alert type="warning" showIcon className="alarm-invalid" title={issueText(checked.error.issues[0], t)} data-testid="history-invalid" />}
        <DataTable<Alarm>
          source={valid ? history : { data: undefined, isPending: false, error: null, refetch: () => undefined }}
          rowKey="id"
          size="middle"
          state={tableStateOf(params.values)}
          onStateChange={(next) => params.set(listParamsOf({ ...next, sort: null }))}
          rowClassName={(alarm) => `alarm-row alarm-row-${alarm.level}`}
          emptyText={t('alarmWeb.history.empty')}
          data-testid="history-table"
          columns={[
            {
              key: 'number',
              title: t('alarmWeb.field.number'),
              width: 80,
              render: (_: unknown, alarm) => (
                <Button type="link" size="small" onClick={() => setDetailId(alarm.id)} data-testid="open-detail">
                  {alarm.number}
                </Button>
              ),
            },
            { key: 'level', title: t('alarmWeb.field.level'), width: 90, render: (_: unknown, alarm) => <LevelTag level={alarm.level} /> },
            { key: 'startTs', title: t('alarmWeb.field.startTs'), width: 165, render: (_: unknown, alarm) => time(alarm.startTs) },
            { key: 'endTs', title: t('alarmWeb.field.endTs'), width: 165, render: (_: unknown, alarm) => time(alarm.endTs) },
            {
              key: 'name',
              title: t('alarmWeb.field.name'),
              render: (_: unknown, alarm) => (
                <>
                  <div className="alarm-name">{alarm.name}</div>
                  <Typography.Text type="secondary" className="alarm-content">
                    {alarm.content}
                  </Typography.Text>
                </>
              ),
            },
            { key: 'subsystem', title: t('alarmWeb.field.subsystem'), width: 130, render: (_: unknown, alarm) => subsystemName(alarm.subsystem) },
            { key: 'ringNo', title: t('alarmWeb.field.ringNo'), width: 70, render: (_: unknown, alarm) => alarm.ringNo ?? NONE },
            { key: 'state', title: t('alarmWeb.field.state'), width: 170, render: (_: unknown, alarm) => <StateTag state={alarm.state} /> },
            { key: 'marks', title: t('alarmWeb.field.marks'), width: 140, render: (_: unknown, alarm) => <AlarmMarks alarm={alarm} /> },
          ]}
        />
      </Card>
      <AlarmDetailDrawer runId={run.runId} timeZone={run.timeZone} alarmId={detailId} onClose={() => setDetailId(null)} />
    </div>
  );
}
