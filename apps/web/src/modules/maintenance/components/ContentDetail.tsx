import { PlusOutlined } from '@ant-design/icons';
import { DATE_FORMATS } from '@boreline/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Descriptions, List, Modal, Skeleton, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { formatInstant } from '../../../core/format.js';
import { showApiError } from '../../../core/forms.js';
import { useT } from '../../../core/i18n.js';
import type { CurrentRun } from '../../../core/session.js';
import { addHistory, historyTemplate, type HistoryTemplate, MTCE_KEYS, useContentDetail, useContentHistory } from '../api.js';
import { ANCHOR_LABELS, REPEAT_LABELS, TRIGGER_LABELS, WEEKDAYS } from '../labels.js';
import { CounterCell, StateTag } from './PlanTags.js';
import { ConditionTag, RecordDetail } from './RecordDetail.js';
import { RecordDialog } from './RecordDialog.js';

const NONE = '—';

export interface ContentDetailProps {
  run: CurrentRun;
  /** The content item shown; null: closed. */
  id: number | null;
  /** May add to its history. */
  canRecord: boolean;
  onClose: () => void;
}

/** A content item (a plan) with its checklist, trigger and reminder, and its history; a history entry can be added from the item's template. */
export function ContentDetail({ run, id, canRecord, onClose }: ContentDetailProps) {
  const t = useT();
  const client = useQueryClient();
  const [page, setPage] = useState(1);
  const [recordId, setRecordId] = useState<number | null>(null);
  const [entry, setEntry] = useState<{ template: HistoryTemplate; now: number } | null>(null);
  const detail = useContentDetail(run.runId, id);
  const history = useContentHistory(run.runId, id, page);
  const plan = detail.data;
  const time = (ts: number | null) => (ts === null ? NONE : formatInstant(ts, run.timeZone, DATE_FORMATS.dateTime));

  const openEntry = async () => {
    if (id === null) return;
    try {
      setEntry({ template: await historyTemplate(run.runId, id), now: Date.now() });
    } catch (error) {
      showApiError(error);
    }
  };

  const reminder = plan?.reminder;
  const weekday = WEEKDAYS.find((day) => day.value === reminder?.weekday);
  return (
    <Modal open={id !== null} title={t('maintenanceWeb.content.detail')} footer={null} onCancel={onClose} width={900} destroyOnHidden>
      {plan ? (
        <div data-testid="content-detail">
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label={t('maintenanceWeb.field.title')} span={2}>
              {plan.title}
            </Descriptions.Item>
            <Descriptions.Item label={t('maintenanceWeb.field.system')}>{plan.system}</Descriptions.Item>
            <Descriptions.Item label={t('maintenanceWeb.field.component')}>{plan.component ?? NONE}</Descriptions.Item>
            <Descriptions.Item label={t('maintenanceWeb.field.content')} span={2}>
              {plan.content}
            </Descriptions.Item>
            <Descriptions.Item label={t('maintenanceWeb.field.cycle')}>{plan.cycleName}</Descriptions.Item>
            <Descriptions.Item label={t('maintenanceWeb.field.trigger')}>
              {plan.trigger === 'calendar' ? t(TRIGGER_LABELS.calendar) : <CounterCell plan={plan} timeZone={run.timeZone} />}
            </Descriptions.Item>
            <Descriptions.Item label={t('maintenanceWeb.field.anchor')}>{t(ANCHOR_LABELS[plan.anchor])}</Descriptions.Item>
            <Descriptions.Item label={t('maintenanceWeb.field.nextTime')}>
              {time(plan.nextTime)} <StateTag state={plan.state} />
            </Descriptions.Item>
            <Descriptions.Item label={t('maintenanceWeb.field.creator')}>
              {plan.creator?.name ?? NONE} · {time(plan.createdAt)}
            </Descriptions.Item>
            <Descriptions.Item label={t('maintenanceWeb.field.lastDoneAt')}>{time(plan.lastDoneAt)}</Descriptions.Item>
            <Descriptions.Item label={t('maintenanceWeb.field.reminder')} span={2}>
              {reminder ? (
                <span data-testid="content-reminder">
                  {t('maintenanceWeb.remind.summary', { days: reminder.daysAhead, time: reminder.pushTime })}
                  {reminder.repeat ? ` · ${t(REPEAT_LABELS[reminder.repeat])}` : ''}
                  {weekday ? ` · ${t(weekday.label)}` : ''}
                  {reminder.enabled ? '' : ` · ${t('maintenanceWeb.remind.off')}`}
                </span>
              ) : (
                NONE
              )}
            </Descriptions.Item>
            <Descriptions.Item label={t('maintenanceWeb.field.remark')} span={2}>
              {plan.remark ?? NONE}
            </Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {t('maintenanceWeb.field.items')}
          </Typography.Title>
          <List size="small" bordered dataSource={plan.items} locale={{ emptyText: t('maintenanceWeb.plan.noItems') }} renderItem={(item) => <List.Item>{item}</List.Item>} data-testid="content-items" />
          <Space style={{ marginTop: 16, width: '100%', justifyContent: 'space-between' }}>
            <Typography.Title level={5} style={{ margin: 0 }}>
              {t('maintenanceWeb.content.history')}
            </Typography.Title>
            {canRecord ? (
              <Button icon={<PlusOutlined />} onClick={() => void openEntry()} data-testid="content-add-history">
                {t('maintenanceWeb.content.addHistory')}
              </Button>
            ) : null}
          </Space>
          <Table
            style={{ marginTop: 8 }}
            size="small"
            rowKey="id"
            loading={history.isFetching}
            dataSource={history.data?.records ?? []}
            pagination={{ current: page, pageSize: 10, total: history.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
            locale={{ emptyText: t('maintenanceWeb.content.noHistory') }}
            data-testid="content-history"
            columns={[
              { key: 'time', title: t('maintenanceWeb.field.time'), width: 150, render: (_: unknown, record) => time(record.time) },
              { key: 'condition', title: t('maintenanceWeb.field.condition'), width: 110, render: (_: unknown, record) => <ConditionTag condition={record.condition} /> },
              { key: 'done', title: t('maintenanceWeb.field.done'), width: 80, render: (_: unknown, record) => (record.done ? t('maintenanceWeb.common.yes') : t('maintenanceWeb.common.no')) },
              { key: 'maintainedBy', title: t('maintenanceWeb.field.maintainedBy'), dataIndex: 'maintainedBy' },
              {
                key: 'open',
                title: '',
                width: 90,
                render: (_: unknown, record) => (
                  <Button size="small" type="link" onClick={() => setRecordId(record.id)}>
                    {t('maintenanceWeb.record.detail')}
                  </Button>
                ),
              },
            ]}
          />
        </div>
      ) : (
        <Skeleton active />
      )}
      {entry && plan ? (
        <RecordDialog
          run={run}
          open
          plan={plan}
          prefill={{ ...entry.template, component: entry.template.component ?? '' }}
          now={entry.now}
          onSave={(saved) => addHistory({ ...saved, planId: plan.id }).then(() => client.invalidateQueries({ queryKey: MTCE_KEYS.run(run.runId) }))}
          onClose={() => setEntry(null)}
        />
      ) : null}
      <RecordDetail runId={run.runId} timeZone={run.timeZone} recordId={recordId} onClose={() => setRecordId(null)} />
    </Modal>
  );
}
