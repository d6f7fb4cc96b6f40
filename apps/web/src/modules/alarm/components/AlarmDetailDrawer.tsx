import { DATE_FORMATS } from '@boreline/contracts';
import { Alert, Descriptions, Drawer, Skeleton, Space, Timeline, Typography } from 'antd';
import { type ReactNode, Suspense } from 'react';
import { formatInstant, formatLocalDate, useFormat } from '../../../core/format.js';
import { useT } from '../../../core/i18n.js';
import { Chart } from '../../../ui/chart/Chart.js';
import { ObjectStar } from '../../collection/index.js';
import { DiagnoseButton, RepairCreateButton } from '../../repair/index.js';
import { type Alarm, useAlarmDetail } from '../api.js';
import { ACTION_LABELS, KIND_LABELS } from '../labels.js';
import { AlarmMarks, LevelTag, StateTag } from './AlarmTags.js';
import { detailOption } from './detailOption.js';

const NONE = '—';

/** One alarm with every field of spec §3, its shift, what was done with it, and the point's values around it. */
export function AlarmDetailDrawer({ runId, timeZone, alarmId, onClose }: { runId: number; timeZone: string; alarmId: number | null; onClose: () => void }) {
  const t = useT();
  const detail = useAlarmDetail(runId, alarmId);
  const data = detail.data;
  return (
    <Drawer
      open={alarmId !== null}
      onClose={onClose}
      size="large"
      title={data ? t('alarmWeb.detail.title', { number: data.alarm.number, name: data.alarm.name }) : t('alarmWeb.detail.loading')}
      destroyOnHidden
      data-testid="alarm-detail"
      extra={
        alarmId !== null ? (
          <Space>
            {data ? (
              <Suspense fallback={null}>
                <ObjectStar kind="alarm" runId={runId} target={String(alarmId)} title={t('alarmWeb.detail.title', { number: data.alarm.number, name: data.alarm.name })} />
              </Suspense>
            ) : null}
            <DiagnoseButton runId={runId} source={{ alarmId }} />
            <RepairCreateButton alarmId={alarmId} />
          </Space>
        ) : null
      }
    >
      {detail.isError ? (
        <Alert type="error" showIcon title={detail.error instanceof Error ? detail.error.message : t('alarmWeb.detail.failed')} />
      ) : !data ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <AlarmFields alarm={data.alarm} timeZone={timeZone} />
          <DetailChart detail={data} timeZone={timeZone} />
          <section aria-labelledby="alarm-actions-title">
            <Typography.Title level={5} id="alarm-actions-title">
              {t('alarmWeb.detail.actions')}
            </Typography.Title>
            <Timeline
              data-testid="alarm-actions"
              items={data.actions.map((action) => ({
                key: `${action.at}-${action.action}`,
                color: action.action === 'raised' || action.action === 'escalatedToAlarm' ? 'red' : action.action === 'cleared' ? 'green' : 'blue',
                content: (
                  <span data-testid="alarm-action" data-action={action.action}>
                    <Typography.Text type="secondary">{formatInstant(action.at, timeZone, DATE_FORMATS.dateTimeSeconds)}</Typography.Text> {t(ACTION_LABELS[action.action])}
                    {action.by ? ` · ${action.by.name}` : ''}
                    {action.text ? <div className="alarm-action-text">{action.text}</div> : null}
                  </span>
                ),
              }))}
            />
          </section>
        </Space>
      )}
    </Drawer>
  );
}

function AlarmFields({ alarm, timeZone }: { alarm: Alarm; timeZone: string }) {
  const t = useT();
  const f = useFormat();
  const time = (ts: number | null) => (ts === null ? NONE : formatInstant(ts, timeZone, DATE_FORMATS.dateTimeSeconds));
  const num = (value: number | null) => (value === null ? NONE : `${f.number(value)}${alarm.unit ? ` ${alarm.unit}` : ''}`);
  const items: { key: string; label: string; children: ReactNode; span?: number }[] = [
    { key: 'number', label: t('alarmWeb.field.number'), children: alarm.number },
    { key: 'level', label: t('alarmWeb.field.level'), children: <LevelTag level={alarm.level} /> },
    { key: 'state', label: t('alarmWeb.field.state'), children: <StateTag state={alarm.state} /> },
    { key: 'kind', label: t('alarmWeb.field.kind'), children: t(KIND_LABELS[alarm.kind]) },
    { key: 'name', label: t('alarmWeb.field.name'), children: alarm.name, span: 2 },
    { key: 'content', label: t('alarmWeb.field.content'), children: alarm.content, span: 2 },
    { key: 'startTs', label: t('alarmWeb.field.startTs'), children: time(alarm.startTs) },
    { key: 'endTs', label: t('alarmWeb.field.endTs'), children: alarm.endTs === null ? t('alarmWeb.detail.stillActive') : time(alarm.endTs) },
    { key: 'faultTs', label: t('alarmWeb.field.faultTs'), children: time(alarm.faultTs) },
    {
      key: 'shift',
      label: t('alarmWeb.field.shift'),
      children: alarm.shiftDate && alarm.shiftNo !== null ? t('alarmWeb.detail.shift', { date: formatLocalDate(alarm.shiftDate, DATE_FORMATS.date), shift: alarm.shiftNo }) : NONE,
    },
    { key: 'ringNo', label: t('alarmWeb.field.ringNo'), children: alarm.ringNo ?? NONE },
    { key: 'startChainage', label: t('alarmWeb.field.startChainage'), children: f.chainage(alarm.startChainage) },
    { key: 'endChainage', label: t('alarmWeb.field.endChainage'), children: f.chainage(alarm.endChainage) },
    { key: 'value', label: t('alarmWeb.field.value'), children: num(alarm.value) },
    { key: 'peakValue', label: t('alarmWeb.field.peakValue'), children: num(alarm.peakValue) },
    { key: 'limit', label: t('alarmWeb.field.limit'), children: num(alarm.limit) },
    { key: 'point', label: t('alarmWeb.field.point'), children: <Typography.Text code>{alarm.point}</Typography.Text> },
    { key: 'plcVariable', label: t('alarmWeb.field.plcVariable'), children: alarm.plcVariable ?? NONE },
    { key: 'address', label: t('alarmWeb.field.address'), children: alarm.address ?? NONE },
    { key: 'workingHours', label: t('alarmWeb.field.workingHours'), children: alarm.workingHours === null ? NONE : t('alarmWeb.detail.hours', { hours: f.number(alarm.workingHours, 1) }) },
    { key: 'repairSuggestion', label: t('alarmWeb.field.repairSuggestion'), children: alarm.repairSuggestion ?? NONE, span: 2 },
    {
      key: 'knowledge',
      label: t('alarmWeb.field.knowledge'),
      children: alarm.knowledge.length > 0 ? alarm.knowledge.map((item) => item.title).join(' · ') : NONE,
      span: 2,
    },
    {
      key: 'acked',
      label: t('alarmWeb.field.acked'),
      children: alarm.ackedAt === null ? NONE : `${time(alarm.ackedAt)}${alarm.ackedBy ? ` · ${alarm.ackedBy.name}` : ''}${alarm.ackComment ? ` — ${alarm.ackComment}` : ''}`,
      span: 2,
    },
    { key: 'assignee', label: t('alarmWeb.field.assignee'), children: alarm.assignee?.name ?? NONE },
    {
      key: 'marks',
      label: t('alarmWeb.field.marks'),
      children: alarm.chattering || alarm.backfill || alarm.repeats > 0 || alarm.escalatedAt !== null || alarm.shelvedUntil !== null ? <AlarmMarks alarm={alarm} /> : NONE,
    },
  ];
  return (
    <Descriptions
      size="small"
      bordered
      column={2}
      data-testid="alarm-fields"
      items={items.map((item) => ({ ...item, children: <span data-testid={`field-${item.key}`}>{item.children}</span> }))}
    />
  );
}

function DetailChart({ detail, timeZone }: { detail: NonNullable<ReturnType<typeof useAlarmDetail>['data']>; timeZone: string }) {
  const t = useT();
  const option = detailOption(detail, timeZone, {
    value: detail.alarm.name,
    alarmSpan: t('alarmWeb.detail.alarmSpan'),
    limits: {
      lowAlarm: t('alarmWeb.limit.lowAlarm'),
      lowWarn: t('alarmWeb.limit.lowWarn'),
      highWarn: t('alarmWeb.limit.highWarn'),
      highAlarm: t('alarmWeb.limit.highAlarm'),
    },
  });
  if (!option) return null;
  return <Chart option={option} height={220} label={t('alarmWeb.detail.chart', { name: detail.alarm.name })} data-testid="alarm-detail-chart" />;
}
