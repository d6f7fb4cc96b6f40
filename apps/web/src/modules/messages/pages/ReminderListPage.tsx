import { messagesContract as m } from '@boreline/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Badge, Button, Card, DatePicker, Form, Select, Space, Tag } from 'antd';
import dayjs from 'dayjs';
import { z } from 'zod';
import { call } from '../../../core/api/client.js';
import { useT } from '../../../core/i18n.js';
import { ListParamsSchema, listParamsOf, tableStateOf, useQueryParams } from '../../../core/queryParams.js';
import { useFramework } from '../../../core/session.js';
import { useMutationWithNotice } from '../../../core/useMutationWithNotice.js';
import { DataTable } from '../../../ui/DataTable.js';
import { QueryForm } from '../../../ui/QueryForm.js';
import { MESSAGE_KEYS, useAfterRead, useRunOptions, useUnreadCounts } from '../api.js';
import { MessageTime, ReadAllButton, ReadStateSelect, TypeIcon } from '../components/MessageParts.js';
import { MessagesNav } from '../components/MessagesNav.js';
import { MessagePicture } from '../components/MessagePicture.js';
import { type Message, MESSAGE_LIST_PATH, MESSAGE_TYPES, type MessageType, TYPE_COLOURS, TYPE_LABELS, targetOf } from '../messageTypes.js';
import { useOpenMessage } from '../useOpenMessage.js';
import '../messages.css';

/** The list's address: types, project, read state, a range of days, the page. */
export const ReminderFilterSchema = ListParamsSchema.extend({
  types: z.array(z.enum(MESSAGE_TYPES)).optional(),
  runId: z.coerce.number().int().positive().optional(),
  state: z.enum(['unread', 'read']).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
});
type ReminderFilters = z.output<typeof ReminderFilterSchema>;

/** The call's input of the address: the days are whole days on the reader's clock. */
export function reminderInput(f: ReminderFilters): z.input<typeof m.ReminderPageInputSchema> {
  return {
    page: f.page,
    pageSize: f.pageSize,
    ...(f.types && f.types.length > 0 ? { messageTypes: f.types } : {}),
    ...(f.runId ? { runId: f.runId } : {}),
    ...(f.state ? { read: f.state === 'read' } : {}),
    ...(f.from ? { from: dayjs(f.from).startOf('day').valueOf() } : {}),
    ...(f.to ? { to: dayjs(f.to).endOf('day').valueOf() } : {}),
  };
}

const dayOf = (value: unknown): string | undefined => (dayjs.isDayjs(value) ? value.format('YYYY-MM-DD') : undefined);

/**
 * The message reminder list (menu "Message reminder", spec §2, §4): every message of the user,
 * newest first, paged by the server and filtered by type, project, read state and days (all kept
 * in the address); unread rows stand out; read one, read the page shown, or read all after a question.
 */
export function ReminderListPage() {
  const t = useT();
  const language = useFramework((s) => s.language);
  const params = useQueryParams(ReminderFilterSchema);
  const input = reminderInput(params.values);
  const page = useQuery({
    queryKey: MESSAGE_KEYS.reminderPage(language, input),
    placeholderData: keepPreviousData,
    queryFn: () => call(m.reminderPage, input),
  });
  const counts = useUnreadCounts();
  const { runs, zones } = useRunOptions();
  const afterRead = useAfterRead();
  const openMessage = useOpenMessage();
  const shown = page.data?.records ?? [];
  const unreadShown = shown.filter((message) => !message.read).length;

  const readOne = useMutationWithNotice({
    mutationFn: (messageId: number) => call(m.reminderRead, { messageId }),
    success: null,
    onSuccess: (result) => void afterRead(result),
  });
  const readPage = useMutationWithNotice({
    mutationFn: (messageIds: number[]) => call(m.reminderReadPage, { messageIds }),
    success: (result) => t('messages.web.notice.read', { count: result.changed }),
    onSuccess: (result) => void afterRead(result),
  });
  const readAll = useMutationWithNotice({
    mutationFn: () => call(m.readPersonal, { all: true }),
    success: (result) => t('messages.web.notice.read', { count: result.changed }),
    onSuccess: (result) => void afterRead(result),
  });

  // The range picker shows the address's two days as one field, and gives them back as two.
  const { from, to, ...rest } = params.values;
  const formParams = {
    values: { ...rest, range: from || to ? [from ? dayjs(from) : null, to ? dayjs(to) : null] : undefined },
    apply: (filters: Record<string, unknown>) => {
      const range = Array.isArray(filters.range) ? filters.range : [];
      params.apply({ ...filters, from: dayOf(range[0]), to: dayOf(range[1]) });
    },
  };
  const filtered = Boolean(params.values.types?.length || params.values.runId || params.values.state || from || to);
  const byType = MESSAGE_TYPES.filter((type) => (counts.data?.byType[type] ?? 0) > 0);
  const filterByType = (type: MessageType) => params.apply({ ...params.values, types: [type], state: 'unread' });

  return (
    <Card
      title={t('shell.menu.messageReminder')}
      data-testid="reminder-list"
      extra={
        <Space>
          <Button disabled={unreadShown === 0} loading={readPage.isPending} onClick={() => readPage.mutate(shown.map((message) => message.id))} data-testid="read-page">
            {t('messages.web.action.readPage')}
          </Button>
          <ReadAllButton unread={counts.data?.total ?? 0} onConfirm={() => readAll.mutateAsync()} />
        </Space>
      }
    >
      <MessagesNav />
      <div className="bl-msg-counts" data-testid="unread-counts" aria-live="polite">
        <Tag color={counts.data?.total ? 'processing' : 'default'}>{t('messages.web.counts.total', { count: counts.data?.total ?? 0 })}</Tag>
        {byType.map((type) => (
          <Button key={type} size="small" onClick={() => filterByType(type)} data-testid={`count-${type}`}>
            <Badge color={TYPE_COLOURS[type] === 'default' ? 'gray' : TYPE_COLOURS[type]} text={`${t(TYPE_LABELS[type])}: ${counts.data?.byType[type] ?? 0}`} />
          </Button>
        ))}
      </div>
      <QueryForm params={formParams} searchOnChange={['types', 'runId', 'state', 'range']} data-testid="reminder-filters">
        <Form.Item name="types">
          <Select
            mode="multiple"
            allowClear
            maxTagCount="responsive"
            aria-label={t('messages.web.filter.type')}
            placeholder={t('messages.web.filter.allTypes')}
            style={{ width: 180 }}
            options={MESSAGE_TYPES.map((type) => ({ value: type, label: t(TYPE_LABELS[type]) }))}
            data-testid="filter-types"
          />
        </Form.Item>
        <Form.Item name="runId">
          <Select
            allowClear
            aria-label={t('messages.web.filter.project')}
            placeholder={t('messages.web.filter.allProjects')}
            style={{ width: 210 }}
            popupMatchSelectWidth={false}
            loading={runs.isLoading}
            options={(runs.data ?? []).map((run) => ({ value: run.runId, label: `${run.projectName} · ${run.tbmCode}` }))}
            data-testid="filter-run"
          />
        </Form.Item>
        <Form.Item name="state">
          <ReadStateSelect data-testid="filter-state" />
        </Form.Item>
        <Form.Item name="range">
          <DatePicker.RangePicker
            allowEmpty={[true, true]}
            style={{ width: 250 }}
            format="DD/MM/YYYY"
            aria-label={t('messages.web.filter.days')}
            placeholder={[t('messages.web.filter.from'), t('messages.web.filter.to')]}
          />
        </Form.Item>
      </QueryForm>
      <DataTable<Message>
        source={page}
        rowKey="id"
        size="middle"
        state={tableStateOf(params.values)}
        onStateChange={(next) => params.set(listParamsOf(next))}
        rowClassName={(message) => (message.read ? '' : 'bl-msg-unread')}
        emptyText={filtered ? t('messages.web.list.emptyFiltered') : t('messages.web.list.empty')}
        data-testid="message-table"
        columns={[
          {
            key: 'state',
            title: t('messages.web.column.state'),
            width: 100,
            render: (_: unknown, message) =>
              message.read ? (
                <span className="bl-msg-read">{t('messages.web.state.read')}</span>
              ) : (
                <span data-testid="unread-mark">
                  <span className="bl-msg-dot" aria-hidden="true" />
                  {t('messages.web.state.unread')}
                </span>
              ),
          },
          {
            key: 'type',
            title: t('messages.web.column.type'),
            width: 190,
            render: (_: unknown, message) => (
              <Space size={8}>
                <TypeIcon type={message.type} />
                <Tag color={TYPE_COLOURS[message.type]}>{message.typeName}</Tag>
              </Space>
            ),
          },
          { key: 'project', title: t('messages.web.column.project'), width: 200, render: (_: unknown, message) => message.projectName ?? '—' },
          {
            key: 'title',
            title: t('messages.web.column.message'),
            render: (_: unknown, message) => (
              <>
                <div className="bl-msg-title">{message.title}</div>
                {message.text ? <div className="bl-msg-text">{message.text}</div> : null}
                {message.file ? <MessagePicture file={message.file} /> : null}
              </>
            ),
          },
          { key: 'at', title: t('messages.web.column.time'), width: 150, render: (_: unknown, message) => <MessageTime at={message.at} runId={message.runId} zones={zones} /> },
          {
            key: 'actions',
            title: t('messages.web.column.actions'),
            width: 170,
            render: (_: unknown, message) => (
              <Space size={4}>
                {targetOf(message).path === MESSAGE_LIST_PATH ? null : (
                  <Button size="small" type="link" onClick={() => void openMessage(message)}>
                    {t('messages.web.action.open')}
                  </Button>
                )}
                {message.read ? null : (
                  <Button size="small" onClick={() => readOne.mutate(message.id)} data-testid="read-one">
                    {t('messages.web.action.read')}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}
