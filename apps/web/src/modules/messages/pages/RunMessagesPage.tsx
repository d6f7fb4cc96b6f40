import { type CurrentRun, messagesContract as m } from '@boreline/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Result, Skeleton, Space, Statistic, Tag } from 'antd';
import { z } from 'zod';
import { call } from '../../../core/api/client.js';
import { useT } from '../../../core/i18n.js';
import { ListParamsSchema, listParamsOf, tableStateOf, useQueryParams } from '../../../core/queryParams.js';
import { useFramework } from '../../../core/session.js';
import { useMutationWithNotice } from '../../../core/useMutationWithNotice.js';
import { ChooseProject } from '../../../ui/ChooseProject.js';
import { DataTable } from '../../../ui/DataTable.js';
import { QueryForm } from '../../../ui/QueryForm.js';
import { MESSAGE_KEYS, useAfterRead } from '../api.js';
import { MessageTime, ReadAllButton, ReadStateSelect, TypeIcon } from '../components/MessageParts.js';
import { MessagesNav } from '../components/MessagesNav.js';
import { type Message, type RunScreenType, TYPE_COLOURS } from '../messageTypes.js';
import '../messages.css';

type Kind = 'maintenance' | 'alarm';

/** The types of each tab of a run's screen. */
export const KIND_TYPES: Record<Kind, readonly RunScreenType[]> = {
  maintenance: ['maintenanceReminder'],
  alarm: ['componentAlarm', 'monitoringAlarm'],
};

const RunFilterSchema = ListParamsSchema.extend({ state: z.enum(['unread', 'read']).optional() });

/** The current project's maintenance reminders (spec §2 stm_smtce_message). */
export function MaintenanceMessagesPage() {
  return <RunMessagesPage kind="maintenance" />;
}

/** The current project's component and monitoring alarms. */
export function AlarmMessagesPage() {
  return <RunMessagesPage kind="alarm" />;
}

function RunMessagesPage({ kind }: { kind: Kind }) {
  const run = useFramework((s) => s.run);
  return run ? <RunMessages key={`${run.runId}-${kind}`} run={run} kind={kind} /> : <ChooseProject />;
}

/**
 * One tab of a run's screen: per type the messages in all, unread and the newest; the messages of
 * the tab, paged, unread first to the eye; read one (the spec's GET read) and read all after a
 * question. A user who may not read the run's alarms is told so on the alarm tab.
 */
function RunMessages({ run, kind }: { run: CurrentRun; kind: Kind }) {
  const t = useT();
  const language = useFramework((s) => s.language);
  const params = useQueryParams(RunFilterSchema);
  const afterRead = useAfterRead();
  const stats = useQuery({ queryKey: MESSAGE_KEYS.runStats(language, run.runId), queryFn: () => call(m.runStats, { runId: run.runId }) });
  const rows = (stats.data?.types ?? []).filter((row) => KIND_TYPES[kind].includes(row.type));
  const types = rows.map((row) => row.type);
  const unread = rows.reduce((sum, row) => sum + row.unread, 0);
  const { page, pageSize, state } = params.values;
  const input = { runId: run.runId, page, pageSize, messageTypes: types, ...(state ? { read: state === 'read' } : {}) };
  const list = useQuery({
    queryKey: MESSAGE_KEYS.runPage(language, input),
    enabled: types.length > 0,
    placeholderData: keepPreviousData,
    queryFn: () => call(m.runPage, input),
  });

  const readOne = useMutationWithNotice({
    mutationFn: (messageId: number) => call(m.runRead, { runId: run.runId, messageId }),
    success: null,
    onSuccess: (result) => void afterRead(result),
  });
  const readAll = useMutationWithNotice({
    mutationFn: () => call(m.runReadAll, { runId: run.runId, messageTypes: types }),
    success: (result) => t('messages.web.notice.read', { count: result.changed }),
    onSuccess: (result) => void afterRead(result),
  });

  const title = `${kind === 'maintenance' ? t('messages.web.tab.maintenance') : t('messages.web.tab.alarm')} · ${run.projectName}`;
  const zones = new Map([[run.runId, run.timeZone]]);

  return (
    <Card title={title} data-testid={`run-messages-${kind}`} extra={rows.length > 0 ? <ReadAllButton unread={unread} onConfirm={() => readAll.mutateAsync()} /> : null}>
      <MessagesNav />
      {stats.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : stats.isError ? (
        <Result status="warning" title={stats.error.message || t('common.error.noData')} />
      ) : rows.length === 0 ? (
        <Result status="info" title={t('messages.web.run.noAccess')} data-testid="no-access" />
      ) : (
        <>
          <div className="bl-msg-stats" data-testid="run-stats">
            {rows.map((row) => (
              <Card key={row.type} size="small" data-testid={`stats-${row.type}`}>
                <Space align="start" size={12}>
                  <TypeIcon type={row.type} />
                  <div>
                    <div>{row.typeName}</div>
                    <Space size={24}>
                      <Statistic title={t('messages.web.run.unread')} value={row.unread} />
                      <Statistic title={t('messages.web.run.total')} value={row.total} />
                    </Space>
                    <div className="bl-bell-meta">
                      {t('messages.web.run.latest')}: {row.latestAt === null ? '—' : <MessageTime at={row.latestAt} runId={run.runId} zones={zones} />}
                    </div>
                  </div>
                </Space>
              </Card>
            ))}
          </div>
          <QueryForm params={params} searchOnChange={['state']}>
            <Form.Item name="state">
              <ReadStateSelect />
            </Form.Item>
          </QueryForm>
          <DataTable<Message>
            source={list}
            rowKey="id"
            size="middle"
            state={tableStateOf(params.values)}
            onStateChange={(next) => params.set(listParamsOf(next))}
            rowClassName={(message) => (message.read ? '' : 'bl-msg-unread')}
            emptyText={t('messages.web.list.empty')}
            data-testid="run-message-table"
            columns={[
              {
                key: 'state',
                title: t('messages.web.column.state'),
                width: 100,
                render: (_: unknown, message) =>
                  message.read ? (
                    t('messages.web.state.read')
                  ) : (
                    <span data-testid="unread-mark">
                      <span className="bl-msg-dot" aria-hidden="true" />
                      {t('messages.web.state.unread')}
                    </span>
                  ),
              },
              { key: 'type', title: t('messages.web.column.type'), width: 170, render: (_: unknown, message) => <Tag color={TYPE_COLOURS[message.type]}>{message.typeName}</Tag> },
              { key: 'title', title: t('messages.web.column.message'), render: (_: unknown, message) => <span className="bl-msg-title">{message.title}</span> },
              { key: 'at', title: t('messages.web.column.time'), width: 150, render: (_: unknown, message) => <MessageTime at={message.at} runId={run.runId} zones={zones} /> },
              {
                key: 'actions',
                title: t('messages.web.column.actions'),
                width: 120,
                render: (_: unknown, message) =>
                  message.read ? null : (
                    <Button size="small" onClick={() => readOne.mutate(message.id)} data-testid="read-one">
                      {t('messages.web.action.read')}
                    </Button>
                  ),
              },
            ]}
          />
        </>
      )}
    </Card>
  );
}
